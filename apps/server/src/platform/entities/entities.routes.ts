import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  entityCountSchema, entityDeleteManySchema, entityImportSchema, entityRecordSchema, successSchema,
} from '@covenant/contracts/records';
import { NotFoundError } from '../../lib/errors.ts';
import { readFilePart, requireSession } from '../../lib/request-body.ts';
import { parseJsonSafely } from '../../lib/safe-json.ts';
import type { Ctx } from '../../lib/context.ts';
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

/** The generic entity calls of the platform SDK: /api/apps/{appId}/entities/{Entity}[/...]. */
export async function entityRoutes(app: FastifyInstance) {
  const base = '/api/apps/:appId/entities/:entity';
  const tags = ['entities'];

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

  app.post(base, { schema: { tags, params: entityParams, response: { 200: entityRecordSchema } } }, async (request) => createEntity(request.ctx, entityOf(request), request.body));

  app.post(`${base}/bulk`, { schema: { tags, params: entityParams, response: { 200: z.array(entityRecordSchema) } }, serializerCompiler: plainJson, bodyLimit: 20 * 1024 * 1024, onRequest: requireSession }, async (request) =>
    bulkCreateEntities(request.ctx, entityOf(request), request.body),
  );

  app.post(`${base}/import`, { schema: { tags, params: entityParams, response: { 200: entityImportSchema } }, onRequest: requireSession }, async (request) => {
    const def = entityOf(request);
    const { data } = await readFilePart(request, 'file', 'CSV');
    const text = new TextDecoder('utf-8', { fatal: false }).decode(data);
    const records = await importEntitiesCsv(request.ctx, def, text);
    return { success: true, count: records.length, items: records };
  });

  app.put(`${base}/:id`, { schema: { tags, params: recordParams, response: { 200: entityRecordSchema } } }, async (request) =>
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
