import { useQuery } from '@tanstack/react-query';
import { CheckCircle2Icon, CircleIcon, FileDownIcon, PlusIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  DOCUMENT_CATEGORIES, DOCUMENT_CATEGORY_LABELS, DOCUMENT_VISIBILITIES, DOCUMENT_VISIBILITY_LABELS, type DocumentCategory, type DocumentVisibility,
} from '@covenant/contracts/association-documents';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { closeOnSuccess, DialogButtons, FormProblem } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { ListPage } from '@/components/list-page';
import { OptionSelect } from '@/components/option-select';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { effectiveRoleOf } from '@/lib/roles';
import { RecordsRequests } from './records-requests';
import { documentListQuery, downloadDocument, recordsChecklistQuery, useDeleteDocument, useUploadDocument, type AssociationDocument } from './documents.api';

const CATEGORY_OPTIONS = DOCUMENT_CATEGORIES.map((c) => ({ id: c, text: DOCUMENT_CATEGORY_LABELS[c] }));
const VISIBILITY_OPTIONS = DOCUMENT_VISIBILITIES.map((v) => ({ id: v, text: DOCUMENT_VISIBILITY_LABELS[v] }));

function UploadDialog({ documents, onClose }: { documents: readonly AssociationDocument[]; onClose(): void }) {
  const id = useId();
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<DocumentCategory>('governing');
  const [visibility, setVisibility] = useState<DocumentVisibility>('owners');
  const [effectiveDate, setEffectiveDate] = useState('');
  const [supersedes, setSupersedes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setProblem('Choose the file to upload');
    setProblem(null);
    upload.mutate({ file, title, category, visibility, effective_date: effectiveDate, supersedes_id: supersedes }, closeOnSuccess('Document uploaded', onClose));
  };
  const replaceable = documents.filter((d) => d.category === category).map((d) => ({ id: d.id, text: d.title }));
  return (
    <Dialog open onOpenChange={(open) => { if (!open) onClose(); }}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Upload Document</DialogTitle>
          <DialogDescription>A PDF or an image, up to 20 MB; who may read it is checked on every download.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-4">
          <div className="space-y-1">
            <Label htmlFor={`${id}-file`}>File *</Label>
            <Input id={`${id}-file`} type="file" accept="application/pdf,image/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-title`}>Title *</Label>
            <Input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor={`${id}-category`}>Category *</Label>
              <OptionSelect id={`${id}-category`} value={category} onChange={(v) => { setCategory(v as DocumentCategory); setSupersedes(''); }} options={CATEGORY_OPTIONS} placeholder="Choose a category" />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-visibility`}>Visibility *</Label>
              <OptionSelect id={`${id}-visibility`} value={visibility} onChange={(v) => setVisibility(v as DocumentVisibility)} options={VISIBILITY_OPTIONS} placeholder="Who may read it" />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-effective`}>Effective date</Label>
              <Input id={`${id}-effective`} type="date" value={effectiveDate} onChange={(e) => setEffectiveDate(e.target.value)} />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-supersedes`}>Replaces</Label>
              <OptionSelect id={`${id}-supersedes`} value={supersedes} onChange={setSupersedes} options={replaceable} noneLabel="Nothing" placeholder="Nothing" />
            </div>
          </div>
          <FormProblem message={problem} />
          <FormError error={upload.error} />
          <DialogButtons onCancel={onClose} isPending={upload.isPending}>
            <UploadIcon aria-hidden="true" /> Upload
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The documents the caller may read, grouped by category; staff delete them. */
export function DocumentList({ canWrite = false }: { canWrite?: boolean }) {
  const docs = useQuery(documentListQuery());
  const remove = useDeleteDocument();
  const [deleting, setDeleting] = useState<AssociationDocument | null>(null);
  const rows = docs.data?.rows ?? [];
  const categories = DOCUMENT_CATEGORIES.filter((c) => rows.some((d) => d.category === c));
  return (
    <>
      <FormError error={docs.error} />
      {docs.data && rows.length === 0 ? <p className="text-muted-foreground">No documents yet</p> : null}
      {categories.map((c) => (
        <SectionCard key={c} title={DOCUMENT_CATEGORY_LABELS[c]} description={`${rows.filter((d) => d.category === c).length} current`}>
          <DataTable
            label={DOCUMENT_CATEGORY_LABELS[c]}
            rows={rows.filter((d) => d.category === c)}
            rowKey={(d) => d.id}
            rowProps={(d) => ({ 'aria-label': d.title })}
            empty="No documents"
            columns={[
              { id: 'title', header: 'Title', className: 'font-medium', cell: (d) => d.title },
              { id: 'effective', header: 'Effective', cell: (d) => d.effective_date ?? '' },
              ...(canWrite ? [{ id: 'visibility', header: 'Visibility', hideBelow: 'sm' as const, cell: (d: AssociationDocument) => <Badge variant="secondary">{DOCUMENT_VISIBILITY_LABELS[d.visibility]}</Badge> }] : []),
            ]}
            actionsHeader={<span className="sr-only">Actions</span>}
            actions={(d) => (
              <div className="flex justify-end gap-1">
                <Button variant="ghost" size="icon" aria-label={`Download ${d.title}`} onClick={() => void downloadDocument(d).catch((e: Error) => toast.error(e.message))}>
                  <FileDownIcon aria-hidden="true" />
                </Button>
                {canWrite ? (
                  <Button variant="ghost" size="icon" aria-label={`Delete ${d.title}`} onClick={() => setDeleting(d)}>
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
            )}
          />
        </SectionCard>
      ))}
      <ConfirmDialog
        open={!!deleting}
        text={`Delete the document "${deleting?.title ?? ''}"?`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => toast.success('Document deleted'), onError: (e) => toast.error(e.message) });
          setDeleting(null);
        }}
      />
    </>
  );
}

/** Florida's posting rule: each required category and whether a current document owners can read is posted. */
function RecordsChecklistCard() {
  const checklist = useQuery(recordsChecklistQuery());
  const c = checklist.data;
  return (
    <SectionCard title="Records Checklist" description={c?.message ?? 'The records the state requires to be posted for owners'}>
      <FormError error={checklist.error} />
      {c ? (
        <ul aria-label="Records checklist" className="space-y-2">
          {c.items.map((i) => (
            <li key={i.category} className="flex items-start gap-2 text-sm">
              {i.posted ? <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" /> : <CircleIcon className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden="true" />}
              <span>
                <span className="font-medium">{DOCUMENT_CATEGORY_LABELS[i.category]}</span>: {i.label}.{' '}
                {i.posted ? <span>Posted: {i.document_title}</span> : <span className="font-medium">Not posted</span>}
                {!c.applies ? <span className="text-muted-foreground"> (not required here)</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}

/** Documents: list by category for every reader; staff upload, set visibility and follow the records checklist. */
export default function DocumentsPage() {
  const user = useCurrentUser();
  const { canWrite } = accessOf(user, 'documents');
  const seesChecklist = canWrite || effectiveRoleOf(user) === 'board_member';
  const [uploading, setUploading] = useState(false);
  const docs = useQuery({ ...documentListQuery(), enabled: uploading });
  return (
    <ListPage
      title="Documents"
      description="Governing documents, rules, budgets, minutes and the association's other records"
      actions={canWrite ? <Button onClick={() => setUploading(true)}><PlusIcon aria-hidden="true" /> Upload Document</Button> : null}
    >
      {seesChecklist ? <RecordsChecklistCard /> : null}
      <DocumentList canWrite={canWrite} />
      {canWrite ? <RecordsRequests /> : null}
      {uploading ? <UploadDialog documents={docs.data?.rows ?? []} onClose={() => setUploading(false)} /> : null}
    </ListPage>
  );
}
