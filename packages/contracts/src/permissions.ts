import {
  RESOURCE_KEYS,
  type PermissionLevel,
  type ResourceKey,
} from './constants.ts';

export interface PrivilegeFlags {
  can_create: boolean;
  can_read: boolean;
  can_update: boolean;
  can_delete: boolean;
}

/** Flags implied by a permission level (spec part 1, section 4). */
export function deriveFlags(level: PermissionLevel): PrivilegeFlags {
  return {
    can_read: level !== 'none',
    can_create: level === 'read_write',
    can_delete: level === 'read_write',
    can_update: level === 'read_write' || level === 'own_records',
  };
}

/** Role-name normalisation used when no exact privilege match exists: lower-case, trimmed, 'property' means 'property_manager'. */
export function normalizeRoleName(role: string): string {
  const r = role.trim().toLowerCase();
  return r === 'property' ? 'property_manager' : r;
}

export interface PrivilegeRecordLike {
  role_name: string;
  resource_name: string;
  permission_level: PermissionLevel;
}

/**
 * The permission level a role has on a resource: admin always read_write; an exact match first,
 * then a match after normalising both names; no record means none.
 */
export function resolvePermissionLevel(
  role: string | null | undefined,
  resource: ResourceKey,
  privileges: readonly PrivilegeRecordLike[],
): PermissionLevel {
  if (!role) return 'none';
  if (normalizeRoleName(role) === 'admin') return 'read_write';
  const exact = privileges.find((p) => p.role_name === role && p.resource_name === resource);
  if (exact) return exact.permission_level;
  const wanted = normalizeRoleName(role);
  const loose = privileges.find((p) => normalizeRoleName(p.role_name) === wanted && p.resource_name === resource);
  return loose ? loose.permission_level : 'none';
}

/**
 * Default privileges written by both initialization functions. Where the spec gives two readings
 * for owners on properties, invoices and payments, we take own_records (docs/decisions.md).
 */
export function defaultPrivileges(): Array<PrivilegeRecordLike & PrivilegeFlags> {
  const rows: Array<PrivilegeRecordLike & PrivilegeFlags> = [];
  const add = (role_name: string, resource_name: ResourceKey, level: PermissionLevel) =>
    rows.push({ role_name, resource_name, permission_level: level, ...deriveFlags(level) });
  for (const r of RESOURCE_KEYS) add('admin', r, 'read_write');
  for (const r of RESOURCE_KEYS) add('property_manager', r, r === 'role_management' ? 'read' : 'read_write');
  for (const r of RESOURCE_KEYS) add('owner', r, OWNER_DEFAULT_LEVELS[r] ?? 'none');
  for (const r of RESOURCE_KEYS) add('board_member', r, BOARD_MEMBER_DEFAULT_LEVELS[r] ?? 'none');
  return rows;
}

/**
 * The owner's defaults: the spec's five, then the community: their own violations, architectural requests and work
 * orders; announcements, documents, meetings and votes to read (each record's audience or visibility decides the
 * rest; casting a ballot is the vote commands' own rule).
 */
export const OWNER_DEFAULT_LEVELS: Readonly<Partial<Record<ResourceKey, PermissionLevel>>> = {
  dashboard: 'read',
  properties: 'own_records',
  invoices: 'own_records',
  payments: 'own_records',
  users: 'own_records',
  violations: 'own_records',
  architectural_requests: 'own_records',
  work_orders: 'own_records',
  announcements: 'read',
  documents: 'read',
  meetings: 'read',
  votes: 'read',
};

/**
 * A board member (a director or officer) reads the community and the books and their reports; no user management,
 * settings, backups or roles (their own user record only). Deciding hearings and architectural requests is the
 * commands' own rule, not a write privilege here.
 */
export const BOARD_MEMBER_DEFAULT_LEVELS: Readonly<Partial<Record<ResourceKey, PermissionLevel>>> = {
  dashboard: 'read',
  owners: 'read',
  properties: 'read',
  invoices: 'read',
  payments: 'read',
  items: 'read',
  tax_rates: 'read',
  vendors: 'read',
  bills: 'read',
  chart_of_accounts: 'read',
  reports: 'read',
  users: 'own_records',
  violations: 'read',
  architectural_requests: 'read',
  work_orders: 'read',
  announcements: 'read',
  documents: 'read',
  meetings: 'read',
  votes: 'read',
  estoppel: 'read',
};

/** The role used for privilege lookup: a system admin is treated as admin whatever the application role. */
export function effectiveRole(user: { role?: string | null; user_role?: string | null }): string | null {
  if (user.role === 'admin') return 'admin';
  return user.user_role ?? null;
}

/** Application roles that run the association (as opposed to owners, renters and their households). */
export const STAFF_ROLES = ['admin', 'property_manager'] as const;

/** Whether a user is staff: a system administrator, or an administrator or property manager by role. */
export function isStaffRole(user: { role?: string | null; user_role?: string | null }): boolean {
  const role = effectiveRole(user);
  return role !== null && (STAFF_ROLES as readonly string[]).includes(normalizeRoleName(role));
}

/** Owner-type roles (spec part 1, section 6): they sign in to their own account. */
export const OWNER_TYPE_ROLES = ['owner', 'renter', 'household_member'] as const;

/** Whether a user sits on the board (a director or officer), by application role. */
export function isBoardMemberRole(user: { role?: string | null; user_role?: string | null }): boolean {
  return effectiveRole(user) === 'board_member';
}

/** Whether a user is owner-type: owner, renter or household member by application role. */
export function isOwnerTypeRole(user: { role?: string | null; user_role?: string | null }): boolean {
  const role = effectiveRole(user);
  return role !== null && (OWNER_TYPE_ROLES as readonly string[]).includes(normalizeRoleName(role));
}
