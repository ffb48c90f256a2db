import { useQuery } from '@tanstack/react-query';
import { PencilIcon, PlusIcon } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { ChargeJob } from '@covenant/contracts/charges';
import { formatMoney } from '@covenant/contracts/money';
import { DataTable } from '@/components/data-table';
import { ListPage } from '@/components/list-page';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { entityListQuery, useLiveRefresh } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { isForbidden, NoAccess } from '@/app/page-access';
import { fundLabel, fundsQuery } from '@/features/funds/funds.api';
import { today } from '@/lib/dates';
import {
  chargeRunKeys, chargeRunsQuery, usePostRun, usePreviewRun, useSaveSetup, type AssessmentSchedule, type LateFeeRule, type RunResult,
} from './assessments.api';
import { LateFeeRuleDialog, FEE_TYPE_LABELS } from './late-fee-rule-dialog';
import { BASIS_LABELS, FREQUENCY_LABELS, ScheduleDialog } from './schedule-dialog';

const JOB_LABELS: Record<ChargeJob, string> = { assessments: 'Assessments', late_fees: 'Late fees', collections: 'Collections' };
const KIND_LABELS: Record<string, string> = { assessment: 'Assessment', late_fee: 'Late fee', interest: 'Interest' };
/** Rows of a preview shown on the screen (the count and total cover all of them). */
const PREVIEW_ROWS = 200;
const HISTORY_PAGE = 10;

interface Product { id: string; product_code: string; description: string }

function scheduleAmount(s: AssessmentSchedule): string {
  if (s.amount_basis === 'fixed') return formatMoney(s.amount ?? 0);
  if (s.amount_basis === 'per_sqft') return `${s.amount ?? 0} per sq ft`;
  if (s.amount_basis === 'allocation') return `${formatMoney(s.total_amount ?? 0)} by ${s.allocation_method === 'sqft' ? 'square footage' : s.allocation_method === 'percentage' ? 'percentage interest' : 'equal shares'}`;
  return 'Monthly HOA fee';
}

function ruleFee(r: LateFeeRule): string {
  const fixed = formatMoney(r.fixed_amount ?? 0);
  const pct = `${r.percent ?? 0}%`;
  const fee = r.fee_type === 'fixed' ? fixed : r.fee_type === 'percent' ? pct : `greater of ${fixed} and ${pct}`;
  return r.max_amount !== null ? `${fee}, at most ${formatMoney(r.max_amount)}` : fee;
}

/** Activate or deactivate a schedule or a rule in one click (nothing billed is changed). */
function ActiveToggle({ entity, id, name, active }: { entity: 'AssessmentSchedule' | 'LateFeeRule'; id: string; name: string; active: boolean }) {
  const save = useSaveSetup(entity);
  return (
    <Button variant="outline" size="sm" disabled={save.isPending} onClick={() => save.mutate({ id, values: { is_active: !active } }, { onSuccess: () => toast.success(active ? `${name} deactivated` : `${name} activated`), onError: (e) => toast.error(e.message) })}>
      {active ? 'Deactivate' : 'Activate'}
    </Button>
  );
}

/** A card listing schedules or rules, with its Add button for those who may set billing up. */
function SetupCard({ title, description, addLabel, onAdd, children }: { title: string; description: string; addLabel: string | null; onAdd(): void; children: ReactNode }) {
  const action = addLabel ? (
    <Button onClick={onAdd}>
      <PlusIcon aria-hidden="true" />
      {addLabel}
    </Button>
  ) : null;
  return (
    <SectionCard title={title} description={description} action={action}>
      {children}
    </SectionCard>
  );
}

type SetupRow = { id: string; name: string; is_active: boolean };

/** The Status column of schedules and rules: Active or Inactive. */
const statusColumn = {
  id: 'status',
  header: 'Status',
  cell: (row: SetupRow) => <Badge variant={row.is_active ? 'default' : 'secondary'}>{row.is_active ? 'Active' : 'Inactive'}</Badge>,
};

/** For those who may change it: Edit and the activate/deactivate toggle. */
function SetupActions({ entity, row, onEdit }: { entity: 'AssessmentSchedule' | 'LateFeeRule'; row: SetupRow; onEdit(): void }) {
  return (
    <span>
      <Button variant="ghost" size="icon" aria-label={`Edit ${row.name}`} onClick={onEdit}>
        <PencilIcon aria-hidden="true" />
      </Button>
      <ActiveToggle entity={entity} id={row.id} name={row.name} active={row.is_active} />
    </span>
  );
}

/** Assessments: schedules and late-fee rules, a preview (dry run) of each run, posting it, and the history of runs. */
export default function AssessmentsPage() {
  const user = useCurrentUser();
  const canSetUp = accessOf(user, 'items').canWrite;
  const canRun = accessOf(user, 'invoices').canWrite;
  useLiveRefresh(chargeRunKeys.all, 'AssessmentSchedule', 'LateFeeRule', 'Invoice');
  const schedules = useQuery(entityListQuery<AssessmentSchedule>('AssessmentSchedule', { sort: 'name', limit: 500 }));
  const rules = useQuery(entityListQuery<LateFeeRule>('LateFeeRule', { sort: 'name', limit: 500 }));
  const products = useQuery(entityListQuery<Product>('Product', { sort: 'product_code', limit: 1000 }));
  const funds = useQuery(fundsQuery());
  const [historyPage, setHistoryPage] = useState(0);
  const history = useQuery({ ...chargeRunsQuery(historyPage, HISTORY_PAGE), enabled: canRun });
  const [editingSchedule, setEditingSchedule] = useState<AssessmentSchedule | 'new' | null>(null);
  const [editingRule, setEditingRule] = useState<LateFeeRule | 'new' | null>(null);
  const [job, setJob] = useState<'assessments' | 'late_fees'>('assessments');
  const [asOf, setAsOf] = useState(today());
  const [preview, setPreview] = useState<RunResult | null>(null);
  const runPreview = usePreviewRun();
  const post = usePostRun();
  const asOfId = useId();

  const itemOptions = useMemo(() => (products.data ?? []).map((p) => ({ value: p.id, label: `${p.product_code} - ${p.description}` })), [products.data]);
  const itemName = useMemo(() => new Map(itemOptions.map((o) => [o.value, o.label])), [itemOptions]);
  const fundName = useMemo(() => new Map((funds.data ?? []).map((f) => [f.id, fundLabel(f)])), [funds.data]);

  if (isForbidden(schedules.error)) return <NoAccess />;

  const onPreview = (which: 'assessments' | 'late_fees') => (e?: FormEvent) => {
    e?.preventDefault();
    setJob(which);
    setPreview(null);
    post.reset();
    runPreview.mutate({ job: which, as_of: asOf }, { onSuccess: setPreview });
  };
  const onPost = () =>
    post.mutate(
      { job, as_of: asOf },
      {
        onSuccess: (r) => {
          toast.success(`Posted ${r.count} ${r.count === 1 ? 'charge' : 'charges'} totalling ${formatMoney(r.total)}`);
          setPreview(null);
        },
      },
    );

  return (
    <ListPage
      title="Assessments"
      description="Assessment schedules, late-fee rules and the runs that bill them"
    >

      <SetupCard
        title="Assessment Schedules"
        description="What every unit is billed, how often and from when; the scheduler bills each period once"
        addLabel={canSetUp ? 'Add Schedule' : null}
        onAdd={() => setEditingSchedule('new')}
      >
          <DataTable
            label="Assessment schedules"
            loading={schedules.isPending && 'Loading assessment schedules'}
            rows={schedules.data ?? []}
            rowKey={(s) => s.id}
            rowProps={(s) => ({ 'aria-label': s.name })}
            empty="No assessment schedules yet"
            columns={[
              { id: 'name', header: 'Name', className: 'font-medium', cell: (s) => s.name },
              { id: 'item', header: 'Item', hideBelow: 'sm', cell: (s) => itemName.get(s.product_id) ?? '' },
              { id: 'fund', header: 'Fund', hideBelow: 'sm', cell: (s) => fundName.get(s.fund_id) ?? '' },
              { id: 'frequency', header: 'Frequency', cell: (s) => `${FREQUENCY_LABELS[s.frequency]}${s.installments > 1 ? `, ${s.installments} installments` : ''}` },
              { id: 'amount', header: 'Amount', cell: (s) => <span title={BASIS_LABELS[s.amount_basis]}>{scheduleAmount(s)}</span> },
              { id: 'period', header: 'Period', cell: (s) => `${s.start_date}${s.end_date ? ` to ${s.end_date}` : ''}` },
              statusColumn,
            ]}
            actionsHeader={<span className="sr-only">Actions</span>}
            actions={canSetUp ? (s) => <SetupActions entity="AssessmentSchedule" row={s} onEdit={() => setEditingSchedule(s)} /> : undefined}
          />
      </SetupCard>

      <SetupCard
        title="Late Fee Rules"
        description="A fee once per late invoice after the grace days, and simple interest each month it stays unpaid"
        addLabel={canSetUp ? 'Add Rule' : null}
        onAdd={() => setEditingRule('new')}
      >
          <DataTable
            label="Late fee rules"
            loading={rules.isPending && 'Loading late fee rules'}
            rows={rules.data ?? []}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'aria-label': r.name })}
            empty="No late fee rules yet"
            columns={[
              { id: 'name', header: 'Name', className: 'font-medium', cell: (r) => r.name },
              { id: 'grace', header: 'Grace Days', align: 'end', cell: (r) => r.grace_days },
              { id: 'fee', header: 'Fee', cell: (r) => <span title={FEE_TYPE_LABELS[r.fee_type]}>{ruleFee(r)}</span> },
              { id: 'minimum', header: 'Minimum Balance', hideBelow: 'sm', cell: (r) => (r.min_balance !== null ? formatMoney(r.min_balance) : '') },
              { id: 'interest', header: 'Interest', cell: (r) => (r.annual_interest_rate ? `${r.annual_interest_rate}% a year` : '') },
              { id: 'applies', header: 'Applies To', hideBelow: 'sm', cell: (r) => r.product_ids.map((id) => itemName.get(id) ?? '').join(', ') },
              statusColumn,
            ]}
            actionsHeader={<span className="sr-only">Actions</span>}
            actions={canSetUp ? (r) => <SetupActions entity="LateFeeRule" row={r} onEdit={() => setEditingRule(r)} /> : undefined}
          />
      </SetupCard>

      {canRun ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Run</h2>
            </CardTitle>
            <CardDescription>Preview what a run bills as of a date, then post it. The scheduler also runs both every day at the organization's run hour.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <form className="flex flex-wrap items-end gap-3" onSubmit={onPreview(job)}>
              <div className="grid gap-2">
                <Label htmlFor={asOfId}>As of</Label>
                <Input id={asOfId} type="date" value={asOf} onChange={(e) => { setAsOf(e.target.value); setPreview(null); }} className="w-44" />
              </div>
              <Button type="button" variant="outline" disabled={runPreview.isPending || post.isPending} onClick={() => onPreview('assessments')()}>
                Preview Assessments
              </Button>
              <Button type="button" variant="outline" disabled={runPreview.isPending || post.isPending} onClick={() => onPreview('late_fees')()}>
                Preview Late Fees
              </Button>
            </form>
            {runPreview.isPending ? (
              <p className="text-muted-foreground flex items-center gap-2 text-sm" role="status">
                <Spinner /> Computing the preview…
              </p>
            ) : null}
            {runPreview.error ? (
              <p className="text-destructive text-sm" role="alert">
                {runPreview.error.message}
              </p>
            ) : null}
            {post.error ? (
              <p className="text-destructive text-sm" role="alert">
                {post.error.message}
              </p>
            ) : null}
            {preview ? (
              <section aria-label="Preview" className="space-y-3">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p role="status">
                    <span className="font-medium">{JOB_LABELS[job]} preview as of {preview.as_of}:</span> {preview.count} {preview.count === 1 ? 'charge' : 'charges'}, total{' '}
                    <span className="tabular-nums">{formatMoney(preview.total)}</span>
                  </p>
                  <Button onClick={onPost} disabled={post.isPending || preview.count === 0}>
                    {post.isPending ? <Spinner /> : null}
                    Post
                  </Button>
                </div>
                {post.isPending ? (
                  <p className="text-muted-foreground flex items-center gap-2 text-sm" role="status" aria-live="polite">
                    <Spinner /> Posting {preview.count} {preview.count === 1 ? 'charge' : 'charges'}… all of them or none.
                  </p>
                ) : null}
                <DataTable
                  label="Preview charges"
                  rows={preview.items.slice(0, PREVIEW_ROWS).map((item, n) => ({ ...item, n }))}
                  rowKey={(i) => `${i.owner_id}-${i.n}`}
                  empty="Nothing to bill as of this date"
                  columns={[
                    { id: 'owner', header: 'Owner', cell: (i) => `${i.owner_name} (#${i.owner_number})` },
                    { id: 'unit', header: 'Unit', cell: (i) => i.unit_number ?? '' },
                    { id: 'kind', header: 'Kind', hideBelow: 'sm', cell: (i) => KIND_LABELS[i.kind] },
                    { id: 'description', header: 'Description', hideBelow: 'sm', cell: (i) => i.description },
                    { id: 'invoice-date', header: 'Invoice Date', hideBelow: 'sm', cell: (i) => i.invoice_date },
                    { id: 'due-date', header: 'Due Date', cell: (i) => i.due_date },
                    { id: 'amount', header: 'Amount', align: 'end', cell: (i) => formatMoney(i.amount) },
                  ]}
                />
                {preview.items.length > PREVIEW_ROWS ? (
                  <p className="text-muted-foreground text-sm">
                    The first {PREVIEW_ROWS} of {preview.count} charges are shown; the count and total cover all of them.
                  </p>
                ) : null}
              </section>
            ) : null}
          </CardContent>
        </Card>
      ) : null}

      {canRun ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Run History</h2>
            </CardTitle>
            <CardDescription>Every posted run, by hand or by the scheduler, newest first</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            <DataTable
              label="Run history"
              loading={history.isPending && 'Loading the run history'}
              rows={history.data?.rows ?? []}
              rowKey={(r) => r.id}
              empty="No runs yet"
              pager={{ page: historyPage, pageSize: HISTORY_PAGE, total: history.data?.total ?? 0, onPage: setHistoryPage }}
              columns={[
                { id: 'posted', header: 'Posted', cell: (r) => new Date(r.created_date).toLocaleString() },
                { id: 'run', header: 'Run', cell: (r) => JOB_LABELS[r.job] },
                { id: 'as-of', header: 'As of', hideBelow: 'sm', cell: (r) => r.as_of },
                { id: 'by', header: 'By', hideBelow: 'sm', cell: (r) => (r.trigger === 'scheduler' ? 'Scheduler' : (r.created_by ?? '')) },
                { id: 'charges', header: 'Charges', align: 'end', cell: (r) => r.count },
                { id: 'total', header: 'Total', align: 'end', cell: (r) => formatMoney(r.total) },
              ]}
            />
          </CardContent>
        </Card>
      ) : null}

      {editingSchedule ? (
        <ScheduleDialog schedule={editingSchedule === 'new' ? null : editingSchedule} items={itemOptions} onClose={() => setEditingSchedule(null)} />
      ) : null}
      {editingRule ? <LateFeeRuleDialog rule={editingRule === 'new' ? null : editingRule} items={itemOptions} onClose={() => setEditingRule(null)} /> : null}
    </ListPage>
  );
}
