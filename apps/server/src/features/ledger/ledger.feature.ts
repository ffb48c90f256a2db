import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ledgerStatusSchema, ledgerVerificationSchema } from '@covenant/contracts/ledger';
import { fileResponse } from '@covenant/contracts/platform';
import type { Ctx } from '../../lib/context.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import type { Feature } from '../../platform/registry.ts';
import { exportLedger, exportQuery } from './export.service.ts';
import { sealJournal, verifyJournal } from './hash-chain.service.ts';
import { closePeriod, closeYearFn, ledgerStatus, reopenPeriod } from './periods.service.ts';
import { ledgerBackupStep } from './ledger.backup.ts';

const params = z.object({ appId: z.string() });

async function ledgerRoutes(app: FastifyInstance) {
  /** The closed-through date and the first date still open (Reports show it). */
  app.get('/api/apps/:appId/ledger/status', { schema: { tags: ['ledger'], params, response: { 200: ledgerStatusSchema } } }, async (request) => {
    const ctx = request.ctx as Ctx;
    await requirePermission(ctx, 'reports', 'read');
    return ledgerStatus(ctx);
  });

  /** {ok, entries, unsealed, first_broken}: the hash chain re-computed over every sealed entry as it reads now. */
  app.get('/api/apps/:appId/ledger/verify', { schema: { tags: ['ledger'], params, response: { 200: ledgerVerificationSchema } } }, async (request) => {
    const ctx = request.ctx as Ctx;
    await requirePermission(ctx, 'reports', 'read');
    await sealJournal(ctx.db, { wait: true });
    return verifyJournal(ctx.db);
  });

  app.get('/api/apps/:appId/ledger/export', { schema: { tags: ['ledger'], params, querystring: exportQuery.partial(), response: { 200: fileResponse(['text/plain', 'text/csv'], 'The entries as an hledger or beancount journal, or CSV') } } }, async (request, reply) => {
    const out = await exportLedger(request.ctx, request.query);
    return reply
      .header('Content-Type', out.contentType)
      .header('Content-Disposition', `attachment; filename="${out.filename}"`)
      .send(Readable.from(out.body));
  });
}

export const ledgerFeature: Feature = {
  name: 'ledger',
  backup: [ledgerBackupStep],
  // Every posting (documents, runs, manual entries, closes) publishes it: the journal and the reports refresh.
  topics: [{ name: 'JournalEntry', resource: 'chart_of_accounts' }],
  functions: [closePeriod, reopenPeriod, closeYearFn],
  routes: ledgerRoutes,
};
