import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { DeleteAllControl } from '@/components/delete-all';
import { useDeleteRecord } from '@/components/delete-record';
import { EmptyRow, ListPage, ListSkeleton, RowActions } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useLiveEntities } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { useQuery } from '@tanstack/react-query';
import { TaxRateFormDialog } from './tax-rate-form-dialog';
import { formatRate, taxRatesQuery, type TaxRate } from './tax-rates.api';

export default function TaxRatesPage() {
  const user = useCurrentUser();
  const { canRead, canWrite } = accessOf(user, 'tax_rates');
  const [editing, setEditing] = useState<{ taxRate: TaxRate | null } | null>(null);
  const rates = useQuery({ ...taxRatesQuery(), enabled: canRead });
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
      {rates.isPending ? (
        <ListSkeleton label="Loading tax rates" />
      ) : (
        <div className="rounded-md border">
          <Table aria-label="Tax rates">
            <TableHeader>
              <TableRow>
                <TableHead>Tax Name</TableHead>
                <TableHead className="text-right">Tax Rate</TableHead>
                <TableHead>Description</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.length === 0 ? (
                <EmptyRow colSpan={5}>No tax rates found</EmptyRow>
              ) : (
                rows.map((t) => (
                  <TableRow key={t.id}>
                    <TableCell className="font-medium">{t.tax_name}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatRate(t.tax_rate)}</TableCell>
                    <TableCell className="max-w-md whitespace-normal">{t.description || 'N/A'}</TableCell>
                    <TableCell>
                      <Badge variant={t.is_active ? 'default' : 'secondary'}>{t.is_active ? 'Active' : 'Inactive'}</Badge>
                    </TableCell>
                    <TableCell className="text-right">
                      {canWrite ? <RowActions name={t.tax_name} onEdit={() => setEditing({ taxRate: t })} onDelete={() => deleter.ask(t)} /> : null}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      )}

      {editing ? <TaxRateFormDialog taxRate={editing.taxRate} onClose={() => setEditing(null)} /> : null}
      {deleter.dialog}
    </ListPage>
  );
}
