import type { FastifyRequest } from 'fastify';
import type { Ctx } from './context.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx;
    bearerToken: string | undefined;
  }
  interface FastifyContextConfig {
    /** Open to staff who must enrol a second factor first (auth, their own record, public settings). */
    duringTwoFactorEnrollment?: boolean;
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

/** Staff the organization requires to use a second factor reach only the routes that let them enrol it. */
export function assertEnrolledIfRequired(request: FastifyRequest): void {
  if (!request.ctx?.actor?.two_factor_enrollment_required) return;
  if (request.routeOptions.config?.duringTwoFactorEnrollment) return;
  if (!request.url.startsWith('/api/apps/') && !request.url.startsWith('/api/app-logs/')) return;
  throw new ForbiddenError('Your organization requires two-factor authentication. Set it up to continue.', 'two_factor_enrollment_required');
}
