import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ballotLogQuery, ballotLogSchema, electorateQuery, electorateSchema, participationSchema, proxyHoldersSchema, voteInput, voteResultsSchema } from '@covenant/contracts/votes';
import { voteBallots, voteElectorate, voteParticipation, voteProxies, votes } from '@covenant/db/schema/votes';
import { tableStep } from '../../platform/backup/table-step.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { defineFunction } from '../../platform/functions/define-function.ts';
import type { Feature } from '../../platform/registry.ts';
import {
  assignProxy, ballotLog, castBallot, closeDueVotes, closeVote, electorate, openVote, participation, proxyHolders, recordPaperBallot, results, revokeProxy, voteHooks,
} from './votes.service.ts';

/** Votes and elections: staff write drafts; members read them; ballots only through the functions below. */
export const voteEntity: EntityDef = {
  name: 'Vote',
  label: 'vote',
  table: votes,
  resource: 'votes',
  createInput: voteInput as unknown as z.ZodType<Row>,
  updateInput: voteInput.partial() as unknown as z.ZodType<Row>,
  derivedFields: ['status', 'opened_at', 'closed_at'],
  scope: { kind: 'creator' },
  hooks: voteHooks(),
};

export const openVoteFn = defineFunction('openVote', (ctx, input) => openVote(ctx, voteEntity, input.vote_id));
export const closeVoteFn = defineFunction('closeVote', (ctx, input) => closeVote(ctx, voteEntity, input.vote_id));
export const castBallotFn = defineFunction('castBallot', (ctx, input) => castBallot(ctx, voteEntity, input));
export const recordPaperBallotFn = defineFunction('recordPaperBallot', (ctx, input) => recordPaperBallot(ctx, voteEntity, input));
export const assignProxyFn = defineFunction('assignProxy', (ctx, input) => assignProxy(ctx, voteEntity, input));
export const revokeProxyFn = defineFunction('revokeProxy', (ctx, input) => revokeProxy(ctx, voteEntity, input));

const idParams = z.object({ appId: z.string(), id: z.string().max(100) });

async function voteRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/votes/:id/ballot-log', { schema: { tags: ['votes'], params: idParams, querystring: ballotLogQuery, response: { 200: ballotLogSchema } } }, async (request) =>
    ballotLog(request.ctx, voteEntity, (request.params as { id: string }).id, (request.query as { receipt?: string }).receipt));
  app.get('/api/apps/:appId/votes/:id/participation', { schema: { tags: ['votes'], params: idParams, response: { 200: participationSchema } } }, async (request) =>
    participation(request.ctx, voteEntity, (request.params as { id: string }).id));
  app.get('/api/apps/:appId/votes/:id/electorate', { schema: { tags: ['votes'], params: idParams, querystring: electorateQuery.partial().loose(), response: { 200: electorateSchema } } }, async (request) =>
    electorate(request.ctx, voteEntity, (request.params as { id: string }).id, request.query));
  app.get('/api/apps/:appId/votes/:id/proxy-holders', { schema: { tags: ['votes'], params: idParams, response: { 200: proxyHoldersSchema } } }, async (request) =>
    proxyHolders(request.ctx, voteEntity, (request.params as { id: string }).id));
  app.get('/api/apps/:appId/votes/:id/results', { schema: { tags: ['votes'], params: idParams, response: { 200: voteResultsSchema } } }, async (request) =>
    results(request.ctx, voteEntity, (request.params as { id: string }).id));
}

/**
 * Votes with their electorate, proxies, participation and the ballot log as cast (the chain restores as it was);
 * after the documents, which hold a closed vote's published results.
 */
const votesBackupStep = tableStep('votes', 67, [
  { collection: 'votes', entity: 'Vote', label: 'vote', table: votes, refs: { results_document_id: 'association_documents' }, describe: (r) => `vote ${String(r.title)}` },
  { collection: 'voteElectorate', entity: 'VoteElectorate', label: 'electorate entry', table: voteElectorate, refs: { vote_id: 'votes', property_id: 'properties' } },
  { collection: 'voteParticipation', entity: 'VoteParticipation', label: 'participation', table: voteParticipation, refs: { vote_id: 'votes', property_id: 'properties' } },
  { collection: 'voteBallots', entity: 'VoteBallot', label: 'ballot', table: voteBallots, refs: { vote_id: 'votes' } },
  { collection: 'voteProxies', entity: 'VoteProxy', label: 'proxy', table: voteProxies, refs: { vote_id: 'votes', property_id: 'properties' } },
]);

export const votesFeature: Feature = {
  name: 'votes',
  backup: [votesBackupStep],
  entities: [voteEntity],
  functions: [openVoteFn, closeVoteFn, castBallotFn, recordPaperBallotFn, assignProxyFn, revokeProxyFn],
  routes: voteRoutes,
  jobs: [{ name: 'close-due-votes', run: (ctx, at) => closeDueVotes(ctx, voteEntity, at) }],
};
