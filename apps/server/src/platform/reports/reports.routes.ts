import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { z } from 'zod';
import { fileResponse } from '@covenant/contracts/platform';
import { readByTheHandler } from '../../lib/documented-body.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { requirePermission } from '../access/access.service.ts';
import { asJson, assertAnswer } from '../answers/answer-check.ts';
import type { Registry } from '../registry.ts';

/** A cell that a spreadsheet would run as a formula gets a leading apostrophe. */
function neutralise(v: unknown): unknown {
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

const params = z.object({ appId: z.string() });

/**
 * GET /api/apps/{appId}/reports/{name}?…&format=csv: one operation per report of the registry, with its contract's
 * query and answer in the OpenAPI document. The privilege first, then the report parses its own query (the
 * person-readable 400); the JSON answer is checked against its schema outside production. Any other name is a 404.
 */
export async function reportRoutes(app: FastifyInstance, { registry, checkAnswers }: { registry: Registry; checkAnswers: boolean }) {
  for (const report of registry.reports.values()) {
    app.get(
      `/api/apps/:appId/reports/${report.name}`,
      {
        schema: {
          tags: ['reports'],
          operationId: `report-${report.name}`,
          summary: report.name,
          description: `${report.description}. Who may read it: ${report.access}`,
          params,
          querystring: report.query,
          response: { 200: fileResponse(['text/csv'], 'The report as JSON, or as CSV (format=csv)', report.answer) },
        },
        validatorCompiler: readByTheHandler('querystring'),
        serializerCompiler: asJson,
      },
      async (request, reply) => {
        const ctx = request.ctx;
        await requirePermission(ctx, 'reports', 'read');
        const result = await report.run(ctx, request.query);
        assertAnswer(checkAnswers, report.answer, result.json, `Report ${report.name}`);
        if ((request.query as { format?: string }).format !== 'csv' || !result.csv) return result.json;
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${result.filename}"`)
          .send(Papa.unparse(result.csv().map((r) => r.map(neutralise))));
      },
    );
  }

  // Any other name: the privilege first, then a 404 naming the reports. Not an operation of the API document.
  app.get('/api/apps/:appId/reports/:name', { schema: { hide: true, params: z.object({ appId: z.string(), name: z.string().max(100) }) } }, async (request) => {
    await requirePermission(request.ctx, 'reports', 'read');
    throw new NotFoundError(`Unknown report '${(request.params as { name: string }).name}'; reports: ${[...registry.reports.keys()].join(', ')}`);
  });
}
