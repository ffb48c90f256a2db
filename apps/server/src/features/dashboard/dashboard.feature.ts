import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dashboardSummarySchema } from '@covenant/contracts/reports';
import { asJson, assertAnswer } from '../../platform/answers/answer-check.ts';
import type { Feature } from '../../platform/registry.ts';
import { dashboardSummary } from './dashboard.service.ts';

async function dashboardRoutes(app: FastifyInstance) {
  app.get(
    '/api/apps/:appId/dashboard/summary',
    { schema: { tags: ['dashboard'], params: z.object({ appId: z.string() }), response: { 200: dashboardSummarySchema } }, serializerCompiler: asJson },
    async (request) => {
      const answer = await dashboardSummary(request.ctx);
      assertAnswer(request.ctx.services.config.checkAnswers, dashboardSummarySchema, answer, 'The dashboard summary');
      return answer;
    },
  );
}

export const dashboardFeature: Feature = { name: 'dashboard', routes: dashboardRoutes };
