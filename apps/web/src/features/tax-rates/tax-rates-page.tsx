import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { DeleteAllControl } from '@/components/delete-all';
import { useDeleteRecord } from '@/components/delete-record';
import { DataTable, useSortParam, type SortState } from '@/components/data-table';
import { sortParam } from '@/components/data-table-sort';
import { ListPage, RowActions } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useLiveEntities } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TaxRateFormDialog } from './tax-rate-form-dialog';
import { formatRate, TAX_RATE_SORT, taxRatesQuery, type TaxRate } from './tax-rates.api';

const TAX_RATE_SORTS = ['tax_name', 'tax_rate'];
const DEFAULT_SORT: SortState = { key: TAX_RATE_SORT, direction: 'asc' };

export default function TaxRatesPage() {
  const user = useCurrentUser();
  const { canRead, canWrite } = accessOf(user, 'tax_rates');
  const [editing, setEditing] = useState<{ taxRate: TaxRate | null } | null>(null);
  const [sort, setSort] = useSortParam(TAX_RATE_SORTS, DEFAULT_SORT);
  const rates = useQuery({ ...taxRatesQuery(sortParam(sort)), enabled: canRead, placeholderData: keepPreviousData });
  useLiveEntities('TaxRate');
  const deleter = useDeleteRecord<TaxRate>({ entity: 'TaxRate', noun: 'tax rate' });

  const rows = rates.data ?? [];
  return (
    <ListPage
      title="Tax Rates"
      description="Manage sales tax rates"
      canRead={canRead}
      error={rates.error}
      actions={
        <>
          <DeleteAllControl entity="TaxRate" plural="tax rates" canWrite={canWrite} />
          {canWrite ? (
            <Button onClick={() => setEditing({ taxRate: null })}>
              <PlusIcon /> Add Tax Rate
            </Button>
          ) : null}
        </>
      }
    >
      <DataTable
        label="Tax rates"
        loading={rates.isPending && 'Loading tax rates'}
        rows={rows}
        rowKey={(t) => t.id}
        empty="No tax rates found"
        sort={sort}
        onSort={setSort}
        columns={[
          { id: 'name', header: 'Tax Name', sortKey: 'tax_name', cell: (t) => t.tax_name, className: 'font-medium' },
          { id: 'rate', header: 'Tax Rate', sortKey: 'tax_rate', align: 'end', cell: (t) => formatRate(t.tax_rate) },
          { id: 'description', header: 'Description', hideBelow: 'sm', cell: (t) => t.description || 'N/A', className: 'max-w-md whitespace-normal' },
          {
            id: 'status', header: 'Status',
            cell: (t) => <Badge variant={t.is_active ? 'default' : 'secondary'}>{t.is_active ? 'Active' : 'Inactive'}</Badge>,
          },
        ]}
        actions={(t) => (canWrite ? <RowActions name={t.tax_name} onEdit={() => setEditing({ taxRate: t })} onDelete={() => deleter.ask(t)} /> : null)}
      />

      {editing ? <TaxRateFormDialog taxRate={editing.taxRate} onClose={() => setEditing(null)} /> : null}
      {deleter.dialog}
    </ListPage>
  );
}
