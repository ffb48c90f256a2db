import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collectionLettersPage, collectionLettersQuery, collectionStageInput, ownerCollectionsSchema } from '@covenant/contracts/collections';
import { fileResponse } from '@covenant/contracts/platform';
import { toCents } from '@covenant/contracts/money';
import { collectionLetters, collectionStages } from '@covenant/db/schema/collections';
import { chartOfAccounts } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { referencedRecord } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { productEntity } from '../items/items.feature.ts';
import { pdfHeaders } from '../statements/statements.feature.ts';
import {
  approveCollectionLetters, collectionLetterPdf, lettersSent, listCollectionLetters, ownerCollections, runCollectionsFn, runDueCollections, skipCollectionLetters,
} from './collections.service.ts';
import { paymentPlanEntity } from './payment-plans.ts';
import { collectionsBackupStep } from './collections.backup.ts';

async function checkStage(ctx: Ctx, values: Row, existingId: string | null): Promise<Row> {
  if (values.days_past_due !== undefined) {
    const [taken] = (await ctx.db.execute(sql`select name from ${collectionStages} where days_past_due = ${values.days_past_due as number} and id <> ${existingId ?? ''} limit 1`)).rows as Array<{ name: string }>;
    if (taken) throw new ConflictError(`Days past due: the stage "${taken.name}" already starts at ${values.days_past_due as number} days`, 'stage_day_taken');
  }
  if (values.fee_product_id) {
    const item = await referencedRecord(ctx, productEntity, values.fee_product_id as string, 'Fee item');
    const [account] = await ctx.db.select({ type: chartOfAccounts.account_type }).from(chartOfAccounts).where(sql`${chartOfAccounts.id} = ${item.account_id as string}`).limit(1);
    if (account?.type !== 'revenue') throw new ValidationError('Fee item: choose an item on an income account');
    if (toCents(item.unit_price as string) <= 0) throw new ValidationError('Fee item: the item\'s price is the fee; choose an item with a price');
  }
  return values;
}

/** Refuses deleting a stage letters were written for: they name it; deactivate it instead. */
async function refuseDeleteWhenUsed(ctx: Ctx, existing: Row): Promise<void> {
  const [used] = (await ctx.db.execute(sql`select 1 from ${collectionLetters} where stage_id = ${existing.id as string} limit 1`)).rows;
  if (used) throw new ConflictError('Letters were written for this stage, so it cannot be deleted; deactivate it instead', 'in_use');
}

/** Collection stages: collections setup, read and written under the items privilege like late-fee rules (staff). */
export const collectionStageEntity: EntityDef = {
  name: 'CollectionStage',
  label: 'collection stage',
  table: collectionStages,
  resource: 'items',
  createInput: collectionStageInput as unknown as z.ZodType<Row>,
  updateInput: collectionStageInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
  hooks: {
    prepareCreate: (ctx, values) => checkStage(ctx, values, null),
    prepareUpdate: (ctx, changes, existing) => checkStage(ctx, changes, existing.id as string),
    beforeDelete: (ctx, existing) => refuseDeleteWhenUsed(ctx, existing),
  },
};

const params = z.object({ appId: z.string() });
const idParams = z.object({ appId: z.string(), id: z.string().max(100) });
const ownerParams = z.object({ appId: z.string(), ownerId: z.string().max(100) });

async function collectionRoutes(app: FastifyInstance) {
  app.addHook('onClose', lettersSent);
  app.get('/api/apps/:appId/collection-letters', { schema: { tags: ['collections'], params, querystring: collectionLettersQuery.partial().loose(), response: { 200: collectionLettersPage } } }, async (request) => listCollectionLetters(request.ctx, request.query));
  app.get('/api/apps/:appId/collection-letters/:id/pdf', { schema: { tags: ['collections'], params: idParams, response: { 200: fileResponse(['application/pdf'], 'The letter as a PDF') } } }, async (request, reply) => {
    const letter = await collectionLetterPdf(request.ctx, (request.params as { id: string }).id);
    return reply.headers(pdfHeaders(letter.filename)).send(letter.pdf);
  });
  app.get('/api/apps/:appId/owners/:ownerId/collections', { schema: { tags: ['collections'], params: ownerParams, response: { 200: ownerCollectionsSchema } } }, async (request) => ownerCollections(request.ctx, (request.params as { ownerId: string }).ownerId));
}

export const collectionsFeature: Feature = {
  name: 'collections',
  backup: [collectionsBackupStep],
  entities: [collectionStageEntity, paymentPlanEntity],
  functions: [runCollectionsFn, approveCollectionLetters, skipCollectionLetters],
  routes: collectionRoutes,
  // After the charges job (features run their jobs in order): the day's late fees are in the balances it reads.
  jobs: [{ name: 'collections', run: (ctx, at) => runDueCollections(ctx, at) }],
};
