import { count } from 'drizzle-orm';
import type { z } from 'zod';
import { orgSettingsInput } from '@covenant/contracts/entities';
import { orgSettings } from '@covenant/db/schema/community';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, ForbiddenError } from '../../lib/errors.ts';
import { isAdmin } from '../../platform/access/access.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';

/** Who may join and how staff sign in are administrators' decisions. */
function guardAdminOnlySettings(ctx: Ctx, values: Row) {
  if ('open_registration' in values && !isAdmin(ctx.actor)) throw new ForbiddenError('Only an administrator can change open registration');
  if ('require_two_factor_for_staff' in values && !isAdmin(ctx.actor)) {
    throw new ForbiddenError('Only an administrator can change whether staff must use two-factor authentication');
  }
}

/** The organization's settings: one record (spec part 1, section 2). */
export const orgSettingsEntity: EntityDef = {
  name: 'OrgSettings',
  label: 'organization settings record',
  table: orgSettings,
  resource: 'org_settings',
  audit: 'org_settings',
  createInput: orgSettingsInput as unknown as z.ZodType<Row>,
  updateInput: orgSettingsInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
  hooks: {
    async prepareCreate(ctx, values) {
      guardAdminOnlySettings(ctx, values);
      const [existing] = await ctx.db.select({ n: count() }).from(orgSettings);
      if ((existing?.n ?? 0) > 0) throw new ConflictError('Organization settings already exist; update them instead', 'singleton');
      return values;
    },
    prepareUpdate(ctx, changes) {
      guardAdminOnlySettings(ctx, changes);
      return changes;
    },
  },
};

export const orgSettingsFeature: Feature = { name: 'org-settings', entities: [orgSettingsEntity] };
