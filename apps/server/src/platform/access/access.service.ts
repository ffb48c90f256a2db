import { eq } from 'drizzle-orm';
import { privileges } from '@covenant/db/schema/community';
import { normalizeRoleName, resolvePermissionLevel, effectiveRole } from '@covenant/contracts/permissions';
import type { PermissionLevel, ResourceKey } from '@covenant/contracts/constants';
import type { Actor, Ctx } from '../../lib/context.ts';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.ts';

export type Operation = 'read' | 'create' | 'update' | 'delete';

export function requireSignedIn(ctx: Ctx): Actor {
  if (!ctx.actor) throw new UnauthorizedError();
  return ctx.actor;
}

export function isAdmin(actor: Actor | null): boolean {
  return !!actor && effectiveRole(actor) === 'admin';
}

/** The caller's permission level on a resource, from the Privilege records of their role. */
export async function permissionLevel(ctx: Ctx, resource: ResourceKey): Promise<PermissionLevel> {
  const actor = ctx.actor;
  if (!actor) return 'none';
  const role = effectiveRole(actor);
  if (!role) return 'none';
  if (normalizeRoleName(role) === 'admin') return 'read_write';
  const key = `${role}:${resource}`;
  const cached = ctx.permissionCache?.get(key);
  if (cached) return cached as PermissionLevel;
  // A resource has one row per role: small enough to resolve exact-then-normalised matching in code.
  const rows = await ctx.db
    .select({ role_name: privileges.role_name, resource_name: privileges.resource_name, permission_level: privileges.permission_level })
    .from(privileges)
    .where(eq(privileges.resource_name, resource));
  const level = resolvePermissionLevel(role, resource, rows);
  ctx.permissionCache?.set(key, level);
  return level;
}

const ALLOWED: Record<Operation, PermissionLevel[]> = {
  read: ['read', 'read_write', 'own_records'],
  create: ['read_write'],
  update: ['read_write', 'own_records'],
  delete: ['read_write'],
};

/** Throws unless the caller may perform op on resource; returns the level (own_records means scoped rows only). */
export async function requirePermission(ctx: Ctx, resource: ResourceKey, op: Operation): Promise<PermissionLevel> {
  requireSignedIn(ctx);
  const level = await permissionLevel(ctx, resource);
  if (!ALLOWED[op].includes(level)) {
    throw new ForbiddenError(`You do not have permission to ${op} ${resource.replace(/_/g, ' ')}`);
  }
  return level;
}

/** Only a system administrator (or an administrator application role). */
export function requireAdmin(ctx: Ctx): Actor {
  const actor = requireSignedIn(ctx);
  if (!isAdmin(actor)) throw new ForbiddenError('Only an administrator can do this');
  return actor;
}

