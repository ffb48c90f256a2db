import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { isMultipartBody, limitBody, readFormFields, requireSession } from '../../lib/request-body.ts';
import { assertNoForbiddenKeys } from '../../lib/safe-json.ts';
import { DEFAULT_FUNCTION_BODY_BYTES, type FunctionDef, type Registry } from '../registry.ts';
import { asJson, assertAnswer } from '../answers/answer-check.ts';

const params = z.object({ appId: z.string() });

/** The input is parsed by the function (authorize first), with the person-readable messages of parseInput. */
const parsedByTheFunction = () => (data: unknown) => ({ value: data });

/** A named body: JSON, or multipart form fields (strings). */
async function namedParameters(request: FastifyRequest, fn: FunctionDef, limit: number): Promise<Record<string, unknown>> {
  const body: unknown = isMultipartBody(request) ? await readFormFields(request, limit) : (request.body ?? {});
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ValidationError(`Function ${fn.name} must receive an object with named parameters`);
  assertNoForbiddenKeys(body);
  return body as Record<string, unknown>;
}

/**
 * POST /functions/{name}: one operation per function of the registry, with its contract's request and answer
 * schemas in the OpenAPI document; each checks the caller's privilege itself. Any other name is a 404.
 */
export async function functionRoutes(app: FastifyInstance, { registry, checkAnswers }: { registry: Registry; checkAnswers: boolean }) {
  for (const fn of registry.functions.values()) {
    const limit = fn.maxBodyBytes ?? DEFAULT_FUNCTION_BODY_BYTES;
    app.post(
      `/api/apps/:appId/functions/${fn.name}`,
      {
        schema: {
          tags: ['functions'],
          operationId: fn.name,
          summary: fn.name,
          description: `Who may call it: ${fn.access}`,
          params,
          body: fn.input,
          response: { 200: fn.output },
        },
        validatorCompiler: parsedByTheFunction,
        serializerCompiler: asJson,
        // Every function needs a session: refuse before the body is read, then hold it to the function's own limit.
        onRequest: requireSession,
        preParsing: limitBody(() => limit),
        bodyLimit: limit,
        // Each function says whether it writes: an archived association refuses those below, not exports and previews.
        config: { whileArchived: true },
      },
      async (request) => {
        const raw = await namedParameters(request, fn, limit);
        const association = request.ctx.association;
        if (association?.archived && !fn.readOnly && raw.dry_run !== true) {
          throw new ConflictError(`${association.name} is archived: it is read-only`, 'association_archived');
        }
        const answer = await fn.handler(request.ctx, raw);
        assertAnswer(checkAnswers, fn.output, answer, `Function ${fn.name}`);
        return answer;
      },
    );
  }

  // Any other name: the same session check and limit, then a 404 naming it. Not an operation of the API document.
  app.post(
    '/api/apps/:appId/functions/:name',
    {
      schema: { hide: true, params: z.object({ appId: z.string(), name: z.string() }) },
      onRequest: requireSession,
      preParsing: limitBody(() => DEFAULT_FUNCTION_BODY_BYTES),
      bodyLimit: DEFAULT_FUNCTION_BODY_BYTES,
      config: { whileArchived: true },
    },
    async (request) => {
      throw new NotFoundError(`Function '${(request.params as { name: string }).name}' does not exist`);
    },
  );
}
