import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  entityCountSchema, entityDeleteManySchema, entityImportSchema, entityRecordSchema, successSchema,
} from '@covenant/contracts/records';
import { bodyReadByTheService, fileField, multipartBody } from '../../lib/documented-body.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { readFilePart, requireSession } from '../../lib/request-body.ts';
import { parseJsonSafely } from '../../lib/safe-json.ts';
import type { Ctx } from '../../lib/context.ts';
import type { Registry } from '../registry.ts';
import type { EntityDef } from './entity-def.ts';
import {
  bulkCreateEntities, countEntities, createEntity, deleteEntity, deleteManyEntities, getEntity, importEntitiesCsv, listEntities, updateEntity,
} from './entities.service.ts';

/**
 * Lists of up to 5,000 records (and bulk answers) are sent as the service serialized them: the schema documents
 * them in /api/docs, but checking each record through zod on the way out would cost more than the query.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

const entityParams = z.object({ appId: z.string(), entity: z.string() });
const recordParams = entityParams.extend({ id: z.string() });
const listQuery = z.object({
  q: z.string().max(20_000).optional(),
  sort: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(5000, 'limit must be at most 5000').optional(),
  skip: z.coerce.number().int().min(0, 'skip must be 0 or more').max(10_000_000).optional(),
  fields: z.string().max(2000).optional(),
});

function entityOf(request: FastifyRequest): EntityDef {
  const { entity } = request.params as { entity: string };
  const def = (request.ctx as Ctx).services.registry.entity(entity);
  if (!def) throw new NotFoundError(`Unknown entity '${entity}'`);
  return def;
}

const filterOf = (q: string | undefined) => (q === undefined || q === '' ? undefined : parseJsonSafely(q, 'Filter (q)'));

/**
 * The bodies of the generic entity writes, for the API document: one branch per entity written this way, titled by
 * its name, the one the path names applies. The service parses the body with that entity's schema.
 */
function entityBodies(registry: Registry) {
  const defs = [...registry.entities.values()];
  const branches = (pick: (def: EntityDef) => z.ZodType | undefined) =>
    defs.flatMap((def) => (pick(def) ? [pick(def)!.meta({ title: def.name })] : [])) as unknown as [z.ZodType, ...z.ZodType[]];
  const create = z.union(branches((def) => def.createInput)).describe("The record's fields, by the schema of the entity the path names (each branch is titled by its entity)");
  const update = z.union(branches((def) => def.updateInput)).describe('The fields to change, by the update schema of the entity the path names (each branch is titled by its entity)');
  return { create, update, bulk: z.array(create).describe('The records to create, all or nothing') };
}

/** The generic entity calls of the platform SDK: /api/apps/{appId}/entities/{Entity}[/...]. */
export async function entityRoutes(app: FastifyInstance, { registry }: { registry: Registry }) {
  const base = '/api/apps/:appId/entities/:entity';
  const tags = ['entities'];
  const bodies = entityBodies(registry);
  // Each write's body is read by the service with the entity's own schema (its messages), after the privilege check.
  const validatorCompiler = bodyReadByTheService;

  app.get(base, { schema: { tags, params: entityParams, querystring: listQuery, response: { 200: z.array(entityRecordSchema) } }, serializerCompiler: plainJson }, async (request) => {
    const query = request.query as z.infer<typeof listQuery>;
    return listEntities(request.ctx, entityOf(request), { ...query, filter: filterOf(query.q) });
  });

  app.get(`${base}/count`, { schema: { tags, params: entityParams, querystring: listQuery.pick({ q: true }), response: { 200: entityCountSchema } } }, async (request) => {
    const { q } = request.query as { q?: string };
    return { count: await countEntities(request.ctx, entityOf(request), filterOf(q)) };
  });

  app.get(`${base}/:id`, { schema: { tags, params: recordParams, response: { 200: entityRecordSchema } } }, async (request) =>
    getEntity(request.ctx, entityOf(request), (request.params as { id: string }).id),
  );

  app.post(base, { schema: { tags, params: entityParams, body: bodies.create, response: { 200: entityRecordSchema } }, validatorCompiler }, async (request) =>
    createEntity(request.ctx, entityOf(request), request.body),
  );

  app.post(
    `${base}/bulk`,
    { schema: { tags, params: entityParams, body: bodies.bulk, response: { 200: z.array(entityRecordSchema) } }, validatorCompiler, serializerCompiler: plainJson, bodyLimit: 20 * 1024 * 1024, onRequest: requireSession },
    async (request) => bulkCreateEntities(request.ctx, entityOf(request), request.body),
  );

  const csvFile = fileField('The CSV: a header row of field names, then one record per row');
  app.post(`${base}/import`, { schema: { tags, params: entityParams, ...multipartBody({ file: csvFile }), response: { 200: entityImportSchema } }, validatorCompiler, onRequest: requireSession }, async (request) => {
    const def = entityOf(request);
    const { data } = await readFilePart(request, 'file', 'CSV');
    const text = new TextDecoder('utf-8', { fatal: false }).decode(data);
    const records = await importEntitiesCsv(request.ctx, def, text);
    return { success: true, count: records.length, items: records };
  });

  app.put(`${base}/:id`, { schema: { tags, params: recordParams, body: bodies.update, response: { 200: entityRecordSchema } }, validatorCompiler }, async (request) =>
    updateEntity(request.ctx, entityOf(request), (request.params as { id: string }).id, request.body),
  );

  app.delete(`${base}/:id`, { schema: { tags, params: recordParams, response: { 200: successSchema } } }, async (request) => {
    await deleteEntity(request.ctx, entityOf(request), (request.params as { id: string }).id);
    return { success: true };
  });

  app.delete(base, { schema: { tags, params: entityParams, response: { 200: entityDeleteManySchema } } }, async (request) => {
    const deleted = await deleteManyEntities(request.ctx, entityOf(request), request.body);
    return { success: true, deleted };
  });
}
