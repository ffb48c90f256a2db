import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@covenant/db/ids';
import { seedAssociation } from '../src/app.ts';
import { createTestApp, createUser, makeOwner, makeProperty, type TestApp } from './helpers.ts';
import { pgArray } from '../src/lib/pg-array.ts';

let t: TestApp;
let admin: { id: string; email: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
});
afterAll(async () => t?.close());

const q = (filter: unknown) => `q=${encodeURIComponent(JSON.stringify(filter))}`;

describe('entity CRUD', () => {
  it('create fills the built-in fields and defaults; get, update and delete round-trip', async () => {
    const created = await t.call('POST', '/entities/Property', { token: admin.token, body: { property_id: '200100', unit_number: '12B', monthly_hoa_fee: '310.25', bathrooms: 1.5 } });
    expect(created.statusCode).toBe(200);
    const p = created.json();
    expect(p).toMatchObject({ property_type: 'condo', status: 'occupied', monthly_hoa_fee: 310.25, bathrooms: 1.5, created_by: admin.email });
    expect(p.id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Date(p.created_date).toISOString()).toBe(p.created_date);
    const got = await t.call('GET', `/entities/Property/${p.id}`, { token: admin.token });
    expect(got.json()).toEqual(p);
    const upd = await t.call('PUT', `/entities/Property/${p.id}`, { token: admin.token, body: { unit_number: '12C', notes: '' } });
    expect(upd.json()).toMatchObject({ unit_number: '12C', notes: null, property_id: '200100' });
    expect(Date.parse(upd.json().updated_date)).toBeGreaterThanOrEqual(Date.parse(p.updated_date));
    const locked = await t.call('PUT', `/entities/Property/${p.id}`, { token: admin.token, body: { property_id: '299999' } });
    expect(locked.statusCode).toBe(400);
    expect((await t.call('DELETE', `/entities/Property/${p.id}`, { token: admin.token })).json()).toEqual({ success: true });
    expect((await t.call('GET', `/entities/Property/${p.id}`, { token: admin.token })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/entities/Property/${p.id}`, { token: admin.token })).statusCode).toBe(404);
  });

  it('owner id cannot change once created', async () => {
    const o = await makeOwner(t, admin.token);
    const res = await t.call('PUT', `/entities/Owner/${o.id}`, { token: admin.token, body: { owner_id: '999999' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('owner_id');
  });
});

describe('list, filter, sort, paginate, fields, count', () => {
  beforeAll(async () => {
    const names = ['Adams', 'baker', 'Clark', 'Davis', 'Evans'];
    for (const [i, last] of names.entries()) {
      await makeOwner(t, admin.token, { owner_id: String(300000 + i), last_name: last, status: i % 2 ? 'inactive' : 'active', city: i < 2 ? 'Springfield' : null });
    }
  });
  const list = async (query: string) => {
    const res = await t.call('GET', `/entities/Owner?${query}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Array<Record<string, unknown>>;
  };

  it('default sort is newest first', async () => {
    const rows = await list(q({ owner_id: { $gte: '300000', $lte: '300004' } }));
    expect(rows.map((r) => r.owner_id)).toEqual(['300004', '300003', '300002', '300001', '300000']);
  });
  it('sorts ascending and descending by a field', async () => {
    const f = q({ owner_id: { $gte: '300000', $lte: '300004' } });
    expect((await list(`${f}&sort=owner_id`)).map((r) => r.owner_id)).toEqual(['300000', '300001', '300002', '300003', '300004']);
    expect((await list(`${f}&sort=-owner_id`)).map((r) => r.owner_id)[0]).toBe('300004');
  });
  it('limit and skip page through', async () => {
    const f = q({ owner_id: { $gte: '300000', $lte: '300004' } });
    const page1 = await list(`${f}&sort=owner_id&limit=2`);
    const page2 = await list(`${f}&sort=owner_id&limit=2&skip=2`);
    const page3 = await list(`${f}&sort=owner_id&limit=2&skip=4`);
    expect([...page1, ...page2, ...page3].map((r) => r.owner_id)).toEqual(['300000', '300001', '300002', '300003', '300004']);
  });
  it('fields selects columns (id always)', async () => {
    const rows = await list(`${q({ owner_id: '300000' })}&fields=owner_id,last_name`);
    expect(rows).toEqual([{ id: expect.any(String), owner_id: '300000', last_name: 'Adams' }]);
  });
  it.each([
    [{ status: 'inactive', owner_id: { $gte: '300000' } }, ['300001', '300003']],
    [{ status: { $ne: 'inactive' }, owner_id: { $in: ['300000', '300001', '300002'] } }, ['300000', '300002']],
    [{ owner_id: { $nin: ['300000', '300001'], $gte: '300000', $lt: '300004' } }, ['300002', '300003']],
    [{ last_name: { $regex: '^b', $options: 'i' }, owner_id: { $gte: '300000' } }, ['300001']],
    [{ last_name: { $regex: '^b' }, owner_id: { $gte: '300000' } }, ['300001']],
    [{ last_name: { $regex: '^B' }, owner_id: { $gte: '300000' } }, []],
    [{ city: { $exists: true }, owner_id: { $gte: '300000' } }, ['300000', '300001']],
    [{ city: null, owner_id: { $gte: '300000', $lte: '300004' } }, ['300002', '300003', '300004']],
    [{ $or: [{ last_name: 'Adams' }, { last_name: 'Evans' }] }, ['300000', '300004']],
    [{ $and: [{ owner_id: { $gt: '300001' } }, { owner_id: { $lt: '300004' } }] }, ['300002', '300003']],
    [{ owner_id: { $in: [] } }, []],
  ])('filter %j', async (filter, expected) => {
    const rows = await list(`${q(filter)}&sort=owner_id`);
    expect(rows.map((r) => r.owner_id)).toEqual(expected);
  });
  it('count honours the filter', async () => {
    const res = await t.call('GET', `/entities/Owner/count?${q({ status: 'inactive', owner_id: { $gte: '300000' } })}`, { token: admin.token });
    expect(res.json()).toEqual({ count: 2 });
  });
  it('numeric filters compare numbers, not text', async () => {
    await makeProperty(t, admin.token, { property_id: '210000', monthly_hoa_fee: 99.99 });
    await makeProperty(t, admin.token, { property_id: '210001', monthly_hoa_fee: 1000 });
    const res = await t.call('GET', `/entities/Property?${q({ property_id: { $gte: '210000' }, monthly_hoa_fee: { $gt: 100 } })}`, { token: admin.token });
    expect(res.json().map((p: { property_id: string }) => p.property_id)).toEqual(['210001']);
  });
});

describe('bulk create and delete many', () => {
  it('bulk creates all, in one transaction', async () => {
    const res = await t.call('POST', '/entities/Vendor/bulk', { token: admin.token, body: [{ vendor_name: 'Acme' }, { vendor_name: 'Bolt', vendor_type: 'utility' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((v: { vendor_name: string; payment_terms: string }) => [v.vendor_name, v.payment_terms])).toEqual([['Acme', 'Net 30'], ['Bolt', 'Net 30']]);
  });
  it('a duplicate inside a batch writes nothing', async () => {
    const before = (await t.call('GET', '/entities/Owner/count', { token: admin.token })).json().count;
    const res = await t.call('POST', '/entities/Owner/bulk', {
      token: admin.token,
      body: [{ owner_id: '400000', first_name: 'A', last_name: 'B' }, { owner_id: '400000', first_name: 'C', last_name: 'D' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Item 2: An owner with owner id '400000' already exists/);
    expect((await t.call('GET', '/entities/Owner/count', { token: admin.token })).json().count).toBe(before);
  });
  it('a batch of 1,203 plain records is written in order, each as a single create would write it, with the prepare hook run for each', async () => {
    const owners = await t.call('POST', '/entities/Owner/bulk', {
      token: admin.token,
      body: Array.from({ length: 1203 }, (_, i) => ({ owner_id: String(510000 + i), first_name: `Bulk${i}`, last_name: 'Batch', ...(i % 2 ? { email: `bulk${i}@example.com` } : {}) })),
    });
    expect(owners.statusCode, owners.body.slice(0, 300)).toBe(200);
    const made = owners.json() as Array<{ id: string; owner_id: string; email: string | null; created_by: string; status: string }>;
    expect(made.map((o) => o.owner_id)).toEqual(Array.from({ length: 1203 }, (_, i) => String(510000 + i)));
    expect(new Set(made.map((o) => o.id)).size).toBe(1203);
    expect(made[0]).toMatchObject({ email: null, created_by: admin.email, status: 'active' });
    expect(made[1]!.email).toBe('bulk1@example.com');
    const single = (await t.call('POST', '/entities/Owner', { token: admin.token, body: { owner_id: '511999', first_name: 'Single', last_name: 'Batch' } })).json();
    const keys = (r: object) => Object.keys(r).sort();
    expect(keys(made[0]!)).toEqual(keys(single));
    expect((await t.call('GET', `/entities/Owner/${made[1202]!.id}`, { token: admin.token })).json()).toEqual(made[1202]);
    // OwnerProperty's prepare hook (the start date: the association's today) runs for every item of a batch.
    const unit = (await t.call('POST', '/entities/Property', { token: admin.token, body: { property_id: '511000', unit_number: 'B-1' } })).json() as { id: string };
    const links = await t.call('POST', '/entities/OwnerProperty/bulk', { token: admin.token, body: made.slice(0, 3).map((o) => ({ owner_id: o.id, property_id: unit.id })) });
    expect(links.statusCode, links.body).toBe(200);
    expect((links.json() as Array<{ start_date: string | null }>).every((l) => /^\d{4}-\d{2}-\d{2}$/.test(String(l.start_date)))).toBe(true);
  });
  it('delete many deletes what matches and says how many', async () => {
    await t.call('POST', '/entities/Vendor/bulk', { token: admin.token, body: [{ vendor_name: 'Temp 1' }, { vendor_name: 'Temp 2' }, { vendor_name: 'Keep' }] });
    const res = await t.call('DELETE', '/entities/Vendor', { token: admin.token, body: { vendor_name: { $regex: '^Temp' } } });
    expect(res.json()).toEqual({ success: true, deleted: 2 });
    const left = await t.call('GET', `/entities/Vendor?${q({ vendor_name: 'Keep' })}`, { token: admin.token });
    expect(left.json()).toHaveLength(1);
    expect((await t.call('DELETE', '/entities/Vendor', { token: admin.token, body: [] })).statusCode).toBe(400);
  });
});

describe('users, roles, privileges, settings rules', () => {
  it('users cannot be created through the entity API', async () => {
    const res = await t.call('POST', '/entities/User', { token: admin.token, body: { email: 'x@example.com' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('New users must be invited through the platform dashboard');
  });
  it('staff edit the five user fields; None is saved as null; name and email are not editable', async () => {
    const owner = await makeOwner(t, admin.token);
    const prop = await makeProperty(t, admin.token);
    const u = await createUser(t, 'renter');
    const set = await t.call('PUT', `/entities/User/${u.id}`, { token: admin.token, body: { phone: '1', owner_id: owner.id, property_id: prop.id, user_role: 'owner' } });
    expect(set.json()).toMatchObject({ phone: '1', owner_id: owner.id, property_id: prop.id, user_role: 'owner' });
    const cleared = await t.call('PUT', `/entities/User/${u.id}`, { token: admin.token, body: { owner_id: '', property_id: null } });
    expect(cleared.json()).toMatchObject({ owner_id: null, property_id: null });
    expect((await t.call('PUT', `/entities/User/${u.id}`, { token: admin.token, body: { email: 'new@example.com' } })).statusCode).toBe(400);
    expect((await t.call('PUT', `/entities/User/${u.id}`, { token: admin.token, body: { full_name: 'Renamed' } })).statusCode).toBe(400);
    const missing = await t.call('PUT', `/entities/User/${u.id}`, { token: admin.token, body: { owner_id: newId() } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('does not exist');
  });
  it('a property manager cannot make administrators or touch one', async () => {
    const pm = await createUser(t, 'property_manager');
    const u = await createUser(t, 'owner');
    expect((await t.call('PUT', `/entities/User/${u.id}`, { token: pm.token, body: { user_role: 'admin' } })).statusCode).toBe(403);
    expect((await t.call('PUT', `/entities/User/${u.id}`, { token: pm.token, body: { role: 'admin' } })).statusCode).toBe(403);
    expect((await t.call('PUT', `/entities/User/${admin.id}`, { token: pm.token, body: { phone: '9' } })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/entities/User/${admin.id}`, { token: pm.token })).statusCode).toBe(403);
    expect((await t.call('PUT', `/entities/User/${u.id}`, { token: pm.token, body: { user_role: 'renter' } })).statusCode).toBe(200);
  });
  it('an owner reads and updates only their own user record, and only phone and photo', async () => {
    const a = await createUser(t, 'owner');
    const b = await createUser(t, 'owner');
    const mine = await t.call('GET', '/entities/User', { token: a.token });
    expect(mine.json().map((u: { id: string }) => u.id)).toEqual([a.id]);
    expect((await t.call('GET', `/entities/User/${b.id}`, { token: a.token })).statusCode).toBe(404);
    expect((await t.call('PUT', `/entities/User/${b.id}`, { token: a.token, body: { phone: '1' } })).statusCode).toBe(404);
    expect((await t.call('PUT', `/entities/User/${a.id}`, { token: a.token, body: { user_role: 'admin' } })).statusCode).toBe(403);
    expect((await t.call('PUT', `/entities/User/${a.id}`, { token: a.token, body: { phone: '42' } })).json().phone).toBe('42');
  });
  it('nobody deletes themselves', async () => {
    const res = await t.call('DELETE', `/entities/User/${admin.id}`, { token: admin.token });
    expect(res.statusCode).toBe(409);
  });
  it('privilege saves replace the record for the role and resource and derive the flags; admin is locked', async () => {
    const first = await t.call('POST', '/entities/Privilege', { token: admin.token, body: { role_name: 'renter', resource_name: 'vendors', permission_level: 'read_write', can_delete: false } });
    expect(first.json()).toMatchObject({ can_create: true, can_read: true, can_update: true, can_delete: true });
    const second = await t.call('POST', '/entities/Privilege', { token: admin.token, body: { role_name: 'renter', resource_name: 'vendors', permission_level: 'own_records' } });
    expect(second.json()).toMatchObject({ can_create: false, can_read: true, can_update: true, can_delete: false });
    const rows = await t.call('GET', `/entities/Privilege?${q({ role_name: 'renter', resource_name: 'vendors' })}`, { token: admin.token });
    expect(rows.json()).toHaveLength(1);
    const adminEdit = await t.call('POST', '/entities/Privilege', { token: admin.token, body: { role_name: 'admin', resource_name: 'vendors', permission_level: 'none' } });
    expect(adminEdit.statusCode).toBe(403);
    expect(adminEdit.json().message).toBe('The administrator role cannot be edited');
  });
  it('a privilege change takes effect on the next request', async () => {
    const renter = await createUser(t, 'renter');
    expect((await t.call('GET', '/entities/TaxRate', { token: renter.token })).statusCode).toBe(403);
    await t.call('POST', '/entities/Privilege', { token: admin.token, body: { role_name: 'Renter ', resource_name: 'tax_rates', permission_level: 'read' } });
    expect((await t.call('GET', '/entities/TaxRate', { token: renter.token })).statusCode).toBe(200);
    expect((await t.call('POST', '/entities/TaxRate', { token: renter.token, body: { tax_name: 'X', tax_rate: 1 } })).statusCode).toBe(403);
  });
  it('initialization restores the defaults (admin only)', async () => {
    const pm = await createUser(t, 'property_manager');
    expect((await t.call('POST', '/functions/initializeDefaultRoles', { token: pm.token, body: {} })).statusCode).toBe(403);
    const res = await t.call('POST', '/functions/initializeDefaultRoles', { token: admin.token, body: {} });
    expect(res.json()).toEqual({ success: true, roles: 7, privileges: 92 });
    const renterRows = await t.call('GET', `/entities/Privilege?${q({ role_name: { $in: ['renter', 'Renter '] } })}`, { token: admin.token });
    expect(renterRows.json()).toEqual([]);
    const roles = await t.call('GET', '/entities/Role?sort=role_name', { token: admin.token });
    expect(roles.json().map((r: { role_name: string; display_name: string }) => `${r.role_name}:${r.display_name}`)).toEqual([
      'admin:Administrator', 'board_member:Board Member', 'guest_contact:Guest Contact', 'household_member:Household Member', 'owner:Owner', 'property_manager:Property Manager', 'renter:Renter',
    ]);
    const str = await t.call('POST', '/functions/initializePrivileges', { token: admin.token, body: '"text"' });
    expect(str.statusCode).toBe(400);
    expect(str.json().message).toBe('Function initializePrivileges must receive an object with named parameters');
    expect((await t.call('POST', '/functions/nope', { token: admin.token, body: {} })).statusCode).toBe(404);
  });
  it('an association seeded before the board member and the community resources gains them at start, keeping what an administrator wrote', async () => {
    const ctx = t.systemCtx();
    await ctx.db.execute(sql`delete from privileges where role_name = 'board_member' or resource_name in ('violations', 'architectural_requests', 'work_orders', 'announcements', 'documents', 'meetings', 'votes', 'estoppel')`);
    await ctx.db.execute(sql`delete from roles where role_name = 'board_member'`);
    // What an administrator chose before the upgrade: owners see no documents, property managers read-only on owners.
    await ctx.db.execute(sql`insert into privileges (id, role_name, resource_name, permission_level, can_read) values (${newId()}, 'owner', 'documents', 'none', false)`);
    await ctx.db.execute(sql`update privileges set permission_level = 'read', can_create = false, can_update = false, can_delete = false where role_name = 'property_manager' and resource_name = 'owners'`);
    await seedAssociation(ctx);
    await seedAssociation(ctx);
    const levels = Object.fromEntries(((await ctx.db.execute(sql`select role_name || '/' || resource_name as k, permission_level as v from privileges`)).rows as Array<{ k: string; v: string }>).map((r) => [r.k, r.v]));
    expect(levels['owner/documents']).toBe('none');
    expect(levels['property_manager/owners']).toBe('read');
    expect(levels['owner/violations']).toBe('own_records');
    expect(levels['property_manager/work_orders']).toBe('read_write');
    expect(levels['board_member/reports']).toBe('read');
    expect(levels['board_member/backup']).toBe('none');
    expect(Object.keys(levels).filter((k) => k.startsWith('board_member/'))).toHaveLength(23);
    const [role] = (await ctx.db.execute(sql`select display_name, is_system_role from roles where role_name = 'board_member'`)).rows;
    expect(role).toEqual({ display_name: 'Board Member', is_system_role: true });
    const board = await createUser(t, 'board_member');
    expect((await t.call('GET', '/entities/Owner?limit=1', { token: board.token })).statusCode).toBe(200);
    expect((await t.call('POST', '/entities/Owner', { token: board.token, body: { first_name: 'No', last_name: 'Write' } })).statusCode).toBe(403);
    expect((await t.call('GET', '/entities/OrgSettings', { token: board.token })).statusCode).toBe(403);
    // A director who owns a unit reaches their own account once linked, like staff; unlinked, the account is not found.
    expect((await t.call('GET', '/my-account', { token: board.token })).statusCode).toBe(404);
    const home = await makeOwner(t, admin.token);
    const linked = await createUser(t, 'board_member', { owner_id: home.id });
    const account = await t.call('GET', '/my-account', { token: linked.token });
    expect([account.statusCode, account.json().owner?.id]).toEqual([200, home.id]);
    await t.call('POST', '/functions/initializeDefaultRoles', { token: admin.token, body: {} });
  });
  it('organization settings: state is a two-letter US code, upper-cased; the architectural review days within 1 to 365', async () => {
    if ((await t.call('GET', '/entities/OrgSettings', { token: admin.token })).json().length === 0) await t.call('POST', '/entities/OrgSettings', { token: admin.token, body: { company_name: 'Maple' } });
    const [existing] = (await t.call('GET', '/entities/OrgSettings', { token: admin.token })).json();
    const bad = await t.call('PUT', `/entities/OrgSettings/${existing.id}`, { token: admin.token, body: { state: 'California' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('State must be a two-letter US state code such as CA or FL');
    const ok = await t.call('PUT', `/entities/OrgSettings/${existing.id}`, { token: admin.token, body: { state: 'fl', arc_response_days: 30 } });
    expect(ok.statusCode).toBe(200);
    expect([ok.json().state, ok.json().arc_response_days]).toEqual(['FL', 30]);
    const days = await t.call('PUT', `/entities/OrgSettings/${existing.id}`, { token: admin.token, body: { arc_response_days: 0 } });
    expect(days.statusCode).toBe(400);
    expect((await t.call('PUT', `/entities/OrgSettings/${existing.id}`, { token: admin.token, body: { state: '', arc_response_days: 45 } })).json().state).toBeNull();
  });
  it('organization settings are a single record', async () => {
    const existing = (await t.call('GET', '/entities/OrgSettings', { token: admin.token })).json();
    if (existing.length === 0) await t.call('POST', '/entities/OrgSettings', { token: admin.token, body: { company_name: 'Maple' } });
    const again = await t.call('POST', '/entities/OrgSettings', { token: admin.token, body: { company_name: 'Other' } });
    expect(again.statusCode).toBe(409);
    const noName = await t.call('PUT', `/entities/OrgSettings/${(await t.call('GET', '/entities/OrgSettings', { token: admin.token })).json()[0].id}`, { token: admin.token, body: { company_name: '' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('Company Name is required');
  });
});

describe('own records of an owner', () => {
  it('sees linked properties and their own invoices and payments only', async () => {
    const ownerA = await makeOwner(t, admin.token);
    const ownerB = await makeOwner(t, admin.token);
    const pA = await makeProperty(t, admin.token);
    const pB = await makeProperty(t, admin.token);
    await t.call('POST', '/entities/OwnerProperty', { token: admin.token, body: { owner_id: ownerA.id, property_id: pA.id } });
    await t.call('POST', '/entities/OwnerProperty', { token: admin.token, body: { owner_id: ownerB.id, property_id: pB.id } });
    const invA = (await t.call('POST', '/entities/Invoice', { token: admin.token, body: { owner_id: ownerA.id, invoice_date: '2026-11-01', invoice_number: `T-${ownerA.owner_id}` } })).json();
    const invB = (await t.call('POST', '/entities/Invoice', { token: admin.token, body: { owner_id: ownerB.id, invoice_date: '2026-11-01', invoice_number: `T-${ownerB.owner_id}` } })).json();
    const user = await createUser(t, 'owner', { owner_id: ownerA.id });

    const props = (await t.call('GET', '/entities/Property', { token: user.token })).json();
    expect(props.map((p: { id: string }) => p.id)).toEqual([pA.id]);
    const invs = (await t.call('GET', '/entities/Invoice', { token: user.token })).json();
    expect(invs.map((i: { id: string }) => i.id)).toEqual([invA.id]);
    expect((await t.call('GET', `/entities/Invoice/${invB.id}`, { token: user.token })).statusCode).toBe(404);
    expect((await t.call('GET', `/entities/Invoice?${q({ owner_id: ownerB.id })}`, { token: user.token })).json()).toEqual([]);
    expect((await t.call('GET', `/entities/Invoice/count?${q({ $or: [{ owner_id: ownerB.id }, { owner_id: ownerA.id }] })}`, { token: user.token })).json()).toEqual({ count: 1 });
    expect((await t.call('GET', '/entities/Owner', { token: user.token })).statusCode).toBe(403);
    expect((await t.call('POST', '/entities/Invoice', { token: user.token, body: { owner_id: ownerA.id, invoice_date: '2026-11-01' } })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/entities/Invoice/${invA.id}`, { token: user.token })).statusCode).toBe(403);
    expect((await t.call('DELETE', '/entities/Invoice', { token: user.token, body: {} })).statusCode).toBe(403);

    const unlinked = await createUser(t, 'owner');
    expect((await t.call('GET', '/entities/Invoice', { token: unlinked.token })).json()).toEqual([]);
    expect((await t.call('GET', '/entities/Property', { token: unlinked.token })).json()).toEqual([]);
  });
});

/** The database's own message, under drizzle's "Failed query" wrapper. */
async function dbRefusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    const e = err as { message: string; cause?: { message?: string; detail?: string } };
    return `${e.message} ${e.cause?.message ?? ''} ${e.cause?.detail ?? ''}`;
  }
  throw new Error('the database accepted it');
}

describe('ledger integrity in the database', () => {
  async function postEntry(lines: Array<{ debit: string; credit: string; fund?: 'operating' | 'reserve' }>) {
    const db = t.db.db;
    const [acct] = (await db.execute(sql`insert into chart_of_accounts (id, account_number, account_name, account_type) values (${newId()}, ${`9${Math.floor(Math.random() * 1e6)}`}, 'Test', 'asset') returning id`)).rows as Array<{ id: string }>;
    const funds = Object.fromEntries(((await db.execute(sql`select id, system_key from funds where system_key is not null`)).rows as Array<{ id: string; system_key: string }>).map((f) => [f.system_key, f.id]));
    const entryId = newId();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into journal_entries (id, entry_date, source_type) values (${entryId}, '2026-11-01', 'test')`);
      for (const [i, l] of lines.entries()) {
        await tx.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, fund_id, debit, credit, entry_date) values (${newId()}, ${entryId}, ${i}, ${acct!.id}, ${funds[l.fund ?? 'operating']}, ${l.debit}, ${l.credit}, '2026-11-01')`);
      }
    });
    return entryId;
  }

  it('accepts a balanced entry', async () => {
    await expect(postEntry([{ debit: '10.00', credit: '0' }, { debit: '0', credit: '10.00' }])).resolves.toMatch(/^[0-9a-f]{24}$/);
  });
  it('refuses an unbalanced entry at commit', async () => {
    expect(await dbRefusal(postEntry([{ debit: '10.00', credit: '0' }, { debit: '0', credit: '9.99' }]))).toMatch(/unbalanced/);
  });
  it('refuses an entry balanced overall but not within each fund', async () => {
    expect(await dbRefusal(postEntry([{ debit: '10.00', credit: '0', fund: 'operating' }, { debit: '0', credit: '10.00', fund: 'reserve' }]))).toMatch(/unbalanced in fund/);
    await expect(postEntry([{ debit: '10.00', credit: '0', fund: 'reserve' }, { debit: '0', credit: '10.00', fund: 'reserve' }])).resolves.toMatch(/^[0-9a-f]{24}$/);
  });
  it('refuses an entry with a single line', async () => {
    await expect(postEntry([{ debit: '0', credit: '0.00' }])).rejects.toThrow();
  });
  it('checks every entry of a many-entry statement at commit, in one check per statement, and leaves no check queued (migration 0033)', async () => {
    const db = t.db.db;
    const [acct] = (await db.execute(sql`select id from chart_of_accounts order by account_number limit 1`)).rows as Array<{ id: string }>;
    const [fund] = (await db.execute(sql`select id from funds where system_key = 'operating'`)).rows as Array<{ id: string }>;
    // 300 entries in one statement, their lines in another; `bad` names the entry whose second line is off by a cent
    // (null: all balanced), `bare` one with no lines at all.
    const post = (opts: { bad?: number; bare?: number }) => db.transaction(async (tx) => {
      const ids = Array.from({ length: 300 }, () => newId());
      await tx.execute(sql`insert into journal_entries (id, entry_date, source_type) select unnest(${pgArray(ids)}::text[]), '2026-11-01', 'test'`);
      const lines = ids.flatMap((id, i) => (i === opts.bare ? [] : [sql`(${newId()}, ${id}, 1, ${acct!.id}, ${fund!.id}, 5, 0, '2026-11-01')`, sql`(${newId()}, ${id}, 2, ${acct!.id}, ${fund!.id}, 0, ${i === opts.bad ? '4.99' : '5'}, '2026-11-01')`]));
      await tx.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, fund_id, debit, credit, entry_date) values ${sql.join(lines, sql`, `)}`);
      const [queued] = (await tx.execute(sql`select count(*)::int as n from journal_balance_checks`)).rows as Array<{ n: number }>;
      expect(queued!.n).toBe(1);
      return ids;
    });
    const before = ((await db.execute(sql`select count(*)::int as n from journal_entries`)).rows[0] as { n: number }).n;
    await post({});
    expect(await dbRefusal(post({ bad: 217 }))).toMatch(/journal entry [0-9a-f]{24} is unbalanced in fund/);
    expect(await dbRefusal(post({ bare: 3 }))).toMatch(/journal entry [0-9a-f]{24} has 0 line\(s\); a posting needs at least two/);
    const after = ((await db.execute(sql`select count(*)::int as n from journal_entries`)).rows[0] as { n: number }).n;
    expect(after - before).toBe(300);
    expect(((await db.execute(sql`select count(*)::int as n from journal_balance_checks`)).rows[0] as { n: number }).n).toBe(0);
  });
  it('drops the check of entries whose savepoint rolled back, and still checks the rest', async () => {
    const db = t.db.db;
    const [acct] = (await db.execute(sql`select id from chart_of_accounts order by account_number limit 1`)).rows as Array<{ id: string }>;
    const [fund] = (await db.execute(sql`select id from funds where system_key = 'operating'`)).rows as Array<{ id: string }>;
    const kept = newId();
    await db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        // An entry without lines, undone with its savepoint: nothing of it is left to check at commit.
        await inner.execute(sql`insert into journal_entries (id, entry_date, source_type) values (${newId()}, '2026-11-01', 'test')`);
        inner.rollback();
      }).catch(() => undefined);
      await tx.execute(sql`insert into journal_entries (id, entry_date, source_type) values (${kept}, '2026-11-01', 'test')`);
      await tx.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, fund_id, debit, credit, entry_date) values
        (${newId()}, ${kept}, 1, ${acct!.id}, ${fund!.id}, 2, 0, '2026-11-01'), (${newId()}, ${kept}, 2, ${acct!.id}, ${fund!.id}, 0, 2, '2026-11-01')`);
    });
    expect(((await db.execute(sql`select count(*)::int as n from journal_entries where id = ${kept}`)).rows[0] as { n: number }).n).toBe(1);
    expect(((await db.execute(sql`select count(*)::int as n from journal_balance_checks`)).rows[0] as { n: number }).n).toBe(0);
  });
  it('refuses a line with both or neither side', async () => {
    await expect(postEntry([{ debit: '5', credit: '5' }, { debit: '0', credit: '0' }])).rejects.toThrow();
  });
  it('refuses UPDATE and DELETE of posted lines and entries', async () => {
    const entryId = await postEntry([{ debit: '1.00', credit: '0' }, { debit: '0', credit: '1.00' }]);
    expect(await dbRefusal(t.db.db.execute(sql`update journal_lines set debit = 2 where entry_id = ${entryId}`))).toMatch(/immutable/);
    expect(await dbRefusal(t.db.db.execute(sql`delete from journal_lines where entry_id = ${entryId}`))).toMatch(/immutable/);
    expect(await dbRefusal(t.db.db.execute(sql`update journal_entries set memo = 'x' where id = ${entryId}`))).toMatch(/immutable/);
    expect(await dbRefusal(t.db.db.execute(sql`delete from journal_entries where id = ${entryId}`))).toMatch(/immutable/);
    // A plain truncate meets the reconciliations' foreign key first; with cascade it reaches the trigger.
    expect(await dbRefusal(t.db.db.execute(sql`truncate journal_lines`))).toMatch(/immutable|cannot truncate a table referenced in a foreign key constraint/);
    expect(await dbRefusal(t.db.db.execute(sql`truncate journal_lines cascade`))).toMatch(/immutable/);
    const rows = (await t.db.db.execute(sql`select count(*)::int as n from journal_lines where entry_id = ${entryId}`)).rows as Array<{ n: number }>;
    expect(rows[0]!.n).toBe(2);
  });
  it('refuses a line added to an entry an earlier transaction posted, even a balanced pair (migration 0022)', async () => {
    const entryId = await postEntry([{ debit: '3.00', credit: '0' }, { debit: '0', credit: '3.00' }]);
    const [line] = (await t.db.db.execute(sql`select account_id, fund_id from journal_lines where entry_id = ${entryId} limit 1`)).rows as Array<{ account_id: string; fund_id: string }>;
    const addPair = t.db.db.transaction(async (tx) => {
      await tx.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, fund_id, debit, credit, entry_date) values
        (${newId()}, ${entryId}, 3, ${line!.account_id}, ${line!.fund_id}, 50, 0, '2026-11-01'), (${newId()}, ${entryId}, 4, ${line!.account_id}, ${line!.fund_id}, 0, 50, '2026-11-01')`);
    });
    expect(await dbRefusal(addPair)).toMatch(/posted by an earlier transaction/);
    // An unbalanced single line is refused at once too, not left to a check that no longer runs per line.
    expect(await dbRefusal(t.db.db.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, fund_id, debit, credit, entry_date) values (${newId()}, ${entryId}, 5, ${line!.account_id}, ${line!.fund_id}, 9, 0, '2026-11-01')`))).toMatch(/posted by an earlier transaction/);
    const rows = (await t.db.db.execute(sql`select count(*)::int as n from journal_lines where entry_id = ${entryId}`)).rows as Array<{ n: number }>;
    expect(rows[0]!.n).toBe(2);
  });
  it('refuses a line naming an account, fund, owner or entry that does not exist, and the deletion of an owner lines refer to (migration 0022)', async () => {
    const db = t.db.db;
    const [acct] = (await db.execute(sql`select id from chart_of_accounts order by account_number limit 1`)).rows as Array<{ id: string }>;
    const [fund] = (await db.execute(sql`select id from funds where system_key = 'operating'`)).rows as Array<{ id: string }>;
    const ownerId = newId();
    await db.execute(sql`insert into owners (id, owner_id, first_name, last_name) values (${ownerId}, ${String(900000 + Math.floor(Math.random() * 99999))}, 'Ref', 'Check')`);
    const entryWith = (over: { account?: string; fund?: string; owner?: string | null; entry?: string }) =>
      db.transaction(async (tx) => {
        const entryId = newId();
        await tx.execute(sql`insert into journal_entries (id, entry_date, source_type) values (${entryId}, '2026-11-01', 'test')`);
        await tx.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, fund_id, debit, credit, owner_id, entry_date) values
          (${newId()}, ${over.entry ?? entryId}, 1, ${over.account ?? acct!.id}, ${over.fund ?? fund!.id}, 4, 0, ${over.owner ?? null}, '2026-11-01'),
          (${newId()}, ${entryId}, 2, ${acct!.id}, ${fund!.id}, 0, 4, null, '2026-11-01')`);
        return entryId;
      });
    expect(await dbRefusal(entryWith({ account: 'no-such-account' }))).toMatch(/Key \(account_id\)=\(no-such-account\) is not present/);
    expect(await dbRefusal(entryWith({ fund: 'no-such-fund' }))).toMatch(/Key \(fund_id\)=\(no-such-fund\) is not present/);
    expect(await dbRefusal(entryWith({ owner: 'no-such-owner' }))).toMatch(/Key \(owner_id\)=\(no-such-owner\) is not present/);
    expect(await dbRefusal(entryWith({ entry: 'no-such-entry' }))).toMatch(/Key \(entry_id\)=\(no-such-entry\) is not present/);
    await entryWith({ owner: ownerId });
    expect(await dbRefusal(db.execute(sql`delete from owners where id = ${ownerId}`))).toMatch(/is still referenced from table "journal_lines"/);
    expect(await dbRefusal(db.execute(sql`delete from chart_of_accounts where id = ${acct!.id}`))).toMatch(/still referenced|violates foreign key/);
    const left = (await db.execute(sql`select count(*)::int as n from owners where id = ${ownerId}`)).rows as Array<{ n: number }>;
    expect(left[0]!.n).toBe(1);
    // An owner no line refers to is deleted as before.
    const loose = newId();
    await db.execute(sql`insert into owners (id, owner_id, first_name, last_name) values (${loose}, ${String(800000 + Math.floor(Math.random() * 99999))}, 'No', 'Lines')`);
    await db.execute(sql`delete from owners where id = ${loose}`);
  });
  it('refuses a payment application naming a payment or invoice that does not exist, and the deletion of one links refer to (migration 0035)', async () => {
    const db = t.db.db;
    const owner = await makeOwner(t, admin.token);
    const invoice = (await t.call('POST', '/functions/saveInvoice', { token: admin.token, body: { owner_id: owner.id, invoice_date: '2026-11-01', status: 'sent', lines: [{ description: 'Dues', quantity: 1, unit_price: 30 }] } })).json() as { id: string };
    const paid = (await t.call('POST', '/functions/recordPayment', { token: admin.token, body: { owner_id: owner.id, amount: 10, payment_date: '2026-11-02', invoice_ids: [invoice.id] } })).json() as { payment: { id: string } };
    const link = (over: { payment?: string; invoice?: string }) => db.execute(sql`insert into payment_invoices (id, payment_id, invoice_id, amount_applied, applied_date, fund_split)
      values (${newId()}, ${over.payment ?? paid.payment.id}, ${over.invoice ?? invoice.id}, 1, '2026-11-02', '[]'::jsonb)`);
    expect(await dbRefusal(link({ payment: 'no-such-payment' }))).toMatch(/Key \(payment_id\)=\(no-such-payment\) is not present in table "payments"/);
    expect(await dbRefusal(link({ invoice: 'no-such-invoice' }))).toMatch(/Key \(invoice_id\)=\(no-such-invoice\) is not present in table "invoices"/);
    // Many links in one statement, one of them wrong: the statement is refused whole.
    const many = db.execute(sql`insert into payment_invoices (id, payment_id, invoice_id, amount_applied, applied_date, fund_split)
      select md5(random()::text), ${paid.payment.id}, case when g = 250 then 'gone' else ${invoice.id} end, 1, '2026-11-02', '[]'::jsonb from generate_series(1, 300) g`);
    expect(await dbRefusal(many)).toMatch(/Key \(invoice_id\)=\(gone\) is not present/);
    const count = async () => ((await db.execute(sql`select count(*)::int as n from payment_invoices where payment_id = ${paid.payment.id}`)).rows[0] as { n: number }).n;
    expect(await count()).toBe(1);
    expect(await dbRefusal(db.execute(sql`delete from payments where id = ${paid.payment.id}`))).toMatch(/is still referenced from table "payment_invoices"/);
    expect(await dbRefusal(db.execute(sql`delete from invoices where id = ${invoice.id}`))).toMatch(/still referenced/);
    expect(await dbRefusal(db.execute(sql`update invoices set id = 'renamed' where id = ${invoice.id}`))).toMatch(/still referenced/);
    // Updating a link (a reversal's date) is not refused; its references are checked again.
    await db.execute(sql`update payment_invoices set reversed_date = reversed_date where payment_id = ${paid.payment.id}`);
    expect(await count()).toBe(1);
  });
  it('accepts an entry whose lines come in several statements of its own transaction, inside a savepoint too', async () => {
    const db = t.db.db;
    const [acct] = (await db.execute(sql`select id from chart_of_accounts order by account_number limit 1`)).rows as Array<{ id: string }>;
    const [fund] = (await db.execute(sql`select id from funds where system_key = 'operating'`)).rows as Array<{ id: string }>;
    const entryId = newId();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into journal_entries (id, entry_date, source_type) values (${entryId}, '2026-11-01', 'test')`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, fund_id, debit, credit, entry_date) values (${newId()}, ${entryId}, 1, ${acct!.id}, ${fund!.id}, 7, 0, '2026-11-01')`);
      });
      await tx.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, fund_id, debit, credit, entry_date) values (${newId()}, ${entryId}, 2, ${acct!.id}, ${fund!.id}, 0, 7, '2026-11-01')`);
    });
    const rows = (await db.execute(sql`select count(*)::int as n from journal_lines where entry_id = ${entryId}`)).rows as Array<{ n: number }>;
    expect(rows[0]!.n).toBe(2);
  });
  it('refuses entries dated in a closed period, naming the earliest, whatever else the statement writes', async () => {
    const db = t.db.db;
    await db.execute(sql`insert into ledger_settings (id, closed_through) values (1, '2020-12-31') on conflict (id) do update set closed_through = excluded.closed_through`);
    try {
      const insertTwo = db.transaction(async (tx) => {
        await tx.execute(sql`insert into journal_entries (id, entry_date, source_type) values (${newId()}, '2021-01-05', 'test'), (${newId()}, '2020-12-30', 'test'), (${newId()}, '2020-12-01', 'test')`);
      });
      expect(await dbRefusal(insertTwo)).toMatch(/closed through 2020-12-31: an entry dated 2020-12-01 cannot be posted/);
    } finally {
      await db.execute(sql`update ledger_settings set closed_through = null where id = 1`);
    }
  });
});
