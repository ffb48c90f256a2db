import { formatMoney } from '@covenant/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { EyeIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyRow, ListPage, ListSkeleton } from '@/components/list-page';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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
      {bills.isPending ? (
        <ListSkeleton label="Loading bills" />
      ) : (
        <div className="rounded-md border">
          <Table aria-label="Bills">
            <TableHeader>
              <TableRow>
                <TableHead>Bill #</TableHead>
                <TableHead>Vendor</TableHead>
                <TableHead>Date</TableHead>
                <TableHead>Due Date</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead className="text-right">Balance</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.length === 0 ? (
                <EmptyRow colSpan={8}>No bills found</EmptyRow>
              ) : (
                list.map((bill) => (
                  <TableRow key={bill.id} aria-label={bill.bill_number}>
                    <TableCell className="font-medium">{bill.bill_number}</TableCell>
                    <TableCell>{bill.vendor_name ?? ''}</TableCell>
                    <TableCell>{bill.bill_date}</TableCell>
                    <TableCell>{bill.due_date ?? '—'}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatMoney(bill.total_amount)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatMoney(bill.balance_due)}</TableCell>
                    <TableCell>
                      <BillStatusBadge bill={bill} />
                    </TableCell>
                    <TableCell className="text-right">
                      <Button variant="ghost" size="icon-sm" aria-label={`View ${bill.bill_number}`} onClick={() => setViewing(bill.id)}>
                        <EyeIcon aria-hidden="true" />
                      </Button>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      )}

      <Pager page={page} pageSize={BILLS_PAGE_SIZE} shown={list.length} total={total} onPage={setPage} />

      <BillFormDialog open={isCreating} onOpenChange={setIsCreating} />
      <BillDetailsDialog billId={viewing} vendorName={vendorName} onClose={() => setViewing(null)} />
    </ListPage>
  );
}
