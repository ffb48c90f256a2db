/**
 * The money core's defects, each as the request that showed it: scoped commands, restore refusals, the dating
 * and snapshot rules, control accounts, bounced payments, and the dashboard's figures from the ledger.
 */
import { sql } from 'drizzle-orm';
import { todayIn } from '@covenant/contracts/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';
import { expectBooksBalanced } from './ledger-helpers.ts';

let t: TestApp;
let admin: { token: string };
let accounts: Record<string, string>;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  today = todayIn(t.services.config.timeZone);
  const list = (await t.call('GET', '/entities/ChartOfAccount?sort=account_number', { token: admin.token })).json() as Array<{ id: string; account_number: string }>;
  accounts = Object.fromEntries(list.map((a) => [a.account_number, a.id]));
});
afterAll(async () => t?.close());

const call = (method: string, url: string, body?: unknown, token = admin.token) => t.call(method, url, { token, body });
const ok = async (method: string, url: string, body?: unknown) => {
  const res = await call(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};
const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));

async function issued(ownerId: string, date: string, cents: number, extra: Record<string, unknown> = {}) {
  return ok('POST', '/functions/saveInvoice', { owner_id: ownerId, invoice_date: date, status: 'sent', lines: [{ description: 'Dues', quantity: 1, unit_price: cents / 100 }], ...extra });
}
const entriesOf = async (sourceId: string) =>
  (await t.db.db.execute(sql`select entry_date, memo, reverses_id from journal_entries where source_id = ${sourceId} order by created_date, id`)).rows as Array<{ entry_date: string; memo: string; reverses_id: string | null }>;
/** The lines of a source's entries in order: [account number, debit cents, credit cents, document type]. */
const entryLines = async (sourceId: string) =>
  ((await t.db.db.execute(sql`select a.account_number, round(l.debit * 100)::int as d, round(l.credit * 100)::int as c, l.document_type from journal_lines l
    join journal_entries e on e.id = l.entry_id join chart_of_accounts a on a.id = l.account_id where e.source_id = ${sourceId} order by e.created_date, e.id, l.line_no`)).rows as Array<{ account_number: string; d: number; c: number; document_type: string }>)
    .map((r) => [r.account_number, r.d, r.c, r.document_type]);
const balanceSheet = async (asOf: string) => {
  const bs = await ok('GET', `/reports/balance-sheet?as_of=${asOf}`);
  const amount = (name: string) => [...bs.assets, ...bs.liabilities].find((a: { account_name: string }) => a.account_name === name)?.amount ?? 0;
  return { ar: amount('Accounts Receivable'), prepayments: amount('Owner Prepayments'), cash: amount('Operating Cash'), difference: bs.difference as number };
};
const snapshot = async () => ({
  invoices: (await t.db.db.execute(sql`select id, owner_id, total_amount, balance_due, status, tax_amount from invoices order by id`)).rows,
  lines: Number(((await t.db.db.execute(sql`select count(*)::int as n from journal_lines`)).rows[0] as { n: number }).n),
});

describe('every command fetches through the caller\'s scope', () => {
  it('an owner cannot rewrite another owner\'s invoice, nor move their own onto a neighbour, through saveInvoice', async () => {
    const mine = await makeOwner(t, admin.token);
    const theirs = await makeOwner(t, admin.token);
    const owner = await createUser(t, 'owner', { owner_id: mine.id });
    const myInvoice = await issued(mine.id, '2026-03-01', 25000);
    const theirInvoice = await issued(theirs.id, '2026-03-01', 25000);
    const before = await snapshot();

    const foreign = await call('POST', '/functions/saveInvoice', { id: theirInvoice.id, owner_id: mine.id, invoice_date: '2026-03-01', status: 'sent', lines: [{ quantity: 1, unit_price: 1 }] }, owner.token);
    expect(foreign.statusCode, foreign.body).toBe(404);
    const move = await call('POST', '/functions/saveInvoice', { id: myInvoice.id, owner_id: theirs.id, invoice_date: '2026-03-01', status: 'sent', lines: [{ quantity: 1, unit_price: 250 }] }, owner.token);
    expect(move.statusCode, move.body).toBe(403);
    const create = await call('POST', '/functions/saveInvoice', { owner_id: theirs.id, invoice_date: '2026-03-01', status: 'sent', lines: [{ quantity: 1, unit_price: 5 }] }, owner.token);
    expect(create.statusCode).toBe(403);
    expect(await snapshot(), 'nothing changed').toEqual(before);
  });

  it('every financial function refuses an owner, and a staff caller naming a record they cannot see gets a 404/400, not a change', async () => {
    const mine = await makeOwner(t, admin.token);
    const owner = await createUser(t, 'owner', { owner_id: mine.id });
    const inv = await issued(mine.id, '2026-03-02', 10000);
    const pay = await ok('POST', '/functions/recordPayment', { owner_id: mine.id, amount: 40, payment_date: '2026-03-03', invoice_ids: [inv.id] });
    const vendor = await ok('POST', '/entities/Vendor', { vendor_name: 'Scoped Vendor' });
    const bill = await ok('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: 'SC-1', bill_date: '2026-03-01', lines: [{ quantity: 1, unit_price: 10, account_id: accounts['5000'] }] });
    const before = await snapshot();
    const calls: Array<[string, Record<string, unknown>]> = [
      ['saveBill', { id: bill.id, vendor_id: vendor.id, bill_number: 'SC-1', bill_date: '2026-03-01', lines: [] }],
      ['cancelInvoice', { id: inv.id }],
      ['cancelBill', { id: bill.id }],
      ['recordPayment', { owner_id: mine.id, amount: 1, payment_date: '2026-03-04' }],
      ['bouncePayment', { payment_id: pay.payment.id, date: '2026-03-05', reason: 'NSF' }],
      ['applyCredit', { payment_id: pay.payment.id, invoice_id: inv.id, amount: 1 }],
      ['runMonthlyBilling', { invoice_date: '2026-04-01' }],
    ];
    for (const [name, body] of calls) {
      const res = await call('POST', `/functions/${name}`, body, owner.token);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
    }
    // A well-formed id of nothing: the commands answer as for another owner's record.
    const ghost = 'ffffffffffffffffffffffff';
    expect((await call('POST', '/functions/cancelInvoice', { id: ghost })).statusCode).toBe(404);
    expect((await call('POST', '/functions/bouncePayment', { payment_id: ghost, date: '2026-03-05', reason: 'NSF' })).statusCode).toBe(404);
    expect((await call('POST', '/functions/recordPayment', { owner_id: ghost, amount: 1, payment_date: '2026-03-04' })).json().message).toBe('Owner does not exist');
    expect(await snapshot()).toEqual(before);
  });
});

describe('dates that never restate the past', () => {
  it('a backdated payment applied to a later invoice posts at the invoice date: A/R is never negative in the past', async () => {
    const o = await makeOwner(t, admin.token);
    const inv = await issued(o.id, '2026-05-20', 30000);
    const res = await ok('POST', '/functions/recordPayment', { owner_id: o.id, amount: 300, payment_date: '2026-05-01', invoice_ids: [inv.id] });
    expect(res.applications[0]).toMatchObject({ applied_date: '2026-05-20', amount_applied: 300 });
    const links = await entriesOf(res.applications[0].id);
    expect(links.map((e) => e.entry_date)).toEqual(['2026-05-20']);
    // On 10 May the owner had paid in advance: the money is their credit, not negative receivables.
    const aging = await ok('GET', '/reports/ar-aging?as_of=2026-05-10');
    expect(aging.rows.find((r: { owner_id: string }) => r.owner_id === o.id)).toBeUndefined();
    const ownerAr = (await t.db.db.execute(sql`select coalesce(sum(debit - credit), 0)::text as n from journal_lines l join chart_of_accounts a on a.id = l.account_id where a.system_key = 'accounts_receivable' and l.owner_id = ${o.id} and l.entry_date <= '2026-05-10'`)).rows[0] as { n: string };
    expect(Number(ownerAr.n)).toBe(0);
    await expectBooksBalanced(t);
  });

  it('an old credit applied today posts today; an application dated before its payment is refused', async () => {
    const o = await makeOwner(t, admin.token);
    const credit = await ok('POST', '/functions/recordPayment', { owner_id: o.id, amount: 50, payment_date: '2026-01-15' });
    const inv = await issued(o.id, '2026-02-01', 5000);
    const early = await call('POST', '/entities/PaymentInvoice', { payment_id: credit.payment.id, invoice_id: inv.id, amount_applied: 50, applied_date: '2026-01-10' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/before its payment/);
    const applied = await ok('POST', '/entities/PaymentInvoice', { payment_id: credit.payment.id, invoice_id: inv.id, amount_applied: 50 });
    expect(applied.applied_date).toBe(today);
    expect((await entriesOf(applied.id)).map((e) => e.entry_date)).toEqual([today]);
    // February's books still show the open invoice and the unapplied credit, as they were.
    const feb = await balanceSheet('2026-02-28');
    expect(feb.difference).toBe(0);
    const ownerFeb = (await t.db.db.execute(sql`select coalesce(sum(debit - credit), 0)::text as n from journal_lines l join chart_of_accounts a on a.id = l.account_id where a.system_key = 'accounts_receivable' and l.owner_id = ${o.id} and l.entry_date <= '2026-02-28'`)).rows[0] as { n: string };
    expect(Number(ownerFeb.n)).toBe(50);
  });

  it('a cancellation reverses the invoice and its applications on the cancellation date; the past keeps them', async () => {
    const o = await makeOwner(t, admin.token);
    const inv = await issued(o.id, '2026-06-01', 20000);
    const pay = await ok('POST', '/functions/recordPayment', { owner_id: o.id, amount: 120, payment_date: '2026-06-05', invoice_ids: [inv.id] });
    const cancelled = await ok('POST', '/functions/cancelInvoice', { id: inv.id, date: '2026-07-10', reason: 'Billed in error' });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_date: '2026-07-10', cancel_reason: 'Billed in error', balance_due: 0, amount_paid: 0 });
    expect((await entriesOf(inv.id)).map((e) => e.entry_date)).toEqual(['2026-06-01', '2026-07-10']);
    // Applied when the payment was recorded, on its date: posted in the payment's entry (one entry for both), and
    // reversed by an entry of its own on the cancellation date; the payment's entry stays.
    expect((await entriesOf(pay.payment.id)).map((e) => e.entry_date)).toEqual(['2026-06-05']);
    expect(await entryLines(pay.payment.id)).toEqual([['1000', 12000, 0, 'payment'], ['1200', 0, 12000, 'invoice']]);
    expect((await entriesOf(pay.applications[0].id)).map((e) => [e.entry_date, e.reverses_id])).toEqual([['2026-07-10', null]]);
    expect(await entryLines(pay.applications[0].id)).toEqual([['2100', 0, 12000, 'payment'], ['1200', 12000, 0, 'invoice']]);
    const ownerNet = async (key: string, asOf: string) =>
      Number(((await t.db.db.execute(sql`select coalesce(sum(debit - credit), 0)::text as n from journal_lines l join chart_of_accounts a on a.id = l.account_id where a.system_key = ${key} and l.owner_id = ${o.id} and l.entry_date <= ${asOf}`)).rows[0] as { n: string }).n);
    // June: the invoice was open for 80 and the payment applied; after the cancellation the 120 is credit.
    expect([await ownerNet('accounts_receivable', '2026-06-30'), await ownerNet('owner_prepayments', '2026-06-30')]).toEqual([80, 0]);
    expect([await ownerNet('accounts_receivable', '2026-07-31'), await ownerNet('owner_prepayments', '2026-07-31')]).toEqual([0, -120]);
    expect((await call('POST', '/functions/cancelInvoice', { id: inv.id })).statusCode).toBe(409);
    // The reversed application is history: hidden from reads, and the payment's credit is whole again.
    expect(await ok('GET', `/entities/PaymentInvoice?q=${q({ payment_id: pay.payment.id })}`)).toEqual([]);
    await expectBooksBalanced(t);
  });

  it('an issued invoice keeps its tax rate: editing the rate taxes only new invoices and reposts nothing', async () => {
    const o = await makeOwner(t, admin.token);
    const rate = await ok('POST', '/entities/TaxRate', { tax_name: 'Snapshot tax', tax_rate: 7.25 });
    const inv = await issued(o.id, '2026-02-10', 10000, { tax_rate_id: rate.id });
    expect(inv).toMatchObject({ tax_rate: 7.25, tax_amount: 7.25, total_amount: 107.25 });
    const entries = (await entriesOf(inv.id)).length;
    await ok('PUT', `/entities/TaxRate/${rate.id}`, { tax_rate: 10 });
    // A later change to the invoice (a payment, a note) recomputes it with its own rate.
    await ok('POST', '/functions/recordPayment', { owner_id: o.id, amount: 10, payment_date: '2026-03-01', invoice_ids: [inv.id] });
    await ok('PUT', `/entities/Invoice/${inv.id}`, { notes: 'touched' });
    expect(await ok('GET', `/entities/Invoice/${inv.id}`)).toMatchObject({ tax_rate: 7.25, tax_amount: 7.25, total_amount: 107.25, balance_due: 97.25 });
    expect((await entriesOf(inv.id)).length).toBe(entries);
    const fresh = await issued(o.id, '2026-03-10', 10000, { tax_rate_id: rate.id });
    expect(fresh).toMatchObject({ tax_rate: 10, tax_amount: 10, total_amount: 110 });
  });

  it('a bill payment cannot be dated before its bill; an invoice or bill with payments keeps its date', async () => {
    const vendor = await ok('POST', '/entities/Vendor', { vendor_name: 'Date Vendor' });
    const bill = await ok('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: 'DV-1', bill_date: '2026-04-10', lines: [{ quantity: 1, unit_price: 100, account_id: accounts['5100'] }] });
    const early = await call('POST', '/entities/BillPayment', { bill_id: bill.id, amount: 10, payment_date: '2026-04-09' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('A bill payment cannot be dated before its bill (2026-04-10)');
    await ok('POST', '/entities/BillPayment', { bill_id: bill.id, amount: 10, payment_date: '2026-04-10' });
    expect((await call('PUT', `/entities/Bill/${bill.id}`, { bill_date: '2026-04-01' })).statusCode).toBe(409);
    const o = await makeOwner(t, admin.token);
    const inv = await issued(o.id, '2026-04-01', 1000);
    await ok('POST', '/functions/recordPayment', { owner_id: o.id, amount: 5, payment_date: '2026-04-02', invoice_ids: [inv.id] });
    expect((await call('PUT', `/entities/Invoice/${inv.id}`, { invoice_date: '2026-04-20' })).statusCode).toBe(409);
  });
});

describe('accounts', () => {
  it('control accounts cannot be document line or item accounts', async () => {
    const o = await makeOwner(t, admin.token);
    for (const n of ['1000', '1200', '2000', '2100']) {
      const inv = await call('POST', '/functions/saveInvoice', { owner_id: o.id, invoice_date: '2026-03-01', status: 'sent', lines: [{ quantity: 1, unit_price: 10, account_id: accounts[n] }] });
      expect(inv.statusCode, `invoice line on ${n}`).toBe(400);
      expect(inv.json().message).toMatch(/is a control account/);
      const vendor = await ok('POST', '/entities/Vendor', { vendor_name: `Control ${n}` });
      const bill = await call('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: `C-${n}`, bill_date: '2026-03-01', lines: [{ quantity: 1, unit_price: 10, account_id: accounts[n] }] });
      expect(bill.statusCode, `bill line on ${n}`).toBe(400);
      expect((await call('POST', '/entities/Product', { product_code: `CTRL-${n}`, description: 'x', unit_price: 1, account_id: accounts[n] })).statusCode).toBe(400);
    }
    const draft = await ok('POST', '/entities/Invoice', { owner_id: o.id, invoice_date: '2026-03-01' });
    expect((await call('POST', '/entities/InvoiceLineItem', { invoice_id: draft.id, quantity: 1, unit_price: 1, account_id: accounts['1200'] })).statusCode).toBe(400);
    expect((await ok('GET', `/entities/Invoice/${draft.id}`)).total_amount).toBe(0);
  });

  it('an account with postings cannot change type; one without can', async () => {
    const used = await ok('POST', '/entities/ChartOfAccount', { account_number: '5801', account_name: 'Used expense', account_type: 'expense' });
    const unused = await ok('POST', '/entities/ChartOfAccount', { account_number: '5802', account_name: 'Unused expense', account_type: 'expense' });
    const vendor = await ok('POST', '/entities/Vendor', { vendor_name: 'Retype Vendor' });
    await ok('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: 'RT-1', bill_date: '2025-06-01', lines: [{ quantity: 1, unit_price: 500, account_id: used.id }] });
    const retype = await call('PUT', `/entities/ChartOfAccount/${used.id}`, { account_type: 'asset' });
    expect(retype.statusCode).toBe(409);
    expect(retype.json().code).toBe('account_has_postings');
    expect((await ok('GET', `/entities/ChartOfAccount/${used.id}`)).account_type).toBe('expense');
    expect((await ok('PUT', `/entities/ChartOfAccount/${used.id}`, { is_active: false })).is_active).toBe(false);
    expect((await ok('PUT', `/entities/ChartOfAccount/${unused.id}`, { account_type: 'asset' })).account_subtype).toBe('current_asset');
  });
});

describe('bounced payments', () => {
  it('reverse the payment and its applications on the bounce date, reopen the invoices and bill a fee', async () => {
    const o = await makeOwner(t, admin.token);
    const a = await issued(o.id, '2026-08-01', 20000);
    const b = await issued(o.id, '2026-08-01', 10000);
    const pay = await ok('POST', '/functions/recordPayment', { owner_id: o.id, amount: 250, payment_date: '2026-08-05', invoice_ids: [a.id, b.id] });
    expect(pay.applications.map((x: { amount_applied: number }) => x.amount_applied)).toEqual([200, 50]);
    const before = await balanceSheet('2026-08-31');

    const res = await ok('POST', '/functions/bouncePayment', { payment_id: pay.payment.id, date: '2026-09-03', reason: 'NSF', fee_amount: 35 });
    expect(res.payment).toMatchObject({ status: 'bounced', bounced_date: '2026-09-03', bounce_reason: 'NSF' });
    expect(res.applications).toEqual([]);
    expect(res.unapplied).toBe(0);
    expect(res.fee_invoice).toMatchObject({ owner_id: o.id, invoice_date: '2026-09-03', total_amount: 35, status: 'sent' });
    expect(await ok('GET', `/entities/Invoice/${a.id}`)).toMatchObject({ status: 'sent', amount_paid: 0, balance_due: 200 });
    expect(await ok('GET', `/entities/Invoice/${b.id}`)).toMatchObject({ status: 'sent', amount_paid: 0, balance_due: 100 });
    expect((await entriesOf(pay.payment.id)).map((e) => e.entry_date)).toEqual(['2026-08-05', '2026-09-03']);
    // The applications were posted in the payment's entry; each is reversed by an entry of its own on the bounce
    // date, then the payment's own posting (Dr Cash / Cr Owner Prepayments) is reversed.
    for (const link of pay.applications) expect((await entriesOf(link.id)).map((e) => e.entry_date)).toEqual(['2026-09-03']);
    expect((await entryLines(pay.payment.id)).slice(-2)).toEqual([['1000', 0, 25000, 'payment'], ['2100', 25000, 0, 'payment']]);
    // August keeps the receipt; September has the money back out of cash, the invoices open and the fee billed.
    expect(await balanceSheet('2026-08-31')).toEqual(before);
    const fee = await ok('GET', `/entities/ChartOfAccount/${accounts['4100']}`);
    expect(fee.balance).toBeGreaterThanOrEqual(35);
    expect((await call('POST', '/functions/bouncePayment', { payment_id: pay.payment.id, date: '2026-09-04', reason: 'again' })).statusCode).toBe(409);
    expect((await call('POST', '/functions/bouncePayment', { payment_id: pay.payment.id, date: 'soon', reason: 'x' })).statusCode).toBe(400);
    expect((await call('PUT', `/entities/Payment/${pay.payment.id}`, { status: 'cleared' })).statusCode).toBe(409);
    // A bounced payment cannot be applied again; deleting it only hides it (the receipt and bounce are history).
    expect((await call('POST', '/entities/PaymentInvoice', { payment_id: pay.payment.id, invoice_id: a.id, amount_applied: 1 })).statusCode).toBe(409);
    const lines = (await snapshot()).lines;
    await ok('DELETE', `/entities/Payment/${pay.payment.id}`);
    expect((await snapshot()).lines).toBe(lines);
    await expectBooksBalanced(t);
  });

  it('a bounce before the payment date is refused; an invoice whose payment bounced must be cancelled, not erased', async () => {
    const o = await makeOwner(t, admin.token);
    const inv = await issued(o.id, '2026-08-01', 5000);
    const pay = await ok('POST', '/functions/recordPayment', { owner_id: o.id, amount: 50, payment_date: '2026-08-05', invoice_ids: [inv.id] });
    const early = await call('POST', '/functions/bouncePayment', { payment_id: pay.payment.id, date: '2026-08-04', reason: 'NSF' });
    expect(early.statusCode).toBe(400);
    await ok('POST', '/functions/bouncePayment', { payment_id: pay.payment.id, date: '2026-08-06', reason: 'NSF' });
    const del = await call('DELETE', `/entities/Invoice/${inv.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('has_history');
    await ok('POST', '/functions/cancelInvoice', { id: inv.id });
  });
});

describe('restore refuses what the API refuses, whole, naming the record', () => {
  async function backupWithPayment() {
    const src = await createTestApp();
    try {
      const token = (await createUser(src, 'admin')).token;
      const o1 = (await src.call('POST', '/entities/Owner', { token, body: { owner_id: '700001', first_name: 'Rita', last_name: 'Restore' } })).json();
      const o2 = (await src.call('POST', '/entities/Owner', { token, body: { owner_id: '700002', first_name: 'Ned', last_name: 'Neighbour' } })).json();
      const inv = (await src.call('POST', '/functions/saveInvoice', { token, body: { owner_id: o1.id, invoice_date: '2026-01-05', status: 'sent', lines: [{ quantity: 1, unit_price: 100 }] } })).json();
      const other = (await src.call('POST', '/functions/saveInvoice', { token, body: { owner_id: o2.id, invoice_date: '2026-01-05', status: 'sent', lines: [{ quantity: 1, unit_price: 100 }] } })).json();
      const draft = (await src.call('POST', '/functions/saveInvoice', { token, body: { owner_id: o1.id, invoice_date: '2026-01-06', status: 'draft', lines: [{ quantity: 1, unit_price: 100 }] } })).json();
      await src.call('POST', '/functions/recordPayment', { token, body: { owner_id: o1.id, amount: 10, payment_date: '2026-01-10', invoice_ids: [inv.id] } });
      const backup = (await src.call('POST', '/functions/createBackup', { token, body: {} })).json();
      return { backup, ids: { inv: inv.id as string, other: other.id as string, draft: draft.id as string } };
    } finally {
      await src.close();
    }
  }

  type Backup = { data: Record<string, Array<Record<string, unknown>>> };
  it.each([
    ['a payment of 10 applied for 90', (b: Backup) => void (b.data.paymentInvoices![0]!.amount_applied = 90), 409, /paymentInvoices #1 .*Only 10.00 of this payment is left to apply/],
    ['a payment applied to another owner\'s invoice', (b: Backup, ids: Record<string, string>) => void (b.data.paymentInvoices![0]!.invoice_id = ids.other), 400, /paymentInvoices #1 .*different owners/],
    ['a payment applied to a draft invoice', (b: Backup, ids: Record<string, string>) => void (b.data.paymentInvoices![0]!.invoice_id = ids.draft), 409, /paymentInvoices #1 .*is a draft/],
    ['an application dated before its payment', (b: Backup) => void (b.data.paymentInvoices![0]!.applied_date = '2026-01-09'), 400, /before its payment/],
    ['an invoice line on a control account', (b: Backup) => void (b.data.invoiceLineItems![0]!.account_id = b.data.accounts!.find((a) => a.account_number === '1200')!.id), 400, /invoiceLineItems #1 .*control account/],
  ])('%s', async (_name, mutate, status, message) => {
    const { backup, ids } = await backupWithPayment();
    mutate(backup, ids);
    const dst = await createTestApp();
    try {
      const token = (await createUser(dst, 'admin')).token;
      const res = await dst.call('POST', '/functions/restoreBackup', { token, body: { backup } });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(res.json().message).toMatch(/Nothing was restored/);
      const counts = (await dst.db.db.execute(sql`select (select count(*) from owners)::int as owners, (select count(*) from invoices)::int as invoices, (select count(*) from journal_lines)::int as lines`)).rows[0];
      expect(counts).toEqual({ owners: 0, invoices: 0, lines: 0 });
    } finally {
      await dst.close();
    }
  });

  it('a valid file restores with the same books, history included', async () => {
    const { backup } = await backupWithPayment();
    const dst = await createTestApp();
    try {
      const token = (await createUser(dst, 'admin')).token;
      const res = await dst.call('POST', '/functions/restoreBackup', { token, body: { backup } });
      expect(res.statusCode, res.body).toBe(200);
      const books = await expectBooksBalanced(dst);
      expect(books).toMatchObject({ ar: 19000, prepayments: 0, cash: 1000 });
    } finally {
      await dst.close();
    }
  });
});

describe('the audit log records financial deletions, cancellations and bounces', () => {
  it('with who, what and before/after, in the same transaction (a refused delete leaves no entry)', async () => {
    const o = await makeOwner(t, admin.token);
    const inv = await issued(o.id, '2026-09-01', 5000);
    const pay = await ok('POST', '/functions/recordPayment', { owner_id: o.id, amount: 50, payment_date: '2026-09-02', invoice_ids: [inv.id] });
    await ok('POST', '/functions/bouncePayment', { payment_id: pay.payment.id, date: '2026-09-05', reason: 'NSF' });
    expect((await call('DELETE', `/entities/Invoice/${inv.id}`)).statusCode).toBe(409); // has history: refused, not recorded
    await ok('POST', '/functions/cancelInvoice', { id: inv.id, reason: 'Billed twice' });
    await ok('DELETE', `/entities/Invoice/${inv.id}`);
    const vendor = await ok('POST', '/entities/Vendor', { vendor_name: 'Audited Vendor' });
    const bill = await ok('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: 'AU-1', bill_date: '2026-09-01', lines: [{ quantity: 1, unit_price: 9, account_id: accounts['5100'] }] });
    const bp = await ok('POST', '/entities/BillPayment', { bill_id: bill.id, amount: 9, payment_date: '2026-09-03' });
    await ok('DELETE', `/entities/BillPayment/${bp.id}`);
    await ok('POST', '/functions/cancelBill', { id: bill.id, date: '2026-09-04' });
    const entries = (await ok('GET', '/audit-log?limit=100')).rows as Array<{ action: string; target_id: string; before: unknown; after: unknown }>;
    const mine = entries.filter((e) => [inv.id, pay.payment.id, bill.id, bp.id].includes(e.target_id)).map((e) => e.action).sort();
    expect(mine).toEqual(['bill.cancelled', 'bill_payment.deleted', 'invoice.cancelled', 'invoice.deleted', 'payment.bounced']);
    const cancelled = entries.find((e) => e.action === 'invoice.cancelled' && e.target_id === inv.id)!;
    expect(cancelled.after).toMatchObject({ status: 'cancelled', cancel_reason: 'Billed twice' });
  });
});

describe('restore keeps history', () => {
  it('a file with cancellations, bounces and the applications they reversed restores with the same books on every date', async () => {
    const src = await createTestApp();
    const dst = await createTestApp();
    try {
      const token = (await createUser(src, 'admin')).token;
      const post = async (url: string, body: unknown) => {
        const res = await src.call('POST', url, { token, body });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        return res.json();
      };
      const o = await post('/entities/Owner', { owner_id: '720001', first_name: 'His', last_name: 'Tory' });
      const a = await post('/functions/saveInvoice', { owner_id: o.id, invoice_date: '2026-02-01', status: 'sent', lines: [{ quantity: 1, unit_price: 200 }] });
      const b = await post('/functions/saveInvoice', { owner_id: o.id, invoice_date: '2026-02-01', status: 'sent', lines: [{ quantity: 1, unit_price: 100 }] });
      const p1 = await post('/functions/recordPayment', { owner_id: o.id, amount: 150, payment_date: '2026-02-05', invoice_ids: [a.id] });
      const p2 = await post('/functions/recordPayment', { owner_id: o.id, amount: 100, payment_date: '2026-02-06', invoice_ids: [b.id] });
      await post('/functions/cancelInvoice', { id: a.id, date: '2026-03-01', reason: 'duplicate' });
      await post('/functions/bouncePayment', { payment_id: p2.payment.id, date: '2026-03-10', reason: 'NSF', fee_amount: 30 });
      await post('/entities/PaymentInvoice', { payment_id: p1.payment.id, invoice_id: b.id, amount_applied: 100, applied_date: '2026-03-15' });
      const backup = (await src.call('POST', '/functions/createBackup', { token, body: {} })).json();
      expect(backup.data.paymentInvoices.filter((l: { reversed_date: string | null }) => l.reversed_date).length).toBe(2);

      const dToken = (await createUser(dst, 'admin')).token;
      const res = await dst.call('POST', '/functions/restoreBackup', { token: dToken, body: { backup } });
      expect(res.statusCode, res.body).toBe(200);
      const figures = async (app: TestApp, tok: string, asOf: string) => {
        const bs = (await app.call('GET', `/reports/balance-sheet?as_of=${asOf}`, { token: tok })).json();
        return [...bs.assets, ...bs.liabilities].map((x: { account_name: string; amount: number }) => `${x.account_name}=${x.amount}`).sort();
      };
      for (const day of ['2026-02-04', '2026-02-05', '2026-02-28', '2026-03-01', '2026-03-09', '2026-03-10', '2026-03-14', '2026-03-15', '2026-12-31']) {
        expect(await figures(dst, dToken, day), `balance sheet as of ${day}`).toEqual(await figures(src, token, day));
      }
      expect(await expectBooksBalanced(dst)).toEqual(await expectBooksBalanced(src));
      const restoredA = (await dst.call('GET', `/entities/Invoice?q=${q({ invoice_number: a.invoice_number })}`, { token: dToken })).json()[0];
      expect(restoredA).toMatchObject({ status: 'cancelled', cancelled_date: '2026-03-01', cancel_reason: 'duplicate' });
    } finally {
      await src.close();
      await dst.close();
    }
  });
});

describe('one definition of each figure', () => {
  it('the dashboard\'s revenue (without sales tax), outstanding and payments come from the ledger, as Reports', async () => {
    const fresh = await createTestApp();
    try {
      const token = (await createUser(fresh, 'admin')).token;
      const o = (await fresh.call('POST', '/entities/Owner', { token, body: { owner_id: '710001', first_name: 'Fig', last_name: 'Ures' } })).json();
      const rate = (await fresh.call('POST', '/entities/TaxRate', { token, body: { tax_name: 'T', tax_rate: 10 } })).json();
      const a = (await fresh.call('POST', '/functions/saveInvoice', { token, body: { owner_id: o.id, invoice_date: '2026-01-05', status: 'sent', tax_rate_id: rate.id, lines: [{ quantity: 1, unit_price: 100 }] } })).json();
      await fresh.call('POST', '/functions/saveInvoice', { token, body: { owner_id: o.id, invoice_date: '2020-01-05', due_date: '2020-01-20', status: 'sent', lines: [{ quantity: 1, unit_price: 40 }] } });
      const pay = (await fresh.call('POST', '/functions/recordPayment', { token, body: { owner_id: o.id, amount: 60, payment_date: '2026-01-10', invoice_ids: [a.id] } })).json();
      await fresh.call('POST', '/functions/recordPayment', { token, body: { owner_id: o.id, amount: 15, payment_date: '2026-01-11', invoice_ids: [] } });
      await fresh.call('POST', '/functions/bouncePayment', { token, body: { payment_id: pay.payment.id, date: '2026-01-20', reason: 'NSF' } });
      const dash = (await fresh.call('GET', '/dashboard/summary', { token })).json();
      const summary = (await fresh.call('GET', '/reports/summary?from=2000-01-01&to=2099-12-31', { token })).json();
      const aging = (await fresh.call('GET', '/reports/ar-aging?as_of=2099-12-31', { token })).json();
      expect(dash.total_revenue).toBe(140); // 100 + 40, the 10 of tax is a liability
      expect(dash.total_revenue).toBe(summary.total_revenue);
      expect(dash.payments_received).toBe(15); // 60 bounced
      expect(dash.payments_received).toBe(summary.payments_received);
      expect(dash.outstanding_balance).toBe(150); // 110 + 40 open; the 15 is credit
      expect(dash.outstanding_balance).toBe(aging.totals.total);
      expect(dash.outstanding_count).toBe(2);
      expect(dash.overdue_count).toBe(2); // both open invoices are past their due dates (isOverdue)
      const owner = await createUser(fresh, 'owner', { owner_id: o.id });
      expect((await fresh.call('GET', '/dashboard/summary', { token: owner.token })).json()).toMatchObject({ total_revenue: 140, outstanding_balance: 150, payments_received: 15 });
    } finally {
      await fresh.close();
    }
  });
});
