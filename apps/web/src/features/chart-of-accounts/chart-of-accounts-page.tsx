import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DownloadIcon, FileUpIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatMoney } from '@covenant/contracts/money';
import { FormError } from '@/components/form-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { entityKeys, remove, useLiveEntities } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { accessOf } from '@/app/navigation';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/api';
import { humanize } from '@/lib/format';
import { OPENING_BALANCES_PATH } from '@/features/journal-entries/journal-entries.paths';
import { AccountFormDialog } from './account-form-dialog';
import { ACCOUNTS_EXPORT_FILE, accountsQuery, accountsToCsv, type Account } from './accounts.api';

const TYPE_VARIANT: Record<string, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  asset: 'default', liability: 'destructive', equity: 'secondary', revenue: 'outline', expense: 'outline',
};

export default function ChartOfAccountsPage() {
  const user = useCurrentUser();
  const { canRead, canWrite } = accessOf(user, 'chart_of_accounts');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ account: Account | null } | null>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const accounts = useQuery({ ...accountsQuery(), enabled: canRead });
  // Balances come from the ledger, so postings of documents change them too.
  useLiveEntities('ChartOfAccount', 'Invoice', 'Payment', 'Bill');

  const remover = useMutation({
    mutationFn: (a: Account) => remove('ChartOfAccount', a.id),
    onSuccess: () => toast.success('Account deleted'),
    onError: (e) => toast.error(`Failed to delete account: ${errorMessage(e)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: entityKeys.all('ChartOfAccount') }),
  });

  const onExport = () => {
    if (!accounts.data) return;
    downloadFile(ACCOUNTS_EXPORT_FILE, accountsToCsv(accounts.data));
  };

  const rows = accounts.data ?? [];
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6">
      <title>Chart of Accounts · Covenant</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Chart of Accounts</h1>
          <p className="text-muted-foreground">Manage the accounts of the general ledger</p>
        </div>
        <div className="flex flex-wrap gap-2">
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
        </div>
      </div>

      {!canRead ? <p className="text-muted-foreground">You do not have permission to view the chart of accounts.</p> : null}
      <FormError error={accounts.error} />
      {accounts.isPending && canRead ? (
        <Skeleton className="h-64" aria-label="Loading accounts" />
      ) : canRead ? (
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
                <TableRow>
                  <TableCell colSpan={7} className="text-muted-foreground py-10 text-center">
                    No accounts found
                  </TableCell>
                </TableRow>
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
                      {canWrite ? (
                        <div className="flex justify-end gap-1">
                          <Button variant="ghost" size="icon" aria-label={`Edit ${a.account_name}`} onClick={() => setEditing({ account: a })}>
                            <PencilIcon />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Delete ${a.account_name}`}
                            title={a.system_key ? 'A system account cannot be deleted' : undefined}
                            disabled={Boolean(a.system_key) || remover.isPending}
                            onClick={() => setDeleting(a)}
                          >
                            <Trash2Icon />
                          </Button>
                        </div>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      ) : null}

      {editing ? <AccountFormDialog account={editing.account} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        text="Are you sure you want to delete this account?"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remover.mutate(deleting);
          setDeleting(null);
        }}
      />
    </div>
  );
}
