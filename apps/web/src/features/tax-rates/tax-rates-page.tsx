import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormError } from '@/components/form-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { count, deleteMany, entityKeys, remove, useLiveEntities } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { useDebugMode } from '@/app/debug-mode';
import { ConfirmDialog } from '@/features/owners/confirm-dialog';
import { accessOf } from '@/app/navigation';
import { errorMessage } from '@/lib/api';
import { TaxRateFormDialog } from './tax-rate-form-dialog';
import { formatRate, taxRatesQuery, type TaxRate } from './tax-rates.api';

export default function TaxRatesPage() {
  const user = useCurrentUser();
  const debug = useDebugMode();
  const { canRead, canWrite } = accessOf(user, 'tax_rates');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ taxRate: TaxRate | null } | null>(null);
  const [deleting, setDeleting] = useState<TaxRate | null>(null);
  const [confirmDeleteAll, setConfirmDeleteAll] = useState(false);
  const rates = useQuery({ ...taxRatesQuery(), enabled: canRead });
  useLiveEntities('TaxRate');
  const refresh = () => queryClient.invalidateQueries({ queryKey: entityKeys.all('TaxRate') });

  const remover = useMutation({
    mutationFn: (t: TaxRate) => remove('TaxRate', t.id),
    onSuccess: () => toast.success('Tax rate deleted'),
    onError: (e) => toast.error(`Failed to delete tax rate: ${errorMessage(e)}`),
    onSettled: refresh,
  });

  const onDeleteAllClick = async () => {
    try {
      if ((await count('TaxRate')) === 0) {
        toast.info('No tax rates to delete.');
        return;
      }
      setConfirmDeleteAll(true);
    } catch (e) {
      toast.error(`Failed to delete all tax rates: ${errorMessage(e)}`);
    }
  };

  const onDeleteAll = async () => {
    setConfirmDeleteAll(false);
    try {
      await deleteMany('TaxRate', {});
      toast.success('All tax rates deleted successfully.');
    } catch (e) {
      toast.error(`Failed to delete all tax rates: ${errorMessage(e)}`);
    } finally {
      void refresh();
    }
  };

  const rows = rates.data ?? [];
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6">
      <title>Tax Rates · Covenant</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Tax Rates</h1>
          <p className="text-muted-foreground">Manage sales tax rates</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {debug && canWrite ? (
            <Button variant="destructive" onClick={() => void onDeleteAllClick()}>
              <Trash2Icon /> Delete All
            </Button>
          ) : null}
          {canWrite ? (
            <Button onClick={() => setEditing({ taxRate: null })}>
              <PlusIcon /> Add Tax Rate
            </Button>
          ) : null}
        </div>
      </div>

      {!canRead ? <p className="text-muted-foreground">You do not have permission to view tax rates.</p> : null}
      <FormError error={rates.error} />
      {rates.isPending && canRead ? (
        <Skeleton className="h-64" aria-label="Loading tax rates" />
      ) : canRead ? (
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
                <TableRow>
                  <TableCell colSpan={5} className="text-muted-foreground py-10 text-center">
                    No tax rates found
                  </TableCell>
                </TableRow>
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
                      {canWrite ? (
                        <div className="flex justify-end gap-1">
                          <Button variant="ghost" size="icon" aria-label={`Edit ${t.tax_name}`} onClick={() => setEditing({ taxRate: t })}>
                            <PencilIcon />
                          </Button>
                          <Button variant="ghost" size="icon" aria-label={`Delete ${t.tax_name}`} onClick={() => setDeleting(t)}>
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

      {editing ? <TaxRateFormDialog taxRate={editing.taxRate} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        text="Are you sure you want to delete this tax rate?"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remover.mutate(deleting);
          setDeleting(null);
        }}
      />
      <ConfirmDialog
        open={confirmDeleteAll}
        text="Are you sure you want to delete ALL tax rates? This action cannot be undone."
        confirmLabel="Delete All"
        onCancel={() => setConfirmDeleteAll(false)}
        onConfirm={() => void onDeleteAll()}
      />
    </div>
  );
}
