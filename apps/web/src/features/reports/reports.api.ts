import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { appRequest, downloadCsv } from '@/lib/api';

export type ReportName = 'summary' | 'income-statement' | 'balance-sheet' | 'ar-aging' | 'ap-aging' | 'trial-balance' | 'general-ledger' | 'monthly-activity';

export interface Period {
  from: string;
  to: string;
}

/** Which funds a report covers: all together ('all'), a column per fund ('by_fund'), or one fund (its id). */
export type FundView = string;
export const ALL_FUNDS: FundView = 'all';
export const BY_FUND: FundView = 'by_fund';

/** The query parameters of a fund view, as every report takes them. */
export function fundParams(view: FundView): Record<string, string> {
  if (view === ALL_FUNDS) return {};
  if (view === BY_FUND) return { by_fund: 'true' };
  return { fund: view };
}

/** A fund a by-fund report has a column for. */
export interface FundColumn {
  id: string;
  code: string;
  name: string;
  kind: string;
}

/** Amounts per fund id, present when a report is asked by fund. */
export type ByFund = Record<string, number>;

interface ByFundColumns {
  funds?: FundColumn[];
}

export interface Summary extends ByFundColumns {
  from: string;
  to: string;
  total_revenue: number;
  total_expenses: number;
  net_income: number;
}

export interface AccountAmount {
  account_id: string | null;
  account_number: string;
  account_name: string;
  account_type: string;
  amount: number;
  by_fund?: ByFund;
}

export interface IncomeStatement extends Summary {
  revenue: AccountAmount[];
  expenses: AccountAmount[];
  total_revenue_by_fund?: ByFund;
  total_expenses_by_fund?: ByFund;
  net_income_by_fund?: ByFund;
}

export interface BalanceSheet extends ByFundColumns {
  as_of: string;
  assets: AccountAmount[];
  liabilities: AccountAmount[];
  equity: AccountAmount[];
  total_assets: number;
  total_liabilities: number;
  total_equity: number;
  difference: number;
  total_assets_by_fund?: ByFund;
  total_liabilities_by_fund?: ByFund;
  total_equity_by_fund?: ByFund;
  difference_by_fund?: ByFund;
}

export interface AgingAmounts {
  current: number;
  days_1_30: number;
  days_31_60: number;
  days_61_90: number;
  days_over_90: number;
  total: number;
}

export interface AgingRow extends AgingAmounts {
  owner_id?: string;
  owner_name?: string;
  vendor_id?: string;
  vendor_name?: string;
}

export interface Aging extends ByFundColumns {
  as_of: string;
  rows: AgingRow[];
  totals: AgingAmounts;
  totals_by_fund?: Record<string, AgingAmounts>;
}

export interface DebitCredit {
  debit: number;
  credit: number;
}

export interface TrialBalanceRow extends DebitCredit {
  account_id: string;
  account_number: string;
  account_name: string;
  account_type: string;
  by_fund?: Record<string, DebitCredit>;
}

export interface TrialBalance extends ByFundColumns {
  as_of: string;
  rows: TrialBalanceRow[];
  total_debit: number;
  total_credit: number;
  difference: number;
  totals_by_fund?: Record<string, DebitCredit>;
}

export interface LedgerLine extends DebitCredit {
  entry_id: string;
  entry_date: string;
  memo: string | null;
  line_memo: string | null;
  source_type: string;
  fund_id: string;
  fund_code: string;
  document_type: string | null;
  document_id: string | null;
  document_number: string | null;
  /** The running balance after the line, in the account's normal direction. */
  balance: number;
}

export interface LedgerAccount {
  account_id: string;
  account_number: string;
  account_name: string;
  account_type: string;
  normal_balance: 'debit' | 'credit';
  /** With a column per fund: the fund whose ledger of the account this is. */
  fund_id?: string;
  fund_code?: string;
  fund_name?: string;
  opening_balance: number;
  lines: LedgerLine[];
  total_debit: number;
  total_credit: number;
  closing_balance: number;
}

/** One calendar month of the monthly-activity report. */
export interface MonthActivity {
  /** YYYY-MM */
  month: string;
  revenue: number;
  expenses: number;
  net_income: number;
  payments_received: number;
}

export interface MonthlyActivity extends Summary {
  months: MonthActivity[];
  payments_received: number;
}

export interface GeneralLedger {
  from: string;
  to: string;
  accounts: LedgerAccount[];
  /** More lines than one answer holds: narrow the period or pick an account. */
  truncated: boolean;
  line_limit?: number;
}

type ReportParams = Partial<Period & { as_of: string; account_id: string }> & Record<string, string | undefined>;

const search = (params: ReportParams, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  return query.toString();
};

/** Query key root of every report; a change to the books invalidates it. */
export const reportKeys = { all: ['reports'] as const };

function reportQuery<T>(name: ReportName, params: ReportParams) {
  return queryOptions({
    queryKey: [...reportKeys.all, name, params],
    queryFn: () => appRequest<T>(`/reports/${name}?${search(params)}`),
    placeholderData: keepPreviousData,
  });
}

export const summaryQuery = (period: Period, view: FundView = ALL_FUNDS) => reportQuery<Summary>('summary', { ...period, ...fundParams(view) });
export const incomeStatementQuery = (period: Period, view: FundView = ALL_FUNDS) => reportQuery<IncomeStatement>('income-statement', { ...period, ...fundParams(view) });
export const balanceSheetQuery = (asOf: string, view: FundView = ALL_FUNDS) => reportQuery<BalanceSheet>('balance-sheet', { as_of: asOf, ...fundParams(view) });
export const arAgingQuery = (asOf: string, view: FundView = ALL_FUNDS) => reportQuery<Aging>('ar-aging', { as_of: asOf, ...fundParams(view) });
export const apAgingQuery = (asOf: string, view: FundView = ALL_FUNDS) => reportQuery<Aging>('ap-aging', { as_of: asOf, ...fundParams(view) });
export const monthlyActivityQuery = (period: Period, view: FundView = ALL_FUNDS) => reportQuery<MonthlyActivity>('monthly-activity', { ...period, ...fundParams(view) });
export const trialBalanceQuery = (asOf: string, view: FundView = ALL_FUNDS) => reportQuery<TrialBalance>('trial-balance', { as_of: asOf, ...fundParams(view) });
/** The general ledger of one account (or all) over a period, for all funds or one. */
export const generalLedgerQuery = (period: Period, accountId: string, view: FundView = ALL_FUNDS) =>
  reportQuery<GeneralLedger>('general-ledger', { ...period, account_id: accountId || undefined, ...fundParams(view) });

/** Downloads the server's CSV of a report, under the name the server gives. */
export function exportReportCsv(name: ReportName, params: ReportParams): Promise<void> {
  return downloadCsv(`/reports/${name}?${search(params, { format: 'csv' })}`, `${name}.csv`);
}
