/**
 * The list endpoints (GET /lists/{owners,properties,invoices,payments,bills,vendors,users}): search, sort
 * (natural unit order), paging and totals computed in SQL, and each caller's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@covenant/contracts/dates';
import { periodRange } from '@covenant/contracts/lists';
import { createTestApp, createUser, makeOwner, makeProperty, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: { id: string; token: string };
let owner: { id: string; token: string };
let renter: { token: string };
const ids: Record<string, string> = {};

async function get<T = { rows: Array<Record<string, unknown>>; total: number }>(url: string, token = admin.token, status = 200): Promise<T> {
  const res = await t.call('GET', url, { token });
  expect(res.statusCode, `${url} → ${res.body.slice(0, 300)}`).toBe(status);
  return res.json() as T;
}
async function post<T = Record<string, unknown>>(url: string, body: unknown): Promise<T> {
  const res = await t.call('POST', url, { token: admin.token, body });
  expect(res.statusCode, `${url} → ${res.body.slice(0, 300)}`).toBe(200);
  return res.json() as T;
}
const col = (page: { rows: Array<Record<string, unknown>> }, field: string) => page.rows.map((r) => r[field]);
const today = () => todayIn(t.services.config.timeZone);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  // Units in an order a plain text sort gets wrong; Zed has no unit.
  const units = ['B-3', '10A', '2', '10'];
  const names = [['Ann', 'Smith'], ['Bob', 'Jones'], ['Cy', 'Adams'], ['Di', 'Smithers']];
  for (const [i, unit] of units.entries()) {
    const p = await makeProperty(t, admin.token, { unit_number: unit, street_address: `${['North', 'South', 'East', 'West'][i]} Maple Street` });
    const [first, last] = names[i]!;
    const o = await makeOwner(t, admin.token, { first_name: first, last_name: last, email: `${first!.toLowerCase()}@example.com` });
    await post('/entities/OwnerProperty', { owner_id: o.id, property_id: p.id });
    ids[`unit ${unit}`] = p.id;
    ids[last!] = o.id;
  }
  ids.Zulu = (await makeOwner(t, admin.token, { first_name: 'Zed', last_name: 'Zulu', email: 'zed@example.com' })).id;
  // Ann Smith also owns unit 10: her lowest unit is 10, her chips 10 and B-3.
  await post('/entities/OwnerProperty', { owner_id: ids.Smith, property_id: ids['unit 10'] });
  owner = await createUser(t, 'owner', { owner_id: ids.Smith });
  renter = await createUser(t, 'renter');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('owners', () => {
  it('sorts by last name, and by lowest unit in natural order with owners without a unit last', async () => {
    expect(col(await get('/lists/owners'), 'last_name')).toEqual(['Adams', 'Jones', 'Smith', 'Smithers', 'Zulu']);
    const byUnit = await get('/lists/owners?sort=unit');
    // Adams 2, Smith 10 (and B-3), Smithers 10 (tie: by name), Jones 10A, Zulu none.
    expect(col(byUnit, 'last_name')).toEqual(['Adams', 'Smith', 'Smithers', 'Jones', 'Zulu']);
    expect(byUnit.total).toBe(5);
    const smith = byUnit.rows.find((r) => r.last_name === 'Smith')!;
    expect((smith.units as Array<{ unit_number: string }>).map((u) => u.unit_number)).toEqual(['10', 'B-3']);
    expect(byUnit.rows.find((r) => r.last_name === 'Zulu')!.units).toEqual([]);
  });

  it('searches every word in the name or email, pages and counts', async () => {
    expect(col(await get('/lists/owners?search=smith'), 'last_name')).toEqual(['Smith', 'Smithers']);
    expect(col(await get('/lists/owners?search=ann%20smith'), 'last_name')).toEqual(['Smith']);
    expect(col(await get('/lists/owners?search=zed%40example'), 'last_name')).toEqual(['Zulu']);
    // % and _ are the user's text, not wildcards.
    expect((await get('/lists/owners?search=%25')).total).toBe(0);
    const page2 = await get('/lists/owners?sort=unit&limit=2&skip=2');
    expect(col(page2, 'last_name')).toEqual(['Smithers', 'Jones']);
    expect(page2.total).toBe(5);
  });

  it('refuses bad paging with a readable 400, and callers without owners read', async () => {
    const bad = await t.call('GET', '/lists/owners?limit=0', { token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/limit must be at least 1/);
    expect((await t.call('GET', '/lists/owners?sort=size', { token: admin.token })).statusCode).toBe(400);
    await get('/lists/owners', owner.token, 403);
    await get('/lists/owners', renter.token, 403);
    expect((await t.call('GET', '/lists/owners')).statusCode).toBe(401);
  });
});

describe('properties', () => {
  it('sorts units naturally: 2 < 10 < 10A < B-3', async () => {
    const page = await get('/lists/properties');
    expect(col(page, 'unit_number')).toEqual(['2', '10', '10A', 'B-3']);
    expect(page.rows[0]).not.toHaveProperty('unit_sort_key');
    const ten = page.rows[1]!.owners as Array<{ last_name: string; link: { property_id: string; ownership_percentage: number } }>;
    expect(ten.map((o) => o.last_name)).toEqual(['Smith', 'Smithers']);
    expect(ten[0]!.link).toMatchObject({ property_id: ids['unit 10'], ownership_percentage: 100 });
  });

  it('sorts by the first owner’s last name, searches unit or address, pages', async () => {
    const unassigned = await makeProperty(t, admin.token, { unit_number: '1', street_address: '1 Oak Lane' });
    expect(col(await get('/lists/properties?sort=owner'), 'unit_number')).toEqual(['2', '10A', '10', 'B-3', '1']);
    expect(col(await get('/lists/properties?search=maple'), 'unit_number')).toEqual(['2', '10', '10A', 'B-3']);
    expect(col(await get('/lists/properties?search=10'), 'unit_number')).toEqual(['10', '10A']);
    expect(col(await get('/lists/properties?search=oak%20lane'), 'unit_number')).toEqual(['1']);
    const page = await get('/lists/properties?limit=2&skip=1');
    expect(col(page, 'unit_number')).toEqual(['2', '10']);
    expect(page.total).toBe(5);
    await t.call('DELETE', `/entities/Property/${unassigned.id}`, { token: admin.token });
  });

  it('an owner sees only their own units, without other owners', async () => {
    const page = await get('/lists/properties', owner.token);
    expect(col(page, 'unit_number')).toEqual(['10', 'B-3']);
    expect(page.total).toBe(2);
    // Owners read no Owner records (none): no avatars, not even their own name through another's record.
    expect(page.rows.every((r) => (r.owners as unknown[]).length === 0)).toBe(true);
    await get('/lists/properties', renter.token, 403);
  });
});

describe('invoices', () => {
  const made: Record<string, string> = {};
  beforeAll(async () => {
    const now = today();
    const lastYear = `${Number(now.slice(0, 4)) - 1}-06-15`;
    const invoice = async (key: string, ownerKey: string, date: string, status: 'draft' | 'sent', price: number, property?: string) => {
      const inv = await post<{ id: string; invoice_number: string }>('/functions/saveInvoice', {
        owner_id: ids[ownerKey], invoice_date: date, status, property_id: property, lines: [{ description: key, quantity: 1, unit_price: price }],
      });
      made[key] = inv.id;
      made[`${key} number`] = inv.invoice_number;
    };
    await invoice('smith-now', 'Smith', now, 'sent', 100);
    await invoice('smith-old', 'Smith', lastYear, 'sent', 40);
    await invoice('jones-now', 'Jones', now, 'sent', 70, ids['unit 10A']);
    await invoice('adams-draft', 'Adams', now, 'draft', 0);
    await invoice('zulu-cancel', 'Zulu', lastYear, 'sent', 25);
    await post('/functions/cancelInvoice', { id: made['zulu-cancel'] });
    await post('/functions/recordPayment', { owner_id: ids.Smith, amount: 40, payment_date: now, invoice_ids: [made['smith-old']], reference_number: 'CHK-7781' });
  });

  it('the three tabs apply the page’s exact rules', async () => {
    const outstanding = await get('/lists/invoices?tab=outstanding');
    expect(new Set(col(outstanding, 'id'))).toEqual(new Set([made['smith-now'], made['jones-now']]));
    const all = await get('/lists/invoices?tab=all');
    expect(all.total).toBe(4);
    expect(col(all, 'id')).not.toContain(made['zulu-cancel']);
    expect(col(await get('/lists/invoices?tab=cancelled'), 'id')).toEqual([made['zulu-cancel']]);
    // Newest first, each with the owner it is billed to.
    expect(all.rows.map((r) => r.invoice_date)).toEqual([...all.rows.map((r) => r.invoice_date as string)].sort().reverse());
    expect(all.rows.find((r) => r.id === made['smith-now'])!.owner).toMatchObject({ id: ids.Smith, first_name: 'Ann', last_name: 'Smith' });
    expect(all.rows.find((r) => r.id === made['smith-now'])).toMatchObject({ total_amount: 100, balance_due: 100, amount_paid: 0 });
  });

  it('date periods, the property filter and the search', async () => {
    const { from } = periodRange('last_year', today());
    const lastYear = await get('/lists/invoices?tab=all&period=last_year');
    expect(col(lastYear, 'id')).toEqual([made['smith-old']]);
    expect((lastYear.rows[0]!.invoice_date as string) >= from).toBe(true);
    expect((await get('/lists/invoices?tab=all&period=this_month')).total).toBe(3);
    expect((await get('/lists/invoices?tab=all&period=last_month')).total).toBe(0);
    // Unit 10A: the invoice on it and its owner's (Jones); unit 10: its owners Smith and Smithers.
    expect(col(await get(`/lists/invoices?tab=all&property_id=${ids['unit 10A']}`), 'id')).toEqual([made['jones-now']]);
    expect(new Set(col(await get(`/lists/invoices?tab=all&property_id=${ids['unit 10']}`), 'id'))).toEqual(new Set([made['smith-now'], made['smith-old']]));
    expect(new Set(col(await get('/lists/invoices?tab=all&search=smith'), 'id'))).toEqual(new Set([made['smith-now'], made['smith-old']]));
    expect(col(await get(`/lists/invoices?tab=all&search=${made['jones-now number']}`), 'id')).toEqual([made['jones-now']]);
    expect((await get('/lists/invoices?tab=all&search=nobody')).total).toBe(0);
    const bad = await t.call('GET', '/lists/invoices?period=yesterday', { token: admin.token });
    expect(bad.statusCode).toBe(400);
    await get('/lists/invoices?property_id=ffffffffffffffffffffffff', admin.token, 404);
  });

  it('an owner sees only their own invoices, a property filter on another’s unit is a 404, renters none', async () => {
    const mine = await get('/lists/invoices?tab=all', owner.token);
    expect(new Set(col(mine, 'id'))).toEqual(new Set([made['smith-now'], made['smith-old']]));
    expect(mine.rows[0]!.owner).toMatchObject({ first_name: 'Ann', last_name: 'Smith' });
    // Searching another owner's name finds nothing of theirs.
    expect((await get('/lists/invoices?tab=all&search=jones', owner.token)).total).toBe(0);
    await get(`/lists/invoices?property_id=${ids['unit 10A']}`, owner.token, 404);
    expect(col(await get(`/lists/invoices?tab=all&property_id=${ids['unit B-3']}`, owner.token), 'id')).toHaveLength(2);
    await get('/lists/invoices', renter.token, 403);
  });

  it('payments: search by reference or owner name, newest first, owners see their own', async () => {
    await post('/functions/recordPayment', { owner_id: ids.Jones, amount: 10, payment_date: today(), reference_number: 'ACH-1' });
    const all = await get('/lists/payments');
    expect(all.total).toBe(2);
    expect(col(await get('/lists/payments?search=chk-77'), 'reference_number')).toEqual(['CHK-7781']);
    const jones = await get('/lists/payments?search=bob%20jones');
    expect(col(jones, 'reference_number')).toEqual(['ACH-1']);
    expect(jones.rows[0]!.owner).toMatchObject({ last_name: 'Jones' });
    expect(col(await get('/lists/payments', owner.token), 'reference_number')).toEqual(['CHK-7781']);
    await get('/lists/payments', renter.token, 403);
  });
});

describe('a search matching 700 owners', () => {
  it('returns all their invoices (no id list travels through the URL)', async () => {
    const many = Array.from({ length: 700 }, (_, i) => ({ owner_id: String(500000 + i), first_name: `Kim${i}`, last_name: 'Manyname' }));
    const created = await post<Array<{ id: string }>>('/entities/Owner/bulk', many);
    await post('/entities/Invoice/bulk', created.map((o, i) => ({ invoice_number: `MANY-${i}`, invoice_date: '2024-03-01', owner_id: o.id, status: 'draft' })));
    const page = await get('/lists/invoices?tab=all&search=manyname&limit=50');
    expect(page.total).toBe(700);
    expect(page.rows).toHaveLength(50);
    const last = await get('/lists/invoices?tab=all&search=manyname&limit=500&skip=500');
    expect(last.rows).toHaveLength(200);
    expect((await get('/lists/owners?search=manyname')).total).toBe(700);
  }, 60_000);
});

describe('bills, vendors, users', () => {
  it('bills: newest bill date first with the vendor name, searched by number or vendor', async () => {
    const acme = await post<{ id: string }>('/entities/Vendor', { vendor_name: 'Acme Landscaping', contact_person: 'Rita Green' });
    const bolt = await post<{ id: string }>('/entities/Vendor', { vendor_name: 'Bolt Electric' });
    const expense = (await get<Array<{ id: string }>>('/entities/ChartOfAccount?q=%7B%22account_type%22%3A%22expense%22%7D&limit=1'))[0]!.id;
    const bill = (vendor: string, number: string, date: string) =>
      post('/functions/saveBill', { vendor_id: vendor, bill_number: number, bill_date: date, lines: [{ description: 'Work', quantity: 1, unit_price: 50, account_id: expense }] });
    await bill(acme.id, 'A-100', '2025-01-10');
    await bill(bolt.id, 'B-200', '2025-02-10');
    await bill(acme.id, 'A-101', '2025-03-10');
    const page = await get('/lists/bills');
    expect(col(page, 'bill_number')).toEqual(['A-101', 'B-200', 'A-100']);
    expect(col(page, 'vendor_name')).toEqual(['Acme Landscaping', 'Bolt Electric', 'Acme Landscaping']);
    expect(page.rows[0]).toMatchObject({ total_amount: 50, balance_due: 50 });
    expect(col(await get('/lists/bills?search=acme'), 'bill_number')).toEqual(['A-101', 'A-100']);
    expect(col(await get('/lists/bills?search=b-2'), 'bill_number')).toEqual(['B-200']);
    const second = await get('/lists/bills?limit=1&skip=1');
    expect(col(second, 'bill_number')).toEqual(['B-200']);
    expect(second.total).toBe(3);
    await get('/lists/bills', owner.token, 403);

    expect(col(await get('/lists/vendors'), 'vendor_name')).toEqual(['Bolt Electric', 'Acme Landscaping']);
    expect(col(await get('/lists/vendors?search=rita'), 'vendor_name')).toEqual(['Acme Landscaping']);
    await get('/lists/vendors', owner.token, 403);
  });

  it('users: newest first with the linked owner and unit; an owner sees only themself', async () => {
    await t.call('PUT', `/entities/User/${owner.id}`, { token: admin.token, body: { property_id: ids['unit 10'] } });
    const page = await get('/lists/users');
    expect(page.total).toBe(3);
    const me = page.rows.find((r) => r.id === owner.id)!;
    expect(me.owner).toMatchObject({ id: ids.Smith, first_name: 'Ann', last_name: 'Smith' });
    expect(me.property).toMatchObject({ id: ids['unit 10'], unit_number: '10' });
    expect(col(await get(`/lists/users?search=${encodeURIComponent(String(me.email).slice(0, 8))}`), 'id')).toContain(owner.id);
    const own = await get('/lists/users', owner.token);
    expect(col(own, 'id')).toEqual([owner.id]);
    // The owner reads their unit (own_records on properties) but no Owner records.
    expect(own.rows[0]).toMatchObject({ owner: null, property: { unit_number: '10' } });
    await get('/lists/users', renter.token, 403);
  });
});

describe('documentation', () => {
  it('every list route documents its query and its response', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, { get?: { parameters?: unknown[]; responses?: Record<string, unknown> } }> };
    for (const name of ['owners', 'properties', 'invoices', 'payments', 'bills', 'vendors', 'users']) {
      const route = doc.paths[`/api/apps/{appId}/lists/${name}`]?.get;
      expect(route, name).toBeDefined();
      expect(route!.responses?.['200'], name).toBeDefined();
      expect((route!.parameters ?? []).length, name).toBeGreaterThan(2);
    }
  });
});
