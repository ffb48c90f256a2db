import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { appRequest, downloadCsv } from '@/lib/api';

export type ReportName = 'summary' | 'income-statement' | 'balance-sheet' | 'ar-aging' | 'ap-aging';

export interface Period {
  from: string;
  to: string;
}

export interface Summary {
  from: string;
  to: string;
  total_revenue: number;
  total_expenses: number;
  net_income: number;
}

export interface AccountAmount {
  account_id: string;
  account_number: string;
  account_name: string;
  account_type: string;
  amount: number;
}

export interface IncomeStatement extends Summary {
  revenue: AccountAmount[];
  expenses: AccountAmount[];
}

export interface BalanceSheet {
  as_of: string;
  assets: AccountAmount[];
  liabilities: AccountAmount[];
  equity: AccountAmount[];
  total_assets: number;
  total_liabilities: number;
  total_equity: number;
  difference: number;
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

export interface Aging {
  as_of: string;
  rows: AgingRow[];
  totals: AgingAmounts;
}

type ReportParams = Partial<Period & { as_of: string }>;

const search = (params: ReportParams, extra: Record<string, string> = {}) =>
  new URLSearchParams({ ...(params as Record<string, string>), ...extra }).toString();

/** Query key root of every report; a change to the books invalidates it. */
export const reportKeys = { all: ['reports'] as const };

function reportQuery<T>(name: ReportName, params: ReportParams) {
  return queryOptions({
    queryKey: [...reportKeys.all, name, params],
    queryFn: () => appRequest<T>(`/reports/${name}?${search(params)}`),
    placeholderData: keepPreviousData,
  });
}

export const summaryQuery = (period: Period) => reportQuery<Summary>('summary', period);
export const incomeStatementQuery = (period: Period) => reportQuery<IncomeStatement>('income-statement', period);
export const balanceSheetQuery = (asOf: string) => reportQuery<BalanceSheet>('balance-sheet', { as_of: asOf });
export const arAgingQuery = (asOf: string) => reportQuery<Aging>('ar-aging', { as_of: asOf });
export const apAgingQuery = (asOf: string) => reportQuery<Aging>('ap-aging', { as_of: asOf });

/** Downloads the server's CSV of a report, under the name the server gives. */
export function exportReportCsv(name: ReportName, params: ReportParams): Promise<void> {
  return downloadCsv(`/reports/${name}?${search(params, { format: 'csv' })}`, `${name}.csv`);
}
