import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signInResultSchema } from '@covenant/contracts/auth';
import {
  appConfigSchema, fileResponse, healthSchema, outboxMessageSchema, publicSettingsSchema, setupStatusSchema,
} from '@covenant/contracts/platform';
import { successSchema } from '@covenant/contracts/records';
import { bodyReadByTheService } from '../../lib/documented-body.ts';
import { needsSetup, setupFirstAdministrator, setupInput } from '../auth/auth.service.ts';
import { appConfig, health, listOutbox, outboxAttachment, publicSettings } from './settings.service.ts';

const appParams = z.object({ appId: z.string() });

/** What the platform SDK sends to analytics/track/batch (acknowledged and dropped: never read). */
const analyticsBatchInput = z.looseObject({
  events: z.array(z.looseObject({
    event_name: z.string(),
    properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    timestamp: z.string().optional(),
    page_url: z.string().nullable().optional(),
    user_id: z.string().nullable().optional(),
    session_id: z.string().nullable().optional(),
  })),
}).describe('The SDK\'s usage events; this server keeps no product analytics');

export async function settingsRoutes(app: FastifyInstance, opts: { perMinute: number }) {
  const tags = ['platform'];
  const open = { duringTwoFactorEnrollment: true, outsideMembership: true, whileArchived: true };
  app.get('/api/health', { schema: { tags, response: { 200: healthSchema } } }, async (request) => health(request.ctx));
  app.get('/api/app-config', { schema: { tags, response: { 200: appConfigSchema } } }, async (request) => appConfig(request.ctx));
  app.get('/api/apps/public/prod/public-settings/by-id/:appId', { schema: { tags, params: appParams, response: { 200: publicSettingsSchema } }, config: open }, async (request) => publicSettings(request.ctx));
  app.get('/api/apps/:appId/setup/status', { schema: { tags, params: appParams, response: { 200: setupStatusSchema } }, config: open }, async (request) => ({ needs_setup: await needsSetup(request.ctx) }));
  app.post('/api/apps/:appId/setup', { schema: { tags, params: appParams, body: setupInput, response: { 200: signInResultSchema } }, validatorCompiler: bodyReadByTheService, config: { rateLimit: { max: opts.perMinute, timeWindow: '1 minute' }, outsideMembership: true } }, async (request) =>
    setupFirstAdministrator(request.ctx, request.body),
  );
  app.get('/api/apps/:appId/outbox', { schema: { tags, params: appParams, querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }), response: { 200: z.array(outboxMessageSchema) } } }, async (request) =>
    listOutbox(request.ctx, (request.query as { limit: number }).limit),
  );
  app.get('/api/apps/:appId/outbox/:id/attachments/:attachmentId', { schema: { tags, params: z.object({ appId: z.string(), id: z.string().max(100), attachmentId: z.string().max(100) }), response: { 200: fileResponse(['application/pdf', 'application/octet-stream'], 'The attachment as a download') } } }, async (request, reply) => {
    const { id, attachmentId } = request.params as { id: string; attachmentId: string };
    const file = await outboxAttachment(request.ctx, id, attachmentId);
    return reply
      .header('Content-Type', file.content_type)
      .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .send(file.content);
  });
  // The SDK batches usage events here; this server keeps no product analytics, so it acknowledges and drops them.
  app.post(
    '/api/apps/:appId/analytics/track/batch',
    { schema: { tags, params: appParams, body: analyticsBatchInput, response: { 200: successSchema } }, validatorCompiler: bodyReadByTheService, config: open, bodyLimit: 256 * 1024 },
    async () => ({ success: true }),
  );
}
