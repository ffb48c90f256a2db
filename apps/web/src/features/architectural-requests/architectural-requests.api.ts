import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArchitecturalRequestView } from '@covenant/contracts/architectural-requests';
import type { FunctionInput } from '@covenant/contracts/functions';
import { appRequest, downloadPdf } from '@/lib/api';
import { invokeFunction } from '@/lib/entities';

/** Query root of the architectural requests (the list, My Account's, one request); every change invalidates it. */
export const arcKeys = { all: ['architectural-requests'] as const };

export const arcListQuery = () =>
  queryOptions({ queryKey: [...arcKeys.all, 'list'], queryFn: () => appRequest<{ rows: ArchitecturalRequestView[]; total: number }>('/architectural-requests?limit=500') });

export const downloadDecisionLetter = (r: { id: string; decided_on: string | null }) => downloadPdf(`/architectural-requests/${r.id}/letter`, `architectural-decision-${r.decided_on ?? ''}.pdf`);

type ArcFunction = 'submitArchitecturalRequest' | 'decideArchitecturalRequest' | 'appealArchitecturalRequest' | 'withdrawArchitecturalRequest';

/** One of the architectural-request functions; the lists refresh with its answer. */
export function useArcCall<N extends ArcFunction>(name: N) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: FunctionInput<N>) => invokeFunction(name, params) as Promise<ArchitecturalRequestView>,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: arcKeys.all }),
  });
}
