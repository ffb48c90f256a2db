import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addMemberInput, associationMembersSchema, createAssociationInput, memberAddedSchema, portfolioAssociationSchema, portfolioListQuery, portfolioListSchema,
  portfolioSummaryQuery, portfolioSummarySchema,
} from '@covenant/contracts/portfolio';
import { successSchema } from '@covenant/contracts/records';
import { bodyReadByTheService, noBody } from '../../lib/documented-body.ts';
import type { Feature } from '../../platform/registry.ts';
import {
  addAssociationMember, archiveAssociation, createAssociation, listAssociations, listMembers, portfolioSummary, removeAssociationMember,
} from './portfolio.service.ts';

const association = z.object({ app_id: z.string().max(40) });
const member = z.object({ app_id: z.string().max(40), user_id: z.string().max(64) });

/** The management company's routes, above every association (no app id in the path: the caller's person decides). */
async function portfolioRoutes(app: FastifyInstance) {
  const tags = ['portfolio'];
  const base = '/api/portfolio';
  app.get(`${base}/associations`, { schema: { tags, querystring: portfolioListQuery, response: { 200: portfolioListSchema } } }, async (request) =>
    listAssociations(request.ctx, (request.query as { figures: 'true' | 'false' }).figures === 'true'),
  );
  app.post(`${base}/associations`, { schema: { tags, body: createAssociationInput, response: { 200: portfolioAssociationSchema } } }, async (request) =>
    createAssociation(request.ctx, request.body),
  );
  app.post(`${base}/associations/:app_id/archive`, { schema: { tags, params: association, ...noBody, response: { 200: portfolioAssociationSchema } }, validatorCompiler: bodyReadByTheService }, async (request) =>
    archiveAssociation(request.ctx, (request.params as { app_id: string }).app_id),
  );
  app.get(`${base}/associations/:app_id/members`, { schema: { tags, params: association, response: { 200: associationMembersSchema } } }, async (request) =>
    listMembers(request.ctx, (request.params as { app_id: string }).app_id),
  );
  app.post(`${base}/associations/:app_id/members`, { schema: { tags, params: association, body: addMemberInput, response: { 200: memberAddedSchema } } }, async (request) =>
    addAssociationMember(request.ctx, (request.params as { app_id: string }).app_id, request.body),
  );
  app.delete(`${base}/associations/:app_id/members/:user_id`, { schema: { tags, params: member, response: { 200: successSchema } } }, async (request) => {
    const { app_id, user_id } = request.params as { app_id: string; user_id: string };
    return removeAssociationMember(request.ctx, app_id, user_id);
  });
  app.get(`${base}/summary`, { schema: { tags, querystring: portfolioSummaryQuery, response: { 200: portfolioSummarySchema } } }, async (request) =>
    portfolioSummary(request.ctx, request.query),
  );
}

export const portfolioFeature: Feature = { name: 'portfolio', routes: portfolioRoutes };
