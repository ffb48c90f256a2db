import { formatMoney } from '@covenant/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { EyeIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
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
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6">
      <title>Bills · Covenant</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Bills</h1>
          <p className="text-muted-foreground">Vendor bills and accounts payable</p>
        </div>
        <Button onClick={() => setIsCreating(true)}>
          <PlusIcon aria-hidden="true" />
          Create Bill
        </Button>
      </div>

      {bills.isError ? <p className="text-destructive">{bills.error.message}</p> : null}

      <Card className="py-0">
        <CardContent className="px-0">
          {bills.isPending ? (
            <div className="space-y-2 p-4">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-10" />
              ))}
            </div>
          ) : list.length === 0 ? (
            <p className="text-muted-foreground py-10 text-center">No bills found</p>
          ) : (
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
                {list.map((bill) => (
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
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>

      {page > 0 || total > BILLS_PAGE_SIZE ? (
        <nav className="flex items-center justify-end gap-2" aria-label="Pages">
          <span className="text-muted-foreground text-sm">Page {page + 1}</span>
          <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={(page + 1) * BILLS_PAGE_SIZE >= total} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      ) : null}

      <BillFormDialog open={isCreating} onOpenChange={setIsCreating} />
      <BillDetailsDialog billId={viewing} vendorName={vendorName} onClose={() => setViewing(null)} />
    </div>
  );
}
