import { describe, expect, it } from 'vitest';
import { invoiceInput, ownerInput, ownerPropertyInput, privilegeInput, propertyInput, taxRateInput, userSelfUpdateInput } from './entities.ts';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) => schema.safeParse(v).success;
const message = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }, v: unknown) =>
  schema.safeParse(v).error?.issues.map((i) => i.message).join('; ');

describe('owner contract', () => {
  const base = { owner_id: '100000', first_name: 'Ann', last_name: 'Lee' };
  it('accepts the minimum', () => expect(ok(ownerInput, base)).toBe(true));
  it.each(['12345', '1234567', 'abcdef', '10000a', ' 100000'])('owner id %j is refused', (id) => {
    expect(message(ownerInput, { ...base, owner_id: id })).toContain('Owner ID must be exactly 6 digits');
  });
  it('requires names', () => {
    expect(message(ownerInput, { owner_id: '100000', first_name: ' ', last_name: 'x' })).toContain('First name is required');
    expect(message(ownerInput, { owner_id: '100000', first_name: 'x' })).toContain('Last name is required');
  });
  it('email must be an email, or empty', () => {
    expect(ok(ownerInput, { ...base, email: 'no' })).toBe(false);
    expect(ok(ownerInput, { ...base, email: '' })).toBe(true);
    expect(ok(ownerInput, { ...base, email: 'a@b.co' })).toBe(true);
  });
  it('statuses are enums', () => {
    expect(ok(ownerInput, { ...base, status: 'gone' })).toBe(false);
    expect(ok(ownerInput, { ...base, resident_status: 'household_member' })).toBe(true);
  });
  it('refuses unknown fields', () => expect(ok(ownerInput, { ...base, role: 'admin' })).toBe(false));
  it.each(['2024-02-30', '2024-13-01', '24-01-01', 'yesterday'])('date of birth %j refused', (d) => {
    expect(ok(ownerInput, { ...base, date_of_birth: d })).toBe(false);
  });
  it('leap day accepted', () => expect(ok(ownerInput, { ...base, date_of_birth: '2024-02-29' })).toBe(true));
});

describe('property contract', () => {
  const base = { property_id: '200000', unit_number: '1A' };
  it.each([[0.5, true], [2.5, true], [1.25, false], [-1, false]])('bathrooms %d -> %s', (b, good) => {
    expect(ok(propertyInput, { ...base, bathrooms: b })).toBe(good);
  });
  it.each([[250.5, true], ['250.50', true], [-1, false], [1.234, false]])('monthly fee %j -> %s', (f, good) => {
    expect(ok(propertyInput, { ...base, monthly_hoa_fee: f })).toBe(good);
  });
  it('unit number required', () => expect(message(propertyInput, { property_id: '200000', unit_number: '' })).toContain('Unit number is required'));
});

describe('owner-property contract', () => {
  const base = { owner_id: 'a'.repeat(24), property_id: 'b'.repeat(24) };
  it.each([[0, true], [100, true], [33.33, true], [100.01, false], [-0.01, false]])('ownership %d -> %s', (p, good) => {
    expect(ok(ownerPropertyInput, { ...base, ownership_percentage: p })).toBe(good);
  });
  it('relationship types', () => {
    expect(ok(ownerPropertyInput, { ...base, relationship_type: 'co-owner' })).toBe(true);
    expect(ok(ownerPropertyInput, { ...base, relationship_type: 'landlord' })).toBe(false);
  });
});

describe('tax rate contract', () => {
  it.each([[0, true], [100, true], [8.875, true], [100.5, false], [-1, false]])('%d -> %s', (r, good) => {
    expect(ok(taxRateInput, { tax_name: 'Sales', tax_rate: r })).toBe(good);
  });
});

describe('privilege contract', () => {
  it('resource and level are enums', () => {
    expect(ok(privilegeInput, { role_name: 'owner', resource_name: 'owners', permission_level: 'read' })).toBe(true);
    expect(ok(privilegeInput, { role_name: 'owner', resource_name: 'secrets', permission_level: 'read' })).toBe(false);
    expect(ok(privilegeInput, { role_name: 'owner', resource_name: 'owners', permission_level: 'all' })).toBe(false);
  });
});

describe('self update', () => {
  it('only phone and photo', () => {
    expect(ok(userSelfUpdateInput, { phone: '555' })).toBe(true);
    expect(ok(userSelfUpdateInput, { user_role: 'admin' })).toBe(false);
    expect(ok(userSelfUpdateInput, { full_name: 'x' })).toBe(false);
  });
});

describe('invoice contract', () => {
  it('derived amounts are tolerated (recomputed by the server), status is an enum', () => {
    expect(ok(invoiceInput, { invoice_date: '2026-01-01', owner_id: 'a'.repeat(24), subtotal: 999 })).toBe(true);
    expect(ok(invoiceInput, { invoice_date: '2026-01-01', owner_id: 'a'.repeat(24), status: 'void' })).toBe(false);
  });
});
