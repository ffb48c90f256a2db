import { isOverdue } from '@covenant/contracts/documents';
import { Badge } from '@/components/ui/badge';
import { type Bill } from '@/features/bills/bills.api';
import { today } from '@/lib/dates';

const STATUS_CLASS: Record<string, string> = {
  draft: 'bg-muted text-muted-foreground',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  partial: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100',
  paid: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  overdue: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  cancelled: 'bg-muted text-muted-foreground line-through',
};

/** The status shown: overdue when an open balance is past its due date (displayed only, never stored). */
export function displayStatus(bill: Bill): string {
  if (bill.status === 'cancelled' || bill.status === 'draft' || bill.status === 'paid') return bill.status;
  return isOverdue(bill, today()) ? 'overdue' : bill.status;
}

export function BillStatusBadge({ bill }: { bill: Bill }) {
  const status = displayStatus(bill);
  return (
    <Badge variant="outline" className={`border-transparent capitalize ${STATUS_CLASS[status] ?? ''}`}>
      {status}
    </Badge>
  );
}

export const methodLabel = (method: string | null | undefined) =>
  method ? method.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()) : '—';
