import { SYSTEM_ROLE_DEFINITIONS } from '@covenant/contracts/constants';
import { effectiveRole } from '@covenant/contracts/permissions';

/** The two roles of a user, as the signed-in user and the users list both carry them. */
interface Roles {
  role: string;
  user_role: string | null;
}

/** A system administrator counts as admin whatever their application role (spec part 1, section 6). */
export function isAdminUser(user: Roles): boolean {
  return user.role === 'admin' || user.user_role === 'admin';
}

/** The role used for menus and privilege lookup: 'admin' for a system admin, else the application role. */
export function effectiveRoleOf(user: Roles): string | null {
  return effectiveRole(user);
}

/** The display name of an application role, e.g. 'Property Manager'; the raw name for a custom role. */
export function roleDisplayName(role: string | null | undefined): string {
  if (!role) return 'User';
  return SYSTEM_ROLE_DEFINITIONS.find((definition) => definition.role_name === role)?.display_name ?? role;
}

/** The user's role label: 'Administrator' for a system admin, else the application role's display name. */
export function roleLabelOf(user: Roles): string {
  if (user.role === 'admin') return 'Administrator';
  return roleDisplayName(user.user_role);
}
