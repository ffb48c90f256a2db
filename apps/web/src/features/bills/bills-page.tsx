import { formatMoney } from '@covenant/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { EyeIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { DataTable } from '@/components/data-table';
import { ListPage } from '@/components/list-page';
import { Button } from '@/components/ui/button';
import { entityKeys, useLiveRefresh } from '@/lib/entities';
import { isForbidden, NoAccess } from '@/app/page-access';
import { BillDetailsDialog } from '@/features/bills/bill-details-dialog';
import { BillFormDialog } from '@/features/bills/bill-form-dialog';
import { BillStatusBadge } from '@/features/bills/bill-status';
import { billsQuery, BILLS_PAGE_SIZE } from '@/features/bills/bills.api';

/** 'Bills' (spec part 2, section 2): the table, Create Bill and Bill Details; paged on the server, newest bill date first. */
export default function BillsPage() {
  const [page, setPage] = useState(0);
  const [isCreating, setIsCreating] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  useLiveRefresh(entityKeys.all('Bill'), 'Bill', 'BillLineItem', 'Vendor');
  const bills = useQuery(billsQuery(page));
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
        columns={[
          { id: 'number', header: 'Bill #', className: 'font-medium', cell: (bill) => bill.bill_number },
          { id: 'vendor', header: 'Vendor', cell: (bill) => bill.vendor_name ?? '' },
          { id: 'date', header: 'Date', hideBelow: 'sm', cell: (bill) => bill.bill_date },
          { id: 'due', header: 'Due Date', cell: (bill) => bill.due_date ?? '—' },
          { id: 'amount', header: 'Amount', align: 'end', hideBelow: 'sm', cell: (bill) => formatMoney(bill.total_amount) },
          { id: 'balance', header: 'Balance', align: 'end', cell: (bill) => formatMoney(bill.balance_due) },
          { id: 'status', header: 'Status', cell: (bill) => <BillStatusBadge bill={bill} /> },
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
