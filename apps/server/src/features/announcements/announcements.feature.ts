import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  announcementFeedQuery, announcementFeedSchema, announcementInput, announcementListQuery, announcementPage, announcementSchema, announcementUpdate, markdownPreviewInput, markdownPreviewSchema,
} from '@covenant/contracts/announcements';
import { successSchema } from '@covenant/contracts/records';
import { bodyReadByTheService, noBody } from '../../lib/documented-body.ts';
import type { Feature } from '../../platform/registry.ts';
import { announcementsBackupStep } from './announcements.backup.ts';
import {
  announcementFeed, announcementMailsSent, createAnnouncement, deleteAnnouncement, emailDueAnnouncements, listAnnouncements, previewMarkdown, updateAnnouncement,
} from './announcements.service.ts';

const params = z.object({ appId: z.string() });
const idParams = z.object({ appId: z.string(), id: z.string().max(100) });
const tags = ['announcements'];

async function announcementRoutes(app: FastifyInstance) {
  app.addHook('onClose', () => announcementMailsSent(true));
  /** What the caller may read, published, newest first (the dashboard and My Account). */
  app.get('/api/apps/:appId/announcements/feed', { schema: { tags, params, querystring: announcementFeedQuery.partial().loose(), response: { 200: announcementFeedSchema } } }, async (request) =>
    announcementFeed(request.ctx, request.query),
  );
  app.get('/api/apps/:appId/announcements', { schema: { tags, params, querystring: announcementListQuery.partial().loose(), response: { 200: announcementPage } } }, async (request) =>
    listAnnouncements(request.ctx, request.query),
  );
  app.post('/api/apps/:appId/announcements', { schema: { tags, params, body: announcementInput, response: { 200: announcementSchema } }, validatorCompiler: bodyReadByTheService }, async (request) =>
    createAnnouncement(request.ctx, request.body),
  );
  app.post('/api/apps/:appId/announcements/preview', { schema: { tags, params, body: markdownPreviewInput, response: { 200: markdownPreviewSchema } }, validatorCompiler: bodyReadByTheService }, async (request) =>
    previewMarkdown(request.ctx, request.body),
  );
  app.put('/api/apps/:appId/announcements/:id', { schema: { tags, params: idParams, body: announcementUpdate, response: { 200: announcementSchema } }, validatorCompiler: bodyReadByTheService }, async (request) =>
    updateAnnouncement(request.ctx, (request.params as { id: string }).id, request.body),
  );
  app.delete('/api/apps/:appId/announcements/:id', { schema: { tags, params: idParams, ...noBody, response: { 200: successSchema } }, validatorCompiler: bodyReadByTheService }, async (request) =>
    deleteAnnouncement(request.ctx, (request.params as { id: string }).id),
  );
}

export const announcementsFeature: Feature = {
  name: 'announcements',
  backup: [announcementsBackupStep],
  routes: announcementRoutes,
  jobs: [{ name: 'announcement-emails', run: (ctx, at) => emailDueAnnouncements(ctx, at) }],
};
