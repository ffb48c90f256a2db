import { SYSTEM_ROLE_DEFINITIONS } from '@covenant/contracts/constants';
import type { User } from '@/lib/api';

/** A system administrator counts as admin whatever their application role (spec part 1, section 6). */
export function isAdminUser(user: Pick<User, 'role' | 'user_role'>): boolean {
  return user.role === 'admin' || user.user_role === 'admin';
}

/** The display name of the user's role, e.g. 'Administrator' or 'Property Manager'. */
export function roleLabelOf(user: Pick<User, 'role' | 'user_role'>): string {
  const role = user.user_role ?? (user.role === 'admin' ? 'admin' : null);
  return SYSTEM_ROLE_DEFINITIONS.find((definition) => definition.role_name === role)?.display_name ?? 'User';
}
