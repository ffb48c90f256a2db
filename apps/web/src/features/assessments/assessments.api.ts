import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AllocationMethod, AmountBasis, ChargeJob, LateFeeType, ScheduleFrequency } from '@covenant/contracts/charges';
import { appRequest } from '@/lib/api';
import { create, entityKeys, invokeFunction, update, type EntityRecord } from '@/lib/entities';

export interface AssessmentSchedule extends EntityRecord {
  name: string;
  product_id: string;
  fund_id: string;
  frequency: ScheduleFrequency;
  amount_basis: AmountBasis;
  amount: number | null;
  total_amount: number | null;
  allocation_method: AllocationMethod | null;
  start_date: string;
  end_date: string | null;
  invoice_day: number;
  due_days: number;
  installments: number;
  property_ids: string[];
  is_active: boolean;
  notes: string | null;
}

export interface LateFeeRule extends EntityRecord {
  name: string;
  grace_days: number;
  fee_type: LateFeeType;
  fixed_amount: number | null;
  percent: number | null;
  max_amount: number | null;
  min_balance: number | null;
  annual_interest_rate: number | null;
  product_ids: string[];
  late_fee_product_id: string;
  is_active: boolean;
}

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

export interface ChargeRun {
  id: string;
  job: ChargeJob;
  as_of: string;
  trigger: 'manual' | 'scheduler';
  count: number;
  total: number;
  created_by: string | null;
  created_date: string;
}

export const RUN_FUNCTION: Record<'assessments' | 'late_fees', string> = { assessments: 'runAssessments', late_fees: 'runLateFees' };

/** Query root of the run history; a posted run invalidates it. */
export const chargeRunKeys = { all: ['charge-runs'] as const };

export function chargeRunsQuery(page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...chargeRunKeys.all, page, pageSize],
    queryFn: () => appRequest<{ rows: ChargeRun[]; total: number }>(`/charge-runs?limit=${pageSize}&skip=${page * pageSize}`),
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
