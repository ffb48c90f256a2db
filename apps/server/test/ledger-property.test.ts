import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@covenant/contracts/dates';
import { toCents } from '@covenant/contracts/money';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';
import { expectBooksBalanced } from './ledger-helpers.ts';

/**
 * Property: whatever sequence of invoice, line, payment (backdated too), credit application, tax-rate edit,
 * cancellation, bounce and delete calls staff make (valid or refused), the books stay right, and the past stays
 * what the documents say it was: the balance sheet as of every date the sequence touched equals the sum of the
 * documents in force on that date, no invoice is ever negative on any date, and A/R aging equals A/R.
 */
let t: TestApp;
let token: string;
let owners: string[];
let taxRateId: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t, 'admin')).token;
  owners = [(await makeOwner(t, token)).id, (await makeOwner(t, token)).id];
  taxRateId = (await t.call('POST', '/entities/TaxRate', { token, body: { tax_name: 'Property tax', tax_rate: 7.25 } })).json().id;
});
afterAll(async () => t?.close());

type Op =
  | { kind: 'invoice'; owner: number; cents: number[]; send: boolean; day: number; taxed: boolean }
  | { kind: 'send'; pick: number }
  | { kind: 'editLine'; pick: number; cents: number }
  | { kind: 'pay'; owner: number; cents: number; picks: number[]; month: number; day: number }
  | { kind: 'applyCredit'; payPick: number; invPick: number; cents: number }
  | { kind: 'taxRate'; rate: number }
  | { kind: 'cancel'; pick: number; day: number | null }
  | { kind: 'bounce'; pick: number; day: number; fee: number }
  | { kind: 'deleteInvoice'; pick: number }
  | { kind: 'deletePayment'; pick: number }
  | { kind: 'deleteApplication'; pick: number };

const cents = fc.integer({ min: 1, max: 50_000 });
const pick = fc.nat({ max: 30 });
const day = fc.integer({ min: 1, max: 28 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('invoice' as const), owner: fc.nat({ max: 1 }), cents: fc.array(cents, { minLength: 1, maxLength: 3 }), send: fc.boolean(), day, taxed: fc.boolean() }) },
  fc.record({ kind: fc.constant('send' as const), pick }),
  fc.record({ kind: fc.constant('editLine' as const), pick, cents }),
  // Payments from February (before every invoice: prepaid, backdated) to April.
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), owner: fc.nat({ max: 1 }), cents, picks: fc.array(pick, { maxLength: 3 }), month: fc.integer({ min: 2, max: 4 }), day }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('applyCredit' as const), payPick: pick, invPick: pick, cents: fc.integer({ min: 1, max: 3_000 }) }) },
  fc.record({ kind: fc.constant('taxRate' as const), rate: fc.integer({ min: 0, max: 1500 }) }),
  fc.record({ kind: fc.constant('cancel' as const), pick, day: fc.option(day) }),
  fc.record({ kind: fc.constant('bounce' as const), pick, day, fee: fc.integer({ min: 0, max: 5000 }) }),
  fc.record({ kind: fc.constant('deleteInvoice' as const), pick }),
  fc.record({ kind: fc.constant('deletePayment' as const), pick }),
  fc.record({ kind: fc.constant('deleteApplication' as const), pick }),
);

const money = (c: number) => c / 100;
const dd = (n: number) => String(n).padStart(2, '0');
const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token, body });
async function list(entity: string): Promise<Array<Record<string, unknown> & { id: string }>> {
  return (await call('GET', `/entities/${entity}?limit=5000&sort=created_date`)).json();
}
const at = <T>(items: T[], n: number): T | undefined => (items.length ? items[n % items.length] : undefined);

async function run(o: Op): Promise<number> {
  switch (o.kind) {
    case 'invoice': {
      const lines = o.cents.map((c) => ({ quantity: 1, unit_price: money(c) }));
      return (await call('POST', '/functions/saveInvoice', { owner_id: owners[o.owner], invoice_date: `2026-03-${dd(o.day)}`, status: o.send ? 'sent' : 'draft', tax_rate_id: o.taxed ? taxRateId : null, lines })).statusCode;
    }
    case 'send': {
      const inv = at(await list('Invoice'), o.pick);
      return inv ? (await call('PUT', `/entities/Invoice/${inv.id}`, { status: 'sent' })).statusCode : 0;
    }
    case 'editLine': {
      const line = at(await list('InvoiceLineItem'), o.pick);
      return line ? (await call('PUT', `/entities/InvoiceLineItem/${line.id}`, { unit_price: money(o.cents) })).statusCode : 0;
    }
    case 'pay': {
      const invoices = (await list('Invoice')).filter((i) => i.owner_id === owners[o.owner]);
      const ids = [...new Set(o.picks.map((p) => at(invoices, p)?.id).filter(Boolean))];
      return (await call('POST', '/functions/recordPayment', { owner_id: owners[o.owner], amount: money(o.cents), payment_date: `2026-${dd(o.month)}-${dd(o.day)}`, invoice_ids: ids })).statusCode;
    }
    case 'applyCredit': {
      // Mostly the same owner's invoice (the valid case); now and then anyone's.
      const pay = at(await list('Payment'), o.payPick);
      const invoices = (await list('Invoice')).filter((i) => o.invPick % 5 === 0 || i.owner_id === pay?.owner_id);
      const inv = at(invoices, o.invPick);
      return pay && inv ? (await call('POST', '/entities/PaymentInvoice', { payment_id: pay.id, invoice_id: inv.id, amount_applied: money(o.cents) })).statusCode : 0;
    }
    case 'taxRate':
      return (await call('PUT', `/entities/TaxRate/${taxRateId}`, { tax_rate: o.rate / 100 })).statusCode;
    case 'cancel': {
      const inv = at(await list('Invoice'), o.pick);
      if (!inv) return 0;
      if (o.day === null) return (await call('PUT', `/entities/Invoice/${inv.id}`, { status: 'cancelled' })).statusCode;
      return (await call('POST', '/functions/cancelInvoice', { id: inv.id, date: `2026-04-${dd(o.day)}`, reason: 'property test' })).statusCode;
    }
    case 'bounce': {
      const pay = at(await list('Payment'), o.pick);
      return pay ? (await call('POST', '/functions/bouncePayment', { payment_id: pay.id, date: `2026-${o.day % 2 ? '04' : '05'}-${dd(o.day)}`, reason: 'NSF', ...(o.fee ? { fee_amount: money(o.fee) } : {}) })).statusCode : 0;
    }
    case 'deleteInvoice': {
      const inv = at(await list('Invoice'), o.pick);
      return inv ? (await call('DELETE', `/entities/Invoice/${inv.id}`)).statusCode : 0;
    }
    case 'deletePayment': {
      const pay = at(await list('Payment'), o.pick);
      return pay ? (await call('DELETE', `/entities/Payment/${pay.id}`)).statusCode : 0;
    }
    case 'deleteApplication': {
      const link = at(await list('PaymentInvoice'), o.pick);
      return link ? (await call('DELETE', `/entities/PaymentInvoice/${link.id}`)).statusCode : 0;
    }
  }
}

const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.db.execute(query)).rows as T[];
/** In force on day d: started on or before it and not ended on or before it. */
const inForce = (start: string, end: string | null, d: string) => start <= d && !(end !== null && end <= d);

/** What the documents say the receivables, credits, cash and sales tax were on each day. */
async function documentFigures(days: string[]) {
  // Invoices in the books' history: issued ones (a cancelled draft has no cancellation date: it never posted),
  // visible, or hidden after a cancellation (their posting and cancellation stay). Erased ones (deleted while in
  // force) were reversed at their own dates.
  const invoices = await rows<{ id: string; date: string; cancelled: string | null; total: string; tax: string }>(sql`
    select id, invoice_date as date, cancelled_date as cancelled, total_amount as total, tax_amount as tax from invoices
    where status <> 'draft' and not (status = 'cancelled' and cancelled_date is null) and (deleted_at is null or cancelled_date is not null)`);
  const payments = await rows<{ id: string; date: string; bounced: string | null; amount: string }>(sql`
    select id, payment_date as date, bounced_date as bounced, amount from payments where deleted_at is null or status = 'bounced'`);
  const links = await rows<{ payment_id: string; invoice_id: string; applied: string; reversed: string | null; amount: string }>(sql`
    select payment_id, invoice_id, applied_date as applied, reversed_date as reversed, amount_applied as amount from payment_invoices`);
  const out = new Map<string, { ar: number; prepayments: number; cash: number; tax: number }>();
  for (const d of days) {
    const live = links.filter((l) => inForce(l.applied, l.reversed, d));
    const applied = live.reduce((s, l) => s + toCents(l.amount), 0);
    const open = invoices.filter((i) => inForce(i.date, i.cancelled, d));
    const received = payments.filter((p) => inForce(p.date, p.bounced, d));
    out.set(d, {
      ar: open.reduce((s, i) => s + toCents(i.total), 0) - applied,
      prepayments: received.reduce((s, p) => s + toCents(p.amount), 0) - applied,
      cash: received.reduce((s, p) => s + toCents(p.amount), 0),
      tax: open.reduce((s, i) => s + toCents(i.tax), 0),
    });
  }
  return out;
}

async function checkEveryDay() {
  const today = todayIn(t.services.config.timeZone);
  const dated = await rows<{ d: string }>(sql`
    select invoice_date as d from invoices union select cancelled_date from invoices where cancelled_date is not null
    union select payment_date from payments union select bounced_date from payments where bounced_date is not null
    union select applied_date from payment_invoices union select reversed_date from payment_invoices where reversed_date is not null`);
  const days = [...new Set([...dated.map((r) => r.d), '2026-01-31', today])].sort();
  const expected = await documentFigures(days);
  for (const d of days) {
    const bs = (await call('GET', `/reports/balance-sheet?as_of=${d}`)).json();
    const amount = (name: string) => Math.round(([...bs.assets, ...bs.liabilities].find((a: { account_name: string }) => a.account_name === name)?.amount ?? 0) * 100);
    const want = expected.get(d)!;
    expect({ ar: amount('Accounts Receivable'), prepayments: amount('Owner Prepayments'), cash: amount('Operating Cash'), tax: amount('Sales Tax Payable') }, `balance sheet as of ${d}`).toEqual(want);
    expect(bs.difference, `assets = liabilities + equity as of ${d}`).toBe(0);
    const aging = (await call('GET', `/reports/ar-aging?as_of=${d}`)).json();
    expect(Math.round(aging.totals.total * 100), `A/R aging total = A/R as of ${d}`).toBe(want.ar);
    const negative = await rows<{ document_id: string }>(sql`
      select l.document_id from journal_lines l join chart_of_accounts a on a.id = l.account_id
      where a.system_key = 'accounts_receivable' and l.entry_date <= ${d} group by l.document_id having sum(l.debit - l.credit) < 0`);
    expect(negative, `invoices with negative receivables as of ${d}`).toEqual([]);
  }
}

describe('ledger invariants under random operation sequences', () => {
  it('hold after every sequence, as of every date; every refusal is a 4xx, never a 500', async () => {
    const statuses = new Map<number, number>();
    const kinds = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        for (const o of ops) {
          const status = await run(o);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 200) kinds.set(o.kind, (kinds.get(o.kind) ?? 0) + 1);
          expect(status, `${JSON.stringify(o)} answered ${status}`).toBeLessThan(500);
        }
        await expectBooksBalanced(t);
        await checkEveryDay();
      }),
      { numRuns: 15, seed: Number(process.env.FC_SEED ?? 20261123), endOnFailure: true },
    );
    // With the pinned seed the sequences exercise the accepted path of every kind (other seeds may miss one).
    expect(statuses.get(200) ?? 0).toBeGreaterThan(40);
    if (!process.env.FC_SEED) for (const kind of ['invoice', 'pay', 'applyCredit', 'taxRate', 'cancel', 'bounce']) expect(kinds.get(kind) ?? 0, `accepted ${kind} operations`).toBeGreaterThan(0);
  });
});
