import { queryOptions } from '@tanstack/react-query';
import type { DashboardSummary } from '@covenant/contracts/reports';
import { appRequest } from '@/lib/api';

/**
 * GET /dashboard/summary, as the contract describes it: collections_by_month holds the last twelve months (YYYY-MM),
 * this one included; it is empty without access to payments.
 */
export type { DashboardSummary };

/** Server-side aggregates of spec part 1, section 2 'Dashboard'. */
export const dashboardSummaryQuery = queryOptions({
  queryKey: ['dashboard-summary'],
  queryFn: () => appRequest<DashboardSummary>('/dashboard/summary'),
});
