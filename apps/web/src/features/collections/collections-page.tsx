import { useQuery } from '@tanstack/react-query';
import { FileDownIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { LetterStatus } from '@covenant/contracts/collections';
import { formatMoney } from '@covenant/contracts/money';
import { ListPage } from '@/components/list-page';
import { Pager } from '@/components/pager';
import { EmptyTableRow, SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { isForbidden, NoAccess } from '@/app/page-access';
import { today } from '@/lib/dates';
import { entityCountQuery, entityListQuery, useLiveRefresh } from '@/lib/entities';
import {
  downloadLetter, LETTER_STATUS_LABELS, letterKeys, lettersQuery, PLAN_STATUS_LABELS, useDecideLetters, usePostCollections, usePreviewCollections, useWriteCollectionRecord,
  type CollectionLetter, type CollectionStage, type CollectionsRun, type PaymentPlan,
} from './collections.api';
import { PaymentPlanDialog } from './payment-plan-dialog';
import { StageDialog } from './stage-dialog';

const PAGE = 20;
const PREVIEW_ROWS = 200;
interface Product { id: string; product_code: string; description: string }

const planOwner = (p: PaymentPlan) => (p.owner ? `${p.owner.first_name} ${p.owner.last_name} (#${p.owner.owner_id})` : '');
const ownerOf = (l: CollectionLetter) => `${l.first_name ?? ''} ${l.last_name ?? ''}`.trim() + (l.owner_number ? ` (#${l.owner_number})` : '');

function LetterStatusBadge({ status }: { status: LetterStatus }) {
  const variant = status === 'failed' ? 'destructive' : status === 'awaiting_approval' ? 'default' : 'secondary';
  return <Badge variant={variant}>{LETTER_STATUS_LABELS[status]}</Badge>;
}

function PdfButton({ letter }: { letter: CollectionLetter }) {
  return (
    <Button variant="ghost" size="icon" aria-label={`Letter PDF for ${ownerOf(letter)}, ${letter.stage_name}`} onClick={() => void downloadLetter(letter).catch((e: Error) => toast.error(e.message))}>
      <FileDownIcon aria-hidden="true" />
    </Button>
  );
}

/** The approval queue: letters of stages that need approval, approved (emailed, fee charged) or skipped. */
function ApprovalQueue() {
  const [page, setPage] = useState(0);
  const queue = useQuery(lettersQuery('awaiting_approval', page, PAGE));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const decide = useDecideLetters();
  const rows = queue.data?.rows ?? [];
  const chosen = rows.filter((r) => selected.has(r.id)).map((r) => r.id);
  const onDecide = (approve: boolean) =>
    decide.mutate(
      { approve, letter_ids: chosen },
      {
        onSuccess: () => {
          toast.success(approve ? `Approved ${chosen.length} ${chosen.length === 1 ? 'letter' : 'letters'}` : `Skipped ${chosen.length} ${chosen.length === 1 ? 'letter' : 'letters'}`);
          setSelected(new Set());
        },
        onError: (e) => toast.error(e.message),
      },
    );
  const all = rows.length > 0 && chosen.length === rows.length;
  return (
    <SectionCard title="Approval Queue" description="Letters of stages that need approval: approve to email them and charge their fee, or skip them">
      <div className="flex flex-wrap items-center gap-2">
        <Button disabled={chosen.length === 0 || decide.isPending} onClick={() => onDecide(true)}>
          Approve Selected
        </Button>
        <Button variant="outline" disabled={chosen.length === 0 || decide.isPending} onClick={() => onDecide(false)}>
          Skip Selected
        </Button>
        {chosen.length ? <span className="text-muted-foreground text-sm">{chosen.length} selected</span> : null}
      </div>
      <Table aria-label="Approval queue">
        <TableHeader>
          <TableRow>
            <TableHead className="w-10">
              <Checkbox aria-label="Select all letters" checked={all} onCheckedChange={(on) => setSelected(on === true ? new Set(rows.map((r) => r.id)) : new Set())} />
            </TableHead>
            <TableHead>Owner</TableHead>
            <TableHead>Stage</TableHead>
            <TableHead>As of</TableHead>
            <TableHead className="text-right">Days Past Due</TableHead>
            <TableHead className="text-right">Past Due</TableHead>
            <TableHead className="text-right">Fee</TableHead>
            <TableHead>
              <span className="sr-only">Letter</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {queue.data && rows.length === 0 ? <EmptyTableRow span={8}>No letters waiting for approval</EmptyTableRow> : null}
          {rows.map((l) => (
            <TableRow key={l.id} aria-label={ownerOf(l)}>
              <TableCell>
                <Checkbox
                  aria-label={`Select ${ownerOf(l)}`}
                  checked={selected.has(l.id)}
                  onCheckedChange={(on) => setSelected((old) => { const next = new Set(old); if (on === true) next.add(l.id); else next.delete(l.id); return next; })}
                />
              </TableCell>
              <TableCell>{ownerOf(l)}</TableCell>
              <TableCell>{l.stage_name}</TableCell>
              <TableCell>{l.as_of}</TableCell>
              <TableCell className="text-right tabular-nums">{l.days_past_due}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(l.past_due_balance)}</TableCell>
              <TableCell className="text-right tabular-nums">{l.fee_amount ? formatMoney(l.fee_amount) : ''}</TableCell>
              <TableCell className="text-right">
                <PdfButton letter={l} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {queue.data ? <Pager page={page} pageSize={PAGE} shown={rows.length} total={queue.data.total} onPage={setPage} /> : null}
    </SectionCard>
  );
}

/** Every letter written, newest first, with where it is. */
function LetterHistory() {
  const [page, setPage] = useState(0);
  const letters = useQuery({ ...lettersQuery(undefined, page, PAGE), refetchInterval: (q) => (q.state.data?.rows.some((r) => r.status === 'queued' || r.status === 'sending') ? 2000 : false) });
  const rows = letters.data?.rows ?? [];
  return (
    <SectionCard title="Letters" description="Every collection letter, newest first: emailed, in the outbox, to print and mail, or skipped">
      <Table aria-label="Collection letters">
        <TableHeader>
          <TableRow>
            <TableHead>Owner</TableHead>
            <TableHead>Stage</TableHead>
            <TableHead>As of</TableHead>
            <TableHead className="text-right">Past Due</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>
              <span className="sr-only">Letter</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {letters.data && rows.length === 0 ? <EmptyTableRow span={6}>No collection letters yet</EmptyTableRow> : null}
          {rows.map((l) => (
            <TableRow key={l.id}>
              <TableCell>{ownerOf(l)}</TableCell>
              <TableCell>{l.stage_name}</TableCell>
              <TableCell>{l.as_of}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(l.past_due_balance)}</TableCell>
              <TableCell title={l.error ?? undefined}>
                <LetterStatusBadge status={l.status} />
              </TableCell>
              <TableCell className="text-right">
                <PdfButton letter={l} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {letters.data ? <Pager page={page} pageSize={PAGE} shown={rows.length} total={letters.data.total} onPage={setPage} /> : null}
    </SectionCard>
  );
}

/** The run: a preview (dry run) as of a date, then Post. */
function RunCard() {
  const [asOf, setAsOf] = useState(today());
  const [preview, setPreview] = useState<CollectionsRun | null>(null);
  const runPreview = usePreviewCollections();
  const post = usePostCollections();
  const asOfId = useId();
  const onPreview = (e: FormEvent) => {
    e.preventDefault();
    setPreview(null);
    post.reset();
    runPreview.mutate(asOf, { onSuccess: setPreview });
  };
  const onPost = () =>
    post.mutate(asOf, {
      onSuccess: (r) => {
        toast.success(`Posted ${r.count} ${r.count === 1 ? 'letter' : 'letters'}; fees ${formatMoney(r.total)}`);
        setPreview(null);
      },
    });
  return (
    <SectionCard title="Run" description="Preview who moves to which stage as of a date, then post it. The scheduler also runs collections every day after late fees.">
      <form className="flex flex-wrap items-end gap-3" onSubmit={onPreview}>
        <div className="grid gap-2">
          <Label htmlFor={asOfId}>As of</Label>
          <Input id={asOfId} type="date" value={asOf} onChange={(e) => { setAsOf(e.target.value); setPreview(null); }} className="w-44" />
        </div>
        <Button type="submit" variant="outline" disabled={runPreview.isPending || post.isPending}>
          Preview Collections
        </Button>
      </form>
      {runPreview.isPending ? (
        <p className="text-muted-foreground flex items-center gap-2 text-sm" role="status">
          <Spinner /> Computing the preview…
        </p>
      ) : null}
      {runPreview.error || post.error ? (
        <p className="text-destructive text-sm" role="alert">
          {(runPreview.error ?? post.error)!.message}
        </p>
      ) : null}
      {preview ? (
        <section aria-label="Preview" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="status">
              <span className="font-medium">Collections preview as of {preview.as_of}:</span> {preview.count} {preview.count === 1 ? 'letter' : 'letters'}, fees{' '}
              <span className="tabular-nums">{formatMoney(preview.total)}</span>
              {preview.closed ? `, ${preview.closed} ${preview.closed === 1 ? 'case' : 'cases'} closed` : ''}
            </p>
            <Button onClick={onPost} disabled={post.isPending || (preview.count === 0 && preview.closed === 0)}>
              {post.isPending ? <Spinner /> : null}
              Post
            </Button>
          </div>
          <Table aria-label="Preview letters">
            <TableHeader>
              <TableRow>
                <TableHead>Owner</TableHead>
                <TableHead>Units</TableHead>
                <TableHead>Stage</TableHead>
                <TableHead className="text-right">Days Past Due</TableHead>
                <TableHead className="text-right">Past Due</TableHead>
                <TableHead className="text-right">Fee</TableHead>
                <TableHead>Approval</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {preview.items.length === 0 ? <EmptyTableRow span={7}>No owner moves to a stage as of this date</EmptyTableRow> : null}
              {preview.items.slice(0, PREVIEW_ROWS).map((i) => (
                <TableRow key={i.owner_id}>
                  <TableCell>
                    {i.owner_name} (#{i.owner_number})
                  </TableCell>
                  <TableCell>{i.units}</TableCell>
                  <TableCell>{i.stage_name}</TableCell>
                  <TableCell className="text-right tabular-nums">{i.days_past_due}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(i.past_due_balance)}</TableCell>
                  <TableCell className="text-right tabular-nums">{i.fee_amount ? formatMoney(i.fee_amount) : ''}</TableCell>
                  <TableCell>{i.requires_approval ? 'Waits for approval' : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {preview.items.length > PREVIEW_ROWS ? <p className="text-muted-foreground text-sm">The first {PREVIEW_ROWS} of {preview.count} letters are shown.</p> : null}
        </section>
      ) : null}
    </SectionCard>
  );
}

/** Collections: the stages, the run, the approval queue, the letters and the payment plans. */
export default function CollectionsPage() {
  const user = useCurrentUser();
  const canSetUp = accessOf(user, 'items').canWrite;
  const canRun = accessOf(user, 'invoices').canWrite;
  useLiveRefresh(letterKeys.all, 'CollectionStage', 'PaymentPlan', 'Invoice');
  const stages = useQuery(entityListQuery<CollectionStage>('CollectionStage', { sort: 'days_past_due', limit: 100 }));
  const products = useQuery(entityListQuery<Product>('Product', { sort: 'product_code', limit: 1000 }));
  const [planPage, setPlanPage] = useState(0);
  const plans = useQuery({ ...entityListQuery<PaymentPlan>('PaymentPlan', { sort: '-start_date', limit: PAGE, skip: planPage * PAGE }), enabled: canRun });
  const planCount = useQuery({ ...entityCountQuery('PaymentPlan'), enabled: canRun });
  const [editingStage, setEditingStage] = useState<CollectionStage | 'new' | null>(null);
  const [editingPlan, setEditingPlan] = useState<PaymentPlan | 'new' | null>(null);
  const saveStage = useWriteCollectionRecord('CollectionStage');
  const feeItems = useMemo(() => (products.data ?? []).map((p) => ({ id: p.id, text: `${p.product_code} - ${p.description}` })), [products.data]);
  const itemName = useMemo(() => new Map(feeItems.map((o) => [o.id, o.text])), [feeItems]);

  if (isForbidden(stages.error)) return <NoAccess />;

  return (
    <ListPage
      title="Collections"
      description="Collection stages, their letters and approvals, and payment plans"
    >

      <SectionCard
        title="Collection Stages"
        description="Owners past due move through the stages one at a time; each stage sends its letter once"
        action={canSetUp ? (<Button onClick={() => setEditingStage('new')}><PlusIcon aria-hidden="true" />Add Stage</Button>) : null}
      >
        <Table aria-label="Collection stages">
          <TableHeader>
            <TableRow>
              <TableHead className="text-right">Days Past Due</TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Minimum Balance</TableHead>
              <TableHead>Fee</TableHead>
              <TableHead>Approval</TableHead>
              <TableHead>Status</TableHead>
              {canSetUp ? <TableHead><span className="sr-only">Actions</span></TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {stages.data?.length === 0 ? <EmptyTableRow span={7}>No collection stages yet</EmptyTableRow> : null}
            {stages.data?.map((s) => (
              <TableRow key={s.id} aria-label={s.name}>
                <TableCell className="text-right tabular-nums">{s.days_past_due}</TableCell>
                <TableCell className="font-medium">{s.name}</TableCell>
                <TableCell>{s.min_balance !== null ? formatMoney(s.min_balance) : ''}</TableCell>
                <TableCell>{s.fee_product_id ? (itemName.get(s.fee_product_id) ?? '') : ''}</TableCell>
                <TableCell>{s.requires_approval ? 'Required' : ''}</TableCell>
                <TableCell>
                  <Badge variant={s.is_active ? 'default' : 'secondary'}>{s.is_active ? 'Active' : 'Inactive'}</Badge>
                </TableCell>
                {canSetUp ? (
                  <TableCell className="text-right whitespace-nowrap">
                    <Button variant="ghost" size="icon" aria-label={`Edit ${s.name}`} onClick={() => setEditingStage(s)}>
                      <PencilIcon aria-hidden="true" />
                    </Button>
                    <Button
                      variant="outline" size="sm" disabled={saveStage.isPending}
                      onClick={() => saveStage.mutate({ id: s.id, values: { is_active: !s.is_active } }, { onSuccess: () => toast.success(s.is_active ? `${s.name} deactivated` : `${s.name} activated`), onError: (e) => toast.error(e.message) })}
                    >
                      {s.is_active ? 'Deactivate' : 'Activate'}
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </SectionCard>

      {canRun ? <RunCard /> : null}
      {canRun ? <ApprovalQueue /> : null}
      {canRun ? <LetterHistory /> : null}

      {canRun ? (
        <SectionCard
          title="Payment Plans"
          description="While an owner keeps to their plan, late fees and collection steps pause; a missed installment ends it"
          action={<Button onClick={() => setEditingPlan('new')}><PlusIcon aria-hidden="true" />Add Plan</Button>}
        >
          <Table aria-label="Payment plans">
            <TableHeader>
              <TableRow>
                <TableHead>Owner</TableHead>
                <TableHead>Start</TableHead>
                <TableHead className="text-right">Installments</TableHead>
                <TableHead className="text-right">Total</TableHead>
                <TableHead>Status</TableHead>
                <TableHead><span className="sr-only">Actions</span></TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {plans.data?.length === 0 ? <EmptyTableRow span={6}>No payment plans yet</EmptyTableRow> : null}
              {plans.data?.map((p) => (
                <TableRow key={p.id} aria-label={planOwner(p)}>
                  <TableCell>{planOwner(p)}</TableCell>
                  <TableCell>{p.start_date}</TableCell>
                  <TableCell className="text-right tabular-nums">{p.installments.length}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(p.total_amount)}</TableCell>
                  <TableCell>
                    <Badge variant={p.status === 'defaulted' ? 'destructive' : p.status === 'active' ? 'default' : 'secondary'}>{PLAN_STATUS_LABELS[p.status]}</Badge>
                    {p.status_date ? <span className="text-muted-foreground ml-2 text-xs">{p.status_date}</span> : null}
                  </TableCell>
                  <TableCell className="text-right">
                    {p.status === 'active' ? (
                      <Button variant="ghost" size="icon" aria-label={`Edit plan of ${planOwner(p)}`} onClick={() => setEditingPlan(p)}>
                        <PencilIcon aria-hidden="true" />
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {plans.data && planCount.data !== undefined ? <Pager page={planPage} pageSize={PAGE} shown={plans.data.length} total={planCount.data} onPage={setPlanPage} /> : null}
        </SectionCard>
      ) : null}

      {editingStage ? <StageDialog stage={editingStage === 'new' ? null : editingStage} feeItems={feeItems} onClose={() => setEditingStage(null)} /> : null}
      {editingPlan ? <PaymentPlanDialog plan={editingPlan === 'new' ? null : editingPlan} onClose={() => setEditingPlan(null)} /> : null}
    </ListPage>
  );
}
