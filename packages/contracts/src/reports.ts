import { z } from 'zod';

// Answers of the reports and the dashboard. Each report has its own shape (docs/api.md): documented loosely here.

/** GET /reports/{name} (JSON): the named report's rows and totals, as of a date or over a period. */
export const reportSchema = z.looseObject({}).describe('The report: its rows and totals depend on the report (see docs/api.md)');
/** GET /dashboard/summary: figures over what the caller may read; a count is null where the resource is none. */
export const dashboardSummarySchema = z.looseObject({
  total_owners: z.number().int().nullable(),
  total_properties: z.number().int().nullable(),
  total_revenue: z.number(),
  outstanding_balance: z.number(),
  outstanding_count: z.number().int(),
  overdue_count: z.number().int(),
  payments_received: z.number(),
  collections_by_month: z.array(z.looseObject({ month: z.string(), payments_received: z.number() })),
  recent_invoices: z.array(z.looseObject({})),
  recent_payments: z.array(z.looseObject({})),
});

export type Report = z.infer<typeof reportSchema>;
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
