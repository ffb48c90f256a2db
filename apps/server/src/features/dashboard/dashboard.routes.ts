import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dashboardSummary } from './dashboard.service.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/dashboard/summary', { schema: { tags: ['dashboard'], params: z.object({ appId: z.string() }) } }, async (request) =>
    dashboardSummary(request.ctx),
  );
}
