import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssessmentBasis, AssessmentNeed, BudgetStatus } from '@covenant/contracts/budgets';
import type { budgetInput, budgetLineInput } from '@covenant/contracts/entities';
import type { Fund, RecordOf } from '@covenant/contracts/entity-records';
import type { ReportAnswer } from '@covenant/contracts/reports';
import { appRequest, downloadCsv } from '@/lib/api';
import { entityKeys, filter, get, invokeFunction, list, remove } from '@/lib/entities';

export type { Fund };
/** The budget-vs-actual report's answer and its rows, as the contracts define them. */
export type { BudgetVsActual, VarianceFigures, VarianceRow } from '@covenant/contracts/reports';

/** A budget as the API answers it: its header, the status adoption sets, and the totals the server keeps. */
export type Budget = RecordOf<typeof budgetInput, {
  status: BudgetStatus;
  start_month: number;
  adopted_at: string | null;
  adopted_by: string | null;
  total_revenue: number;
  total_expenses: number;
}>;

export type BudgetLine = RecordOf<typeof budgetLineInput>;

export type BudgetWithLines = Budget & { lines: BudgetLine[] };

export interface AssessmentRequest {
  budget_id: string;
  basis: AssessmentBasis;
  need: AssessmentNeed;
  account_ids: string[];
}

export interface AssessmentPreview {
  annual_need: number;
  monthly_need: number;
  annual_billed: number;
  assessment_revenue: number;
  budgeted_expenses: number;
  other_income: number;
  share_total: number;
  total_monthly: number;
  units: Array<{
    id: string; property_id: string; unit_number: string; square_footage: number | null; assessment_share: number | null;
    current_fee: number | null; monthly_fee: number; annual_fee: number;
  }>;
  changed?: number;
}

/** Every budget change also changes the budget-vs-actual report. */
export const budgetKeys = { all: ['budgets'] as const };

export const fundsQuery = queryOptions({
  queryKey: [...entityKeys.all('Fund'), 'list', 'by-code'],
  queryFn: () => list<Fund>('Fund', { sort: 'code', limit: 100 }),
  staleTime: 60_000,
});

export const budgetsQuery = queryOptions({
  queryKey: [...entityKeys.all('Budget'), 'list', 'by-year'],
  queryFn: () => list<Budget>('Budget', { sort: '-fiscal_year,name', limit: 500 }),
});

/** A budget with its lines in order. */
export function budgetQuery(id: string) {
  return queryOptions({
    queryKey: [...entityKeys.all('Budget'), 'one', id, 'with-lines'],
    queryFn: async (): Promise<BudgetWithLines> => {
      const [budget, lines] = await Promise.all([get<Budget>('Budget', id), filter<BudgetLine>('BudgetLine', { budget_id: id }, 'line_no', 1000)]);
      return { ...budget, lines };
    },
  });
}

export function budgetVsActualQuery(params: { budget_id: string; from: string; to: string }) {
  const search = new URLSearchParams(params).toString();
  return queryOptions({
    queryKey: [...budgetKeys.all, 'vs-actual', params],
    queryFn: () => appRequest<ReportAnswer<'budget-vs-actual'>>(`/reports/budget-vs-actual?${search}`),
    placeholderData: keepPreviousData,
  });
}

export function exportBudgetVsActual(params: { budget_id: string; from: string; to: string }) {
  return downloadCsv(`/reports/budget-vs-actual?${new URLSearchParams({ ...params, format: 'csv' }).toString()}`, 'budget-vs-actual.csv');
}

export function assessmentPreviewQuery(request: AssessmentRequest | null) {
  return queryOptions({
    queryKey: [...budgetKeys.all, 'assessment', request],
    queryFn: () => invokeFunction<AssessmentPreview>('previewAssessment', { ...request }),
    enabled: request !== null,
    retry: false,
  });
}

/** Budget writes refresh the budget lists, the open budget and the reports built on them. */
function useBudgetMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: entityKeys.all('Budget') }),
        queryClient.invalidateQueries({ queryKey: entityKeys.all('BudgetLine') }),
        queryClient.invalidateQueries({ queryKey: budgetKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['reserves'] }),
      ]);
    },
  });
}

export interface SaveBudgetInput {
  id?: string;
  name: string;
  fiscal_year: number;
  fund_id: string;
  notes?: string | null;
  lines: Array<{ account_id: string; amounts: number[] }>;
}

export const useSaveBudget = () => useBudgetMutation((input: SaveBudgetInput) => invokeFunction<BudgetWithLines>('saveBudget', { ...input }));
export const useCopyBudget = () =>
  useBudgetMutation((input: { fund_id: string; to_fiscal_year: number; budget_id?: string; name?: string }) => invokeFunction<BudgetWithLines>('copyBudget', { ...input }));
export const useAdoptBudget = () => useBudgetMutation((budgetId: string) => invokeFunction<BudgetWithLines>('adoptBudget', { budget_id: budgetId }));
export const useUnadoptBudget = () =>
  useBudgetMutation((input: { budget_id: string; reason: string }) => invokeFunction<BudgetWithLines>('unadoptBudget', { ...input }));
export const useDeleteBudget = () => useBudgetMutation((budgetId: string) => remove('Budget', budgetId));

export function useApplyAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AssessmentRequest) => invokeFunction<AssessmentPreview>('applyAssessment', { ...request }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('Property') });
      await queryClient.invalidateQueries({ queryKey: budgetKeys.all });
    },
  });
}
