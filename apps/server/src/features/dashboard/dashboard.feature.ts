import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dashboardSummarySchema } from '@covenant/contracts/reports';
import type { Feature } from '../../platform/registry.ts';
import { dashboardSummary } from './dashboard.service.ts';

async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/dashboard/summary', { schema: { tags: ['dashboard'], params: z.object({ appId: z.string() }), response: { 200: dashboardSummarySchema } } }, async (request) =>
    dashboardSummary(request.ctx),
  );
}

export const dashboardFeature: Feature = { name: 'dashboard', routes: dashboardRoutes };
