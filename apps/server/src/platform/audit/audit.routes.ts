import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { auditLogPageSchema } from '@covenant/contracts/audit';
import { fileResponse } from '@covenant/contracts/platform';
import { auditLogCsv, auditLogQuery, listAuditLog } from './audit.service.ts';

/** The audit log is read here and nowhere written through HTTP: there is no route that changes or deletes an entry. */
export async function auditRoutes(app: FastifyInstance) {
  app.get(
    '/api/apps/:appId/audit-log',
    { schema: { tags: ['audit'], params: z.object({ appId: z.string() }), querystring: auditLogQuery.partial(), response: { 200: fileResponse(['text/csv'], 'One page of entries, or every matching entry as CSV (format=csv)', auditLogPageSchema) } } },
    async (request, reply) => {
      if ((request.query as { format?: string }).format !== 'csv') return listAuditLog(request.ctx, request.query);
      const csv = await auditLogCsv(request.ctx, request.query);
      return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="audit-log.csv"').send(csv);
    },
  );
}
