import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EstoppelFigures, EstoppelStatus } from '@covenant/contracts/estoppel';
import { appRequest, downloadPdf } from '@/lib/api';
import { create, invokeFunction } from '@/lib/entities';

/** A request as the Estoppel Requests list shows it (GET /estoppel-requests). */
export interface EstoppelRow {
  id: string;
  property_id: string;
  unit_number: string;
  requester_name: string;
  requester_email: string | null;
  requested_on: string;
  rush: boolean;
  status: EstoppelStatus;
  due_on: string;
  fee_amount: number;
  fee_rule: string | null;
  fee_message: string | null;
  delinquent: boolean;
  valid_until: string | null;
  issued_on: string | null;
  cancelled_on: string | null;
  is_overdue: boolean;
}

/** Query root of the estoppel requests; every change invalidates it. */
export const estoppelKeys = { all: ['estoppel-requests'] as const };

export const estoppelListQuery = () => queryOptions({ queryKey: [...estoppelKeys.all, 'list'], queryFn: () => appRequest<EstoppelRow[]>('/estoppel-requests') });

export const estoppelFiguresQuery = (id: string) =>
  queryOptions({ queryKey: [...estoppelKeys.all, 'one', id], queryFn: () => appRequest<{ figures: EstoppelFigures | null }>(`/entities/EstoppelRequest/${id}`) });

export const downloadCertificate = (r: { id: string; unit_number: string; issued_on: string | null }) =>
  downloadPdf(`/estoppel-requests/${r.id}/certificate`, `estoppel-${r.unit_number}-${r.issued_on ?? ''}.pdf`);

/** A new request: the server computes its due date and fee. */
export function useCreateEstoppelRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => create<{ id: string }>('EstoppelRequest', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: estoppelKeys.all }),
  });
}

/** issueEstoppelCertificate or cancelEstoppelRequest; the list refreshes with the answer. */
export function useEstoppelCall(name: 'issueEstoppelCertificate' | 'cancelEstoppelRequest') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => invokeFunction(name, { id }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: estoppelKeys.all }),
  });
}
