/**
 * The bulk route of bill payments (POST /entities/BillPayment/bulk) is one bulk write (payBills) by payBill's rules:
 * the same payments, fund shares, bills' amounts and statuses and ledger as paying one at a time; several payments of
 * one bill in a batch each take what the earlier ones left; a refusal names the item and writes nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: { id: string; token: string };
let funds: { operating: string; reserve: string };
let expense: { operating: string; reserve: string };
let reserveCash: string;

async function call(method: string, url: string, body?: unknown) {
  return t.call(method, url, { token: admin.token, body });
}
async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await call(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json() as T;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  const fundRows = await ok<Array<{ id: string; system_key: string | null }>>('GET', '/entities/Fund?limit=50');
  funds = { operating: fundRows.find((f) => f.system_key === 'operating')!.id, reserve: fundRows.find((f) => f.system_key === 'reserve')!.id };
  const chart = await ok<Array<{ id: string; account_number: string }>>('GET', '/entities/ChartOfAccount?limit=500');
  const byNumber = (n: string) => chart.find((a) => a.account_number === n)!.id;
  expense = { operating: byNumber('5000'), reserve: byNumber('5100') };
  reserveCash = byNumber('1010');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A vendor with three bills: one in Operating, one split across both funds, one in Reserve. */
async function vendorWithBills(name: string) {
  const vendor = await ok<{ id: string }>('POST', '/entities/Vendor', { vendor_name: name });
  const save = (n: string, lines: Array<{ unit_price: number; fund_id: string; account_id: string }>) =>
    ok<{ id: string }>('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: `${name}-${n}`, bill_date: '2026-10-05', lines: lines.map((l) => ({ quantity: 1, ...l })) });
  return {
    vendor,
    bills: [
      await save('1', [{ unit_price: 410.1, fund_id: funds.operating, account_id: expense.operating }]),
      await save('2', [{ unit_price: 300.01, fund_id: funds.operating, account_id: expense.operating }, { unit_price: 199.99, fund_id: funds.reserve, account_id: expense.reserve }]),
      await save('3', [{ unit_price: 1250, fund_id: funds.reserve, account_id: expense.reserve }]),
    ],
  };
}

/** What paying left behind: the bills' amounts and statuses, the payments' fund shares, the ledger's lines per account and fund. */
async function outcome(bills: Array<{ id: string }>, paymentIds: string[]) {
  const billRows = await Promise.all(bills.map(async (b) => {
    const r = await ok<Record<string, unknown>>('GET', `/entities/Bill/${b.id}`);
    return { status: r.status, amount_paid: r.amount_paid, balance_due: r.balance_due };
  }));
  const payments = await Promise.all(paymentIds.map(async (id) => {
    const r = await ok<Record<string, unknown>>('GET', `/entities/BillPayment/${id}`);
    return { amount: r.amount, payment_date: r.payment_date, fund_split: r.fund_split, cash_account_id: r.cash_account_id, payment_method: r.payment_method, check_number: r.check_number };
  }));
  const lines = [];
  for (const id of paymentIds) {
    const rows = (await t.systemCtx().db.execute(
      sql`select jl.account_id, jl.fund_id, jl.debit::text as debit, jl.credit::text as credit, jl.entry_date::text as date
        from journal_lines jl join journal_entries je on je.id = jl.entry_id where je.source_type = 'bill_payment' and je.source_id = ${id} order by jl.account_id, jl.fund_id, jl.debit`,
    )).rows;
    lines.push(rows);
  }
  return { billRows, payments, lines };
}

describe('bill payments in bulk', () => {
  it('pays as payBill does, one at a time: shares by fund, several payments of one bill, the reserve cash account', async () => {
    const one = await vendorWithBills('One');
    const many = await vendorWithBills('Many');
    // Part of the split bill twice (the second takes the shares the first left), the first bill in full, a check
    // from the reserve account on the third, which stays part paid.
    const plan = (bills: Array<{ id: string }>) => [
      { bill_id: bills[1]!.id, amount: 123.45, payment_date: '2026-10-20', payment_method: 'check', check_number: '1001' },
      { bill_id: bills[0]!.id, amount: 410.1, payment_date: '2026-10-21', payment_method: 'bank_transfer' },
      { bill_id: bills[1]!.id, amount: 376.55, payment_date: '2026-10-22', payment_method: 'check', check_number: '1002' },
      { bill_id: bills[2]!.id, amount: 600, payment_date: '2026-10-23', payment_method: 'check', check_number: '1003', cash_account_id: reserveCash },
    ];
    const oneIds: string[] = [];
    for (const p of plan(one.bills)) oneIds.push((await ok<{ id: string }>('POST', '/entities/BillPayment', p)).id);
    const made = await ok<Array<{ id: string; bill_id: string; amount: number }>>('POST', '/entities/BillPayment/bulk', plan(many.bills));
    expect(made.map((p) => [p.bill_id, p.amount])).toEqual(plan(many.bills).map((p) => [p.bill_id, p.amount]));
    const expected = await outcome(one.bills, oneIds);
    const actual = await outcome(many.bills, made.map((p) => p.id));
    expect(actual).toEqual(expected);
    expect(actual.billRows.map((b) => b.status)).toEqual(['paid', 'paid', 'partial']);
    // The ledger still balances and verifies.
    expect(await ok('GET', '/ledger/verify')).toMatchObject({ ok: true });
  });

  it('refuses the batch naming the item (more than a bill owes, a bill that does not exist) and writes nothing', async () => {
    const v = await vendorWithBills('Refused');
    const count = async () => (await ok<{ count: number }>('GET', '/entities/BillPayment/count')).count;
    const before = await count();
    const over = await call('POST', '/entities/BillPayment/bulk', [
      { bill_id: v.bills[0]!.id, amount: 400, payment_date: '2026-10-20' },
      { bill_id: v.bills[0]!.id, amount: 10.11, payment_date: '2026-10-21' },
    ]);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/^Item 2: /);
    const missing = await call('POST', '/entities/BillPayment/bulk', [
      { bill_id: v.bills[0]!.id, amount: 10, payment_date: '2026-10-20' },
      { bill_id: '0123456789abcdef01234567', amount: 10, payment_date: '2026-10-20' },
    ]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Item 2: Bill does not exist');
    const notCash = await call('POST', '/entities/BillPayment/bulk', [
      { bill_id: v.bills[0]!.id, amount: 10, payment_date: '2026-10-20' },
      { bill_id: v.bills[1]!.id, amount: 10, payment_date: '2026-10-20', cash_account_id: expense.operating },
    ]);
    expect(notCash.statusCode).toBe(400);
    expect(notCash.json().message).toMatch(/^Item 2: .* is not a bank account of a fund/);
    const early = await call('POST', '/entities/BillPayment/bulk', [{ bill_id: v.bills[2]!.id, amount: 10, payment_date: '2026-09-01' }]);
    expect(early.statusCode).toBeGreaterThanOrEqual(400);
    expect(early.statusCode).toBeLessThan(500);
    expect(early.json().message).toMatch(/^Item 1: /);
    expect(await count()).toBe(before);
    const bill = await ok<Record<string, unknown>>('GET', `/entities/Bill/${v.bills[0]!.id}`);
    expect(bill).toMatchObject({ amount_paid: 0, balance_due: 410.1, status: 'pending' });
  });

  it('is refused to a role without the bills privilege', async () => {
    const v = await vendorWithBills('Denied');
    const owner = await createUser(t, 'owner');
    const res = await t.call('POST', '/entities/BillPayment/bulk', { token: owner.token, body: [{ bill_id: v.bills[0]!.id, amount: 10, payment_date: '2026-10-20' }] });
    expect(res.statusCode).toBe(403);
  });
});
