import type { FunctionName } from '@covenant/contracts/functions';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { assessmentScheduleInput, ChargeRunPage, lateFeeRuleInput } from '@covenant/contracts/charges';
import type { RecordOf } from '@covenant/contracts/entity-records';
import { appRequest } from '@/lib/api';
import { create, entityKeys, invokeFunction, update } from '@/lib/entities';

/** A schedule as the API answers it: the fund (the item's when none was given) and the defaults always filled. */
export type AssessmentSchedule = RecordOf<typeof assessmentScheduleInput, object, 'fund_id' | 'invoice_day' | 'due_days' | 'installments' | 'property_ids' | 'is_active'>;
export type LateFeeRule = RecordOf<typeof lateFeeRuleInput, object, 'is_active'>;

/** One charge of a run (or of its preview). */
export interface RunItem {
  kind: 'assessment' | 'late_fee' | 'interest';
  source_name: string;
  owner_id: string;
  owner_number: string;
  owner_name: string;
  unit_number: string | null;
  period: string;
  invoice_date: string;
  due_date: string;
  amount: number;
  description: string;
  charged_invoice_number: string | null;
  invoice_id: string | null;
}

export interface RunResult {
  count: number;
  total: number;
  as_of: string;
  dry_run: boolean;
  run_id: string | null;
  items: RunItem[];
}

export const RUN_FUNCTION = { assessments: 'runAssessments', late_fees: 'runLateFees' } as const satisfies Record<'assessments' | 'late_fees', FunctionName>;

/** Query root of the run history; a posted run invalidates it. */
export const chargeRunKeys = { all: ['charge-runs'] as const };

export function chargeRunsQuery(page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...chargeRunKeys.all, page, pageSize],
    queryFn: () => appRequest<ChargeRunPage>(`/charge-runs?limit=${pageSize}&skip=${page * pageSize}`),
    placeholderData: keepPreviousData,
  });
}

/** A dry run: what the job would bill as of the date, nothing written. */
export function usePreviewRun() {
  return useMutation({ mutationFn: (input: { job: keyof typeof RUN_FUNCTION; as_of: string }) => invokeFunction<RunResult>(RUN_FUNCTION[input.job], { as_of: input.as_of, dry_run: true }) });
}

/** Posts a run; invoices, the run history and the open lists refresh. */
export function usePostRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { job: keyof typeof RUN_FUNCTION; as_of: string }) => invokeFunction<RunResult>(RUN_FUNCTION[input.job], { as_of: input.as_of }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: chargeRunKeys.all });
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('Invoice') });
    },
  });
}

/** Creates or changes a schedule or a rule (activate and deactivate are changes of is_active). */
export function useSaveSetup(entity: 'AssessmentSchedule' | 'LateFeeRule') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string | undefined; values: Record<string, unknown> }): Promise<unknown> => (input.id ? update(entity, input.id, input.values) : create(entity, input.values)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entityKeys.all(entity) }),
  });
}
