import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, FileUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@covenant/contracts/money';
import { useDeleteRecord } from '@/components/delete-record';
import { DataTable, useSortParam, type SortState } from '@/components/data-table';
import { sortParam } from '@/components/data-table-sort';
import { ListPage, RowActions } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useLiveRefresh } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { downloadFile } from '@/lib/download';
import { humanize } from '@/lib/format';
import { OPENING_BALANCES_PATH } from '@/features/journal-entries/journal-entries.paths';
import { AccountFormDialog } from './account-form-dialog';
import { ACCOUNT_SORT, ACCOUNTS_EXPORT_FILE, accountsQuery, accountsToCsv, type Account } from './accounts.api';

const TYPE_VARIANT: Record<string, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  asset: 'default', liability: 'destructive', equity: 'secondary', revenue: 'outline', expense: 'outline',
};

/** The columns the server sorts by; the spec's order (account number) first. */
const ACCOUNT_SORTS = ['account_number', 'account_name', 'account_type', 'account_subtype'];
const DEFAULT_SORT: SortState = { key: ACCOUNT_SORT, direction: 'asc' };

/** A row's actions: a system account (Operating Cash…) can be edited but not deleted, and its Delete says why. */
function AccountActions({ account, onEdit, onDelete }: { account: Account; onEdit(): void; onDelete(): void }) {
  if (!account.system_key) return <RowActions name={account.account_name} onEdit={onEdit} onDelete={onDelete} />;
  return (
    <div className="flex justify-end gap-1">
      <RowActions name={account.account_name} onEdit={onEdit} />
      <Button variant="ghost" size="icon" aria-label={`Delete ${account.account_name}`} title="A system account cannot be deleted" disabled>
        <Trash2Icon />
      </Button>
    </div>
  );
}

export default function ChartOfAccountsPage() {
  const user = useCurrentUser();
  const { canRead, canWrite } = accessOf(user, 'chart_of_accounts');
  const [editing, setEditing] = useState<{ account: Account | null } | null>(null);
  const [sort, setSort] = useSortParam(ACCOUNT_SORTS, DEFAULT_SORT);
  const accounts = useQuery({ ...accountsQuery({}, sortParam(sort)), enabled: canRead });
  // Balances come from the ledger, so postings of documents change them too.
  useLiveRefresh(accountsQuery({}, sortParam(sort)).queryKey, 'ChartOfAccount', 'JournalEntry');
  const deleter = useDeleteRecord<Account>({ entity: 'ChartOfAccount', noun: 'account' });

  const onExport = () => {
    if (!accounts.data) return;
    downloadFile(ACCOUNTS_EXPORT_FILE, accountsToCsv(accounts.data));
  };

  const rows = accounts.data ?? [];
  return (
    <ListPage
      title="Chart of Accounts"
      description="Manage the accounts of the general ledger"
      canRead={canRead}
      noAccess="You do not have permission to view the chart of accounts."
      error={accounts.error}
      actions={
        <>
          <Button variant="outline" disabled={!accounts.data} onClick={onExport}>
            <DownloadIcon /> Export CSV
          </Button>
          {canWrite ? (
            <Button variant="outline" asChild>
              <Link to={OPENING_BALANCES_PATH}>
                <FileUpIcon /> Opening Balances
              </Link>
            </Button>
          ) : null}
          {canWrite ? (
            <Button onClick={() => setEditing({ account: null })}>
              <PlusIcon /> Add Account
            </Button>
          ) : null}
        </>
      }
    >
      <DataTable
        label="Accounts"
        loading={accounts.isPending && 'Loading accounts'}
        rows={rows}
        rowKey={(a) => a.id}
        empty="No accounts found"
        sort={sort}
        onSort={setSort}
        columns={[
          { id: 'number', header: 'Account #', sortKey: 'account_number', cell: (a) => a.account_number, className: 'font-medium' },
          { id: 'name', header: 'Account Name', sortKey: 'account_name', cell: (a) => a.account_name },
          {
            id: 'type', header: 'Type', sortKey: 'account_type',
            cell: (a) => <Badge variant={TYPE_VARIANT[a.account_type] ?? 'outline'}>{humanize(a.account_type)}</Badge>,
          },
          { id: 'subtype', header: 'Subtype', sortKey: 'account_subtype', hideBelow: 'sm', cell: (a) => humanize(a.account_subtype) },
          { id: 'balance', header: 'Balance', align: 'end', cell: (a) => formatMoney(a.balance) },
          {
            id: 'status', header: 'Status', hideBelow: 'sm',
            cell: (a) => <Badge variant={a.is_active ? 'default' : 'secondary'}>{a.is_active ? 'Active' : 'Inactive'}</Badge>,
          },
        ]}
        actions={(a) => (canWrite ? <AccountActions account={a} onEdit={() => setEditing({ account: a })} onDelete={() => deleter.ask(a)} /> : null)}
      />

      {editing ? <AccountFormDialog account={editing.account} onClose={() => setEditing(null)} /> : null}
      {deleter.dialog}
    </ListPage>
  );
}
