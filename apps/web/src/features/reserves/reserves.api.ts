import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectionYear } from '@covenant/contracts/reserves';
import { appRequest, downloadCsv } from '@/lib/api';
import { create, entityKeys, remove, update, type EntityRecord } from '@/lib/entities';

export interface ReserveComponent extends EntityRecord {
  name: string;
  category: string | null;
  useful_life_years: number;
  remaining_life_years: number;
  current_replacement_cost: number;
  inflation_rate: number;
  notes: string | null;
}

/** A projected year as the report gives it (amounts as decimal numbers). */
export type { ProjectionYear } from '@covenant/contracts/reserves';

export interface ReserveStudy {
  as_of: string;
  fiscal_year: number;
  reserve_fund: { id: string; name: string } | null;
  reserve_balance: number;
  fully_funded_balance: number;
  percent_funded: number | null;
  contribution: number;
  contribution_source: 'input' | 'budget' | 'none';
  budget_contribution: number | null;
  interest_rate: number;
  components: Array<Omit<ReserveComponent, 'created_date' | 'updated_date' | 'created_by'> & { fully_funded_balance: number }>;
  projection: ProjectionYear[];
}

export interface StudyParams {
  /** Empty: the adopted reserve budget's revenue. */
  contribution: string;
  interest_rate: string;
}

/** Query root of the reserve study; component and budget changes invalidate it. */
export const reserveKeys = { all: ['reserves'] as const };

const search = (p: StudyParams, extra: Record<string, string> = {}) =>
  new URLSearchParams({ ...Object.fromEntries(Object.entries(p).filter(([, v]) => v !== '')), ...extra }).toString();

export function reserveStudyQuery(params: StudyParams) {
  return queryOptions({
    queryKey: [...reserveKeys.all, 'study', params],
    queryFn: () => appRequest<ReserveStudy>(`/reports/reserve-study?${search(params)}`),
    placeholderData: keepPreviousData,
  });
}

export const exportReserveStudy = (params: StudyParams) => downloadCsv(`/reports/reserve-study?${search(params, { format: 'csv' })}`, 'reserve-study.csv');

/** Create, change or delete a component; the study is computed again. */
export function useComponentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id?: string | undefined; remove?: boolean; values?: Record<string, unknown> }): Promise<unknown> =>
      input.remove ? remove('ReserveComponent', input.id!) : input.id ? update('ReserveComponent', input.id, input.values!) : create('ReserveComponent', input.values!),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('ReserveComponent') });
      await queryClient.invalidateQueries({ queryKey: reserveKeys.all });
    },
  });
}
