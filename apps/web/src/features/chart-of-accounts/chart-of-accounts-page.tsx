import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, FileUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@covenant/contracts/money';
import { useDeleteRecord } from '@/components/delete-record';
import { EmptyRow, ListPage, ListSkeleton, RowActions } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useLiveRefresh } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { downloadFile } from '@/lib/download';
import { humanize } from '@/lib/format';
import { OPENING_BALANCES_PATH } from '@/features/journal-entries/journal-entries.paths';
import { AccountFormDialog } from './account-form-dialog';
import { ACCOUNTS_EXPORT_FILE, accountsQuery, accountsToCsv, type Account } from './accounts.api';

const TYPE_VARIANT: Record<string, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  asset: 'default', liability: 'destructive', equity: 'secondary', revenue: 'outline', expense: 'outline',
};

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
  const accounts = useQuery({ ...accountsQuery(), enabled: canRead });
  // Balances come from the ledger, so postings of documents change them too.
  useLiveRefresh(accountsQuery().queryKey, 'ChartOfAccount', 'JournalEntry');
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
      {accounts.isPending ? (
        <ListSkeleton label="Loading accounts" />
      ) : (
        <div className="rounded-md border">
          <Table aria-label="Accounts">
            <TableHeader>
              <TableRow>
                <TableHead>Account #</TableHead>
                <TableHead>Account Name</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Subtype</TableHead>
                <TableHead className="text-right">Balance</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.length === 0 ? (
                <EmptyRow colSpan={7}>No accounts found</EmptyRow>
              ) : (
                rows.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell className="font-medium">{a.account_number}</TableCell>
                    <TableCell>{a.account_name}</TableCell>
                    <TableCell>
                      <Badge variant={TYPE_VARIANT[a.account_type] ?? 'outline'}>{humanize(a.account_type)}</Badge>
                    </TableCell>
                    <TableCell>{humanize(a.account_subtype)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatMoney(a.balance)}</TableCell>
                    <TableCell>
                      <Badge variant={a.is_active ? 'default' : 'secondary'}>{a.is_active ? 'Active' : 'Inactive'}</Badge>
                    </TableCell>
                    <TableCell className="text-right">
                      {canWrite ? <AccountActions account={a} onEdit={() => setEditing({ account: a })} onDelete={() => deleter.ask(a)} /> : null}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      )}

      {editing ? <AccountFormDialog account={editing.account} onClose={() => setEditing(null)} /> : null}
      {deleter.dialog}
    </ListPage>
  );
}
