import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reserveComponentCreate, reserveComponentInput } from '@covenant/contracts/entities';
import type { RecordOf } from '@covenant/contracts/entity-records';
import type { ReportAnswer } from '@covenant/contracts/reports';
import { appRequest, downloadCsv } from '@/lib/api';
import { create, entityKeys, update } from '@/lib/entities';

/** A component as the API answers it; the server fills the inflation rate when none is given. */
export type ReserveComponent = RecordOf<typeof reserveComponentInput, object, 'inflation_rate'>;

/** The reserve study's answer, a projected year and a component as the study shows them (the contracts'). */
export type { ReserveProjectionYear as ProjectionYear, ReserveStudy, ReserveStudyComponent } from '@covenant/contracts/reports';

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
    queryFn: () => appRequest<ReportAnswer<'reserve-study'>>(`/reports/reserve-study?${search(params)}`),
    placeholderData: keepPreviousData,
  });
}

export const exportReserveStudy = (params: StudyParams) => downloadCsv(`/reports/reserve-study?${search(params, { format: 'csv' })}`, 'reserve-study.csv');

/** Creates a component, or changes `component`; blank texts are sent as null and the study is computed again. */
export function useSaveComponent(component: ReserveComponent | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: z.output<typeof reserveComponentCreate>) => {
      const body = { ...values, category: values.category || null, notes: values.notes || null };
      return component ? update<ReserveComponent>('ReserveComponent', component.id, body) : create<ReserveComponent>('ReserveComponent', body);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('ReserveComponent') });
      await queryClient.invalidateQueries({ queryKey: reserveKeys.all });
    },
  });
}
