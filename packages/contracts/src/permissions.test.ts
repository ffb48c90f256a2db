import { describe, expect, it } from 'vitest';
import { COMMUNITY_RESOURCE_KEYS, RESOURCE_KEYS } from './constants.ts';
import { defaultPrivileges, deriveFlags, effectiveRole, normalizeRoleName, resolvePermissionLevel } from './permissions.ts';

describe('deriveFlags', () => {
  it.each([
    ['read_write', { can_read: true, can_create: true, can_update: true, can_delete: true }],
    ['read', { can_read: true, can_create: false, can_update: false, can_delete: false }],
    ['own_records', { can_read: true, can_create: false, can_update: true, can_delete: false }],
    ['none', { can_read: false, can_create: false, can_update: false, can_delete: false }],
  ] as const)('%s', (level, flags) => {
    expect(deriveFlags(level)).toEqual(flags);
  });
});

describe('normalizeRoleName', () => {
  it.each([
    ['Owner', 'owner'], ['  property_manager ', 'property_manager'], ['property', 'property_manager'], ['PROPERTY', 'property_manager'], ['renter', 'renter'],
  ])('%j -> %s', (a, b) => expect(normalizeRoleName(a)).toBe(b));
});

describe('resolvePermissionLevel', () => {
  const privs = [
    { role_name: 'owner', resource_name: 'invoices', permission_level: 'own_records' as const },
    { role_name: 'Property', resource_name: 'owners', permission_level: 'read' as const },
    { role_name: 'renter', resource_name: 'dashboard', permission_level: 'read' as const },
  ];
  it('admin always read_write, whatever the records say', () => {
    expect(resolvePermissionLevel('admin', 'role_management', [])).toBe('read_write');
    expect(resolvePermissionLevel(' Admin ', 'backup', [])).toBe('read_write');
  });
  it('exact match first', () => expect(resolvePermissionLevel('owner', 'invoices', privs)).toBe('own_records'));
  it('normalised match when no exact one', () => expect(resolvePermissionLevel('property_manager', 'owners', privs)).toBe('read'));
  it('no record means none', () => expect(resolvePermissionLevel('owner', 'vendors', privs)).toBe('none'));
  it('no role means none', () => {
    expect(resolvePermissionLevel(null, 'dashboard', privs)).toBe('none');
    expect(resolvePermissionLevel('', 'dashboard', privs)).toBe('none');
  });
});

describe('defaultPrivileges', () => {
  const rows = defaultPrivileges();
  const level = (role: string, res: string) => rows.find((r) => r.role_name === role && r.resource_name === res)?.permission_level;
  it('admin read_write on every resource with all four flags', () => {
    for (const r of RESOURCE_KEYS) {
      const row = rows.find((p) => p.role_name === 'admin' && p.resource_name === r)!;
      expect(row.permission_level).toBe('read_write');
      expect([row.can_create, row.can_read, row.can_update, row.can_delete]).toEqual([true, true, true, true]);
    }
  });
  it('property manager read_write except role_management read', () => {
    for (const r of RESOURCE_KEYS) expect(level('property_manager', r)).toBe(r === 'role_management' ? 'read' : 'read_write');
  });
  it('owner: dashboard read; properties, invoices, payments, users own_records; none elsewhere; never create or delete', () => {
    expect(level('owner', 'dashboard')).toBe('read');
    for (const r of ['properties', 'invoices', 'payments', 'users']) expect(level('owner', r)).toBe('own_records');
    for (const r of ['owners', 'items', 'tax_rates', 'vendors', 'bills', 'chart_of_accounts', 'reports', 'org_settings', 'backup', 'role_management']) {
      expect(level('owner', r)).toBe('none');
    }
    for (const row of rows.filter((p) => p.role_name === 'owner')) expect(row.can_create || row.can_delete).toBe(false);
  });
  it('owner on the community: their own violations, requests and work orders; announcements and documents to read', () => {
    for (const r of ['violations', 'architectural_requests', 'work_orders']) expect(level('owner', r)).toBe('own_records');
    for (const r of ['announcements', 'documents', 'meetings', 'votes']) expect(level('owner', r)).toBe('read');
    expect(level('owner', 'estoppel')).toBe('none');
  });
  it('board member: reads the books, the reports and the community; own user record; no settings, backups or roles; never writes', () => {
    for (const r of ['dashboard', 'owners', 'properties', 'invoices', 'payments', 'items', 'tax_rates', 'vendors', 'bills', 'chart_of_accounts', 'reports', ...COMMUNITY_RESOURCE_KEYS]) {
      expect(level('board_member', r)).toBe('read');
    }
    expect(level('board_member', 'users')).toBe('own_records');
    for (const r of ['org_settings', 'backup', 'role_management']) expect(level('board_member', r)).toBe('none');
    for (const row of rows.filter((p) => p.role_name === 'board_member')) expect(row.can_create || row.can_delete).toBe(false);
  });
  it('no defaults for renter, household member, guest contact', () => {
    expect(rows.filter((r) => ['renter', 'household_member', 'guest_contact'].includes(r.role_name))).toEqual([]);
  });
  it('one row per role and resource', () => {
    expect(rows).toHaveLength(RESOURCE_KEYS.length * 4);
  });
});

describe('effectiveRole', () => {
  it.each([
    [{ role: 'admin', user_role: 'owner' }, 'admin'],
    [{ role: 'user', user_role: 'owner' }, 'owner'],
    [{ role: 'user', user_role: null }, null],
    [{}, null],
  ])('%j -> %s', (u, r) => expect(effectiveRole(u)).toBe(r));
});
