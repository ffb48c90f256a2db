import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { orgSettingsInput } from '@covenant/contracts/entities';
import { orgSettings } from '@covenant/db/schema/community';
import { associations } from '@covenant/db/schema/shared';
import { onCommit, type Ctx } from '../../lib/context.ts';
import { ConflictError, ForbiddenError } from '../../lib/errors.ts';
import { isAdmin } from '../../platform/access/access.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { orgSettingsBackupStep } from './org-settings.backup.ts';

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
    afterCreate: (ctx, row) => syncAssociationName(ctx, row),
    afterUpdate: (ctx, row) => syncAssociationName(ctx, row),
  },
};

export const orgSettingsFeature: Feature = {
  name: 'org-settings',
  entities: [orgSettingsEntity],
  backup: [orgSettingsBackupStep],
  // A start after an upgrade: the registry takes the name the settings give (kept in step by every save after).
  seed: async (ctx) => {
    const [row] = await ctx.db.select().from(orgSettings).limit(1);
    if (row) await syncAssociationName(ctx, row as unknown as Row);
  },
};

/**
 * The association registry keeps the name the association goes by (its organization or company name), so lists of
 * associations (the switcher, the portfolio) read it without opening every association.
 */
export async function syncAssociationName(ctx: Ctx, row: Row): Promise<void> {
  const association = ctx.association;
  const name = (row.organization_name as string | null) || (row.company_name as string | null);
  if (!association || !name || name === association.name) return;
  await ctx.db.update(associations).set({ name }).where(eq(associations.app_id, association.app_id));
  onCommit(ctx, () => void ctx.services.tenancy.refresh(association.app_id));
}
