import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApAging, ArAging, ReportAnswer, ReportName, SummaryReport } from '@covenant/contracts/reports';
import { appRequest, downloadCsv } from '@/lib/api';

// The answers are the contracts' (`@covenant/contracts/reports`), which the server checks its answers against.
export type {
  AccountAmount, AgingAmounts, BalanceSheet, DebitCredit, FundColumn, GeneralLedger, IncomeStatement, LedgerAccount, LedgerLine, MonthActivity,
  MonthlyActivity, ReportName, TrialBalance,
} from '@covenant/contracts/reports';
export type Summary = SummaryReport;
/** Either aging: receivables rows name an owner, payables rows a vendor. */
export type Aging = ArAging | ApAging;

/** Amounts per fund id, present when a report is asked by fund. */
export type ByFund = Record<string, number>;

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

type ReportParams = Partial<Period & { as_of: string; account_id: string }> & Record<string, string | undefined>;

const search = (params: ReportParams, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  return query.toString();
};

/** Query key root of every report; a change to the books invalidates it. */
export const reportKeys = { all: ['reports'] as const };

/** A report's answer, typed by its contract. */
function reportQuery<N extends ReportName>(name: N, params: ReportParams) {
  return queryOptions({
    queryKey: [...reportKeys.all, name, params],
    queryFn: () => appRequest<ReportAnswer<N>>(`/reports/${name}?${search(params)}`),
    placeholderData: keepPreviousData,
  });
}

export const summaryQuery = (period: Period, view: FundView = ALL_FUNDS) => reportQuery('summary', { ...period, ...fundParams(view) });
export const incomeStatementQuery = (period: Period, view: FundView = ALL_FUNDS) => reportQuery('income-statement', { ...period, ...fundParams(view) });
export const balanceSheetQuery = (asOf: string, view: FundView = ALL_FUNDS) => reportQuery('balance-sheet', { as_of: asOf, ...fundParams(view) });
export const arAgingQuery = (asOf: string, view: FundView = ALL_FUNDS) => reportQuery('ar-aging', { as_of: asOf, ...fundParams(view) });
export const apAgingQuery = (asOf: string, view: FundView = ALL_FUNDS) => reportQuery('ap-aging', { as_of: asOf, ...fundParams(view) });
export const monthlyActivityQuery = (period: Period, view: FundView = ALL_FUNDS) => reportQuery('monthly-activity', { ...period, ...fundParams(view) });
export const trialBalanceQuery = (asOf: string, view: FundView = ALL_FUNDS) => reportQuery('trial-balance', { as_of: asOf, ...fundParams(view) });
/** The general ledger of one account (or all) over a period, for all funds or one. */
export const generalLedgerQuery = (period: Period, accountId: string, view: FundView = ALL_FUNDS) =>
  reportQuery('general-ledger', { ...period, account_id: accountId || undefined, ...fundParams(view) });

/** Downloads the server's CSV of a report, under the name the server gives. */
export function exportReportCsv(name: ReportName, params: ReportParams): Promise<void> {
  return downloadCsv(`/reports/${name}?${search(params, { format: 'csv' })}`, `${name}.csv`);
}
