import { queryOptions } from '@tanstack/react-query';
import type { orgSettingsInput } from '@covenant/contracts/entities';
import type { RecordOf } from '@covenant/contracts/entity-records';
import type { User } from '@/lib/api';
import { entityKeys, list } from '@/lib/entities';
import { permissionLevelOf } from '@/app/navigation';
import { isAdminUser } from '@/lib/roles';

/** The settings record; the server fills the flags, the fiscal month, the run hour and the billing choices. */
export type OrgSettings = RecordOf<
  typeof orgSettingsInput,
  object,
  'open_registration' | 'require_two_factor_for_staff' | 'fiscal_year_start_month' | 'run_hour' | 'co_owner_billing' | 'payment_application_order' | 'auto_apply_credits' | 'arc_response_days'
>;

/** The single settings record the app uses: the first one (spec part 1, section 7). */
export const orgSettingsQuery = queryOptions({
  queryKey: [...entityKeys.all('OrgSettings'), 'first'],
  queryFn: async () => (await list<OrgSettings>('OrgSettings', { sort: 'created_date', limit: 1 }))[0] ?? null,
  staleTime: 60_000,
});

/** Whether the caller may read the settings record (the server refuses others). */
export function canReadOrgSettings(user: User): boolean {
  if (isAdminUser(user)) return true;
  const level = permissionLevelOf(user, 'org_settings');
  return level !== undefined && level !== 'none';
}
