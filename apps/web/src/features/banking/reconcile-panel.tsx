import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@covenant/contracts/money';
import { FileTextIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormProblem } from '@/components/dialog-form';
import { EmptyRow } from '@/components/list-page';
import { SubmitButton } from '@/components/submit-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import {
  downloadReconciliationReport, reconciliationsQuery, reconciliationViewQuery, useDeleteReconciliation, useReconciliationAction,
  type BankAccountRecord, type ReconciliationRecord,
} from './banking.api';
import { ReasonDialog } from './reason-dialog';

const STATUS_LABEL = { draft: 'In progress', completed: 'Completed', void: 'Void' } as const;

/** Reconciling one bank account to its statements: the list, a new one, the draft being cleared, and voiding the newest. */
export function ReconcilePanel({ account, canWrite }: { account: BankAccountRecord; canWrite: boolean }) {
  const list = useQuery(reconciliationsQuery(account.id));
  const rows = list.data ?? [];
  const draft = rows.find((r) => r.status === 'draft') ?? null;
  const newestCompleted = rows.find((r) => r.status === 'completed') ?? null;
  const [voiding, setVoiding] = useState<ReconciliationRecord | null>(null);
  const [deleting, setDeleting] = useState<ReconciliationRecord | null>(null);
  const remove = useDeleteReconciliation();

  return (
    <section className="space-y-4" aria-label={`Reconciliation of ${account.name}`}>
      {draft ? <DraftReconciliation id={draft.id} canWrite={canWrite} /> : canWrite ? <StartReconciliation account={account} /> : null}
      <DataTable
        label="Reconciliations"
        loading={list.isPending && 'Loading reconciliations'}
        rows={rows}
        rowKey={(r) => r.id}
        empty="No reconciliations yet."
        columns={[
          { id: 'date', header: 'Statement date', cell: (r) => r.statement_date },
          { id: 'beginning', header: 'Beginning balance', align: 'end', hideBelow: 'sm', cell: (r) => formatMoney(r.beginning_balance) },
          { id: 'ending', header: 'Ending balance', align: 'end', cell: (r) => formatMoney(r.ending_balance) },
          {
            id: 'status', header: 'Status',
            cell: (r) => (
              <span>
                <Badge variant={r.status === 'completed' ? 'secondary' : 'outline'}>{STATUS_LABEL[r.status]}</Badge>
                {r.void_reason ? <span className="text-muted-foreground block text-xs">{r.void_reason}</span> : null}
              </span>
            ),
          },
        ]}
        actionsHeader={<span className="sr-only">Actions</span>}
        actions={(r) => (
          <span className="space-x-1">
            <Button
              size="sm" variant="ghost" aria-label={`Report of the reconciliation to ${r.statement_date}`}
              onClick={() => downloadReconciliationReport(r, account.name).catch((e: unknown) => toast.error(`Failed to download the report: ${errorMessage(e)}`))}
            >
              <FileTextIcon aria-hidden="true" />
              Report
            </Button>
            {canWrite && r.id === newestCompleted?.id ? (
              <Button size="sm" variant="outline" onClick={() => setVoiding(r)} aria-label={`Void the reconciliation to ${r.statement_date}`}>
                Void
              </Button>
            ) : null}
            {canWrite && r.status === 'draft' ? (
              <Button size="sm" variant="ghost" onClick={() => setDeleting(r)} aria-label={`Delete the reconciliation to ${r.statement_date}`}>
                Delete
              </Button>
            ) : null}
          </span>
        )}
      />
      {voiding ? <VoidDialog reconciliation={voiding} onClose={() => setVoiding(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        text={`Delete the reconciliation to ${deleting?.statement_date ?? ''} in progress? What was cleared in it is forgotten.`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting!;
          setDeleting(null);
          remove.mutate(target.id, {
            onSuccess: () => toast.success('Reconciliation deleted'),
            onError: (e) => toast.error(`Failed to delete the reconciliation: ${errorMessage(e)}`),
          });
        }}
      />
    </section>
  );
}

function StartReconciliation({ account }: { account: BankAccountRecord }) {
  const [date, setDate] = useState('');
  const [ending, setEnding] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const start = useReconciliationAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!date) return setProblem('Statement date is required');
    if (ending.trim() === '' || Number.isNaN(Number(ending))) return setProblem('Ending balance must be an amount, such as 1250.00');
    setProblem(null);
    start.mutate({ name: 'startReconciliation', params: { bank_account_id: account.id, statement_date: date, ending_balance: Number(ending) } }, {
      onSuccess: () => toast.success('Reconciliation started'),
      onError: (err) => setProblem(errorMessage(err)),
    });
  };
  return (
    <Card className="gap-3 py-5">
      <CardHeader className="px-5">
        <CardTitle>
          <h3>Start Reconciliation</h3>
        </CardTitle>
        <CardDescription>Enter the statement's date and ending balance. Postings of matched lines start cleared.</CardDescription>
      </CardHeader>
      <CardContent className="px-5">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Start Reconciliation">
          <div className="space-y-1">
            <Label htmlFor="rec-date">Statement date</Label>
            <Input id="rec-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="rec-ending">Ending balance</Label>
            <Input id="rec-ending" inputMode="decimal" value={ending} onChange={(e) => setEnding(e.target.value)} className="w-40" />
          </div>
          <SubmitButton isPending={start.isPending}>Start</SubmitButton>
          <div className="basis-full">
            <FormProblem message={problem} />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The draft: the running difference, the postings to clear, and Complete once the difference is zero. */
function DraftReconciliation({ id, canWrite }: { id: string; canWrite: boolean }) {
  const view = useQuery(reconciliationViewQuery(id));
  const act = useReconciliationAction();
  if (!view.data) return null;
  const { reconciliation: r, figures: f, postings } = view.data;
  const toggle = (lineId: string, cleared: boolean) =>
    act.mutate({ name: 'setCleared', params: { reconciliation_id: r.id, journal_line_ids: [lineId], cleared } }, { onError: (e) => toast.error(errorMessage(e)) });
  const complete = () =>
    act.mutate({ name: 'completeReconciliation', params: { reconciliation_id: r.id } }, {
      onSuccess: () => toast.success('Reconciliation completed'),
      onError: (e) => toast.error(errorMessage(e)),
    });
  const figure = (label: string, value: number, strong = false) => (
    <div className="space-y-0.5">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'text-lg font-semibold' : ''}`}>{formatMoney(value)}</dd>
    </div>
  );
  return (
    <Card className="gap-3 py-5">
      <CardHeader className="px-5">
        <CardTitle>
          <h3>Reconciling to {r.statement_date}</h3>
        </CardTitle>
        <CardDescription>Tick what the statement shows. Complete is possible when the difference is zero.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 px-5">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-6" aria-label="Reconciliation figures">
          {figure('Beginning balance', f.beginning_balance)}
          {figure('Cleared deposits', f.cleared_deposits)}
          {figure('Cleared withdrawals', -f.cleared_withdrawals)}
          {figure('Cleared balance', f.cleared_balance)}
          {figure('Statement ending balance', f.ending_balance)}
          <div className="space-y-0.5" aria-live="polite">
            <dt className="text-muted-foreground text-xs">Difference</dt>
            <dd className={`text-lg font-semibold tabular-nums ${f.difference === 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive'}`}>{formatMoney(f.difference)}</dd>
          </div>
        </dl>
        <div className="max-h-[28rem] overflow-y-auto rounded-md border">
          <Table aria-label="Postings to clear">
            <TableHeader>
              <TableRow>
                <TableHead className="w-10"><span className="sr-only">Cleared</span></TableHead>
                <TableHead>Date</TableHead>
                <TableHead>Reference</TableHead>
                <TableHead>Description</TableHead>
                <TableHead className="text-right">Amount</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {postings.map((p) => (
                <TableRow key={p.journal_line_id}>
                  <TableCell>
                    <Checkbox
                      aria-label={`Cleared: ${p.date} ${p.reference ?? p.description ?? ''} ${formatMoney(p.amount)}`}
                      checked={p.cleared}
                      disabled={!canWrite || act.isPending}
                      onCheckedChange={(on) => toggle(p.journal_line_id, on === true)}
                    />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{p.date}</TableCell>
                  <TableCell>{p.reference ?? ''}</TableCell>
                  <TableCell className="text-muted-foreground text-sm">{p.description ?? ''}</TableCell>
                  <TableCell className={`text-right tabular-nums ${p.amount < 0 ? 'text-destructive' : ''}`}>{formatMoney(p.amount)}</TableCell>
                </TableRow>
              ))}
              {postings.length === 0 ? (
                <EmptyRow colSpan={5}>No postings on or before the statement date.</EmptyRow>
              ) : null}
            </TableBody>
          </Table>
        </div>
        {canWrite ? (
          <Button onClick={complete} disabled={act.isPending || f.difference !== 0}>
            Complete Reconciliation
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function VoidDialog({ reconciliation, onClose }: { reconciliation: ReconciliationRecord; onClose(): void }) {
  const act = useReconciliationAction();
  return (
    <ReasonDialog
      id="void-reason"
      title="Void Reconciliation"
      description={`Void the reconciliation to ${reconciliation.statement_date}? Its cleared postings are unlocked; the next reconciliation begins from the one before it.`}
      submitLabel="Void"
      isPending={act.isPending}
      onSubmit={(reason, done, fail) =>
        act.mutate({ name: 'voidReconciliation', params: { reconciliation_id: reconciliation.id, reason } }, {
          onSuccess: () => {
            toast.success('Reconciliation voided');
            done();
          },
          onError: fail,
        })}
      onClose={onClose}
    />
  );
}
