import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deliveryPageSchema, mailJobSchema } from '@covenant/contracts/mailings';
import type { Ctx } from '../../lib/context.ts';
import type { Feature } from '../../platform/registry.ts';
import { emailInvoices, emailStatementsFn, getMailJob, listDeliveries, stopMailJobs } from './mailings.service.ts';
import { mailingsBackupStep } from './mailings.backup.ts';

async function mailingRoutes(app: FastifyInstance) {
  app.addHook('onClose', stopMailJobs);

  /** A mailing job's progress: {status, total, done, sent, skipped}; the web polls it. */
  app.get('/api/apps/:appId/mail-jobs/:id', { schema: { tags: ['mailings'], params: z.object({ appId: z.string(), id: z.string().max(100) }), response: { 200: mailJobSchema } } }, async (request) =>
    getMailJob(request.ctx as Ctx, (request.params as { id: string }).id),
  );

  /** The owner's delivery log, newest first ({rows, total}). */
  app.get(
    '/api/apps/:appId/owners/:ownerId/deliveries',
    { schema: { tags: ['mailings'], params: z.object({ appId: z.string(), ownerId: z.string().max(100) }), querystring: z.object({ limit: z.string().optional(), skip: z.string().optional() }), response: { 200: deliveryPageSchema } } },
    async (request) => listDeliveries(request.ctx as Ctx, (request.params as { ownerId: string }).ownerId, request.query),
  );
}

export const mailingsFeature: Feature = {
  name: 'mailings',
  backup: [mailingsBackupStep],
  functions: [emailInvoices, emailStatementsFn],
  routes: mailingRoutes,
};
