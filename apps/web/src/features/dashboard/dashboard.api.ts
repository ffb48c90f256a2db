import { queryOptions } from '@tanstack/react-query';
import type { DashboardSummary as DashboardSummaryContract } from '@covenant/contracts/reports';
import { appRequest } from '@/lib/api';
import type { Detailed } from '@/lib/contract-detail';

type Summary = DashboardSummaryContract;

/**
 * GET /dashboard/summary: the contract's answer, with the fields of the recent invoices and payments that the contract
 * lets through loosely, as the dashboard service selects them. collections_by_month holds the last twelve months
 * (YYYY-MM), this one included; it is empty without access to payments.
 */
export type DashboardSummary = Detailed<
  Summary,
  {
    recent_invoices: Array<
      Summary['recent_invoices'][number] & {
        id: string;
        invoice_number: string;
        invoice_date: string;
        due_date: string | null;
        owner_name: string | null;
        total_amount: number;
        balance_due: number;
        status: string;
      }
    >;
    recent_payments: Array<
      Summary['recent_payments'][number] & {
        id: string;
        payment_number: string;
        payment_date: string;
        owner_name: string | null;
        amount: number;
        payment_method: string;
        status: string;
      }
    >;
  }
>;

/** Server-side aggregates of spec part 1, section 2 'Dashboard'. */
export const dashboardSummaryQuery = queryOptions({
  queryKey: ['dashboard-summary'],
  queryFn: () => appRequest<DashboardSummary>('/dashboard/summary'),
});
