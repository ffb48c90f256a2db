import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { myAutopaySchema, selfEnrollmentInput } from '@covenant/contracts/ach';
import { fileResponse } from '@covenant/contracts/platform';
import { bodyReadByTheService, noBody } from '../../lib/documented-body.ts';
import type { Feature } from '../../platform/registry.ts';
import { achBatchEntity, achBatchFile, createAchCreditBatch, createAchDebitBatch } from './ach-batches.ts';
import { importAchReturnsFn } from './ach-returns.ts';
import { autopayEnrollmentEntity, cancelMyEnrollment, enrollMyself, myAutopay } from './autopay-enrollments.ts';
import { positivePay } from './positive-pay.service.ts';
import { achBackupStep } from './ach.backup.ts';

const params = z.object({ appId: z.string() });
const withId = z.object({ appId: z.string(), id: z.string().max(64) });

async function achRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/ach-batches/:id/file', { schema: { tags: ['ach'], params: withId, response: { 200: fileResponse(['text/plain'], 'The NACHA file as it was made') } } }, async (request, reply) => {
    const file = await achBatchFile(request.ctx, (request.params as { id: string }).id);
    return reply.header('Content-Type', 'text/plain; charset=us-ascii').header('Content-Disposition', `attachment; filename="${file.file_name}"`).send(file.text);
  });
  app.get('/api/apps/:appId/bank-accounts/:id/positive-pay', { schema: { tags: ['ach'], params: withId, querystring: z.object({ from: z.string().optional(), to: z.string().optional() }), response: { 200: fileResponse(['text/csv'], 'The checks issued in the period, as the bank\'s positive pay CSV') } } }, async (request, reply) => {
    const out = await positivePay(request.ctx, (request.params as { id: string }).id, request.query);
    return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${out.filename}"`).send(out.csv);
  });
  app.get('/api/apps/:appId/my-account/autopay', { schema: { tags: ['my-account'], params, response: { 200: myAutopaySchema } } }, async (request) => myAutopay(request.ctx));
  app.post('/api/apps/:appId/my-account/autopay', { schema: { tags: ['my-account'], params, body: selfEnrollmentInput, response: { 200: myAutopaySchema } }, validatorCompiler: bodyReadByTheService }, async (request) =>
    enrollMyself(request.ctx, request.body),
  );
  app.post('/api/apps/:appId/my-account/autopay/:id/cancel', { schema: { tags: ['my-account'], params: withId, ...noBody, response: { 200: myAutopaySchema } }, validatorCompiler: bodyReadByTheService }, async (request) =>
    cancelMyEnrollment(request.ctx, (request.params as { id: string }).id),
  );
}

export const achFeature: Feature = {
  name: 'ach',
  backup: [achBackupStep],
  entities: [autopayEnrollmentEntity, achBatchEntity],
  functions: [createAchDebitBatch, createAchCreditBatch, importAchReturnsFn],
  routes: achRoutes,
};
