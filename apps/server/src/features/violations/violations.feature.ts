import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fileResponse } from '@covenant/contracts/platform';
import { inspectionUnitsAnswer, inspectionUnitsQuery, PHOTO_KINDS, violationPhotoSchema, violationsPage, violationsQuery, violationTimelineSchema, violationTypeInput, violationUpdateInput } from '@covenant/contracts/violations';
import { violations, violationTypes } from '@covenant/db/schema/violations';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../lib/context.ts';
import { bodyReadByTheService, fileField, multipartBody } from '../../lib/documented-body.ts';
import { ConflictError } from '../../lib/errors.ts';
import { readFileAndFields, requireSession } from '../../lib/request-body.ts';
import { referencedRecord } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { productEntity } from '../items/items.feature.ts';
import { pdfHeaders } from '../statements/statements.feature.ts';
import { readViolationPhoto, uploadViolationPhoto } from './violation-photos.service.ts';
import { violationsBackupStep } from './violations.backup.ts';
import {
  decideHearing, inspectionUnits, listViolations, noticePdf, prepareViolationUpdate, recordViolation, requestHearing, scheduleHearing, sendViolationNotice, violationTimeline,
} from './violations.service.ts';

async function checkType(ctx: Ctx, values: Row): Promise<Row> {
  if (values.fine_product_id) await referencedRecord(ctx, productEntity, values.fine_product_id as string, 'Fine item');
  return values;
}

/**
 * Violation types: the association's rules and fine schedule, set up by staff under the items privilege like
 * late-fee rules and collection stages (owners read a type's name through their violation).
 */
export const violationTypeEntity: EntityDef = {
  name: 'ViolationType',
  label: 'violation type',
  table: violationTypes,
  resource: 'items',
  createInput: violationTypeInput as unknown as z.ZodType<Row>,
  updateInput: violationTypeInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
  hooks: {
    prepareCreate: (ctx, values) => checkType(ctx, values),
    prepareUpdate: (ctx, changes) => checkType(ctx, changes),
    beforeDelete: async (ctx, existing) => {
      const [used] = (await ctx.db.execute(sql`select 1 from ${violations} where violation_type_id = ${existing.id as string} limit 1`)).rows;
      if (used) throw new ConflictError('Violations were recorded under this type, so it cannot be deleted; deactivate it instead', 'in_use');
    },
  },
};

/** Violations: recorded by recordViolation; staff change the description, the cure day or close/dismiss; owners read their own. */
export const violationEntity: EntityDef = {
  name: 'Violation',
  label: 'violation',
  table: violations,
  resource: 'violations',
  createRefusal: 'Violations are recorded with recordViolation, which finds the unit\'s owner on the day observed',
  updateInput: violationUpdateInput as unknown as z.ZodType<Row>,
  scope: { kind: 'owner-field', field: 'owner_id' },
  ownEditable: [],
  hooks: {
    prepareUpdate: (ctx, changes, existing) => prepareViolationUpdate(ctx, changes, existing),
    beforeDelete: () => {
      throw new ConflictError('A recorded violation is kept with its notices and evidence; dismiss it instead', 'violation_kept');
    },
  },
};

const params = z.object({ appId: z.string() });
const idParams = z.object({ appId: z.string(), id: z.string().max(100) });
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heif', 'image/heic', 'image/tiff', 'image/gif'];

async function violationRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/violations', { schema: { tags: ['violations'], params, querystring: violationsQuery.partial().loose(), response: { 200: violationsPage } } }, async (request) => listViolations(request.ctx, request.query));
  app.get('/api/apps/:appId/violations/inspection-units', { schema: { tags: ['violations'], params, querystring: inspectionUnitsQuery.partial().loose(), response: { 200: inspectionUnitsAnswer } } }, async (request) => inspectionUnits(request.ctx, request.query));
  app.get('/api/apps/:appId/violations/:id/timeline', { schema: { tags: ['violations'], params: idParams, response: { 200: violationTimelineSchema } } }, async (request) => violationTimeline(request.ctx, (request.params as { id: string }).id));
  app.get('/api/apps/:appId/violation-notices/:id/pdf', { schema: { tags: ['violations'], params: idParams, response: { 200: fileResponse(['application/pdf'], 'The notice as a PDF') } } }, async (request, reply) => {
    const { pdf, filename } = await noticePdf(request.ctx, (request.params as { id: string }).id);
    return reply.headers(pdfHeaders(filename)).send(pdf);
  });
  app.post(
    '/api/apps/:appId/violations/:id/photos',
    {
      schema: {
        tags: ['violations'],
        params: idParams,
        ...multipartBody({
          file: fileField('The photo (JPEG, PNG, WebP, HEIC, TIFF or GIF, by content), at most MAX_UPLOAD_BYTES'),
          kind: z.enum(PHOTO_KINDS).optional().describe('evidence (staff, the default) or cure; an owner always adds a proof-of-cure photo'),
        }),
        response: { 200: violationPhotoSchema },
      },
      validatorCompiler: bodyReadByTheService,
      onRequest: requireSession,
    },
    async (request) => {
      const { file, fields } = await readFileAndFields(request, 'file', 'photo', request.ctx.services.config.maxUploadBytes);
      return uploadViolationPhoto(request.ctx, (request.params as { id: string }).id, file, fields.kind);
    },
  );
  app.get(
    '/api/apps/:appId/violation-photos/:id/:variant',
    { schema: { tags: ['violations'], params: idParams.extend({ variant: z.string().max(20) }), response: { 200: fileResponse(PHOTO_TYPES, 'The photo: the original as uploaded, the resized copy or the thumbnail') } } },
    async (request, reply) => {
      const { id, variant } = request.params as { id: string; variant: string };
      const photo = await readViolationPhoto(request.ctx, id, variant);
      return reply
        .header('Content-Type', photo.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', 'private, max-age=3600')
        .send(photo.data);
    },
  );
}

export const violationsFeature: Feature = {
  name: 'violations',
  backup: [violationsBackupStep],
  entities: [violationTypeEntity, violationEntity],
  functions: [recordViolation, sendViolationNotice, scheduleHearing, decideHearing, requestHearing],
  routes: violationRoutes,
};
