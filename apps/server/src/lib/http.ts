import type { FastifyRequest } from 'fastify';
import type { Ctx } from './context.ts';
import { ConflictError, ForbiddenError } from './errors.ts';

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

/** Staff the organization requires to use a second factor reach only the routes that let them enrol it. */
export function assertEnrolledIfRequired(request: FastifyRequest): void {
  if (!request.ctx?.actor?.two_factor_enrollment_required) return;
  if (request.routeOptions.config?.duringTwoFactorEnrollment) return;
  if (!request.url.startsWith('/api/apps/') && !request.url.startsWith('/api/app-logs/')) return;
  throw new ForbiddenError('Your organization requires two-factor authentication. Set it up to continue.', 'two_factor_enrollment_required');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to a signed-in person who is not a member of the association (auth, their own record, public settings). */
    outsideMembership?: boolean;
    /** Allowed in an archived (read-only) association although not a GET (signing in and out, exporting). */
    whileArchived?: boolean;
  }
}

/** A signed-in person who is not a member of the path's association reaches only the routes open to anyone signed in. */
export function assertMember(request: FastifyRequest): void {
  const { actor, association } = request.ctx ?? {};
  if (!actor || !association || actor.is_member) return;
  if (request.routeOptions.config?.outsideMembership) return;
  throw new ForbiddenError(`You are not a member of ${association.name}`, 'not_a_member');
}

/** An archived association is read-only: every write answers 409, but for the routes that stay open (sign-in, export). */
export function assertWritable(request: FastifyRequest): void {
  const association = request.ctx?.association;
  if (!association?.archived || request.method === 'GET' || request.method === 'HEAD') return;
  if (request.routeOptions.config?.whileArchived) return;
  throw new ConflictError(`${association.name} is archived: it is read-only`, 'association_archived');
}
