import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { architecturalRequestsPage, architecturalRequestsQuery, architecturalRequestViewSchema } from '@covenant/contracts/architectural-requests';
import { fileResponse } from '@covenant/contracts/platform';
import type { Feature } from '../../platform/registry.ts';
import { pdfHeaders } from '../statements/statements.feature.ts';
import { architecturalRequestsBackupStep } from './architectural-requests.backup.ts';
import {
  appealArchitecturalRequest, architecturalRequestDetail, architecturalRequestEntity, decideArchitecturalRequest, decisionLetterPdf, listArchitecturalRequests,
  submitArchitecturalRequest, withdrawArchitecturalRequest,
} from './architectural-requests.service.ts';

const params = z.object({ appId: z.string() });
const idParams = z.object({ appId: z.string(), id: z.string().max(100) });

async function architecturalRequestRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/architectural-requests', { schema: { tags: ['architectural-requests'], params, querystring: architecturalRequestsQuery.partial().loose(), response: { 200: architecturalRequestsPage } } }, async (request) => listArchitecturalRequests(request.ctx, request.query));
  app.get('/api/apps/:appId/architectural-requests/:id', { schema: { tags: ['architectural-requests'], params: idParams, response: { 200: architecturalRequestViewSchema } } }, async (request) => architecturalRequestDetail(request.ctx, (request.params as { id: string }).id));
  app.get('/api/apps/:appId/architectural-requests/:id/letter', { schema: { tags: ['architectural-requests'], params: idParams, response: { 200: fileResponse(['application/pdf'], 'The decision letter as a PDF') } } }, async (request, reply) => {
    const letter = await decisionLetterPdf(request.ctx, (request.params as { id: string }).id);
    return reply.headers(pdfHeaders(letter.filename)).send(letter.pdf);
  });
}

export const architecturalRequestsFeature: Feature = {
  name: 'architectural-requests',
  backup: [architecturalRequestsBackupStep],
  entities: [architecturalRequestEntity],
  functions: [submitArchitecturalRequest, decideArchitecturalRequest, appealArchitecturalRequest, withdrawArchitecturalRequest],
  routes: architecturalRequestRoutes,
};
