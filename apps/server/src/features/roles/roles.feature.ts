import { defineFunction } from '../../platform/functions/define-function.ts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { privilegeInput, roleInput } from '@covenant/contracts/entities';
import { deriveFlags } from '@covenant/contracts/permissions';
import type { PermissionLevel } from '@covenant/contracts/constants';
import { privileges, roles } from '@covenant/db/schema/community';
import { ForbiddenError } from '../../lib/errors.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { initializeDefaultRoles, seedRolesIfEmpty } from './roles.service.ts';

const isAdminRole = (name: unknown) => String(name).trim().toLowerCase() === 'admin';

export const privilegeEntity: EntityDef = {
  name: 'Privilege',
  label: 'privilege',
  table: privileges,
  resource: 'role_management',
  audit: 'privilege',
  createInput: privilegeInput as unknown as z.ZodType<Row>,
  updateInput: privilegeInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
  hooks: {
    async prepareCreate(ctx, values) {
      if (isAdminRole(values.role_name)) throw new ForbiddenError('The administrator role cannot be edited');
      // Saving replaces any record for the same role and resource (spec part 1, section 5).
      await ctx.db
        .delete(privileges)
        .where(sql`${privileges.role_name} = ${values.role_name} and ${privileges.resource_name} = ${values.resource_name}`);
      return { ...values, ...deriveFlags(values.permission_level as PermissionLevel) };
    },
    prepareUpdate(_ctx, changes, existing) {
      if (isAdminRole(changes.role_name ?? existing.role_name)) throw new ForbiddenError('The administrator role cannot be edited');
      const level = (changes.permission_level ?? existing.permission_level) as PermissionLevel;
      return { ...changes, ...deriveFlags(level) };
    },
    beforeDelete(_ctx, existing) {
      if (isAdminRole(existing.role_name)) throw new ForbiddenError('The administrator role cannot be edited');
    },
  },
};

export const roleEntity: EntityDef = {
  name: 'Role',
  label: 'role',
  table: roles,
  resource: 'role_management',
  audit: 'role',
  createInput: roleInput as unknown as z.ZodType<Row>,
  updateInput: roleInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
  hooks: {
    prepareUpdate(_ctx, changes, existing) {
      if (existing.role_name === 'admin' && changes.role_name !== undefined && changes.role_name !== 'admin') {
        throw new ForbiddenError('The administrator role cannot be renamed');
      }
      return changes;
    },
    beforeDelete(_ctx, existing) {
      if (existing.role_name === 'admin') throw new ForbiddenError('The administrator role cannot be deleted');
    },
  },
};

export const rolesFeature: Feature = {
  name: 'roles',
  entities: [roleEntity, privilegeEntity],
  functions: [
    defineFunction('initializePrivileges', (ctx) => initializeDefaultRoles(ctx)),
    defineFunction('initializeDefaultRoles', (ctx) => initializeDefaultRoles(ctx)),
  ],
  seed: seedRolesIfEmpty,
};
