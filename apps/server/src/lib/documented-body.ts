import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema<T> = Parameters<FastifySchemaCompiler<T>>[0];

/** Fastify's validator for the parts of a request the route's handler reads itself; the other parts as usual. */
export const readByTheHandler = (...parts: ReadonlyArray<'body' | 'querystring'>) => <T>(route: RouteSchema<T>) =>
  parts.includes(route.httpPart as 'body') ? (data: unknown) => ({ value: data }) : validatorCompiler(route as unknown as RouteSchema<z.ZodType>);

/**
 * The validator of a route whose body its service reads (the privilege check first, then parseInput with its
 * person-readable messages): the route's body schema documents the request in OpenAPI and Fastify does not apply it.
 */
export const bodyReadByTheService = readByTheHandler('body');

/** A file part of a multipart form, for the OpenAPI document. */
export const fileField = (description: string) => z.string().meta({ format: 'binary' }).describe(description);

/** A multipart form's fields, for the route's schema: `body` for the document and the content type it comes as. */
export const multipartBody = (fields: z.ZodRawShape) => ({ consumes: ['multipart/form-data'], body: z.object(fields) });

const OPTIONAL_BODY = 'x-body-optional';

/** A route that reads no body: documented as an empty object that may be left out. */
export const noBody = { body: z.object({}).describe('Nothing: send no body (an empty object is accepted and ignored)'), [OPTIONAL_BODY]: true };

/** For swagger's transformObject: the request body of a `noBody` route is not required (swagger marks every body required). */
export function markOptionalBodies<T extends { paths?: unknown }>(document: T): T {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  for (const operations of Object.values(paths)) {
    for (const op of Object.values(operations)) {
      if (!op[OPTIONAL_BODY]) continue;
      delete op[OPTIONAL_BODY];
      if (op.requestBody) (op.requestBody as { required?: boolean }).required = false;
    }
  }
  return document;
}
