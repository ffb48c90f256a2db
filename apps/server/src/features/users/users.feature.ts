import { userUpdateInput } from '@covenant/contracts/entities';
import type { PermissionLevel } from '@covenant/contracts/constants';
import { owners, properties, users } from '@covenant/db/schema/community';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../lib/context.ts';
import type { z } from 'zod';
import { ConflictError, ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { isAdmin, permissionLevel } from '../../platform/access/access.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { userListPage, userListQuery } from '@covenant/contracts/lists';
import { registerListRoute } from '../../platform/entities/list-page.ts';
import { inviteOwners } from './invite-owners.ts';
import { listUsers } from './users.list.ts';

/** Users are created by invitation (auth routes); staff change roles and links, a user their own phone and photo. */
export const userEntity: EntityDef = {
  name: 'User',
  label: 'user',
  table: users,
  resource: 'users',
  audit: 'user',
  createRefusal: 'New users must be invited through the platform dashboard',
  updateInput: userUpdateInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'user-self' },
  ownEditable: ['phone', 'photo_url'],
  hooks: {
    async prepareUpdate(ctx, changes, existing) {
      const actor = ctx.actor!;
      const level: PermissionLevel = await permissionLevel(ctx, 'users');
      if (level !== 'read_write') return changes;
      if (!isAdmin(actor)) {
        if (existing.role === 'admin' || existing.user_role === 'admin') throw new ForbiddenError('Only an administrator can change an administrator');
        if ('role' in changes) throw new ForbiddenError('Only an administrator can change the system role');
        if (changes.user_role === 'admin') throw new ForbiddenError('Only an administrator can give the administrator role');
      }
      await assertLinksExist(ctx, changes);
      if (existing.id === actor.id && 'role' in changes && changes.role !== 'admin' && existing.role === 'admin') {
        throw new ConflictError('You cannot remove your own administrator role', 'self_demotion');
      }
      return changes;
    },
    beforeDelete(ctx, existing) {
      const actor = ctx.actor!;
      if (existing.id === actor.id) throw new ConflictError('You cannot delete your own account', 'self_delete');
      if (!isAdmin(actor) && (existing.role === 'admin' || existing.user_role === 'admin')) {
        throw new ForbiddenError('Only an administrator can delete an administrator');
      }
    },
  },
};

/**
 * The owner and unit a user is linked to must be records of this association. Memberships live in the shared
 * schema (no foreign key can reach an association's tables), so the link is checked here.
 */
async function assertLinksExist(ctx: Ctx, changes: Row): Promise<void> {
  const checks: [unknown, typeof owners | typeof properties, string][] = [
    [changes.owner_id, owners, 'The linked owner does not exist'],
    [changes.property_id, properties, 'The linked property does not exist'],
  ];
  for (const [id, table, message] of checks) {
    if (typeof id !== 'string' || id === '') continue;
    const [row] = await ctx.db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
    if (!row) throw new ValidationError(message);
  }
}

export const usersFeature: Feature = {
  name: 'users',
  routes: async (app) => registerListRoute(app, 'users', userListQuery, userListPage, listUsers),
  entities: [userEntity],
  functions: [inviteOwners],
};
