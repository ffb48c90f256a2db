import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DownloadIcon, PencilIcon, PlusIcon, SearchIcon, Trash2Icon } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '@covenant/contracts/money';
import { FormError } from '@/components/form-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { count, deleteMany, entityKeys, filter, remove, useLiveEntities } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { useDebugMode } from '@/app/debug-mode';
import { accountLabel, accountsQuery } from '@/features/chart-of-accounts/accounts.api';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { accessOf } from '@/app/navigation';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/api';
import { ItemFormDialog } from './item-form-dialog';
import { ITEMS_EXPORT_FILE, itemsQuery, itemsToCsv, type Product } from './items.api';

export default function ItemsPage() {
  const user = useCurrentUser();
  const debug = useDebugMode();
  const { canRead, canWrite } = accessOf(user, 'items');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [editing, setEditing] = useState<{ item: Product | null } | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [confirmDeleteAll, setConfirmDeleteAll] = useState(false);

  const items = useQuery({ ...itemsQuery(deferredSearch), enabled: canRead });
  const accounts = useQuery({ ...accountsQuery(), enabled: canRead });
  useLiveEntities('Product', 'ChartOfAccount');
  const accountById = useMemo(() => new Map((accounts.data ?? []).map((a) => [a.id, a])), [accounts.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: entityKeys.all('Product') });

  const remover = useMutation({
    mutationFn: (p: Product) => remove('Product', p.id),
    onSuccess: () => toast.success('Item deleted'),
    onError: (e) => toast.error(`Failed to delete item: ${errorMessage(e)}`),
    onSettled: refresh,
  });

  const onExport = async () => {
    try {
      const all = await filter<Product>('Product', {}, 'product_code', 5000);
      downloadFile(ITEMS_EXPORT_FILE, itemsToCsv(all, accountById));
    } catch (e) {
      toast.error(`Failed to export items: ${errorMessage(e)}`);
    }
  };

  const onDeleteAll = async () => {
    setConfirmDeleteAll(false);
    try {
      if ((await count('Product')) === 0) {
        toast.info('No items to delete.');
        return;
      }
      await deleteMany('Product', {});
      toast.success('All items deleted successfully.');
    } catch (e) {
      toast.error(`Failed to delete all items: ${errorMessage(e)}`);
    } finally {
      void refresh();
    }
  };

  const rows = items.data ?? [];
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6">
      <title>Items · Covenant</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Items</h1>
          <p className="text-muted-foreground">Manage billable items and products</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {debug && canWrite ? (
            <Button variant="destructive" onClick={() => setConfirmDeleteAll(true)}>
              <Trash2Icon /> Delete All
            </Button>
          ) : null}
          <Button variant="outline" disabled={!canRead} onClick={() => void onExport()}>
            <DownloadIcon /> Export CSV
          </Button>
          {canWrite ? (
            <Button onClick={() => setEditing({ item: null })}>
              <PlusIcon /> Add Item
            </Button>
          ) : null}
        </div>
      </div>

      <div className="relative max-w-md">
        <SearchIcon className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
        <Input className="pl-9" placeholder="Search items..." aria-label="Search items" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>

      {!canRead ? <p className="text-muted-foreground">You do not have permission to view items.</p> : null}
      <FormError error={items.error ?? accounts.error} />
      {items.isPending && canRead ? (
        <Skeleton className="h-64" aria-label="Loading items" />
      ) : canRead ? (
        <div className="rounded-md border">
          <Table aria-label="Items">
            <TableHeader>
              <TableRow>
                <TableHead>Product Code</TableHead>
                <TableHead>Description</TableHead>
                <TableHead className="text-right">Unit Price</TableHead>
                <TableHead>Default Account</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} className="text-muted-foreground py-10 text-center">
                    No items found
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((p) => {
                  const account = accountById.get(p.account_id);
                  return (
                    <TableRow key={p.id}>
                      <TableCell className="font-medium">{p.product_code}</TableCell>
                      <TableCell className="max-w-md whitespace-normal">{p.description}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(p.unit_price)}</TableCell>
                      <TableCell>{account ? accountLabel(account) : ''}</TableCell>
                      <TableCell>
                        <Badge variant={p.is_active ? 'default' : 'secondary'}>{p.is_active ? 'Active' : 'Inactive'}</Badge>
                      </TableCell>
                      <TableCell className="text-right">
                        {canWrite ? (
                          <div className="flex justify-end gap-1">
                            <Button variant="ghost" size="icon" aria-label={`Edit ${p.product_code}`} onClick={() => setEditing({ item: p })}>
                              <PencilIcon />
                            </Button>
                            <Button variant="ghost" size="icon" aria-label={`Delete ${p.product_code}`} onClick={() => setDeleting(p)}>
                              <Trash2Icon />
                            </Button>
                          </div>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </div>
      ) : null}

      {editing ? <ItemFormDialog item={editing.item} accounts={accounts.data ?? []} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        text="Are you sure you want to delete this item?"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remover.mutate(deleting);
          setDeleting(null);
        }}
      />
      <ConfirmDialog
        open={confirmDeleteAll}
        text="Are you sure you want to delete ALL items? This action cannot be undone."
        confirmLabel="Delete All"
        onCancel={() => setConfirmDeleteAll(false)}
        onConfirm={() => void onDeleteAll()}
      />
    </div>
  );
}
