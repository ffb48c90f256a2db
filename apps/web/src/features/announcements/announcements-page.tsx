import { useQuery } from '@tanstack/react-query';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ANNOUNCEMENT_AUDIENCES, AUDIENCE_LABELS, type AnnouncementAudience } from '@covenant/contracts/announcements';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { closeOnSuccess, DialogButtons } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { ListPage } from '@/components/list-page';
import { OptionSelect } from '@/components/option-select';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { errorMessage } from '@/lib/api';
import { entityListQuery } from '@/lib/entities';
import { AnnouncementFeed } from './announcement-feed';
import { announcementListQuery, previewMarkdown, useDeleteAnnouncement, useSaveAnnouncement, type Announcement } from './announcements.api';

const PAGE = 20;
const AUDIENCE_OPTIONS = ANNOUNCEMENT_AUDIENCES.map((a) => ({ id: a, text: AUDIENCE_LABELS[a] }));

/** A local date and time for the datetime-local input, and back to an instant with its offset. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => new Date(value).toISOString();

/** Compose or edit: title, Markdown body with the server's preview, audience, schedule, email. */
function ComposeDialog({ editing, onClose }: { editing: Announcement | null; onClose(): void }) {
  const id = useId();
  const save = useSaveAnnouncement();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [audience, setAudience] = useState<AnnouncementAudience>(editing?.audience ?? 'owners');
  const [publishAt, setPublishAt] = useState(editing ? toLocalInput(editing.publish_at) : '');
  const [eventOn, setEventOn] = useState(editing?.event_on ?? '');
  const [sendEmail, setSendEmail] = useState(editing?.send_email ?? false);
  const [propertyIds, setPropertyIds] = useState<string[]>(editing?.property_ids ?? []);
  const units = useQuery(entityListQuery<{ id: string; unit_number: string }>('Property', { sort: 'unit_number', limit: 5000, fields: ['id', 'unit_number'] }));
  const toggleUnit = (unitId: string, on: boolean) => setPropertyIds((ids) => (on ? [...ids, unitId] : ids.filter((x) => x !== unitId)));
  const [preview, setPreview] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const onPreview = () =>
    previewMarkdown(body).then(
      (r) => { setPreview(r.html); setPreviewError(null); },
      (e: unknown) => setPreviewError(errorMessage(e)),
    );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values = { title, body, audience, publish_at: publishAt ? fromLocalInput(publishAt) : undefined, event_on: eventOn || null, property_ids: propertyIds, ...(editing?.emailed_at ? {} : { send_email: sendEmail }) };
    save.mutate({ id: editing?.id ?? null, values }, closeOnSuccess(editing ? 'Announcement saved' : 'Announcement published', onClose));
  };
  return (
    <Dialog open onOpenChange={(open) => { if (!open) onClose(); }}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Announcement' : 'New Announcement'}</DialogTitle>
          <DialogDescription>Write in Markdown; the preview shows it as readers will see it.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-4">
          <div className="space-y-1">
            <Label htmlFor={`${id}-title`}>Title *</Label>
            <Input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-body`}>Body (Markdown) *</Label>
            <Textarea id={`${id}-body`} rows={8} value={body} onChange={(e) => setBody(e.target.value)} />
            <Button type="button" variant="outline" size="sm" onClick={() => void onPreview()}>
              Preview
            </Button>
            {previewError ? <p className="text-destructive text-sm" role="alert">{previewError}</p> : null}
            {preview !== null ? (
              <section aria-label="Preview" className="bg-muted/40 rounded-md border p-3 text-sm [&_a]:underline [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5">
                <div dangerouslySetInnerHTML={{ __html: preview }} />
              </section>
            ) : null}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor={`${id}-audience`}>Audience *</Label>
              <OptionSelect id={`${id}-audience`} value={audience} onChange={(v) => setAudience(v as AnnouncementAudience)} options={AUDIENCE_OPTIONS} placeholder="Choose the audience" />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-publish`}>Publish at (empty: now)</Label>
              <Input id={`${id}-publish`} type="datetime-local" value={publishAt} onChange={(e) => setPublishAt(e.target.value)} />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-event`}>Event day (for the calendar)</Label>
              <Input id={`${id}-event`} type="date" value={eventOn} onChange={(e) => setEventOn(e.target.value)} />
            </div>
            <div className="flex items-center gap-2 pt-6">
              <Checkbox id={`${id}-email`} checked={sendEmail} disabled={!!editing?.emailed_at} onCheckedChange={(on) => setSendEmail(on === true)} />
              <Label htmlFor={`${id}-email`}>{editing?.emailed_at ? `Emailed ${editing.emailed_at.slice(0, 10)}` : 'Email it when it is published'}</Label>
            </div>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Units {propertyIds.length ? `(${propertyIds.length} chosen)` : '(none chosen: every unit)'}</legend>
            <p className="text-muted-foreground text-sm">Choose units to send it only to their owners and residents.</p>
            <FormError error={units.error} />
            <ul className="grid max-h-40 grid-cols-2 gap-2 overflow-y-auto rounded-md border p-2 sm:grid-cols-4" aria-label="Units">
              {(units.data ?? []).map((u) => (
                <li key={u.id} className="flex items-center gap-2">
                  <Checkbox id={`${id}-unit-${u.id}`} checked={propertyIds.includes(u.id)} onCheckedChange={(on) => toggleUnit(u.id, on === true)} />
                  <Label htmlFor={`${id}-unit-${u.id}`}>Unit {u.unit_number}</Label>
                </li>
              ))}
            </ul>
          </fieldset>
          <FormError error={save.error} />
          <DialogButtons onCancel={onClose} isPending={save.isPending}>
            {editing ? 'Save' : 'Publish'}
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function StatusBadge({ a }: { a: Announcement }) {
  return a.is_published ? <Badge variant="secondary">Published</Badge> : <Badge>Scheduled</Badge>;
}

/** Announcements: staff compose and schedule them; everyone else reads their feed. */
export default function AnnouncementsPage() {
  const user = useCurrentUser();
  const { canWrite } = accessOf(user, 'announcements');
  const [page, setPage] = useState(0);
  const list = useQuery({ ...announcementListQuery(page, PAGE), enabled: canWrite });
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const remove = useDeleteAnnouncement();
  return (
    <ListPage
      title="Announcements"
      description={canWrite ? 'Notices to owners, residents, the board or staff, published now or on a schedule' : 'News from the association'}
      actions={canWrite ? <Button onClick={() => setEditing('new')}><PlusIcon aria-hidden="true" /> New Announcement</Button> : null}
      error={list.error}
    >
      {canWrite ? (
        <SectionCard title="All Announcements" description="Newest first; scheduled ones are shown to readers from their publish time">
          <DataTable
            label="Announcements"
            loading={list.isPending && 'Loading announcements'}
            rows={list.data?.rows ?? []}
            rowKey={(a) => a.id}
            rowProps={(a) => ({ 'aria-label': a.title })}
            empty="No announcements yet"
            pager={{ page, pageSize: PAGE, total: list.data?.total ?? 0, onPage: setPage }}
            columns={[
              { id: 'title', header: 'Title', className: 'font-medium', cell: (a) => a.title },
              { id: 'audience', header: 'Audience', cell: (a) => AUDIENCE_LABELS[a.audience] },
              { id: 'publish', header: 'Publish At', hideBelow: 'sm', cell: (a) => new Date(a.publish_at).toLocaleString() },
              { id: 'status', header: 'Status', cell: (a) => <StatusBadge a={a} /> },
              { id: 'email', header: 'Email', hideBelow: 'sm', cell: (a) => (a.emailed_at ? 'Emailed' : a.send_email ? 'On publish' : '') },
            ]}
            actionsHeader={<span className="sr-only">Actions</span>}
            actions={(a) => (
              <div className="flex justify-end gap-1">
                <Button variant="ghost" size="icon" aria-label={`Edit ${a.title}`} onClick={() => setEditing(a)}>
                  <PencilIcon aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Delete ${a.title}`} onClick={() => setDeleting(a)}>
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </div>
            )}
          />
        </SectionCard>
      ) : (
        <AnnouncementFeed limit={50} />
      )}
      {editing ? <ComposeDialog editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={!!deleting}
        text={`Delete the announcement "${deleting?.title ?? ''}"?`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => toast.success('Announcement deleted'), onError: (e) => toast.error(e.message) });
          setDeleting(null);
        }}
      />
    </ListPage>
  );
}
