import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, makeOwner, makeProperty, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('dashboard summary', () => {
  it('an empty instance has zeros and empty recent lists', async () => {
    const admin = await createUser(t, 'admin');
    const res = await t.call('GET', '/dashboard/summary', { token: admin.token });
    expect(res.json()).toEqual({
      total_owners: 0, total_properties: 0, total_revenue: 0, outstanding_balance: 0, outstanding_count: 0, overdue_count: 0,
      payments_received: 0, collections_by_month: expect.any(Array), recent_invoices: [], recent_payments: [],
    });
    const months = res.json().collections_by_month as Array<{ month: string; payments_received: number }>;
    expect(months).toHaveLength(12);
    expect(months.every((m) => m.payments_received === 0)).toBe(true);
  });

  it('counts what each caller may read; an owner sees their own figures only', async () => {
    const admin = await createUser(t, 'admin');
    const a = await makeOwner(t, admin.token, { first_name: 'Ann', last_name: 'Able' });
    const b = await makeOwner(t, admin.token);
    const unit = await makeProperty(t, admin.token);
    await makeProperty(t, admin.token);
    await t.call('POST', '/entities/OwnerProperty', { token: admin.token, body: { owner_id: a.id, property_id: unit.id } });
    for (const [owner, n] of [[a, 1], [a, 2], [b, 3]] as const) {
      const r = await t.call('POST', '/entities/Invoice', { token: admin.token, body: { owner_id: owner.id, invoice_date: `2026-0${n}-01`, invoice_number: `D-${owner.owner_id}-${n}` } });
      expect(r.statusCode, r.body).toBe(200);
    }
    const adminView = (await t.call('GET', '/dashboard/summary', { token: admin.token })).json();
    expect(adminView).toMatchObject({ total_owners: 2, total_properties: 2 });
    expect(adminView.recent_invoices.map((i: { invoice_number: string }) => i.invoice_number)).toEqual([`D-${b.owner_id}-3`, `D-${a.owner_id}-2`, `D-${a.owner_id}-1`]);
    expect(adminView.recent_invoices[1].owner_name).toBe('Ann Able');

    const user = await createUser(t, 'owner', { owner_id: a.id });
    const ownerView = (await t.call('GET', '/dashboard/summary', { token: user.token })).json();
    expect(ownerView.total_owners).toBeNull();
    expect(ownerView.total_properties).toBe(1);
    expect(ownerView.recent_invoices.map((i: { invoice_number: string }) => i.invoice_number)).toEqual([`D-${a.owner_id}-2`, `D-${a.owner_id}-1`]);

    const guest = await createUser(t, 'guest_contact');
    const guestView = (await t.call('GET', '/dashboard/summary', { token: guest.token })).json();
    expect(guestView).toMatchObject({ total_owners: null, total_properties: null, recent_invoices: [], recent_payments: [] });
    expect((await t.call('GET', '/dashboard/summary')).statusCode).toBe(401);
  });
});
