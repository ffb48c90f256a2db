import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { PlusIcon, Trash2Icon, Undo2Icon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { paymentListSorts } from '@covenant/contracts/lists';
import { formatMoney } from '@covenant/contracts/money';
import { DataTable, useSortParam, type SortState } from '@/components/data-table';
import { sortParam } from '@/components/data-table-sort';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DeleteAllControl } from '@/components/delete-all';
import { ListPage, SearchBox } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { useCurrentUser } from '@/app/current-user';
import { entityKeys, remove, useLiveEntities } from '@/lib/entities';
import { PAGE_SIZE, billedTo, errorMessage, privilegesOf } from '@/features/invoices/invoices.api';
import { BouncePaymentDialog } from './bounce-payment-dialog';
import { fetchPaymentPage, type Payment } from './payments.api';
import { PAYMENT_METHODS, RecordPaymentDialog } from './record-payment-dialog';

const methodLabel = (m: string) => PAYMENT_METHODS.find((x) => x.value === m)?.label ?? m;
/** The order at rest: newest payment date first (the address then has no `sort`). */
const DEFAULT_SORT: SortState<(typeof paymentListSorts)[number]> = { key: 'payment_date', direction: 'desc' };

export default function PaymentsPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const can = privilegesOf(user, 'payments');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [page, setPage] = useState(0);
  const [sort, setSort] = useSortParam(paymentListSorts, DEFAULT_SORT);
  const [selected, setSelected] = useState<string[]>([]);
  const [recording, setRecording] = useState(false);
  const [bouncing, setBouncing] = useState<Payment | null>(null);
  /** The selected payments the bulk delete asks about. */
  const [deleting, setDeleting] = useState<string[] | null>(null);
  useLiveEntities('Payment', 'Owner');

  const payments = useQuery({
    queryKey: [...entityKeys.all('Payment'), 'page', deferred, page, sortParam(sort)],
    queryFn: () => fetchPaymentPage(deferred, page, sortParam(sort)),
    placeholderData: keepPreviousData,
  });
  const rows = payments.data?.rows ?? [];
  const total = payments.data?.total ?? 0;
  /** A page of other rows: the selection (of the rows shown) is cleared. */
  const goToPage = (p = 0) => {
    setPage(p);
    setSelected([]);
  };
  const refresh = () => {
    for (const e of ['Payment', 'Invoice', 'PaymentInvoice'] as const) void queryClient.invalidateQueries({ queryKey: entityKeys.all(e) });
  };

  const onDeleteSelected = () => {
    if (selected.length === 0) {
      toast.error('Please select at least one payment to delete');
      return;
    }
    setDeleting(selected);
  };

  const deletePayments = async (ids: string[]) => {
    setDeleting(null);
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

  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  return (
    <ListPage
      title="Payments"
      description="Record and track owner payments"
      error={payments.error}
      actions={
        <>
          <DeleteAllControl
            entity="Payment"
            plural="payments"
            canWrite={can.canDelete}
            texts={{ success: 'All payments deleted successfully' }}
            onDeleted={() => {
              setSelected([]);
              refresh();
            }}
          />
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
        </>
      }
    >
      <SearchBox
        className="flex-none"
        label="Search payments"
        placeholder="Search by reference or owner name..."
        value={search}
        onChange={(text) => {
          setSearch(text);
          goToPage();
        }}
      />

      <DataTable
        label="Payments"
        loading={payments.isPending && 'Loading payments'}
        rows={rows}
        rowKey={(p) => p.id}
        rowProps={(p) => ({ 'data-testid': 'payment-row', 'aria-label': p.payment_number })}
        empty="No payments found"
        pager={{ page, pageSize: PAGE_SIZE, total, onPage: goToPage }}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          goToPage();
        }}
        columns={[
          can.canDelete && {
            id: 'select',
            className: 'w-10',
            header: <Checkbox aria-label="Select all payments on this page" checked={allSelected} onCheckedChange={(c) => setSelected(c ? rows.map((r) => r.id) : [])} />,
            cell: (p) => (
              <Checkbox
                aria-label={`Select ${p.payment_number}`}
                checked={selected.includes(p.id)}
                onCheckedChange={(c) => setSelected((s) => (c ? [...s, p.id] : s.filter((x) => x !== p.id)))}
              />
            ),
          },
          { id: 'date', header: 'Date', sortKey: 'payment_date', cell: (p) => p.payment_date },
          { id: 'owner', header: 'Owner', sortKey: 'owner', className: 'whitespace-normal', cell: (p) => billedTo(payments.data?.owners, p.owner_id, user) },
          { id: 'method', header: 'Method', sortKey: 'payment_method', hideBelow: 'sm', cell: (p) => methodLabel(p.payment_method) },
          { id: 'reference', header: 'Reference', sortKey: 'reference_number', hideBelow: 'md', cell: (p) => p.reference_number ?? '' },
          { id: 'amount', header: 'Amount', sortKey: 'amount', align: 'end', cell: (p) => formatMoney(p.amount) },
          {
            id: 'status',
            header: 'Status',
            cell: (p) => (
              <span>
                <Badge variant={p.status === 'cleared' ? 'default' : p.status === 'bounced' ? 'destructive' : 'secondary'}>{p.status}</Badge>
                {p.status === 'bounced' && p.bounced_date ? <span className="text-muted-foreground ml-2 text-xs">on {p.bounced_date}</span> : null}
              </span>
            ),
          },
        ]}
        actionsHeader={<span className="sr-only">Actions</span>}
        actions={
          can.canCreate
            ? (p) =>
                p.status !== 'bounced' ? (
                  <Button size="sm" variant="ghost" aria-label={`Bounce ${p.payment_number}`} onClick={() => setBouncing(p)}>
                    <Undo2Icon /> Bounce
                  </Button>
                ) : null
            : undefined
        }
      />

      {recording ? <RecordPaymentDialog onClose={() => setRecording(false)} /> : null}
      {bouncing ? <BouncePaymentDialog payment={bouncing} onClose={() => setBouncing(null)} /> : null}

      <ConfirmDialog
        open={deleting !== null}
        text={`Are you sure you want to delete ${deleting?.length ?? 0} payment(s)? The payments are reversed and their invoices restored. This action cannot be undone.`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void deletePayments(deleting)}
      />
    </ListPage>
  );
}
