import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reportQuery, runReport } from './reports.service.ts';

/** GET /api/apps/{appId}/reports/{summary|income-statement|balance-sheet|ar-aging|ap-aging}?from&to&as_of&format=csv */
export async function reportRoutes(app: FastifyInstance) {
  app.get(
    '/api/apps/:appId/reports/:name',
    { schema: { tags: ['reports'], params: z.object({ appId: z.string(), name: z.string() }), querystring: reportQuery.partial() } },
    async (request, reply) => {
      const result = await runReport(request.ctx, (request.params as { name: string }).name, request.query);
      if (result.csv === undefined) return result.json;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${result.filename}"`)
        .send(result.csv);
    },
  );
}
