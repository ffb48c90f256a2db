import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { assertNoForbiddenKeys } from '../../lib/safe-json.ts';

/** POST /functions/{name}: the named functions the features registered; each checks the caller's privilege itself. */
export async function functionRoutes(app: FastifyInstance) {
  // Restores and document saves can be large: a backup of a big association is many megabytes.
  app.post('/api/apps/:appId/functions/:name', { schema: { tags: ['functions'], params: z.object({ appId: z.string(), name: z.string() }) }, bodyLimit: 200 * 1024 * 1024 }, async (request) => {
    const { name } = request.params as { name: string };
    const fn = (request.ctx as Ctx).services.registry.functions.get(name);
    if (!fn) throw new NotFoundError(`Function '${name}' does not exist`);
    let params: unknown = request.body ?? {};
    if (request.isMultipart()) {
      const collected: Record<string, unknown> = {};
      for await (const part of request.parts()) {
        if (part.type === 'field') collected[part.fieldname] = part.value;
      }
      params = collected;
    }
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      throw new ValidationError(`Function ${name} must receive an object with named parameters`);
    }
    assertNoForbiddenKeys(params);
    return fn.handler(request.ctx, params as Record<string, unknown>);
  });
}
