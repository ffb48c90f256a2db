import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { isMultipartBody, limitBody, readFormFields, requireSession } from '../../lib/request-body.ts';
import { assertNoForbiddenKeys } from '../../lib/safe-json.ts';
import { DEFAULT_FUNCTION_BODY_BYTES, type Registry } from '../registry.ts';

// Each function answers its own shape (the functions table of docs/api.md); the route passes it through as is.
const functionResult = z.unknown().describe("The function's result: its shape depends on the function (see the functions table of docs/api.md)");

/** POST /functions/{name}: the named functions the features registered; each checks the caller's privilege itself. */
export async function functionRoutes(app: FastifyInstance, { registry }: { registry: Registry }) {
  const limits = [...registry.functions.values()].map((fn) => fn.maxBodyBytes ?? DEFAULT_FUNCTION_BODY_BYTES);
  const limitOf = (request: FastifyRequest) => registry.functions.get((request.params as { name: string }).name)?.maxBodyBytes ?? DEFAULT_FUNCTION_BODY_BYTES;
  app.post(
    '/api/apps/:appId/functions/:name',
    {
      schema: { tags: ['functions'], params: z.object({ appId: z.string(), name: z.string() }), response: { 200: functionResult } },
      // Every function needs a session: refuse before the body is read, then hold it to the function's own limit.
      onRequest: requireSession,
      preParsing: limitBody(limitOf),
      bodyLimit: Math.max(DEFAULT_FUNCTION_BODY_BYTES, ...limits),
      // Each function says whether it writes: an archived association refuses those below, not exports and previews.
      config: { whileArchived: true },
    },
    async (request) => {
      const { name } = request.params as { name: string };
      const fn = registry.functions.get(name);
      if (!fn) throw new NotFoundError(`Function '${name}' does not exist`);
      const params: unknown = isMultipartBody(request) ? await readFormFields(request, limitOf(request)) : (request.body ?? {});
      if (typeof params !== 'object' || params === null || Array.isArray(params)) {
        throw new ValidationError(`Function ${name} must receive an object with named parameters`);
      }
      assertNoForbiddenKeys(params);
      const association = request.ctx.association;
      if (association?.archived && !fn.readOnly && (params as { dry_run?: unknown }).dry_run !== true) {
        throw new ConflictError(`${association.name} is archived: it is read-only`, 'association_archived');
      }
      return fn.handler(request.ctx, params as Record<string, unknown>);
    },
  );
}
