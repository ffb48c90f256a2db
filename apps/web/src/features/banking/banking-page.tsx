import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@covenant/contracts/money';
import { FileUpIcon, LandmarkIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyCard, ListPage, ListSkeleton } from '@/components/list-page';
import { OptionSelect } from '@/components/option-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { useLiveRefresh, entityKeys } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { bankAccountsQuery, bankAccountLabel, fundLabel, fundsQuery } from '@/features/funds/funds.api';
import { BankAccountDialog } from './bank-account-dialog';
import { bankAccountRecordsQuery, bankLinesQuery, LINES_PAGE_SIZE, statementsQuery, useDeleteStatement, type BankAccountRecord, type BankStatementRecord } from './banking.api';
import { ImportStatementDialog } from './import-statement-dialog';
import { MatchQueue } from './match-queue';
import { ReconcilePanel } from './reconcile-panel';

const STATUS_LABEL = { unmatched: 'Unmatched', matched: 'Matched', excluded: 'Excluded' } as const;
const TAB_LABEL = { statements: 'Statements', match: 'Match', reconcile: 'Reconcile' } as const;

/** 'Banking': the association's bank accounts, their imported statements and the statements' lines. */
export default function BankingPage() {
  const user = useCurrentUser();
  const { canWrite } = accessOf(user, 'chart_of_accounts');
  useLiveRefresh(entityKeys.all('BankAccount'), 'BankAccount', 'BankStatement', 'BankStatementLine', 'BankReconciliation');
  const accounts = useQuery(bankAccountRecordsQuery());
  const funds = useQuery(fundsQuery());
  const ledgerAccounts = useQuery(bankAccountsQuery());
  const [selectedId, setSelectedId] = useState('');
  const [editing, setEditing] = useState<BankAccountRecord | 'new' | null>(null);
  const [importing, setImporting] = useState<BankAccountRecord | null>(null);
  const list = accounts.data ?? [];
  const selected = list.find((a) => a.id === selectedId) ?? list[0] ?? null;
  const fundName = (id: string) => {
    const f = funds.data?.find((x) => x.id === id);
    return f ? fundLabel(f) : '';
  };
  const ledgerName = (id: string) => {
    const a = ledgerAccounts.data?.find((x) => x.id === id);
    return a ? bankAccountLabel(a) : '';
  };

  return (
    <ListPage
      title="Banking"
      description="The association's bank accounts, and the statements imported from the bank's files"
      error={accounts.error}
      actions={
        canWrite ? (
          <Button onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden="true" />
            Add Bank Account
          </Button>
        ) : null
      }
    >
      {accounts.isPending ? (
        <ListSkeleton label="Loading bank accounts" cards />
      ) : list.length === 0 ? (
        <EmptyCard>No bank accounts yet.</EmptyCard>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Bank accounts">
          {list.map((a) => (
            <li key={a.id} aria-label={a.name}>
              <Card className="h-full gap-3 py-5">
                <CardHeader className="flex flex-row items-start gap-3 px-5">
                  <span className="bg-primary/10 text-primary flex size-10 shrink-0 items-center justify-center rounded-lg">
                    <LandmarkIcon className="size-5" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <CardTitle>
                      <h2 className="truncate">{a.name}</h2>
                    </CardTitle>
                    <CardDescription>
                      {a.bank_name} · {a.account_type === 'checking' ? 'Checking' : 'Savings'}
                      {a.account_last4 ? ` · •••• ${a.account_last4}` : ''}
                    </CardDescription>
                  </div>
                  {canWrite ? (
                    <Button variant="ghost" size="icon" aria-label={`Edit ${a.name}`} onClick={() => setEditing(a)}>
                      <PencilIcon aria-hidden="true" />
                    </Button>
                  ) : null}
                </CardHeader>
                <CardContent className="text-muted-foreground space-y-1 px-5 text-sm">
                  <p>Fund: {fundName(a.fund_id) || '—'}</p>
                  <p>Books: {ledgerName(a.account_id) || '—'}</p>
                  <p>Routing number: {a.routing_number ?? 'not set'}</p>
                  <div className="flex flex-wrap gap-2 pt-2">
                    <Button variant={selected?.id === a.id ? 'secondary' : 'outline'} size="sm" onClick={() => setSelectedId(a.id)} aria-pressed={selected?.id === a.id}>
                      Show statements
                    </Button>
                    {canWrite ? (
                      <Button size="sm" onClick={() => { setImporting(a); setSelectedId(a.id); }} aria-label={`Import Statement into ${a.name}`}>
                        <FileUpIcon aria-hidden="true" />
                        Import Statement
                      </Button>
                    ) : null}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}

      {selected ? <AccountStatements account={selected} canWrite={canWrite} accounts={list} onPick={setSelectedId} /> : null}
      {editing ? <BankAccountDialog account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {importing ? <ImportStatementDialog account={importing} onClose={() => setImporting(null)} /> : null}
    </ListPage>
  );
}

function AccountStatements({ account, canWrite, accounts, onPick }: { account: BankAccountRecord; canWrite: boolean; accounts: BankAccountRecord[]; onPick: (id: string) => void }) {
  const statements = useQuery(statementsQuery(account.id));
  const [page, setPage] = useState(0);
  const lines = useQuery(bankLinesQuery(account.id, page));
  const remove = useDeleteStatement();
  const [deleting, setDeleting] = useState<BankStatementRecord | null>(null);
  const rows = lines.data?.rows ?? [];
  const [tab, setTab] = useState<'statements' | 'match' | 'reconcile'>('statements');

  return (
    <section className="space-y-4" aria-label={`Statements of ${account.name}`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold">{account.name}</h2>
        <div className="w-64 space-y-1">
          <Label htmlFor="banking-account">Bank account</Label>
          <OptionSelect
            id="banking-account"
            value={account.id}
            onChange={(id) => {
              onPick(id);
              setPage(0);
            }}
            options={accounts.map((a) => ({ id: a.id, text: a.name }))}
            placeholder="Choose a bank account"
          />
        </div>
      </div>
      <Tabs value={tab} onValueChange={(v) => setTab(v as typeof tab)}>
        <TabsList aria-label={`${account.name}: statements, matching, reconciliation`}>
          <TabsTrigger value="statements" aria-controls="banking-account-panel">Statements</TabsTrigger>
          <TabsTrigger value="match" aria-controls="banking-account-panel">Match</TabsTrigger>
          <TabsTrigger value="reconcile" aria-controls="banking-account-panel">Reconcile</TabsTrigger>
        </TabsList>
      </Tabs>
      <div id="banking-account-panel" role="tabpanel" aria-label={`${account.name}: ${TAB_LABEL[tab]}`} className="space-y-4">
      {tab === 'match' ? <MatchQueue account={account} canWrite={canWrite} /> : null}
      {tab === 'reconcile' ? <ReconcilePanel account={account} canWrite={canWrite} /> : null}
      {tab === 'statements' ? (
        <>
        <DataTable
          label="Imported statements"
          loading={statements.isPending && 'Loading statements'}
          rows={statements.data ?? []}
          rowKey={(s) => s.id}
          empty="No statements imported yet."
          columns={[
            { id: 'period', header: 'Period', cell: (s) => `${s.period_start} to ${s.period_end}` },
            { id: 'format', header: 'Format', hideBelow: 'sm', cell: (s) => s.format.toUpperCase() },
            { id: 'lines', header: 'Lines', align: 'end', cell: (s) => s.lines_imported },
            { id: 'duplicates', header: 'Already there', align: 'end', hideBelow: 'sm', cell: (s) => s.duplicates_skipped },
            { id: 'closing', header: 'Closing balance', align: 'end', cell: (s) => (s.closing_balance === null ? '—' : formatMoney(s.closing_balance)) },
            { id: 'notes', header: 'Notes', hideBelow: 'md', className: 'text-muted-foreground max-w-80 text-xs', cell: (s) => s.warnings.join(' ') || s.file_name },
          ]}
          actionsHeader={<span className="sr-only">Actions</span>}
          actions={
            canWrite
              ? (s) => (
                  <Button variant="ghost" size="icon" aria-label={`Delete the statement of ${s.period_start} to ${s.period_end}`} onClick={() => setDeleting(s)}>
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                )
              : undefined
          }
        />
        <DataTable
          label="Statement lines"
          loading={lines.isPending && 'Loading statement lines'}
          rows={rows}
          rowKey={(l) => l.id}
          empty="No statement lines yet. Import a statement file from the bank."
          // One page is all there is until a statement brings more lines than a page.
          pager={lines.data && lines.data.total > LINES_PAGE_SIZE ? { page, pageSize: LINES_PAGE_SIZE, total: lines.data.total, onPage: setPage } : undefined}
          columns={[
            { id: 'date', header: 'Date', cell: (l) => l.date },
            {
              id: 'description', header: 'Description',
              cell: (l) => (
                <span>
                  {l.description}
                  {l.payee ? <span className="text-muted-foreground block text-xs">{l.payee}</span> : null}
                </span>
              ),
            },
            { id: 'check', header: 'Check', hideBelow: 'sm', cell: (l) => l.check_number ?? '' },
            { id: 'amount', header: 'Amount', align: 'end', cell: (l) => <span className={l.amount < 0 ? 'text-destructive' : undefined}>{formatMoney(l.amount)}</span> },
            { id: 'status', header: 'Status', cell: (l) => <Badge variant={l.status === 'unmatched' ? 'outline' : 'secondary'}>{STATUS_LABEL[l.status]}</Badge> },
          ]}
        />
        </>
      ) : null}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        text={`Delete the statement of ${deleting?.period_start ?? ''} to ${deleting?.period_end ?? ''} with its ${deleting?.lines_imported ?? 0} lines? The file can be imported again afterwards.`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting!;
          setDeleting(null);
          remove.mutate(target.id, {
            onSuccess: () => toast.success('Statement deleted'),
            onError: (e) => toast.error(`Failed to delete the statement: ${errorMessage(e)}`),
          });
        }}
      />
    </section>
  );
}
