import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ballotLogSchema, electorateSchema, participationSchema, proxyHoldersSchema, voteInput, voteResultsSchema, VOTE_STATUSES } from '@covenant/contracts/votes';
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
export type Electorate = z.infer<typeof electorateSchema>;
export type BallotInput = { vote_id: string; property_id: string; answers: Array<{ question_index: number; choices: string[] }> };

const voteList = { sort: '-created_date', limit: 200 } as const;
export const votesQuery = queryOptions({ queryKey: entityKeys.list('Vote', voteList), queryFn: () => list<Vote>('Vote', voteList) });

export const participationQuery = (id: string) =>
  queryOptions({ queryKey: ['votes', id, 'participation'], queryFn: () => appRequest<Participation>(`/votes/${id}/participation`) });
export const resultsQuery = (id: string) => queryOptions({ queryKey: ['votes', id, 'results'], queryFn: () => appRequest<VoteResults>(`/votes/${id}/results`) });
export const ballotLogQuery = (id: string) => queryOptions({ queryKey: ['votes', id, 'log'], queryFn: () => appRequest<BallotLog>(`/votes/${id}/ballot-log`) });

export const ELECTORATE_PAGE = 50;
export const electorateQuery = (id: string, search: string, skip: number) =>
  queryOptions({
    queryKey: ['votes', id, 'electorate', { search, skip }],
    queryFn: () => appRequest<Electorate>(`/votes/${id}/electorate?limit=${ELECTORATE_PAGE}&skip=${skip}${search.trim() ? `&search=${encodeURIComponent(search.trim())}` : ''}`),
    placeholderData: keepPreviousData,
  });
export const proxyHoldersQuery = (id: string) =>
  queryOptions({ queryKey: ['votes', id, 'proxy-holders'], queryFn: () => appRequest<z.infer<typeof proxyHoldersSchema>>(`/votes/${id}/proxy-holders`) });

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

/** A ballot into the log: the owner's or a proxy's (castBallot), or a written one the inspector enters (recordPaperBallot). */
export function useCastBallot(fn: 'castBallot' | 'recordPaperBallot' = 'castBallot') {
  const refresh = useVoteRefresh();
  return useMutation({
    mutationFn: (input: BallotInput) => invokeFunction(fn, input) as Promise<Receipt>,
    onSuccess: refresh,
  });
}

/** Gives a unit's proxy (an owner, or staff recording a signed form) or takes it back. */
export function useProxy() {
  const refresh = useVoteRefresh();
  return useMutation({
    mutationFn: (input: { vote_id: string; property_id: string; holder_user_id?: string }) =>
      input.holder_user_id ? invokeFunction('assignProxy', { vote_id: input.vote_id, property_id: input.property_id, holder_user_id: input.holder_user_id }) : invokeFunction('revokeProxy', { vote_id: input.vote_id, property_id: input.property_id }),
    onSuccess: refresh,
  });
}

export const STATUS_LABELS: Record<Vote['status'], string> = { draft: 'Draft', open: 'Open', closed: 'Closed' };
