import { asc, eq } from 'drizzle-orm';
import { orgSettingsInput } from '@covenant/contracts/entities';
import { orgSettings } from '@covenant/db/schema/community';
import type { Ctx } from '../../lib/context.ts';
import { isAdmin } from '../../platform/access/access.service.ts';
import type { BackupStep } from '../../platform/backup/backup-step.ts';
import { collectionSchemas, contractValues, readAll } from '../../platform/backup/contract-step.ts';
import { listOf } from '../../platform/backup/table-step.ts';
import type { Row } from '../../platform/entities/entity-def.ts';
import { syncAssociationName } from './org-settings.feature.ts';

const orgSettingsCollection = { entity: 'OrgSettings', schema: orgSettingsInput };

async function restoreOrgSettings(tx: Ctx, list: Row[]): Promise<number> {
  const raw = list[0];
  if (!raw) return 0;
  const values = contractValues(tx, orgSettingsCollection, raw, 'orgSettings #1');
  // Only an administrator changes open registration (as on the entity API).
  if (!isAdmin(tx.actor)) delete values.open_registration;
  const [existing] = await tx.db.select({ id: orgSettings.id }).from(orgSettings).orderBy(asc(orgSettings.created_date)).limit(1);
  if (existing) await tx.db.update(orgSettings).set(values as never).where(eq(orgSettings.id, existing.id));
  else await tx.db.insert(orgSettings).values({ ...values, created_by: tx.actor?.email ?? null } as never);
  // The association registry goes by the restored name, as after a save on the settings screen.
  await syncAssociationName(tx, values);
  return 1;
}

/** The organization's settings: the file's record becomes the association's one record. */
export const orgSettingsBackupStep: BackupStep = {
  name: 'org-settings',
  order: 10,
  tables: ['org_settings'],
  collections: collectionSchemas({ orgSettings: orgSettingsCollection }),
  backup: async (ctx) => ({ orgSettings: await readAll(ctx, 'OrgSettings') }),
  restore: async (tx, data) => ({ orgSettings: await restoreOrgSettings(tx, listOf(data, 'orgSettings')) }),
};
