import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ballotLogSchema, participationSchema, voteInput, voteResultsSchema, VOTE_STATUSES } from '@covenant/contracts/votes';
import { appRequest } from '@/lib/api';
import { create, entityKeys, invokeFunction, list } from '@/lib/entities';

export type VoteBody = z.input<typeof voteInput>;
export type Vote = z.output<typeof voteInput> & {
  id: string;
  status: (typeof VOTE_STATUSES)[number];
  quorum_percent: string;
  weight_basis: 'unit' | 'share';
  quorum_basis: 'unit' | 'share';
  majority: 'simple' | 'two_thirds' | 'percent';
  secret: boolean;
  electronic: boolean;
  /** The results as published when the vote closed (a PDF among the documents). */
  results_document_id?: string | null;
  opened_at: string | null;
  closed_at: string | null;
};
export type Participation = z.infer<typeof participationSchema>;
export type VoteResults = z.infer<typeof voteResultsSchema>;
export type BallotLog = z.infer<typeof ballotLogSchema>;
export type Receipt = { receipt: string; nonce: string; head_hash: string; method: string };

const voteList = { sort: '-created_date', limit: 200 } as const;
export const votesQuery = queryOptions({ queryKey: entityKeys.list('Vote', voteList), queryFn: () => list<Vote>('Vote', voteList) });

export const participationQuery = (id: string) =>
  queryOptions({ queryKey: ['votes', id, 'participation'], queryFn: () => appRequest<Participation>(`/votes/${id}/participation`) });
export const resultsQuery = (id: string) => queryOptions({ queryKey: ['votes', id, 'results'], queryFn: () => appRequest<VoteResults>(`/votes/${id}/results`) });
export const ballotLogQuery = (id: string) => queryOptions({ queryKey: ['votes', id, 'log'], queryFn: () => appRequest<BallotLog>(`/votes/${id}/ballot-log`) });

/** Looks a receipt up in a vote's log: the one entry that carries it. */
export const findReceipt = (id: string, receipt: string) => appRequest<BallotLog>(`/votes/${id}/ballot-log?receipt=${encodeURIComponent(receipt.trim())}`);

/** Everything a vote shows changes with a ballot, an opening or a closing. */
function useVoteRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: entityKeys.all('Vote') }), queryClient.invalidateQueries({ queryKey: ['votes'] })]);
}

export function useCreateVote() {
  const refresh = useVoteRefresh();
  return useMutation({ mutationFn: (body: VoteBody) => create<Vote>('Vote', body), onSuccess: refresh });
}

export function useVoteStep(step: 'openVote' | 'closeVote') {
  const refresh = useVoteRefresh();
  return useMutation({ mutationFn: (voteId: string) => invokeFunction(step, { vote_id: voteId }), onSuccess: refresh });
}

export function useCastBallot() {
  const refresh = useVoteRefresh();
  return useMutation({
    mutationFn: (input: { vote_id: string; property_id: string; answers: Array<{ question_index: number; choices: string[] }> }) => invokeFunction('castBallot', input) as Promise<Receipt>,
    onSuccess: refresh,
  });
}

export const STATUS_LABELS: Record<Vote['status'], string> = { draft: 'Draft', open: 'Open', closed: 'Closed' };
