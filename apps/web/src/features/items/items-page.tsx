import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, PlusIcon } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '@covenant/contracts/money';
import { DeleteAllControl } from '@/components/delete-all';
import { useDeleteRecord } from '@/components/delete-record';
import { DataTable, useSortParam, type SortState } from '@/components/data-table';
import { sortParam } from '@/components/data-table-sort';
import { ListPage, RowActions, SearchBox } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { filter, useLiveEntities } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { accountLabel, accountsQuery } from '@/features/chart-of-accounts/accounts.api';
import { accessOf } from '@/app/navigation';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/api';
import { ItemFormDialog } from './item-form-dialog';
import { ITEM_SORT, ITEMS_EXPORT_FILE, itemsQuery, itemsToCsv, type Product } from './items.api';

const ITEM_SORTS = ['product_code', 'description', 'unit_price'];
const DEFAULT_SORT: SortState = { key: ITEM_SORT, direction: 'asc' };

export default function ItemsPage() {
  const user = useCurrentUser();
  const { canRead, canWrite } = accessOf(user, 'items');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [editing, setEditing] = useState<{ item: Product | null } | null>(null);

  const [sort, setSort] = useSortParam(ITEM_SORTS, DEFAULT_SORT);
  const items = useQuery({ ...itemsQuery(deferredSearch, sortParam(sort)), enabled: canRead });
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
      <DataTable
        label="Items"
        loading={items.isPending && 'Loading items'}
        rows={rows}
        rowKey={(p) => p.id}
        empty="No items found"
        sort={sort}
        onSort={setSort}
        columns={[
          { id: 'code', header: 'Product Code', sortKey: 'product_code', cell: (p) => p.product_code, className: 'font-medium' },
          { id: 'description', header: 'Description', sortKey: 'description', cell: (p) => p.description, className: 'max-w-md whitespace-normal' },
          { id: 'price', header: 'Unit Price', sortKey: 'unit_price', align: 'end', cell: (p) => formatMoney(p.unit_price) },
          {
            id: 'account', header: 'Default Account', hideBelow: 'md',
            cell: (p) => {
              const account = accountById.get(p.account_id);
              return account ? accountLabel(account) : '';
            },
          },
          {
            id: 'status', header: 'Status', hideBelow: 'sm',
            cell: (p) => <Badge variant={p.is_active ? 'default' : 'secondary'}>{p.is_active ? 'Active' : 'Inactive'}</Badge>,
          },
        ]}
        actions={(p) => (canWrite ? <RowActions name={p.product_code} onEdit={() => setEditing({ item: p })} onDelete={() => deleter.ask(p)} /> : null)}
      />

      {editing ? <ItemFormDialog item={editing.item} accounts={accounts.data ?? []} onClose={() => setEditing(null)} /> : null}
      {deleter.dialog}
    </ListPage>
  );
}
