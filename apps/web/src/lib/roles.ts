import { SYSTEM_ROLE_DEFINITIONS } from '@covenant/contracts/constants';
import { effectiveRole } from '@covenant/contracts/permissions';
import type { User } from '@/lib/api';

/** A system administrator counts as admin whatever their application role (spec part 1, section 6). */
export function isAdminUser(user: Pick<User, 'role' | 'user_role'>): boolean {
  return user.role === 'admin' || user.user_role === 'admin';
}

/** The role used for menus and privilege lookup: 'admin' for a system admin, else the application role. */
export function effectiveRoleOf(user: Pick<User, 'role' | 'user_role'>): string | null {
  return effectiveRole(user);
}

/** The display name of an application role, e.g. 'Property Manager'; the raw name for a custom role. */
export function roleDisplayName(role: string | null | undefined): string {
  if (!role) return 'User';
  return SYSTEM_ROLE_DEFINITIONS.find((definition) => definition.role_name === role)?.display_name ?? role;
}

/** The user's role label: 'Administrator' for a system admin, else the application role's display name. */
export function roleLabelOf(user: Pick<User, 'role' | 'user_role'>): string {
  if (user.role === 'admin') return 'Administrator';
  return roleDisplayName(user.user_role);
}
