import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddMemberInput, AssociationMember, CreateAssociationInput, MemberAdded, PortfolioAssociation, PortfolioList, PortfolioSummary,
} from '@covenant/contracts/portfolio';
import type { Success } from '@covenant/contracts/records';
import { apiRequest } from '@/lib/api';

export type { AssociationMember, PortfolioAssociation, PortfolioList, PortfolioSummary };

// The management company's calls (/api/portfolio): above every association, so not app-scoped.
const portfolioKeys = {
  all: ['portfolio'] as const,
  list: ['portfolio', 'associations'] as const,
  summary: (asOf: string) => ['portfolio', 'summary', asOf] as const,
  members: (appId: string) => ['portfolio', 'members', appId] as const,
};

/** The associations where the caller is a member (every one for a portfolio administrator). */
export const myAssociationsQuery = queryOptions({
  queryKey: portfolioKeys.list,
  // Names and roles only: the switcher and My Account need no figures (the Portfolio screen reads the summary).
  queryFn: () => apiRequest<PortfolioList>('/portfolio/associations?figures=false'),
  staleTime: 60_000,
});

export const portfolioSummaryQuery = (asOf: string) =>
  queryOptions({
    queryKey: portfolioKeys.summary(asOf),
    queryFn: () => apiRequest<PortfolioSummary>(`/portfolio/summary${asOf ? `?as_of=${asOf}` : ''}`),
  });

export const associationMembersQuery = (appId: string) =>
  queryOptions({
    queryKey: portfolioKeys.members(appId),
    queryFn: () => apiRequest<AssociationMember[]>(`/portfolio/associations/${appId}/members`),
  });

function useRefreshingPortfolio<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all }) });
}

export const useCreateAssociation = () =>
  useRefreshingPortfolio((body: CreateAssociationInput) => apiRequest<PortfolioAssociation>('/portfolio/associations', { method: 'POST', body }));

export const useArchiveAssociation = () =>
  useRefreshingPortfolio((appId: string) => apiRequest<PortfolioAssociation>(`/portfolio/associations/${appId}/archive`, { method: 'POST' }));

export const useAddMember = (appId: string) =>
  useRefreshingPortfolio((body: AddMemberInput) => apiRequest<MemberAdded>(`/portfolio/associations/${appId}/members`, { method: 'POST', body }));

export const useRemoveMember = (appId: string) =>
  useRefreshingPortfolio((userId: string) => apiRequest<Success>(`/portfolio/associations/${appId}/members/${userId}`, { method: 'DELETE' }));
