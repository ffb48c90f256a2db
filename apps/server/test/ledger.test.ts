import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';
import { accountNet, expectBooksBalanced } from './ledger-helpers.ts';

let t: TestApp;
let admin: { token: string };
let accounts: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  const list = (await t.call('GET', '/entities/ChartOfAccount?sort=account_number', { token: admin.token })).json() as Array<{ id: string; account_number: string }>;
  accounts = Object.fromEntries(list.map((a) => [a.account_number, a.id]));
});
afterAll(async () => t?.close());

const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token: admin.token, body });
const ok = async (method: string, url: string, body?: unknown) => {
  const res = await call(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};
const invoice = async (id: string) => ok('GET', `/entities/Invoice/${id}`);

async function sentInvoice(ownerId: string, lines: Array<{ quantity: number; unit_price: number; account_id?: string }>, extra: Record<string, unknown> = {}) {
  const inv = await ok('POST', '/entities/Invoice', { owner_id: ownerId, invoice_date: '2026-10-01', status: 'sent', ...extra });
  for (const l of lines) await ok('POST', '/entities/InvoiceLineItem', { invoice_id: inv.id, description: 'Dues', ...l });
  return invoice(inv.id);
}

describe('chart of accounts', () => {
  it('is seeded with the system accounts, whose balances come from the ledger', async () => {
    for (const n of ['1000', '1200', '2000', '2100', '2200', '3000', '4000', '4100']) expect(accounts[n], n).toBeDefined();
    const ar = await ok('GET', `/entities/ChartOfAccount/${accounts['1200']}`);
    expect(ar).toMatchObject({ account_name: 'Accounts Receivable', account_type: 'asset', system_key: 'accounts_receivable', balance: 0 });
  });
  it('system accounts cannot be deleted or retyped', async () => {
    expect((await call('DELETE', `/entities/ChartOfAccount/${accounts['1200']}`)).statusCode).toBe(409);
    expect((await call('PUT', `/entities/ChartOfAccount/${accounts['1200']}`, { account_type: 'liability' })).statusCode).toBe(409);
    expect((await call('PUT', `/entities/ChartOfAccount/${accounts['1200']}`, { account_name: 'Receivables' })).statusCode).toBe(200);
  });
});

describe('invoices through the generic entity calls', () => {
  it('numbers, dates, totals and the posting are the server’s', async () => {
    const owner = await makeOwner(t, admin.token, { owner_id: '510000' });
    const inv = await ok('POST', '/entities/Invoice', { owner_id: owner.id, invoice_date: '2026-11-21', status: 'sent', subtotal: 999, total_amount: 999, balance_due: 999 });
    expect(inv).toMatchObject({ invoice_number: 'INV-510000-20261121-001', due_date: '2026-12-06', payment_terms: 'Net 15', subtotal: 0, total_amount: 0, balance_due: 0, status: 'sent' });
    const second = await ok('POST', '/entities/Invoice', { owner_id: owner.id, invoice_date: '2026-11-21' });
    expect(second.invoice_number).toBe('INV-510000-20261121-002');
    const line = await ok('POST', '/entities/InvoiceLineItem', { invoice_id: inv.id, description: 'Monthly dues', quantity: 1, unit_price: 325.5, extended_price: 1 });
    expect(line).toMatchObject({ extended_price: 325.5, account_id: accounts['4000'] });
    await ok('POST', '/entities/InvoiceLineItem', { invoice_id: inv.id, description: 'Late fee', quantity: 2, unit_price: 12.25, account_id: accounts['4100'] });
    expect(await invoice(inv.id)).toMatchObject({ subtotal: 350, tax_amount: 0, total_amount: 350, balance_due: 350, amount_paid: 0, status: 'sent' });
    const books = await expectBooksBalanced(t);
    expect(books.ar).toBe(35000);
    expect((await ok('GET', `/entities/ChartOfAccount/${accounts['4100']}`)).balance).toBe(24.5);
  });

  it('a draft posts nothing; sending posts it', async () => {
    const owner = await makeOwner(t, admin.token);
    const before = await accountNet(t, 'accounts_receivable');
    const draft = await ok('POST', '/entities/Invoice', { owner_id: owner.id, invoice_date: '2026-10-05' });
    await ok('POST', '/entities/InvoiceLineItem', { invoice_id: draft.id, quantity: 1, unit_price: 100 });
    expect((await invoice(draft.id)).total_amount).toBe(100);
    expect(await accountNet(t, 'accounts_receivable')).toBe(before);
    await ok('PUT', `/entities/Invoice/${draft.id}`, { status: 'sent' });
    expect(await accountNet(t, 'accounts_receivable')).toBe(before + 10000);
    expect((await call('PUT', `/entities/Invoice/${draft.id}`, { status: 'draft' })).statusCode).toBe(409);
    await expectBooksBalanced(t);
  });

  it('tax: subtotal × rate / 100 to Sales Tax Payable', async () => {
    const owner = await makeOwner(t, admin.token);
    const rate = await ok('POST', '/entities/TaxRate', { tax_name: 'County', tax_rate: 8.875 });
    const inv = await sentInvoice(owner.id, [{ quantity: 1, unit_price: 100 }], { tax_rate_id: rate.id });
    expect(inv).toMatchObject({ subtotal: 100, tax_amount: 8.88, total_amount: 108.88, balance_due: 108.88 });
    expect((await ok('GET', `/entities/ChartOfAccount/${accounts['2200']}`)).balance).toBe(8.88);
    await expectBooksBalanced(t);
  });

  it('editing a sent invoice reverses and reposts; an edit that changes no amount posts nothing', async () => {
    const owner = await makeOwner(t, admin.token);
    const inv = await sentInvoice(owner.id, [{ quantity: 1, unit_price: 200 }]);
    const count = async () => Number(((await t.db.db.execute(sql`select count(*)::int as n from journal_entries where source_id = ${inv.id}`)).rows[0] as { n: number }).n);
    const entries = await count();
    await ok('PUT', `/entities/Invoice/${inv.id}`, { notes: 'no amount change' });
    expect(await count()).toBe(entries);
    const [line] = await ok('GET', `/entities/InvoiceLineItem?q=${encodeURIComponent(JSON.stringify({ invoice_id: inv.id }))}`);
    await ok('PUT', `/entities/InvoiceLineItem/${line.id}`, { unit_price: 150 });
    expect(await invoice(inv.id)).toMatchObject({ total_amount: 150, balance_due: 150 });
    expect(await count()).toBe(entries + 2);
    await expectBooksBalanced(t);
  });
});

describe('payments', () => {
  it('recordPayment allocates in order, the rest is the owner’s credit; statuses follow', async () => {
    const owner = await makeOwner(t, admin.token, { owner_id: '520000' });
    const a = await sentInvoice(owner.id, [{ quantity: 1, unit_price: 100 }]);
    const b = await sentInvoice(owner.id, [{ quantity: 1, unit_price: 80 }]);
    const c = await sentInvoice(owner.id, [{ quantity: 1, unit_price: 50 }]);
    const res = await ok('POST', '/functions/recordPayment', { owner_id: owner.id, amount: 250, payment_date: '2026-11-02', payment_method: 'check', reference_number: '1042', invoice_ids: [a.id, b.id] });
    expect(res.payment).toMatchObject({ payment_number: 'PMT-520000-20261102-001', amount: 250, status: 'cleared' });
    expect(res.applications.map((x: { invoice_id: string; amount_applied: number }) => [x.invoice_id, x.amount_applied])).toEqual([[a.id, 100], [b.id, 80]]);
    expect(res.unapplied).toBe(70);
    expect(await invoice(a.id)).toMatchObject({ status: 'paid', amount_paid: 100, balance_due: 0 });
    expect(await invoice(b.id)).toMatchObject({ status: 'paid', balance_due: 0 });
    expect(await invoice(c.id)).toMatchObject({ status: 'sent', balance_due: 50 });
    const partial = await ok('POST', '/functions/recordPayment', { owner_id: owner.id, amount: 20, payment_date: '2026-11-03', invoice_ids: [c.id] });
    expect(partial.unapplied).toBe(0);
    expect(await invoice(c.id)).toMatchObject({ status: 'partial', amount_paid: 20, balance_due: 30 });
    await expectBooksBalanced(t);
  });

  it('the generic Payment then PaymentInvoice calls keep the books right and refuse over-application', async () => {
    const owner = await makeOwner(t, admin.token);
    const other = await makeOwner(t, admin.token);
    const inv = await sentInvoice(owner.id, [{ quantity: 1, unit_price: 60 }]);
    const pay = await ok('POST', '/entities/Payment', { owner_id: owner.id, amount: 100, payment_date: '2026-11-04' });
    expect(pay.payment_number).toMatch(/^PMT-\d{6}-20261104-001$/);
    await expectBooksBalanced(t);
    expect((await call('POST', '/entities/PaymentInvoice', { payment_id: pay.id, invoice_id: inv.id, amount_applied: 61 })).statusCode).toBe(409);
    await ok('POST', '/entities/PaymentInvoice', { payment_id: pay.id, invoice_id: inv.id, amount_applied: 60 });
    expect(await invoice(inv.id)).toMatchObject({ status: 'paid', balance_due: 0 });
    const inv2 = await sentInvoice(owner.id, [{ quantity: 1, unit_price: 60 }]);
    const over = await call('POST', '/entities/PaymentInvoice', { payment_id: pay.id, invoice_id: inv2.id, amount_applied: 41 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Only 40.00 of this payment is left to apply');
    const foreign = await sentInvoice(other.id, [{ quantity: 1, unit_price: 10 }]);
    expect((await call('POST', '/entities/PaymentInvoice', { payment_id: pay.id, invoice_id: foreign.id, amount_applied: 5 })).statusCode).toBe(400);
    expect((await call('PUT', `/entities/Payment/${pay.id}`, { amount: 5 })).statusCode).toBe(409);
    expect((await call('PUT', `/entities/Payment/${pay.id}`, { reference_number: 'R-9' })).statusCode).toBe(200);
    await expectBooksBalanced(t);
  });

  it('deleting a payment reverses it and restores its invoices; the record stays for audit, hidden', async () => {
    const owner = await makeOwner(t, admin.token);
    const inv = await sentInvoice(owner.id, [{ quantity: 1, unit_price: 75 }]);
    const res = await ok('POST', '/functions/recordPayment', { owner_id: owner.id, amount: 75, payment_date: '2026-11-05', invoice_ids: [inv.id] });
    await ok('DELETE', `/entities/Payment/${res.payment.id}`);
    expect(await invoice(inv.id)).toMatchObject({ status: 'sent', amount_paid: 0, balance_due: 75 });
    expect((await call('GET', `/entities/Payment/${res.payment.id}`)).statusCode).toBe(404);
    const kept = (await t.db.db.execute(sql`select deleted_at from payments where id = ${res.payment.id}`)).rows as Array<{ deleted_at: unknown }>;
    expect(kept[0]!.deleted_at).not.toBeNull();
    await expectBooksBalanced(t);
  });

  it('50 concurrent submissions with one idempotency key record one payment', async () => {
    const owner = await makeOwner(t, admin.token);
    const inv = await sentInvoice(owner.id, [{ quantity: 1, unit_price: 500 }]);
    const body = { owner_id: owner.id, amount: 125, payment_date: '2026-11-06', invoice_ids: [inv.id], idempotency_key: 'double-click-0001' };
    const results = await Promise.all(Array.from({ length: 50 }, () => call('POST', '/functions/recordPayment', body)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((r) => r.json().payment.id)).size).toBe(1);
    const stored = (await t.db.db.execute(sql`select count(*)::int as n from payments where idempotency_key = 'double-click-0001'`)).rows as Array<{ n: number }>;
    expect(stored[0]!.n).toBe(1);
    expect(await invoice(inv.id)).toMatchObject({ amount_paid: 125, balance_due: 375, status: 'partial' });
    const generic = await Promise.all(Array.from({ length: 50 }, () => call('POST', '/entities/Payment', { owner_id: owner.id, amount: 10, payment_date: '2026-11-07', idempotency_key: 'generic-key-0002' })));
    expect(new Set(generic.map((r) => r.json().id)).size).toBe(1);
    await expectBooksBalanced(t);
  });
});

describe('cancel and delete invoices', () => {
  it('cancel: payments applied become the owner’s credit; irreversible; cannot be edited or paid', async () => {
    const owner = await makeOwner(t, admin.token);
    const inv = await sentInvoice(owner.id, [{ quantity: 1, unit_price: 90 }]);
    const pay = await ok('POST', '/functions/recordPayment', { owner_id: owner.id, amount: 40, payment_date: '2026-11-08', invoice_ids: [inv.id] });
    const creditBefore = -(await accountNet(t, 'owner_prepayments'));
    const cancelled = await ok('PUT', `/entities/Invoice/${inv.id}`, { status: 'cancelled' });
    expect(cancelled).toMatchObject({ status: 'cancelled', balance_due: 0, amount_paid: 0 });
    expect(-(await accountNet(t, 'owner_prepayments'))).toBe(creditBefore + 4000);
    expect((await ok('GET', `/entities/Payment/${pay.payment.id}`)).amount).toBe(40);
    expect((await call('PUT', `/entities/Invoice/${inv.id}`, { notes: 'x' })).statusCode).toBe(409);
    expect((await call('PUT', `/entities/Invoice/${inv.id}`, { status: 'cancelled' })).statusCode).toBe(409);
    expect((await call('POST', '/entities/PaymentInvoice', { payment_id: pay.payment.id, invoice_id: inv.id, amount_applied: 1 })).statusCode).toBe(409);
    expect((await call('POST', '/entities/InvoiceLineItem', { invoice_id: inv.id, quantity: 1, unit_price: 1 })).statusCode).toBe(409);
    await expectBooksBalanced(t);
  });

  it('deleting a posted invoice reverses it and hides it; deleting a draft removes it', async () => {
    const owner = await makeOwner(t, admin.token);
    const posted = await sentInvoice(owner.id, [{ quantity: 1, unit_price: 33 }]);
    const ar = await accountNet(t, 'accounts_receivable');
    await ok('DELETE', `/entities/Invoice/${posted.id}`);
    expect(await accountNet(t, 'accounts_receivable')).toBe(ar - 3300);
    expect((await call('GET', `/entities/Invoice/${posted.id}`)).statusCode).toBe(404);
    expect(((await t.db.db.execute(sql`select count(*)::int as n from invoices where id = ${posted.id}`)).rows[0] as { n: number }).n).toBe(1);
    const draft = await ok('POST', '/entities/Invoice', { owner_id: owner.id, invoice_date: '2026-11-09' });
    await ok('DELETE', `/entities/Invoice/${draft.id}`);
    expect(((await t.db.db.execute(sql`select count(*)::int as n from invoices where id = ${draft.id}`)).rows[0] as { n: number }).n).toBe(0);
    await expectBooksBalanced(t);
  });
});

describe('bills and bill payments', () => {
  it('a bill posts to A/P; paying in part then in full moves it to cash', async () => {
    const vendor = await ok('POST', '/entities/Vendor', { vendor_name: 'Green Lawns' });
    const bill = await ok('POST', '/entities/Bill', { vendor_id: vendor.id, bill_number: 'GL-1001', bill_date: '2026-11-01', tax_amount: 12.5 });
    expect(bill).toMatchObject({ status: 'pending', due_date: '2026-12-01', total_amount: 12.5 });
    await ok('POST', '/entities/BillLineItem', { bill_id: bill.id, description: 'Mowing', quantity: 4, unit_price: 100, account_id: accounts['5000'] });
    expect((await call('POST', '/entities/BillLineItem', { bill_id: bill.id, description: 'No account', quantity: 1, unit_price: 1 })).statusCode).toBe(400);
    expect(await ok('GET', `/entities/Bill/${bill.id}`)).toMatchObject({ subtotal: 400, total_amount: 412.5, balance_due: 412.5 });
    const cash = await accountNet(t, 'cash');
    await ok('POST', '/entities/BillPayment', { bill_id: bill.id, amount: 200, payment_date: '2026-11-10' });
    expect(await ok('GET', `/entities/Bill/${bill.id}`)).toMatchObject({ status: 'partial', amount_paid: 200, balance_due: 212.5 });
    expect((await call('POST', '/entities/BillPayment', { bill_id: bill.id, amount: 212.51, payment_date: '2026-11-11' })).statusCode).toBe(409);
    await ok('POST', '/entities/BillPayment', { bill_id: bill.id, amount: 212.5, payment_date: '2026-11-11' });
    expect(await ok('GET', `/entities/Bill/${bill.id}`)).toMatchObject({ status: 'paid', balance_due: 0 });
    expect(await accountNet(t, 'cash')).toBe(cash - 41250);
    expect((await ok('GET', `/entities/ChartOfAccount/${accounts['5000']}`)).balance).toBe(400);
    await expectBooksBalanced(t);
  });
});

describe('reports', () => {
  it('the balance sheet balances, the agings match their control accounts, CSV exports', async () => {
    const owner = await makeOwner(t, admin.token, { first_name: 'Aging', last_name: 'Owner' });
    await sentInvoice(owner.id, [{ quantity: 1, unit_price: 120 }], { invoice_date: '2026-07-01' });
    const bs = await ok('GET', '/reports/balance-sheet?as_of=2026-12-31');
    expect(bs.difference).toBe(0);
    expect(Math.round((bs.total_liabilities + bs.total_equity) * 100)).toBe(Math.round(bs.total_assets * 100));
    const ar = await ok('GET', '/reports/ar-aging?as_of=2026-12-31');
    expect(Math.round(ar.totals.total * 100)).toBe(await accountNet(t, 'accounts_receivable'));
    const row = ar.rows.find((r: { owner_name: string }) => r.owner_name === 'Aging Owner');
    expect(row).toMatchObject({ owner_id: owner.id, days_over_90: 120, total: 120, current: 0 });
    const ap = await ok('GET', '/reports/ap-aging?as_of=2026-12-31');
    expect(Math.round(ap.totals.total * 100)).toBe(0 - (await accountNet(t, 'accounts_payable')));
    const is = await ok('GET', '/reports/income-statement?from=2026-01-01&to=2026-12-31');
    const summary = await ok('GET', '/reports/summary?from=2026-01-01&to=2026-12-31');
    expect(summary).toMatchObject({ total_revenue: is.total_revenue, total_expenses: is.total_expenses, net_income: is.net_income });
    expect(Math.round(is.net_income * 100)).toBe(Math.round((is.total_revenue - is.total_expenses) * 100));
    const csv = await call('GET', '/reports/ar-aging?as_of=2026-12-31&format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split(/\r?\n/)[0]).toBe('owner_id,owner_name,current,days_1_30,days_31_60,days_61_90,days_over_90,total');
    expect((await call('GET', '/reports/nope')).statusCode).toBe(404);
    expect((await call('GET', '/reports/summary?from=2026-13-01')).statusCode).toBe(400);
    const owner2 = await createUser(t, 'owner');
    expect((await t.call('GET', '/reports/summary', { token: owner2.token })).statusCode).toBe(403);
  });

  it('raw SQL cannot change a posted line', async () => {
    await expect(t.db.db.execute(sql`update journal_lines set debit = debit + 1 where id = (select id from journal_lines limit 1)`)).rejects.toThrow();
    await expect(t.db.db.execute(sql`delete from journal_lines where id = (select id from journal_lines limit 1)`)).rejects.toThrow();
  });
});

describe('saveInvoice and saveBill (one transaction each)', () => {
  it('creates an invoice with its lines and posts once; editing replaces the lines and reposts once', async () => {
    const owner = await makeOwner(t, admin.token, { owner_id: '530000' });
    const count = async (id: string) => Number(((await t.db.db.execute(sql`select count(*)::int as n from journal_entries where source_id = ${id}`)).rows[0] as { n: number }).n);
    const saved = await ok('POST', '/functions/saveInvoice', {
      owner_id: owner.id, invoice_date: '2026-11-21', status: 'sent',
      lines: [{ description: 'Dues', quantity: 1, unit_price: 300 }, { description: 'Late fee', quantity: 1, unit_price: 25, account_id: accounts['4100'] }],
    });
    expect(saved).toMatchObject({ invoice_number: 'INV-530000-20261121-001', status: 'sent', subtotal: 325, total_amount: 325, balance_due: 325, due_date: '2026-12-06' });
    expect(saved.lines.map((l: { description: string; extended_price: number }) => [l.description, l.extended_price])).toEqual([['Dues', 300], ['Late fee', 25]]);
    expect(await count(saved.id)).toBe(1);
    const edited = await ok('POST', '/functions/saveInvoice', { id: saved.id, owner_id: owner.id, invoice_date: '2026-11-21', status: 'sent', lines: [{ description: 'Dues', quantity: 2, unit_price: 150.5 }] });
    expect(edited).toMatchObject({ total_amount: 301, balance_due: 301 });
    expect(edited.lines).toHaveLength(1);
    expect(await count(saved.id)).toBe(3);
    await expectBooksBalanced(t);
    const draft = await ok('POST', '/functions/saveInvoice', { owner_id: owner.id, invoice_date: '2026-11-22', status: 'draft', lines: [{ description: 'X', quantity: 1, unit_price: 10 }] });
    expect(await count(draft.id)).toBe(0);
    expect((await call('POST', '/functions/saveInvoice', { id: saved.id, owner_id: owner.id, invoice_date: '2026-11-21', status: 'draft', lines: [] })).statusCode).toBe(409);
    const bad = await call('POST', '/functions/saveInvoice', { owner_id: owner.id, invoice_date: '2026-11-21', status: 'sent', lines: [{ description: 'X', quantity: -1, unit_price: 10 }] });
    expect(bad.statusCode).toBe(400);
    await expectBooksBalanced(t);
  });

  it('saves a bill with lines and posts it to A/P', async () => {
    const vendor = await ok('POST', '/entities/Vendor', { vendor_name: 'Pool Co' });
    const bill = await ok('POST', '/functions/saveBill', {
      vendor_id: vendor.id, bill_number: 'PC-77', bill_date: '2026-11-01', tax_amount: 5,
      lines: [{ description: 'Chemicals', quantity: 2, unit_price: 40, account_id: accounts['5600'] }],
    });
    expect(bill).toMatchObject({ status: 'pending', subtotal: 80, tax_amount: 5, total_amount: 85, balance_due: 85, due_date: '2026-12-01' });
    expect((await call('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: 'PC-78', bill_date: '2026-11-01', lines: [{ description: 'No account', quantity: 1, unit_price: 1 }] })).statusCode).toBe(400);
    await expectBooksBalanced(t);
  });
});

describe('financial functions check privileges', () => {
  it('an owner can run none of them; a property manager can', async () => {
    const owner = await createUser(t, 'owner');
    const pm = await createUser(t, 'property_manager');
    const someone = await makeOwner(t, admin.token);
    for (const [name, body] of [
      ['recordPayment', { owner_id: someone.id, amount: 1, payment_date: '2026-11-01', invoice_ids: [] }],
      ['saveInvoice', { owner_id: someone.id, invoice_date: '2026-11-01', status: 'draft', lines: [] }],
      ['saveBill', { vendor_id: someone.id, bill_number: 'X', bill_date: '2026-11-01', lines: [] }],
      ['runMonthlyBilling', { invoice_date: '2026-11-01' }],
    ] as const) {
      expect((await t.call('POST', `/functions/${name}`, { token: owner.token, body })).statusCode, name).toBe(403);
      expect((await t.call('POST', `/functions/${name}`, { body })).statusCode, name).toBe(401);
    }
    const res = await t.call('POST', '/functions/recordPayment', { token: pm.token, body: { owner_id: someone.id, amount: 1, payment_date: '2026-11-01', invoice_ids: [] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().unapplied).toBe(1);
  });
});
