import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { fileResponse } from '@covenant/contracts/platform';
import { statementSchema } from '@covenant/contracts/statements';
import type { Ctx } from '../../lib/context.ts';
import type { Feature } from '../../platform/registry.ts';
import { loadLetterhead, renderInvoicePdf, renderStatementPdf } from './pdf.ts';
import { invoicePdfDataForActor, statementForActor, statementJson, statementQuery, type Statement } from './statement.service.ts';

const ownerParams = z.object({ appId: z.string(), ownerId: z.string().max(100) });
const invoiceParams = z.object({ appId: z.string(), id: z.string().max(100) });

/** A PDF download; the file name is built from server data only (document numbers, dates). */
export const pdfHeaders = (filename: string) => ({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"` });

/** The statement as JSON, or as a PDF (format=pdf). */
export const statementResponse = fileResponse(['application/pdf'], 'The statement as JSON, or as a PDF (format=pdf)', statementSchema);

/** A statement as JSON, or as a PDF download when the query asks for format=pdf. */
export async function sendStatement(ctx: Ctx, reply: FastifyReply, statement: Statement, query: unknown) {
  if ((query as { format?: string }).format !== 'pdf') return statementJson(statement);
  const pdf = await renderStatementPdf(await loadLetterhead(ctx), statement);
  return reply.headers(pdfHeaders(`statement-${statement.owner.owner_id}-${statement.from}-${statement.to}.pdf`)).send(pdf);
}

async function statementRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/owners/:ownerId/statement', { schema: { tags: ['statements'], params: ownerParams, querystring: statementQuery.partial().loose(), response: { 200: statementResponse } } }, async (request, reply) => {
    const ctx = request.ctx as Ctx;
    const { ownerId } = request.params as { ownerId: string };
    return sendStatement(ctx, reply, await statementForActor(ctx, ownerId, request.query), request.query);
  });

  app.get('/api/apps/:appId/invoices/:id/pdf', { schema: { tags: ['statements'], params: invoiceParams, response: { 200: fileResponse(['application/pdf'], 'The invoice as a PDF') } } }, async (request, reply) => {
    const ctx = request.ctx as Ctx;
    const { id } = request.params as { id: string };
    const invoice = await invoicePdfDataForActor(ctx, id);
    const pdf = await renderInvoicePdf(await loadLetterhead(ctx), invoice);
    return reply.headers(pdfHeaders(`${invoice.invoice_number}.pdf`)).send(pdf);
  });
}

export const statementsFeature: Feature = { name: 'statements', routes: statementRoutes };
