import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileDownIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { LetterStatus } from '@covenant/contracts/collections';
import { formatMoney } from '@covenant/contracts/money';
import { DataTable, type SortState } from '@/components/data-table';
import { sortParam } from '@/components/data-table-sort';
import { ListPage } from '@/components/list-page';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
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
      <DataTable
        label="Approval queue"
        loading={queue.isPending && 'Loading the approval queue'}
        rows={rows}
        rowKey={(l) => l.id}
        rowProps={(l) => ({ 'aria-label': ownerOf(l) })}
        empty="No letters waiting for approval"
        pager={{ page, pageSize: PAGE, total: queue.data?.total ?? 0, onPage: setPage }}
        columns={[
          {
            id: 'select', className: 'w-10',
            header: <Checkbox aria-label="Select all letters" checked={all} onCheckedChange={(on) => setSelected(on === true ? new Set(rows.map((r) => r.id)) : new Set())} />,
            cell: (l) => (
              <Checkbox
                aria-label={`Select ${ownerOf(l)}`}
                checked={selected.has(l.id)}
                onCheckedChange={(on) => setSelected((old) => { const next = new Set(old); if (on === true) next.add(l.id); else next.delete(l.id); return next; })}
              />
            ),
          },
          { id: 'owner', header: 'Owner', cell: ownerOf },
          { id: 'stage', header: 'Stage', cell: (l) => l.stage_name },
          { id: 'as-of', header: 'As of', hideBelow: 'sm', cell: (l) => l.as_of },
          { id: 'days', header: 'Days Past Due', align: 'end', hideBelow: 'sm', cell: (l) => l.days_past_due },
          { id: 'past-due', header: 'Past Due', align: 'end', cell: (l) => formatMoney(l.past_due_balance) },
          { id: 'fee', header: 'Fee', align: 'end', cell: (l) => (l.fee_amount ? formatMoney(l.fee_amount) : '') },
        ]}
        actionsHeader={<span className="sr-only">Letter</span>}
        actions={(l) => <PdfButton letter={l} />}
      />
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
      <DataTable
        label="Collection letters"
        loading={letters.isPending && 'Loading letters'}
        rows={rows}
        rowKey={(l) => l.id}
        empty="No collection letters yet"
        pager={{ page, pageSize: PAGE, total: letters.data?.total ?? 0, onPage: setPage }}
        columns={[
          { id: 'owner', header: 'Owner', cell: ownerOf },
          { id: 'stage', header: 'Stage', cell: (l) => l.stage_name },
          { id: 'as-of', header: 'As of', cell: (l) => l.as_of },
          { id: 'past-due', header: 'Past Due', align: 'end', cell: (l) => formatMoney(l.past_due_balance) },
          {
            id: 'status', header: 'Status',
            cell: (l) => (
              <span title={l.error ?? undefined}>
                <LetterStatusBadge status={l.status} />
              </span>
            ),
          },
        ]}
        actionsHeader={<span className="sr-only">Letter</span>}
        actions={(l) => <PdfButton letter={l} />}
      />
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
          <DataTable
            label="Preview letters"
            rows={preview.items.slice(0, PREVIEW_ROWS)}
            rowKey={(i) => i.owner_id}
            empty="No owner moves to a stage as of this date"
            columns={[
              { id: 'owner', header: 'Owner', cell: (i) => `${i.owner_name} (#${i.owner_number})` },
              { id: 'units', header: 'Units', hideBelow: 'sm', cell: (i) => i.units },
              { id: 'stage', header: 'Stage', cell: (i) => i.stage_name },
              { id: 'days', header: 'Days Past Due', align: 'end', hideBelow: 'sm', cell: (i) => i.days_past_due },
              { id: 'past-due', header: 'Past Due', align: 'end', cell: (i) => formatMoney(i.past_due_balance) },
              { id: 'fee', header: 'Fee', align: 'end', cell: (i) => (i.fee_amount ? formatMoney(i.fee_amount) : '') },
              { id: 'approval', header: 'Approval', cell: (i) => (i.requires_approval ? 'Waits for approval' : '') },
            ]}
          />
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
  // Newest start first until a header asks the server for another order.
  const [planSort, setPlanSort] = useState<SortState>({ key: 'start_date', direction: 'desc' });
  const plans = useQuery({
    ...entityListQuery<PaymentPlan>('PaymentPlan', { sort: sortParam(planSort), limit: PAGE, skip: planPage * PAGE }),
    enabled: canRun,
    placeholderData: keepPreviousData,
  });
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
        <DataTable
          label="Collection stages"
          loading={stages.isPending && 'Loading collection stages'}
          rows={stages.data ?? []}
          rowKey={(s) => s.id}
          rowProps={(s) => ({ 'aria-label': s.name })}
          empty="No collection stages yet"
          columns={[
            { id: 'days', header: 'Days Past Due', align: 'end', cell: (s) => s.days_past_due },
            { id: 'name', header: 'Name', className: 'font-medium', cell: (s) => s.name },
            { id: 'minimum', header: 'Minimum Balance', hideBelow: 'sm', cell: (s) => (s.min_balance !== null ? formatMoney(s.min_balance) : '') },
            { id: 'fee', header: 'Fee', hideBelow: 'sm', cell: (s) => (s.fee_product_id ? (itemName.get(s.fee_product_id) ?? '') : '') },
            { id: 'approval', header: 'Approval', cell: (s) => (s.requires_approval ? 'Required' : '') },
            { id: 'status', header: 'Status', cell: (s) => <Badge variant={s.is_active ? 'default' : 'secondary'}>{s.is_active ? 'Active' : 'Inactive'}</Badge> },
          ]}
          actionsHeader={<span className="sr-only">Actions</span>}
          actions={
            canSetUp
              ? (s) => (
                  <span>
                    <Button variant="ghost" size="icon" aria-label={`Edit ${s.name}`} onClick={() => setEditingStage(s)}>
                      <PencilIcon aria-hidden="true" />
                    </Button>
                    <Button
                      variant="outline" size="sm" disabled={saveStage.isPending}
                      onClick={() => saveStage.mutate({ id: s.id, values: { is_active: !s.is_active } }, { onSuccess: () => toast.success(s.is_active ? `${s.name} deactivated` : `${s.name} activated`), onError: (e) => toast.error(e.message) })}
                    >
                      {s.is_active ? 'Deactivate' : 'Activate'}
                    </Button>
                  </span>
                )
              : undefined
          }
        />
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
          <DataTable
            label="Payment plans"
            loading={plans.isPending && 'Loading payment plans'}
            rows={plans.data ?? []}
            rowKey={(p) => p.id}
            rowProps={(p) => ({ 'aria-label': planOwner(p) })}
            empty="No payment plans yet"
            sort={planSort}
            onSort={(next) => {
              setPlanSort(next);
              setPlanPage(0);
            }}
            pager={{ page: planPage, pageSize: PAGE, total: planCount.data ?? 0, onPage: setPlanPage }}
            columns={[
              { id: 'owner', header: 'Owner', cell: planOwner },
              { id: 'start', header: 'Start', sortKey: 'start_date', cell: (p) => p.start_date },
              { id: 'installments', header: 'Installments', align: 'end', hideBelow: 'sm', cell: (p) => p.installments.length },
              { id: 'total', header: 'Total', sortKey: 'total_amount', align: 'end', cell: (p) => formatMoney(p.total_amount) },
              {
                id: 'status', header: 'Status', sortKey: 'status',
                cell: (p) => (
                  <span>
                    <Badge variant={p.status === 'defaulted' ? 'destructive' : p.status === 'active' ? 'default' : 'secondary'}>{PLAN_STATUS_LABELS[p.status]}</Badge>
                    {p.status_date ? <span className="text-muted-foreground ml-2 text-xs">{p.status_date}</span> : null}
                  </span>
                ),
              },
            ]}
            actionsHeader={<span className="sr-only">Actions</span>}
            actions={(p) =>
              p.status === 'active' ? (
                <Button variant="ghost" size="icon" aria-label={`Edit plan of ${planOwner(p)}`} onClick={() => setEditingPlan(p)}>
                  <PencilIcon aria-hidden="true" />
                </Button>
              ) : null
            }
          />
        </SectionCard>
      ) : null}

      {editingStage ? <StageDialog stage={editingStage === 'new' ? null : editingStage} feeItems={feeItems} onClose={() => setEditingStage(null)} /> : null}
      {editingPlan ? <PaymentPlanDialog plan={editingPlan === 'new' ? null : editingPlan} onClose={() => setEditingPlan(null)} /> : null}
    </ListPage>
  );
}
