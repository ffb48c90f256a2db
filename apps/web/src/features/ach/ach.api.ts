import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AchBatchAnswer, AchReturnsAnswer, MyAutopay, SelfEnrollmentInput } from '@covenant/contracts/ach';
import { appRequest, downloadText } from '@/lib/api';
import { entityKeys, filter, invokeFunction } from '@/lib/entities';

/** An ACH file as the list shows it (the file itself is downloaded on its own). */
export interface AchBatchRecord {
  id: string;
  bank_account_id: string;
  direction: 'debit' | 'credit';
  effective_date: string;
  entry_count: number;
  total: number;
  file_name: string;
  created_date: string;
  created_by: string | null;
}

/** An open bill as the "Pay Bills by ACH" dialog lists it. */
export interface OpenBill {
  id: string;
  bill_number: string;
  vendor_id: string;
  bill_date: string;
  due_date: string | null;
  balance_due: number;
  status: string;
}

export const ACH_PAGE_SIZE = 100;

/** The newest ACH files first. */
export const achBatchesQuery = () =>
  queryOptions({
    queryKey: entityKeys.list('AchBatch', { sort: '-created_date', limit: ACH_PAGE_SIZE }),
    queryFn: () => filter<AchBatchRecord>('AchBatch', {}, '-created_date', ACH_PAGE_SIZE),
  });

/** Bills with a balance due, oldest due first (the ones an ACH credit file can pay). */
export const openBillsQuery = () =>
  queryOptions({
    queryKey: entityKeys.list('Bill', { q: { status: { $in: ['pending', 'partial', 'overdue'] } }, sort: 'due_date', limit: 200 }),
    queryFn: () => filter<OpenBill>('Bill', { status: { $in: ['pending', 'partial', 'overdue'] } }, 'due_date', 200),
  });

/** Downloads an ACH file under the name the server gives it. */
export const downloadAchFile = (batch: Pick<AchBatchRecord, 'id' | 'file_name'>) => downloadText(`/ach-batches/${batch.id}/file`, batch.file_name);

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all(['AchBatch', 'Payment', 'AutopayEnrollment', 'Invoice', 'Bill', 'BillPayment'].map((e) => queryClient.invalidateQueries({ queryKey: entityKeys.all(e as 'AchBatch') })));
}

export function useCreateDebitBatch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (params: { bank_account_id: string; effective_date: string }) => invokeFunction<AchBatchAnswer>('createAchDebitBatch', params),
    onSuccess: invalidate,
  });
}

export function useCreateCreditBatch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (params: { bank_account_id: string; bill_ids: string[]; effective_date: string }) => invokeFunction<AchBatchAnswer>('createAchCreditBatch', params),
    onSuccess: invalidate,
  });
}

export function useImportReturns() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (fileText: string) => invokeFunction<AchReturnsAnswer>('importAchReturns', { file_text: fileText }),
    onSuccess: invalidate,
  });
}

export const myAutopayQuery = () => queryOptions({ queryKey: ['my-account', 'autopay'], queryFn: () => appRequest<MyAutopay>('/my-account/autopay') });

export function useEnrollMyself() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SelfEnrollmentInput) => appRequest<MyAutopay>('/my-account/autopay', { method: 'POST', body }),
    onSuccess: (answer) => queryClient.setQueryData(['my-account', 'autopay'], answer),
  });
}

export function useCancelMyEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => appRequest<MyAutopay>(`/my-account/autopay/${id}/cancel`, { method: 'POST' }),
    onSuccess: (answer) => queryClient.setQueryData(['my-account', 'autopay'], answer),
  });
}
