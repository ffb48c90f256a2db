import type { FastifyRequest } from 'fastify';
import type { Ctx } from './context.ts';
import { NotFoundError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx;
    bearerToken: string | undefined;
  }
}

/** The bearer token of a request, if any. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h || !/^Bearer /i.test(h)) return undefined;
  const token = h.slice(7).trim();
  return token || undefined;
}

/** Every app-scoped path names this server's app id; any other id is an unknown app. */
export function assertAppId(request: FastifyRequest, appId: string): void {
  const params = request.params as { appId?: string };
  if (params.appId !== undefined && params.appId !== appId) throw new NotFoundError('App not found');
}
