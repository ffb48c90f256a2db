import { z } from 'zod';
import { BUDGET_STATUSES } from './budgets.ts';
import { ACCOUNT_TYPES, FUND_KINDS, INVOICE_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from './constants.ts';
import { budgetVsActualQuery, reserveStudyQuery } from './entities.ts';

// The report registry: every report the server serves at GET /api/apps/{appId}/reports/{name}, with the schema of
// its query and of its answer, and the dashboard's answer. Amounts are decimal numbers exact to the cent (the server
// sums integer cents and converts once); dates are YYYY-MM-DD. The server's reports, their OpenAPI operations and
// the web's report reads are typed from this one table.

const amount = z.number();
const day = z.string().describe('YYYY-MM-DD');
const isoDay = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

/** The query of the ledger reports; each reads the keys it needs (a period, or a date). */
export const ledgerReportQuery = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  as_of: isoDay.optional(),
  format: z.enum(['json', 'csv']).default('json'),
  /** One fund only (its id). */
  fund: z.string().regex(/^[0-9a-f]{24}$/, 'fund must be a fund id').optional(),
  /** A column per fund and a total. */
  by_fund: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
  /** The general ledger of one account (its id); all accounts when absent. */
  account_id: z.string().regex(/^[0-9a-f]{24}$/, 'account_id must be an account id').optional(),
});

// --- Parts the reports share -----------------------------------------------------------------------------

/** A fund a by-fund report has a column for. */
export const fundColumnSchema = z.object({ id: z.string(), code: z.string(), name: z.string(), kind: z.enum(FUND_KINDS) });
/** Amounts per fund id (by_fund=true). */
export const byFundSchema = z.record(z.string(), amount);
/** Present when the report is narrowed to one fund (its id), and the columns when asked by fund. */
const fundView = { fund: z.string().optional(), funds: z.array(fundColumnSchema).optional() };

/** An account's amount in a statement; the balance sheet's unclosed net income has no account (null id). */
export const accountAmountSchema = z.object({
  account_id: z.string().nullable(),
  account_number: z.string(),
  account_name: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  amount,
  by_fund: byFundSchema.optional(),
});

export const debitCreditSchema = z.object({ debit: amount, credit: amount });

/** The aging buckets of a party, or of everyone (the totals), by due date. */
export const agingAmountsSchema = z.object({
  current: amount,
  days_1_30: amount,
  days_31_60: amount,
  days_61_90: amount,
  days_over_90: amount,
  total: amount,
});
const agingTotals = { totals: agingAmountsSchema, totals_by_fund: z.record(z.string(), agingAmountsSchema).optional() };

// --- The answers ---------------------------------------------------------------------------------------------

const incomeTotals = { total_revenue: amount, total_expenses: amount, net_income: amount };
const incomeTotalsByFund = {
  total_revenue_by_fund: byFundSchema.optional(),
  total_expenses_by_fund: byFundSchema.optional(),
  net_income_by_fund: byFundSchema.optional(),
};

/** summary: the Reports cards for a period (net income, revenue, expenses) and the owner payments received. */
export const summaryReportSchema = z.object({ from: day, to: day, ...fundView, ...incomeTotals, payments_received: amount, ...incomeTotalsByFund });

/** income-statement: revenue and expense accounts over a period. */
export const incomeStatementSchema = z.object({
  from: day,
  to: day,
  ...fundView,
  revenue: z.array(accountAmountSchema),
  expenses: z.array(accountAmountSchema),
  ...incomeTotals,
  ...incomeTotalsByFund,
});

/** One calendar month of monthly-activity. */
export const monthActivitySchema = z.object({
  month: z.string().describe('YYYY-MM'),
  revenue: amount,
  expenses: amount,
  net_income: amount,
  payments_received: amount,
});
/** monthly-activity: per calendar month of a period, with the period's totals. */
export const monthlyActivitySchema = z.object({
  from: day,
  to: day,
  fund: z.string().optional(),
  months: z.array(monthActivitySchema),
  ...incomeTotals,
  payments_received: amount,
});

/** balance-sheet: assets, liabilities and equity (with the unclosed net income) as of a date. */
export const balanceSheetSchema = z.object({
  as_of: day,
  ...fundView,
  assets: z.array(accountAmountSchema),
  liabilities: z.array(accountAmountSchema),
  equity: z.array(accountAmountSchema),
  total_assets: amount,
  total_liabilities: amount,
  total_equity: amount,
  /** Assets − (liabilities + equity): zero when the books balance. */
  difference: amount,
  total_assets_by_fund: byFundSchema.optional(),
  total_liabilities_by_fund: byFundSchema.optional(),
  total_equity_by_fund: byFundSchema.optional(),
  difference_by_fund: byFundSchema.optional(),
});

/** ar-aging: each owner's open receivables by due date, as of a date. */
export const arAgingSchema = z.object({
  as_of: day,
  ...fundView,
  rows: z.array(agingAmountsSchema.extend({ owner_id: z.string(), owner_name: z.string() })),
  ...agingTotals,
});
/** ap-aging: each vendor's open payables by due date, as of a date. */
export const apAgingSchema = z.object({
  as_of: day,
  ...fundView,
  rows: z.array(agingAmountsSchema.extend({ vendor_id: z.string(), vendor_name: z.string() })),
  ...agingTotals,
});

/** trial-balance: every account with a balance, in the debit or the credit column, as of a date. */
export const trialBalanceSchema = z.object({
  as_of: day,
  ...fundView,
  rows: z.array(debitCreditSchema.extend({
    account_id: z.string(),
    account_number: z.string(),
    account_name: z.string(),
    account_type: z.enum(ACCOUNT_TYPES),
    by_fund: z.record(z.string(), debitCreditSchema).optional(),
  })),
  total_debit: amount,
  total_credit: amount,
  /** Debits − credits: zero when the books balance. */
  difference: amount,
  totals_by_fund: z.record(z.string(), debitCreditSchema).optional(),
});

/** One line of the general ledger, with its entry and document, and the running balance after it. */
export const ledgerLineSchema = debitCreditSchema.extend({
  entry_id: z.string(),
  entry_date: day,
  memo: z.string().nullable(),
  line_memo: z.string().nullable(),
  source_type: z.string(),
  fund_id: z.string(),
  fund_code: z.string(),
  document_type: z.string().nullable(),
  document_id: z.string().nullable(),
  document_number: z.string().nullable(),
  /** In the account's normal direction (debits up for assets and expenses, credits up for the rest). */
  balance: amount,
});
/** One account's ledger over the period (per fund with by_fund: fund_id, fund_code and fund_name). */
export const ledgerAccountSchema = z.object({
  account_id: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  normal_balance: z.enum(['debit', 'credit']),
  fund_id: z.string().optional(),
  fund_code: z.string().optional(),
  fund_name: z.string().optional(),
  opening_balance: amount,
  lines: z.array(ledgerLineSchema),
  total_debit: amount,
  total_credit: amount,
  closing_balance: amount,
});
/** general-ledger: per account, the opening balance, every line of the period and the closing balance. */
export const generalLedgerSchema = z.object({
  from: day,
  to: day,
  fund: z.string().optional(),
  account_id: z.string().optional(),
  by_fund: z.literal(true).optional(),
  accounts: z.array(ledgerAccountSchema),
  /** More lines than one answer holds: narrow the period or pick an account. */
  truncated: z.boolean(),
  line_limit: z.number().int().optional(),
});

/** A budget figure against the ledger: variance favourable positive, percent of the budget (null when it is 0). */
export const varianceFiguresSchema = z.object({ budget: amount, actual: amount, variance: amount, percent: z.number().nullable() });
export const varianceRowSchema = varianceFiguresSchema.extend({ account_id: z.string(), account_number: z.string(), account_name: z.string() });
/** budget-vs-actual: per revenue and expense account of the budget's fund, over the fiscal months in from..to. */
export const budgetVsActualSchema = z.object({
  budget: z.object({
    id: z.string(),
    name: z.string(),
    fiscal_year: z.number().int(),
    fund_id: z.string(),
    fund_name: z.string().nullable(),
    status: z.enum(BUDGET_STATUSES),
  }),
  from: day,
  to: day,
  /** The fiscal months whose budget is counted. */
  months: z.array(z.string()),
  revenue: z.array(varianceRowSchema),
  expenses: z.array(varianceRowSchema),
  totals: z.object({ revenue: varianceFiguresSchema, expenses: varianceFiguresSchema, net: varianceFiguresSchema }),
});

/** A year of the reserve projection. */
export const reserveProjectionYearSchema = z.object({
  year: z.number().int(),
  starting_balance: amount,
  contribution: amount,
  interest: amount,
  replacements: amount,
  ending_balance: amount,
  /** At the start of the year, at that year's inflated costs. */
  fully_funded_balance: amount,
  percent_funded: z.number().nullable(),
  /** Names of the components replaced that year. */
  replaced: z.array(z.string()),
});
/** A reserve component as the study shows it, with its fully funded balance today. */
export const reserveStudyComponentSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  useful_life_years: z.number().int(),
  remaining_life_years: z.number().int(),
  current_replacement_cost: amount,
  inflation_rate: z.number(),
  notes: z.string().nullable(),
  fully_funded_balance: amount,
});
/** reserve-study: percent funded today and a 30-year projection of the reserve fund. */
export const reserveStudySchema = z.object({
  as_of: day,
  fiscal_year: z.number().int(),
  reserve_fund: z.object({ id: z.string(), name: z.string() }).nullable(),
  reserve_balance: amount,
  fully_funded_balance: amount,
  percent_funded: z.number().nullable(),
  contribution: amount,
  /** Where the contribution came from: the query, the adopted reserve budget, or none. */
  contribution_source: z.enum(['input', 'budget', 'none']),
  budget_contribution: amount.nullable(),
  budget_id: z.string().nullable(),
  interest_rate: z.number(),
  components: z.array(reserveStudyComponentSchema),
  projection: z.array(reserveProjectionYearSchema),
});

/** GET /dashboard/summary: figures over what the caller may read; a count is null where the resource is none. */
export const dashboardSummarySchema = z.object({
  total_owners: z.number().int().nullable(),
  total_properties: z.number().int().nullable(),
  total_revenue: amount,
  outstanding_balance: amount,
  outstanding_count: z.number().int(),
  overdue_count: z.number().int(),
  payments_received: amount,
  /** The last twelve calendar months (YYYY-MM), this one included; empty without access to payments. */
  collections_by_month: z.array(z.object({ month: z.string(), payments_received: amount })),
  recent_invoices: z.array(z.object({
    id: z.string(),
    invoice_number: z.string(),
    invoice_date: day,
    due_date: day.nullable(),
    owner_name: z.string().nullable(),
    total_amount: amount,
    balance_due: amount,
    status: z.enum(INVOICE_STATUSES),
  })),
  recent_payments: z.array(z.object({
    id: z.string(),
    payment_number: z.string(),
    payment_date: day,
    owner_name: z.string().nullable(),
    amount,
    payment_method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATUSES),
  })),
});

// --- The registry ----------------------------------------------------------------------------------------

/** One report: its query, its answer (JSON; format=csv answers the same figures as CSV) and what it is. */
export interface ReportContract<Q extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  query: Q;
  answer: A;
  description: string;
}

const report = <Q extends z.ZodType, A extends z.ZodType>(query: Q, answer: A, description: string): ReportContract<Q, A> => ({ query, answer, description });

/** Who may read every report. */
export const REPORT_ACCESS = 'reports read (administrators, property managers)';

/** Every report of the server by name. */
export const reportContracts = {
  summary: report(ledgerReportQuery, summaryReportSchema, 'Net income, revenue, expenses and payments received over a period (from, to)'),
  'income-statement': report(ledgerReportQuery, incomeStatementSchema, 'Revenue and expense accounts over a period (from, to)'),
  'balance-sheet': report(ledgerReportQuery, balanceSheetSchema, 'Assets, liabilities and equity as of a date (as_of)'),
  'monthly-activity': report(ledgerReportQuery, monthlyActivitySchema, 'Revenue, expenses, net income and payments received per calendar month of a period (at most 120 months)'),
  'ar-aging': report(ledgerReportQuery, arAgingSchema, 'Open receivables per owner by due date, as of a date'),
  'ap-aging': report(ledgerReportQuery, apAgingSchema, 'Open payables per vendor by due date, as of a date'),
  'trial-balance': report(ledgerReportQuery, trialBalanceSchema, 'Every account with a balance in the debit or credit column, as of a date'),
  'general-ledger': report(ledgerReportQuery, generalLedgerSchema, 'Per account (account_id: one), the opening balance, every line and the closing balance over a period'),
  'budget-vs-actual': report(budgetVsActualQuery, budgetVsActualSchema, 'A budget against the ledger per revenue and expense account of its fund'),
  'reserve-study': report(reserveStudyQuery, reserveStudySchema, 'Percent funded today and a 30-year projection of the reserve fund'),
} as const;

export type ReportContracts = typeof reportContracts;
export type ReportName = keyof ReportContracts;
/** The query as the report receives it, parsed. */
export type ReportParams<N extends ReportName> = z.output<ReportContracts[N]['query']>;
/** What a report answers as JSON. */
export type ReportAnswer<N extends ReportName> = z.output<ReportContracts[N]['answer']>;

/** The names of every report, in the registry's order. */
export const REPORT_NAMES = Object.keys(reportContracts) as ReportName[];

export type LedgerReportQuery = z.output<typeof ledgerReportQuery>;
export type FundColumn = z.infer<typeof fundColumnSchema>;
export type AccountAmount = z.infer<typeof accountAmountSchema>;
export type DebitCredit = z.infer<typeof debitCreditSchema>;
export type AgingAmounts = z.infer<typeof agingAmountsSchema>;
export type SummaryReport = z.infer<typeof summaryReportSchema>;
export type IncomeStatement = z.infer<typeof incomeStatementSchema>;
export type MonthActivity = z.infer<typeof monthActivitySchema>;
export type MonthlyActivity = z.infer<typeof monthlyActivitySchema>;
export type BalanceSheet = z.infer<typeof balanceSheetSchema>;
export type ArAging = z.infer<typeof arAgingSchema>;
export type ApAging = z.infer<typeof apAgingSchema>;
export type TrialBalance = z.infer<typeof trialBalanceSchema>;
export type LedgerLine = z.infer<typeof ledgerLineSchema>;
export type LedgerAccount = z.infer<typeof ledgerAccountSchema>;
export type GeneralLedger = z.infer<typeof generalLedgerSchema>;
export type VarianceFigures = z.infer<typeof varianceFiguresSchema>;
export type VarianceRow = z.infer<typeof varianceRowSchema>;
export type BudgetVsActual = z.infer<typeof budgetVsActualSchema>;
export type ReserveProjectionYear = z.infer<typeof reserveProjectionYearSchema>;
export type ReserveStudyComponent = z.infer<typeof reserveStudyComponentSchema>;
export type ReserveStudy = z.infer<typeof reserveStudySchema>;
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
