import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { PlusIcon, SearchIcon, Trash2Icon, Undo2Icon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '@covenant/contracts/money';
import { FormError } from '@/components/form-error';
import {
  AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter,
  AlertDialogHeader, AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCurrentUser } from '@/app/current-user';
import { useDebugMode } from '@/app/debug-mode';
import { count, deleteMany, entityKeys, remove, useLiveEntities } from '@/lib/entities';
import { PAGE_SIZE, billedTo, errorMessage, privilegesOf } from '@/features/invoices/invoices.api';
import { BouncePaymentDialog } from './bounce-payment-dialog';
import { fetchPaymentPage, type Payment } from './payments.api';
import { PAYMENT_METHODS, RecordPaymentDialog } from './record-payment-dialog';

const methodLabel = (m: string) => PAYMENT_METHODS.find((x) => x.value === m)?.label ?? m;

type Confirm = { kind: 'bulk'; ids: string[] } | { kind: 'all' } | null;

export default function PaymentsPage() {
  const user = useCurrentUser();
  const debug = useDebugMode();
  const queryClient = useQueryClient();
  const can = privilegesOf(user, 'payments');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [recording, setRecording] = useState(false);
  const [bouncing, setBouncing] = useState<Payment | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  useLiveEntities('Payment', 'Owner');

  const payments = useQuery({
    queryKey: [...entityKeys.all('Payment'), 'page', deferred, page],
    queryFn: () => fetchPaymentPage(deferred, page),
    placeholderData: keepPreviousData,
  });
  const rows = payments.data?.rows ?? [];
  const total = payments.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
  const refresh = () => {
    for (const e of ['Payment', 'Invoice', 'PaymentInvoice'] as const) void queryClient.invalidateQueries({ queryKey: entityKeys.all(e) });
  };

  const onDeleteSelected = () => {
    if (selected.length === 0) {
      toast.error('Please select at least one payment to delete');
      return;
    }
    setConfirm({ kind: 'bulk', ids: selected });
  };

  const deletePayments = async (ids: string[]) => {
    setConfirm(null);
    try {
      for (const id of ids) await remove('Payment', id);
      toast.success(`Successfully deleted ${ids.length} payment(s)`);
      setSelected([]);
    } catch (e) {
      toast.error(`Failed to delete payments: ${errorMessage(e)}`);
    } finally {
      refresh();
    }
  };

  const deleteAll = async () => {
    setConfirm(null);
    try {
      if ((await count('Payment')) === 0) {
        toast.info('No payments to delete.');
        return;
      }
      await deleteMany('Payment', {});
      toast.success('All payments deleted successfully');
      setSelected([]);
    } catch (e) {
      toast.error(`Failed to delete all payments: ${errorMessage(e)}`);
    } finally {
      refresh();
    }
  };

  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6">
      <title>Payments · Covenant</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Payments</h1>
          <p className="text-muted-foreground">Record and track owner payments</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {debug && can.canDelete ? (
            <Button variant="destructive" onClick={() => setConfirm({ kind: 'all' })}>
              <Trash2Icon /> Delete All
            </Button>
          ) : null}
          {can.canDelete ? (
            <Button variant="outline" onClick={onDeleteSelected}>
              <Trash2Icon /> Delete Selected{selected.length ? ` (${selected.length})` : ''}
            </Button>
          ) : null}
          {can.canCreate ? (
            <Button onClick={() => setRecording(true)}>
              <PlusIcon /> Record Payment
            </Button>
          ) : null}
        </div>
      </div>

      <div className="relative">
        <SearchIcon className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
        <Input
          className="pl-9"
          placeholder="Search by reference or owner name..."
          aria-label="Search payments"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
            setSelected([]);
          }}
        />
      </div>

      <FormError error={payments.error} />
      <div className="rounded-md border">
        <Table aria-label="Payments">
          <TableHeader>
            <TableRow>
              {can.canDelete ? (
                <TableHead className="w-10">
                  <Checkbox aria-label="Select all payments on this page" checked={allSelected} onCheckedChange={(c) => setSelected(c ? rows.map((r) => r.id) : [])} />
                </TableHead>
              ) : null}
              <TableHead>Date</TableHead>
              <TableHead>Owner</TableHead>
              <TableHead>Method</TableHead>
              <TableHead>Reference</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Status</TableHead>
              {can.canCreate ? <TableHead className="w-28"><span className="sr-only">Actions</span></TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {payments.isPending ? (
              <TableRow><TableCell colSpan={8} className="text-muted-foreground text-center">Loading...</TableCell></TableRow>
            ) : rows.length === 0 ? (
              <TableRow><TableCell colSpan={8} className="text-muted-foreground text-center">No payments found</TableCell></TableRow>
            ) : (
              rows.map((p) => {
                const name = billedTo(payments.data?.owners, p.owner_id, user);
                return (
                  <TableRow key={p.id} data-testid="payment-row" aria-label={p.payment_number}>
                    {can.canDelete ? (
                      <TableCell>
                        <Checkbox
                          aria-label={`Select ${p.payment_number}`}
                          checked={selected.includes(p.id)}
                          onCheckedChange={(c) => setSelected((s) => (c ? [...s, p.id] : s.filter((x) => x !== p.id)))}
                        />
                      </TableCell>
                    ) : null}
                    <TableCell>{p.payment_date}</TableCell>
                    <TableCell>{name}</TableCell>
                    <TableCell>{methodLabel(p.payment_method)}</TableCell>
                    <TableCell>{p.reference_number ?? ''}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatMoney(p.amount)}</TableCell>
                    <TableCell>
                      <Badge variant={p.status === 'cleared' ? 'default' : p.status === 'bounced' ? 'destructive' : 'secondary'}>{p.status}</Badge>
                      {p.status === 'bounced' && p.bounced_date ? <span className="text-muted-foreground ml-2 text-xs">on {p.bounced_date}</span> : null}
                    </TableCell>
                    {can.canCreate ? (
                      <TableCell className="text-right">
                        {p.status !== 'bounced' ? (
                          <Button size="sm" variant="ghost" aria-label={`Bounce ${p.payment_number}`} onClick={() => setBouncing(p)}>
                            <Undo2Icon /> Bounce
                          </Button>
                        ) : null}
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">
          {total === 0 ? '0 payments' : `${page * PAGE_SIZE + 1}–${Math.min(total, (page + 1) * PAGE_SIZE)} of ${total}`}
        </span>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" disabled={page === 0} onClick={() => { setPage((x) => x - 1); setSelected([]); }}>Previous</Button>
          <Button size="sm" variant="outline" disabled={page >= lastPage} onClick={() => { setPage((x) => x + 1); setSelected([]); }}>Next</Button>
        </div>
      </div>

      {recording ? <RecordPaymentDialog onClose={() => setRecording(false)} /> : null}
      {bouncing ? <BouncePaymentDialog payment={bouncing} onClose={() => setBouncing(null)} /> : null}

      <AlertDialog open={confirm !== null} onOpenChange={(o) => !o && setConfirm(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Please confirm</AlertDialogTitle>
            <AlertDialogDescription>
              {confirm?.kind === 'bulk'
                ? `Are you sure you want to delete ${confirm.ids.length} payment(s)? The payments are reversed and their invoices restored. This action cannot be undone.`
                : 'Are you sure you want to delete ALL payments? This action cannot be undone.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => (confirm?.kind === 'bulk' ? void deletePayments(confirm.ids) : void deleteAll())}>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
