/**
 * A payment and what it paid on its own date are one journal entry (issue 18: a 5,000-debit ACH file wrote 40,000
 * entries, one per application): Dr the bank account, Cr Accounts Receivable per invoice and fund, Cr Owner
 * Prepayments for the rest. Each application undone on its own (an invoice cancelled, an application removed)
 * writes its reversal from its amounts; a bounce or a deletion then reverses what is left of the payment's entry,
 * its own posting. An application made later (credit applied, an invoice dated after the payment) posts its own
 * entry as before. Throughout, each invoice's receivable in the ledger is its balance due, each payment's credit is
 * what it has unapplied, and a backup restores the same entries.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@covenant/contracts/money';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';
import { expectBooksBalanced } from './ledger-helpers.ts';

let a: TestApp;
let b: TestApp;
let adminA: { token: string };
let adminB: { token: string };
let accountsA: Record<string, string>;
/** The payment one of whose applications was removed, and the payment deleted (for the restore's comparison). */
let removedFrom = '';
let deleted = '';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
async function ok(t: TestApp, token: string, method: string, url: string, body?: unknown): Promise<Json> {
  const res = await t.call(method, url, { token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json() as Json;
}
const okA = (method: string, url: string, body?: unknown) => ok(a, adminA.token, method, url, body);
const rows = async <T>(t: TestApp, q: ReturnType<typeof sql>) => (await t.systemCtx().db.execute(q)).rows as T[];

/** The entries a source posted, in order: [date, is a reversal, lines as account number and signed cents]. */
async function entries(t: TestApp, sourceId: string) {
  const lines = await rows<{ entry_id: string; entry_date: string; reverses: boolean; account_number: string; net: string }>(t, sql`
    select e.id as entry_id, e.entry_date::text, e.reverses_id is not null as reverses, a.account_number, (l.debit - l.credit)::text as net
    from journal_entries e join journal_lines l on l.entry_id = e.id join chart_of_accounts a on a.id = l.account_id
    where e.source_id = ${sourceId} order by e.created_date, e.reverses_id is not null, e.entry_date, e.id, l.line_no`);
  const out: Array<{ date: string; reverses: boolean; lines: Array<[string, number]> }> = [];
  let last = '';
  for (const l of lines) {
    if (l.entry_id !== last) out.push({ date: l.entry_date, reverses: l.reverses, lines: [] });
    last = l.entry_id;
    out.at(-1)!.lines.push([l.account_number, toCents(l.net)]);
  }
  return norm(out);
}

type Shape = Array<{ date: string; reverses: boolean; lines: Array<[string, number]> }>;
const byLine = (x: [string, number], y: [string, number]) => x[0].localeCompare(y[0]) || x[1] - y[1];
/** An entry's first line (the bank line of a payment) in place, the rest in account and amount order. */
function norm(list: Shape): Shape {
  return list.map((e) => ({ ...e, lines: [...e.lines.slice(0, 1), ...e.lines.slice(1).sort(byLine)] }));
}

/** Every invoice's receivable in the ledger equals its balance due, and every payment's credit what it has unapplied. */
async function expectDocumentsMatchLedger(t: TestApp) {
  const invoices = await rows<{ invoice_number: string; balance: string; ledger: string }>(t, sql`
    select i.invoice_number, i.balance_due::text as balance, coalesce((select sum(l.debit - l.credit) from journal_lines l join chart_of_accounts a on a.id = l.account_id
      where a.system_key = 'accounts_receivable' and l.document_type = 'invoice' and l.document_id = i.id), 0)::text as ledger
    from invoices i where i.deleted_at is null and i.status not in ('draft', 'cancelled')`);
  for (const i of invoices) expect(toCents(i.ledger), `receivable of ${i.invoice_number}`).toBe(toCents(i.balance));
  const payments = await rows<{ payment_number: string; unapplied: string; ledger: string }>(t, sql`
    select p.payment_number,
      (case when p.status = 'bounced' then 0 else p.amount - coalesce((select sum(x.amount_applied) from payment_invoices x where x.payment_id = p.id and x.reversed_date is null), 0) end)::text as unapplied,
      coalesce((select sum(l.credit - l.debit) from journal_lines l join chart_of_accounts a on a.id = l.account_id
        where a.system_key = 'owner_prepayments' and l.document_type = 'payment' and l.document_id = p.id), 0)::text as ledger
    from payments p where p.deleted_at is null`);
  for (const p of payments) expect(toCents(p.ledger), `credit of ${p.payment_number}`).toBe(toCents(p.unapplied));
  await expectBooksBalanced(t);
}

async function invoice(ownerId: string, date: string, amount: number, account = 'assessment_income') {
  return okA('POST', '/functions/saveInvoice', { owner_id: ownerId, invoice_date: date, due_date: date, status: 'sent', lines: [{ description: 'Dues', quantity: 1, unit_price: amount, account_id: accountsA[account] }] });
}

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp();
  adminA = await createUser(a, 'admin');
  adminB = await createUser(b, 'admin');
  const chart = await rows<{ id: string; system_key: string | null; account_number: string }>(a, sql`select id, system_key, account_number from chart_of_accounts`);
  accountsA = Object.fromEntries(chart.flatMap((c) => [[c.account_number, c.id], ...(c.system_key ? [[c.system_key, c.id]] : [])]));
  accountsA.assessment_income = chart.find((c) => c.account_number === '4000')!.id;
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('a payment and what it paid on its date: one entry', () => {
  it('records one entry: Dr Cash, Cr A/R per invoice, Cr Owner Prepayments for the rest; no entry per application', async () => {
    const o = await makeOwner(a, adminA.token);
    const i1 = await invoice(o.id, '2026-03-01', 100);
    const i2 = await invoice(o.id, '2026-03-05', 40.5);
    const pay = await okA('POST', '/functions/recordPayment', { owner_id: o.id, amount: 150, payment_date: '2026-03-10' });
    expect(pay.applications.map((x: Json) => [x.invoice_id, x.amount_applied, x.applied_date])).toEqual([[i1.id, 100, '2026-03-10'], [i2.id, 40.5, '2026-03-10']]);
    expect(pay.unapplied).toBe(9.5);
    expect(await entries(a, pay.payment.id)).toEqual(norm([{ date: '2026-03-10', reverses: false, lines: [['1000', 15000], ['2100', -950], ['1200', -10000], ['1200', -4050]] }]));
    for (const l of pay.applications) expect(await entries(a, l.id)).toEqual([]);
    // The API's records do not show how it was posted.
    expect(Object.keys(pay.applications[0])).not.toContain('posted_with_payment');
    await expectDocumentsMatchLedger(a);
  });

  it('an invoice dated after the payment: that application posts its own entry on the invoice date', async () => {
    const o = await makeOwner(a, adminA.token);
    const early = await invoice(o.id, '2026-04-01', 60);
    const later = await invoice(o.id, '2026-04-20', 30);
    const pay = await okA('POST', '/functions/recordPayment', { owner_id: o.id, amount: 90, payment_date: '2026-04-10', invoice_ids: [early.id, later.id] });
    expect(await entries(a, pay.payment.id)).toEqual(norm([{ date: '2026-04-10', reverses: false, lines: [['1000', 9000], ['2100', -3000], ['1200', -6000]] }]));
    const laterLink = pay.applications.find((x: Json) => x.invoice_id === later.id);
    expect(await entries(a, laterLink.id)).toEqual(norm([{ date: '2026-04-20', reverses: false, lines: [['2100', 3000], ['1200', -3000]] }]));
    await expectDocumentsMatchLedger(a);
  });

  it('removing an application, cancelling an invoice, then bouncing the payment: each undone once, the books whole', async () => {
    const o = await makeOwner(a, adminA.token);
    const i1 = await invoice(o.id, '2026-05-01', 100);
    const i2 = await invoice(o.id, '2026-05-02', 50);
    const i3 = await invoice(o.id, '2026-05-03', 25);
    const pay = await okA('POST', '/functions/recordPayment', { owner_id: o.id, amount: 200, payment_date: '2026-05-10' });
    const [l1, l2, l3] = pay.applications as Json[];
    removedFrom = pay.payment.payment_number;
    // Entered in error: the correction is dated on the application's date; the money is credit again.
    await okA('DELETE', `/entities/PaymentInvoice/${l1!.id}`);
    expect(await entries(a, l1!.id)).toEqual(norm([{ date: '2026-05-10', reverses: false, lines: [['2100', -10000], ['1200', 10000]] }]));
    expect(await okA('GET', `/entities/Invoice/${i1.id}`)).toMatchObject({ balance_due: 100, status: 'sent' });
    await expectDocumentsMatchLedger(a);
    // The second invoice cancelled: its application reversed on the cancellation date, kept as history.
    await okA('POST', '/functions/cancelInvoice', { id: i2.id, date: '2026-06-01', reason: 'Billed in error' });
    expect(await entries(a, l2!.id)).toEqual(norm([{ date: '2026-06-01', reverses: false, lines: [['2100', -5000], ['1200', 5000]] }]));
    await expectDocumentsMatchLedger(a);
    // The bounce reverses the application still in force, then the payment's own posting: cash back out.
    const bounced = await okA('POST', '/functions/bouncePayment', { payment_id: pay.payment.id, date: '2026-06-15', reason: 'NSF' });
    expect(bounced).toMatchObject({ applications: [], unapplied: 0 });
    expect(await entries(a, l3!.id)).toEqual(norm([{ date: '2026-06-15', reverses: false, lines: [['2100', -2500], ['1200', 2500]] }]));
    expect((await entries(a, pay.payment.id)).at(-1)).toEqual(norm([{ date: '2026-06-15', reverses: true, lines: [['1000', -20000], ['2100', 20000]] }])[0]);
    expect(await okA('GET', `/entities/Invoice/${i3.id}`)).toMatchObject({ balance_due: 25, status: 'sent' });
    const [net] = await rows<{ n: string }>(a, sql`select coalesce(sum(l.debit - l.credit), 0)::text as n from journal_lines l join chart_of_accounts c on c.id = l.account_id
      where l.document_type = 'payment' and l.document_id = ${pay.payment.id} and c.system_key = 'owner_prepayments'`);
    expect(toCents(net!.n)).toBe(0);
    await expectDocumentsMatchLedger(a);
  });

  it('a payment deleted as entered in error: its applications and its own posting reversed at their dates', async () => {
    const o = await makeOwner(a, adminA.token);
    const i1 = await invoice(o.id, '2026-07-01', 80);
    const pay = await okA('POST', '/functions/recordPayment', { owner_id: o.id, amount: 100, payment_date: '2026-07-05' });
    deleted = pay.payment.payment_number;
    await okA('DELETE', `/entities/Payment/${pay.payment.id}`);
    expect(await entries(a, pay.applications[0].id)).toEqual(norm([{ date: '2026-07-05', reverses: false, lines: [['2100', -8000], ['1200', 8000]] }]));
    expect((await entries(a, pay.payment.id)).map((e) => [e.date, e.reverses, e.lines])).toEqual([
      ['2026-07-05', false, [['1000', 10000], ['1200', -8000], ['2100', -2000]]],
      ['2026-07-05', true, [['1000', -10000], ['2100', 10000]]],
    ]);
    expect(await okA('GET', `/entities/Invoice/${i1.id}`)).toMatchObject({ balance_due: 80, status: 'sent' });
    await expectDocumentsMatchLedger(a);
  });

  it('credit applied later posts an entry of its own on the day it is applied', async () => {
    const o = await makeOwner(a, adminA.token);
    const credit = await okA('POST', '/functions/recordPayment', { owner_id: o.id, amount: 70, payment_date: '2026-08-01' });
    expect(await entries(a, credit.payment.id)).toEqual(norm([{ date: '2026-08-01', reverses: false, lines: [['1000', 7000], ['2100', -7000]] }]));
    const inv = await invoice(o.id, '2026-08-15', 70);
    const applied = await okA('POST', '/functions/applyCredit', { payment_id: credit.payment.id, invoice_id: inv.id, amount: 70, applied_date: '2026-08-20' });
    expect(await entries(a, applied.id)).toEqual(norm([{ date: '2026-08-20', reverses: false, lines: [['2100', 7000], ['1200', -7000]] }]));
    await expectDocumentsMatchLedger(a);
  });

  it('a backup restores each payment with the same entries, and a restored payment bounces as the original would', async () => {
    const o = await makeOwner(a, adminA.token, { first_name: 'Restored', last_name: 'Payer' });
    await invoice(o.id, '2026-09-01', 120);
    const pay = await okA('POST', '/functions/recordPayment', { owner_id: o.id, amount: 130, payment_date: '2026-09-02' });
    const backup = await okA('POST', '/functions/createBackup', {});
    const file = (backup.backup ?? backup) as Json;
    const links = file.data.paymentInvoices as Json[];
    expect(links.find((l) => l.payment_id === pay.payment.id)).toMatchObject({ posted_with_payment: true });
    const restored = await b.call('POST', '/functions/restoreBackup', { token: adminB.token, body: { backup: file } });
    expect(restored.statusCode, restored.body.slice(0, 500)).toBe(200);

    // Every payment's entries (dates, reversals, lines by account) are the same in the restored books.
    const shape = async (t: TestApp) => {
      const list = await rows<{ id: string; payment_number: string }>(t, sql`select id, payment_number from payments order by payment_number`);
      return Promise.all(list.map(async (p) => [p.payment_number, await entries(t, p.id)]));
    };
    // The same entries for every payment, but one: an application removed as entered in error is not in the file
    // (it is not history), so the restored entry of the payment it came from is as if it had never been made (the
    // same balances: the removal's correction was its exact reverse). A deleted payment is not in the file either.
    expect(removedFrom && deleted).toBeTruthy();
    const original = await shape(a);
    expect((await shape(b)).filter(([number]) => number !== removedFrom)).toEqual(original.filter(([number]) => number !== removedFrom && number !== deleted));
    const [bounced] = await rows<{ id: string }>(b, sql`select id from payments where payment_number = ${removedFrom}`);
    expect(await entries(b, bounced!.id)).toEqual(norm([
      { date: '2026-05-10', reverses: false, lines: [['1000', 20000], ['2100', -12500], ['1200', -5000], ['1200', -2500]] },
      { date: '2026-06-15', reverses: true, lines: [['1000', -20000], ['2100', 20000]] },
    ] as Shape));
    await expectDocumentsMatchLedger(b);
    const [copy] = await rows<{ id: string }>(b, sql`select id from payments where payment_number = ${pay.payment.payment_number}`);
    await ok(b, adminB.token, 'POST', '/functions/bouncePayment', { payment_id: copy!.id, date: '2026-09-20', reason: 'NSF' });
    expect((await entries(b, copy!.id)).at(-1)).toEqual(norm([{ date: '2026-09-20', reverses: true, lines: [['1000', -13000], ['2100', 13000]] }])[0]);
    await expectDocumentsMatchLedger(b);
    expect((await b.call('GET', '/ledger/verify', { token: adminB.token })).json()).toMatchObject({ ok: true });
  });

  it('an older backup without the flag restores each application as an entry of its own, the same balances', async () => {
    const o = await makeOwner(a, adminA.token, { first_name: 'Older', last_name: 'File' });
    await invoice(o.id, '2026-10-01', 45);
    const pay = await okA('POST', '/functions/recordPayment', { owner_id: o.id, amount: 45, payment_date: '2026-10-03' });
    const c = await createTestApp();
    try {
      const adminC = await createUser(c, 'admin');
      const backup = await okA('POST', '/functions/createBackup', {});
      const file = (backup.backup ?? backup) as Json;
      for (const l of file.data.paymentInvoices as Json[]) delete l.posted_with_payment;
      const restored = await c.call('POST', '/functions/restoreBackup', { token: adminC.token, body: { backup: file } });
      expect(restored.statusCode, restored.body.slice(0, 500)).toBe(200);
      const [copy] = await rows<{ id: string }>(c, sql`select id from payments where payment_number = ${pay.payment.payment_number}`);
      expect(await entries(c, copy!.id)).toEqual(norm([{ date: '2026-10-03', reverses: false, lines: [['1000', 4500], ['2100', -4500]] }]));
      const [link] = await rows<{ id: string }>(c, sql`select id from payment_invoices where payment_id = ${copy!.id}`);
      expect(await entries(c, link!.id)).toEqual(norm([{ date: '2026-10-03', reverses: false, lines: [['2100', 4500], ['1200', -4500]] }]));
      await expectDocumentsMatchLedger(c);
      // And it bounces: the application's own entry is mirrored, then the payment's.
      await ok(c, adminC.token, 'POST', '/functions/bouncePayment', { payment_id: copy!.id, date: '2026-10-20', reason: 'NSF' });
      await expectDocumentsMatchLedger(c);
    } finally {
      await c.close();
    }
  }, 120_000);
});
