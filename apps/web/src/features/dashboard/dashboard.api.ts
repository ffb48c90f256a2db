import { queryOptions } from '@tanstack/react-query';
import { appRequest } from '@/lib/api';

export interface DashboardSummary {
  total_owners: number | null;
  total_properties: number | null;
  total_revenue: number;
  payments_received: number;
  outstanding_balance: number;
  outstanding_count: number;
  overdue_count: number;
  /** Payments received in each of the last twelve months (YYYY-MM), this one included; empty without access to payments. */
  collections_by_month: Array<{ month: string; payments_received: number }>;
  recent_invoices: Array<{
    id: string;
    invoice_number: string;
    invoice_date: string;
    due_date: string | null;
    owner_name: string | null;
    total_amount: number;
    balance_due: number;
    status: string;
  }>;
  recent_payments: Array<{
    id: string;
    payment_number: string;
    payment_date: string;
    owner_name: string | null;
    amount: number;
    payment_method: string | null;
    status: string;
  }>;
}

/** Server-side aggregates of spec part 1, section 2 'Dashboard'. */
export const dashboardSummaryQuery = queryOptions({
  queryKey: ['dashboard-summary'],
  queryFn: () => appRequest<DashboardSummary>('/dashboard/summary'),
});
