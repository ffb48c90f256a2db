import { queryOptions } from '@tanstack/react-query';
import type { User } from '@/lib/api';
import { entityKeys, list, type EntityRecord } from '@/lib/entities';
import { permissionLevelOf } from '@/app/navigation';
import { isAdminUser } from '@/lib/roles';

export interface OrgSettings extends EntityRecord {
  company_name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  logo_url: string | null;
  theme: string | null;
  organization_name: string | null;
  open_registration?: boolean;
  require_two_factor_for_staff?: boolean;
  /** 1–12: the month the fiscal year starts in (budgets). */
  fiscal_year_start_month?: number;
  /** IANA time zone of the association; null: the server's. */
  time_zone?: string | null;
  /** 0–23: when the scheduler runs assessments and late fees. */
  run_hour?: number;
  co_owner_billing?: 'split' | 'principal';
  payment_application_order?: 'oldest_first' | 'assessments_first' | 'fees_first';
  auto_apply_credits?: boolean;
}

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
