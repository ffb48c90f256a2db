import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, makeOwner, makeProperty, type TestApp } from './helpers.ts';
import { expectBooksBalanced } from './ledger-helpers.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t, 'admin')).token;
});
afterAll(async () => t?.close());

const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token, body });

describe('monthly billing run', () => {
  it('bills every unit with a fee to its principal owner, once per month, posted and balanced', async () => {
    const alice = await makeOwner(t, token, { owner_id: '600001' });
    const bob = await makeOwner(t, token, { owner_id: '600002' });
    const carol = await makeOwner(t, token, { owner_id: '600003' });
    const u1 = await makeProperty(t, token, { monthly_hoa_fee: 250 });
    const u2 = await makeProperty(t, token, { monthly_hoa_fee: 312.5 });
    const u3 = await makeProperty(t, token, { monthly_hoa_fee: 0 });
    await makeProperty(t, token, { monthly_hoa_fee: 400 }); // no owner: not billed
    await call('POST', '/entities/OwnerProperty', { owner_id: alice.id, property_id: u1.id, ownership_percentage: 100 });
    await call('POST', '/entities/OwnerProperty', { owner_id: bob.id, property_id: u2.id, ownership_percentage: 40, relationship_type: 'co-owner' });
    await call('POST', '/entities/OwnerProperty', { owner_id: carol.id, property_id: u2.id, ownership_percentage: 60, relationship_type: 'co-owner' });
    await call('POST', '/entities/OwnerProperty', { owner_id: bob.id, property_id: u3.id });
    // An invoice already numbered for Alice that day: the run continues her sequence.
    await call('POST', '/entities/Invoice', { owner_id: alice.id, invoice_date: '2026-12-01' });

    const run = await call('POST', '/functions/runMonthlyBilling', { invoice_date: '2026-12-01' });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ created: 2, total: 562.5, invoice_date: '2026-12-01' });
    const list = (await call('GET', `/entities/Invoice?q=${encodeURIComponent(JSON.stringify({ invoice_date: '2026-12-01', property_id: { $exists: true } }))}&sort=invoice_number`)).json();
    expect(list.map((i: { invoice_number: string; owner_id: string; total_amount: number; status: string; due_date: string }) => [i.invoice_number, i.owner_id, i.total_amount, i.status, i.due_date])).toEqual([
      ['INV-600001-20261201-002', alice.id, 250, 'sent', '2026-12-16'],
      ['INV-600003-20261201-001', carol.id, 312.5, 'sent', '2026-12-16'],
    ]);
    const lines = (await call('GET', `/entities/InvoiceLineItem?q=${encodeURIComponent(JSON.stringify({ invoice_id: list[0].id }))}`)).json();
    expect(lines).toEqual([expect.objectContaining({ description: 'HOA dues 2026-12', quantity: 1, unit_price: 250, extended_price: 250 })]);
    const books = await expectBooksBalanced(t);
    expect(books.ar).toBe(56250);

    expect((await call('POST', '/functions/runMonthlyBilling', { invoice_date: '2026-12-15' })).json()).toMatchObject({ created: 0 });
    expect((await call('POST', '/functions/runMonthlyBilling', { invoice_date: '2027-01-01', status: 'draft' })).json()).toMatchObject({ created: 2 });
    expect((await expectBooksBalanced(t)).ar).toBe(56250);
  });

  it('is refused without invoice write access and validates its input', async () => {
    const owner = await createUser(t, 'owner');
    expect((await t.call('POST', '/functions/runMonthlyBilling', { token: owner.token, body: { invoice_date: '2026-12-01' } })).statusCode).toBe(403);
    expect((await call('POST', '/functions/runMonthlyBilling', { invoice_date: '12/01/2026' })).statusCode).toBe(400);
  });
});
