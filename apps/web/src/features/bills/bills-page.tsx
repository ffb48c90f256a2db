import { billListSorts } from '@covenant/contracts/lists';
import { formatMoney } from '@covenant/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { EyeIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { DataTable, useSortParam, type SortState } from '@/components/data-table';
import { sortParam } from '@/components/data-table-sort';
import { ListPage } from '@/components/list-page';
import { Button } from '@/components/ui/button';
import { entityKeys, useLiveRefresh } from '@/lib/entities';
import { isForbidden, NoAccess } from '@/app/page-access';
import { BillDetailsDialog } from '@/features/bills/bill-details-dialog';
import { BillFormDialog } from '@/features/bills/bill-form-dialog';
import { BillStatusBadge } from '@/features/bills/bill-status';
import { billsQuery, BILLS_PAGE_SIZE } from '@/features/bills/bills.api';

/** The order at rest: newest bill date first (the address then has no `sort`). */
const DEFAULT_SORT: SortState<(typeof billListSorts)[number]> = { key: 'bill_date', direction: 'desc' };

/** 'Bills' (spec part 2, section 2): the table, Create Bill and Bill Details; sorted and paged on the server, newest bill date first. */
export default function BillsPage() {
  const [page, setPage] = useState(0);
  const [sort, setSort] = useSortParam(billListSorts, DEFAULT_SORT);
  const [isCreating, setIsCreating] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  useLiveRefresh(entityKeys.all('Bill'), 'Bill', 'BillLineItem', 'Vendor');
  const bills = useQuery(billsQuery(page, sortParam(sort)));
  const list = bills.data?.rows ?? [];
  const total = bills.data?.total ?? 0;
  const vendorName = (id: string) => list.find((b) => b.vendor_id === id)?.vendor_name ?? '';

  if (isForbidden(bills.error)) return <NoAccess />;

  return (
    <ListPage
      title="Bills"
      description="Vendor bills and accounts payable"
      className="max-w-6xl"
      error={bills.error}
      actions={
        <Button onClick={() => setIsCreating(true)}>
          <PlusIcon aria-hidden="true" />
          Create Bill
        </Button>
      }
    >
      <DataTable
        label="Bills"
        loading={bills.isPending && 'Loading bills'}
        rows={list}
        rowKey={(bill) => bill.id}
        rowProps={(bill) => ({ 'aria-label': bill.bill_number })}
        empty="No bills found"
        pager={{ page, pageSize: BILLS_PAGE_SIZE, total, onPage: setPage }}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(0);
        }}
        columns={[
          { id: 'number', header: 'Bill #', sortKey: 'bill_number', className: 'font-medium', cell: (bill) => bill.bill_number },
          { id: 'vendor', header: 'Vendor', sortKey: 'vendor_name', cell: (bill) => bill.vendor_name ?? '' },
          { id: 'date', header: 'Date', sortKey: 'bill_date', hideBelow: 'sm', cell: (bill) => bill.bill_date },
          { id: 'due', header: 'Due Date', sortKey: 'due_date', cell: (bill) => bill.due_date ?? '—' },
          { id: 'amount', header: 'Amount', sortKey: 'total_amount', align: 'end', hideBelow: 'sm', cell: (bill) => formatMoney(bill.total_amount) },
          { id: 'balance', header: 'Balance', sortKey: 'balance_due', align: 'end', cell: (bill) => formatMoney(bill.balance_due) },
          { id: 'status', header: 'Status', sortKey: 'status', cell: (bill) => <BillStatusBadge bill={bill} /> },
        ]}
        actions={(bill) => (
          <Button variant="ghost" size="icon-sm" aria-label={`View ${bill.bill_number}`} onClick={() => setViewing(bill.id)}>
            <EyeIcon aria-hidden="true" />
          </Button>
        )}
      />

      <BillFormDialog open={isCreating} onOpenChange={setIsCreating} />
      <BillDetailsDialog billId={viewing} vendorName={vendorName} onClose={() => setViewing(null)} />
    </ListPage>
  );
}
