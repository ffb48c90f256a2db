import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { assertNoForbiddenKeys } from '../../lib/safe-json.ts';
import { initializeDefaultRoles } from '../access/roles-init.service.ts';

type FunctionHandler = (ctx: Ctx, params: Record<string, unknown>) => Promise<unknown>;

/** Named server functions (POST /functions/{name}); each checks the caller's privilege itself. */
const FUNCTIONS = new Map<string, FunctionHandler>([
  ['initializePrivileges', (ctx) => initializeDefaultRoles(ctx)],
  ['initializeDefaultRoles', (ctx) => initializeDefaultRoles(ctx)],
]);

export function registerFunction(name: string, handler: FunctionHandler) {
  FUNCTIONS.set(name, handler);
}

export async function functionRoutes(app: FastifyInstance) {
  // Restores and document saves can be large: a backup of a big association is many megabytes.
  app.post('/api/apps/:appId/functions/:name', { schema: { tags: ['functions'], params: z.object({ appId: z.string(), name: z.string() }) }, bodyLimit: 200 * 1024 * 1024 }, async (request) => {
    const { name } = request.params as { name: string };
    const handler = FUNCTIONS.get(name);
    if (!handler) throw new NotFoundError(`Function '${name}' does not exist`);
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
    return handler(request.ctx, params as Record<string, unknown>);
  });
}
