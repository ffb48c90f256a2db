import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  collectionStageInput, CollectionLetter as ContractLetter, LetterStatus, OwnerCollections as ContractOwnerCollections, paymentPlanInput, PlanStatus,
} from '@covenant/contracts/collections';
import type { RecordOf } from '@covenant/contracts/entity-records';
import { appRequest, downloadPdf } from '@/lib/api';
import { create, entityKeys, invokeFunction, remove, update } from '@/lib/entities';

export type CollectionStage = RecordOf<typeof collectionStageInput, object, 'requires_approval' | 'is_active'>;

/** A plan as the API answers it: the total, the status the runs keep, and its owner (null when the caller may not read them). */
export type PaymentPlan = RecordOf<
  typeof paymentPlanInput,
  {
    installments: Array<{ due_date: string; amount: string | number }>;
    total_amount: number;
    status: PlanStatus;
    status_date: string | null;
    owner: { id: string; owner_id: string; first_name: string; last_name: string } | null;
  },
  'grace_days',
  'installments'
>;

/** One owner moving into a stage (a run's answer, or its preview). */
export interface CollectionStep {
  owner_id: string;
  owner_number: string;
  owner_name: string;
  units: string;
  stage_name: string;
  days_past_due: number;
  past_due_balance: number;
  fee_amount: number;
  requires_approval: boolean;
  subject: string;
  letter_id: string | null;
  status: LetterStatus | null;
}

export interface CollectionsRun {
  count: number;
  total: number;
  closed: number;
  as_of: string;
  dry_run: boolean;
  items: CollectionStep[];
}

/** A letter as the queue and history list it (with its owner's number and name) or an owner's standing shows it. */
export type CollectionLetter = ContractLetter & { owner_number?: string; first_name?: string; last_name?: string };
export type OwnerCollections = ContractOwnerCollections;

export const LETTER_STATUS_LABELS: Record<LetterStatus, string> = {
  awaiting_approval: 'Awaiting approval', queued: 'Queued', sending: 'Sending', sent: 'Emailed', outbox: 'In outbox', no_email: 'Print and mail', failed: 'Failed', skipped: 'Skipped',
};
export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = { active: 'Active', completed: 'Completed', defaulted: 'Defaulted' };

/** Query root of the letters (queue and history); runs, approvals and skips invalidate it. */
export const letterKeys = { all: ['collection-letters'] as const };

export function lettersQuery(status: LetterStatus | undefined, page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...letterKeys.all, status ?? 'all', page, pageSize],
    queryFn: () => appRequest<{ rows: CollectionLetter[]; total: number }>(`/collection-letters?${status ? `status=${status}&` : ''}limit=${pageSize}&skip=${page * pageSize}`),
    placeholderData: keepPreviousData,
  });
}

export const ownerCollectionsQuery = (ownerId: string) =>
  queryOptions({ queryKey: [...letterKeys.all, 'owner', ownerId], queryFn: () => appRequest<OwnerCollections>(`/owners/${ownerId}/collections`) });

export const downloadLetter = (letter: { id: string; as_of: string }) => downloadPdf(`/collection-letters/${letter.id}/pdf`, `letter-${letter.as_of}.pdf`);

export function usePreviewCollections() {
  return useMutation({ mutationFn: (asOf: string) => invokeFunction<CollectionsRun>('runCollections', { as_of: asOf, dry_run: true }) });
}

/** Posts a run: letters, fee invoices and the run history refresh. */
export function usePostCollections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (asOf: string) => invokeFunction<CollectionsRun>('runCollections', { as_of: asOf }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: letterKeys.all });
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('Invoice') });
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('PaymentPlan') });
    },
  });
}

/** Approves or skips letters of the queue. */
export function useDecideLetters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { approve: boolean; letter_ids: string[]; reason?: string }) =>
      invokeFunction<{ approved?: number; skipped?: number }>(input.approve ? 'approveCollectionLetters' : 'skipCollectionLetters', { letter_ids: input.letter_ids, ...(input.reason ? { reason: input.reason } : {}) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: letterKeys.all });
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('Invoice') });
    },
  });
}

/** Creates or changes a stage or a plan; removes one. */
export function useWriteCollectionRecord(entity: 'CollectionStage' | 'PaymentPlan') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string | undefined; values?: Record<string, unknown>; remove?: boolean }): Promise<unknown> =>
      input.remove ? remove(entity, input.id!) : input.id ? update(entity, input.id, input.values ?? {}) : create(entity, input.values ?? {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entityKeys.all(entity) }),
  });
}
