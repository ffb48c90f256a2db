import { count } from 'drizzle-orm';
import { COMMUNITY_RESOURCE_KEYS, SYSTEM_ROLE_DEFINITIONS } from '@covenant/contracts/constants';
import { defaultPrivileges } from '@covenant/contracts/permissions';
import { privileges, roles } from '@covenant/db/schema/community';
import { withTransaction, type Ctx } from '../../lib/context.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { changedFields, recordAudit } from '../../platform/audit/audit.service.ts';

/** Every privilege as 'role/resource' → level, to show what a reset changed. */
async function privilegeLevels(ctx: Ctx): Promise<Record<string, string>> {
  const rows = await ctx.db.select({ role: privileges.role_name, resource: privileges.resource_name, level: privileges.permission_level }).from(privileges);
  return Object.fromEntries(rows.map((r) => [`${r.role}/${r.resource}`, r.level]));
}

/** Deletes every privilege, upserts the system roles by role_name, and writes the default privileges. */
async function writeDefaults(ctx: Ctx, createdBy: string | null) {
  return withTransaction(ctx, async (tx) => {
    await tx.db.delete(privileges);
    for (const r of SYSTEM_ROLE_DEFINITIONS) {
      await tx.db
        .insert(roles)
        .values({ ...r, is_system_role: true, created_by: createdBy })
        .onConflictDoUpdate({ target: roles.role_name, set: { display_name: r.display_name, description: r.description, is_system_role: true } });
    }
    const rows = defaultPrivileges().map((p) => ({ ...p, created_by: createdBy }));
    await tx.db.insert(privileges).values(rows as never);
    return { success: true as const, roles: SYSTEM_ROLE_DEFINITIONS.length, privileges: rows.length };
  });
}

/** The dashboard's re-initialize and Role Management's Initialize Default Roles: one rule set, administrators (role management write) only. */
export async function initializeDefaultRoles(ctx: Ctx) {
  await requirePermission(ctx, 'role_management', 'create');
  const result = await withTransaction(ctx, async (tx) => {
    const before = await privilegeLevels(tx);
    const written = await writeDefaults(tx, ctx.actor!.email);
    const changed = changedFields(before, await privilegeLevels(tx));
    await recordAudit(tx, { action: 'privilege.reset', target_type: 'Privilege', ...changed, detail: { roles: written.roles, privileges: written.privileges } });
    return written;
  });
  ctx.services.changes.publish({ entity: 'Privilege', type: 'update', id: '*', record: {}, timestamp: new Date().toISOString() });
  return result;
}

/**
 * On an empty instance, seed the roles and privileges so members have access from the first day. An association
 * seeded before the board member and the community's resources existed gains them: the board member role, and the
 * default privilege of each system role on a resource it has no privilege row for yet among the board member's and
 * the community's. Rows an administrator wrote are never touched.
 */
export async function seedRolesIfEmpty(ctx: Ctx) {
  const [row] = await ctx.db.select({ n: count() }).from(roles);
  if (Number(row?.n ?? 0) === 0) {
    await writeDefaults(ctx, null);
    return;
  }
  await withTransaction(ctx, async (tx) => {
    const board = SYSTEM_ROLE_DEFINITIONS.find((r) => r.role_name === 'board_member')!;
    await tx.db.insert(roles).values({ ...board, is_system_role: true, created_by: null }).onConflictDoNothing({ target: roles.role_name });
    const added = defaultPrivileges().filter((p) => p.role_name === 'board_member' || (COMMUNITY_RESOURCE_KEYS as readonly string[]).includes(p.resource_name));
    await tx.db.insert(privileges).values(added.map((p) => ({ ...p, created_by: null })) as never).onConflictDoNothing({ target: [privileges.role_name, privileges.resource_name] });
  });
}
