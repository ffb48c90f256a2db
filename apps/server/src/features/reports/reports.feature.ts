import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { z } from 'zod';
import { fileResponse } from '@covenant/contracts/platform';
import { reportSchema } from '@covenant/contracts/reports';
import type { Ctx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import type { Feature } from '../../platform/registry.ts';
import { REPORTS, reportQuery } from './reports.service.ts';

/** A cell that a spreadsheet would run as a formula gets a leading apostrophe. */
function neutralise(v: unknown): unknown {
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/**
 * GET /api/apps/{appId}/reports/{name}?from&to&as_of&format=csv: the privilege first, then the registry's report,
 * which parses its own query (other keys, such as budget_id, pass through).
 */
async function reportRoutes(app: FastifyInstance) {
  app.get(
    '/api/apps/:appId/reports/:name',
    { schema: { tags: ['reports'], params: z.object({ appId: z.string(), name: z.string().max(100) }), querystring: reportQuery.partial().loose(), response: { 200: fileResponse(['text/csv'], 'The report as JSON, or as CSV (format=csv)', reportSchema) } } },
    async (request, reply) => {
      const ctx = request.ctx as Ctx;
      await requirePermission(ctx, 'reports', 'read');
      const { name } = request.params as { name: string };
      const report = ctx.services.registry.reports.get(name);
      if (!report) throw new NotFoundError(`Unknown report '${name}'; reports: ${[...ctx.services.registry.reports.keys()].join(', ')}`);
      const result = await report.run(ctx, request.query);
      if ((request.query as { format?: string }).format !== 'csv' || !result.csv) return result.json;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${result.filename}"`)
        .send(Papa.unparse(result.csv().map((r) => r.map(neutralise))));
    },
  );
}

export const reportsFeature: Feature = { name: 'reports', reports: REPORTS, routes: reportRoutes };
