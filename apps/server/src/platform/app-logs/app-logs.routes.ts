import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { appLogEntrySchema, appLogStatsSchema } from '@covenant/contracts/platform';
import { successSchema } from '@covenant/contracts/records';
import { bodyReadByTheService, noBody } from '../../lib/documented-body.ts';
import { listLogs, logPageVisit, logQuery, logStats } from './app-logs.service.ts';

export async function appLogRoutes(app: FastifyInstance) {
  const tags = ['app-logs'];
  // The page is in the path; the SDK sends no body.
  app.post(
    '/api/app-logs/:appId/log-user-in-app/:pageName',
    { schema: { tags, params: z.object({ appId: z.string(), pageName: z.string() }), ...noBody, response: { 200: successSchema } }, validatorCompiler: bodyReadByTheService, config: { whileArchived: true } },
    async (request) => logPageVisit(request.ctx, (request.params as { pageName: string }).pageName),
  );
  app.get('/api/app-logs/:appId', { schema: { tags, params: z.object({ appId: z.string() }), querystring: logQuery, response: { 200: z.array(appLogEntrySchema) } } }, async (request) =>
    listLogs(request.ctx, request.query),
  );
  app.get('/api/app-logs/:appId/stats', { schema: { tags, params: z.object({ appId: z.string() }), querystring: logQuery, response: { 200: appLogStatsSchema } } }, async (request) =>
    logStats(request.ctx, request.query),
  );
}
