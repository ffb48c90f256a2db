import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, PlusIcon } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '@covenant/contracts/money';
import { DeleteAllControl } from '@/components/delete-all';
import { useDeleteRecord } from '@/components/delete-record';
import { EmptyRow, ListPage, ListSkeleton, RowActions, SearchBox } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { filter, useLiveEntities } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { accountLabel, accountsQuery } from '@/features/chart-of-accounts/accounts.api';
import { accessOf } from '@/app/navigation';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/api';
import { ItemFormDialog } from './item-form-dialog';
import { ITEMS_EXPORT_FILE, itemsQuery, itemsToCsv, type Product } from './items.api';

export default function ItemsPage() {
  const user = useCurrentUser();
  const { canRead, canWrite } = accessOf(user, 'items');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [editing, setEditing] = useState<{ item: Product | null } | null>(null);

  const items = useQuery({ ...itemsQuery(deferredSearch), enabled: canRead });
  const accounts = useQuery({ ...accountsQuery(), enabled: canRead });
  useLiveEntities('Product', 'ChartOfAccount');
  const accountById = useMemo(() => new Map((accounts.data ?? []).map((a) => [a.id, a])), [accounts.data]);
  const deleter = useDeleteRecord<Product>({ entity: 'Product', noun: 'item' });

  const onExport = async () => {
    try {
      const all = await filter<Product>('Product', {}, 'product_code', 5000);
      downloadFile(ITEMS_EXPORT_FILE, itemsToCsv(all, accountById));
    } catch (e) {
      toast.error(`Failed to export items: ${errorMessage(e)}`);
    }
  };

  const rows = items.data ?? [];
  return (
    <ListPage
      title="Items"
      description="Manage billable items and products"
      canRead={canRead}
      error={items.error ?? accounts.error}
      actions={
        <>
          <DeleteAllControl entity="Product" plural="items" canWrite={canWrite} />
          <Button variant="outline" onClick={() => void onExport()}>
            <DownloadIcon /> Export CSV
          </Button>
          {canWrite ? (
            <Button onClick={() => setEditing({ item: null })}>
              <PlusIcon /> Add Item
            </Button>
          ) : null}
        </>
      }
    >
      <SearchBox className="max-w-md" label="Search items" placeholder="Search items..." value={search} onChange={setSearch} />
      {items.isPending ? (
        <ListSkeleton label="Loading items" />
      ) : (
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
                <EmptyRow colSpan={6}>No items found</EmptyRow>
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
                        {canWrite ? <RowActions name={p.product_code} onEdit={() => setEditing({ item: p })} onDelete={() => deleter.ask(p)} /> : null}
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </div>
      )}

      {editing ? <ItemFormDialog item={editing.item} accounts={accounts.data ?? []} onClose={() => setEditing(null)} /> : null}
      {deleter.dialog}
    </ListPage>
  );
}
