/**
 * Fund accounting through the real app: a reserve contribution billed with the dues lands in the reserve fund,
 * money received into operating cash for the reserve fund becomes due-to/due-from, a transfer moves cash on
 * purpose, a reserve expense is paid from reserve cash, and each fund's statements balance on their own.
 * Every figure below is worked out by hand in the comments.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@covenant/contracts/money';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';
import { expectBooksBalanced, fundsAndAccounts } from './ledger-helpers.ts';

let t: TestApp;
let token: string;
let funds: { operating: string; reserve: string };
let accounts: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t, 'admin')).token;
  ({ funds, accounts } = await fundsAndAccounts(t, token));
});
afterAll(async () => t?.close());

const ok = async (method: string, url: string, body?: unknown) => {
  const res = await t.call(method, url, { token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};
const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token, body });

describe('funds', () => {
  it('Operating and Reserve are seeded, each with its bank account; the seeded funds stay', async () => {
    const list = await ok('GET', '/entities/Fund?sort=code');
    expect(list.map((f: { code: string; kind: string }) => [f.code, f.kind])).toEqual([['OP', 'operating'], ['RES', 'reserve']]);
    expect(list.find((f: { code: string }) => f.code === 'OP').cash_account_id).toBe(accounts['1000']);
    expect(list.find((f: { code: string }) => f.code === 'RES').cash_account_id).toBe(accounts['1010']);
    expect((await call('DELETE', `/entities/Fund/${funds.reserve}`)).statusCode).toBe(409);
    expect((await call('PUT', `/entities/Fund/${funds.operating}`, { kind: 'other' })).statusCode).toBe(409);
    // Bank accounts change only through documents and transfers.
    const owner = await makeOwner(t, token);
    const res = await call('POST', '/functions/saveInvoice', { owner_id: owner.id, invoice_date: '2026-01-01', status: 'sent', lines: [{ quantity: 1, unit_price: 1, account_id: accounts['1010'] }] });
    expect(res.statusCode).toBe(400);
  });

  it('a hand-worked month: dues and a reserve contribution, one payment into operating cash, a transfer, a reserve repair', async () => {
    const owner = await makeOwner(t, token);
    const reserveIncome = await ok('POST', '/entities/ChartOfAccount', { account_number: '4200', account_name: 'Reserve Contributions', account_type: 'revenue' });
    const roofRepairs = await ok('POST', '/entities/ChartOfAccount', { account_number: '6100', account_name: 'Reserve Expenses', account_type: 'expense' });
    const contribution = await ok('POST', '/entities/Product', { product_code: 'RES-CONTRIB', description: 'Reserve contribution', unit_price: 50, account_id: reserveIncome.id, fund_id: funds.reserve });
    expect(contribution.fund_id).toBe(funds.reserve);

    // Invoice: dues 300 (operating) + the reserve contribution 50 (its item's fund).
    const inv = await ok('POST', '/functions/saveInvoice', {
      owner_id: owner.id, invoice_date: '2026-03-01', status: 'sent',
      lines: [{ description: 'Dues', quantity: 1, unit_price: 300 }, { product_id: contribution.id, quantity: 1, unit_price: 50 }],
    });
    expect(inv.lines.map((l: { fund_id: string }) => l.fund_id)).toEqual([funds.operating, funds.reserve]);
    // 350 received into Operating Cash and applied: 300 to operating, 50 to reserve through due-to/due-from.
    const pay = await ok('POST', '/functions/recordPayment', { owner_id: owner.id, amount: 350, payment_date: '2026-03-05', invoice_ids: [inv.id] });
    expect(pay.applications[0].fund_split).toEqual([{ fund_id: funds.operating, cents: 30000 }, { fund_id: funds.reserve, cents: 5000 }].sort((a, b) => a.fund_id.localeCompare(b.fund_id)));
    // 1,000 moved from operating to reserve on purpose.
    const transfer = await ok('POST', '/functions/transferBetweenFunds', { date: '2026-03-10', from_fund_id: funds.operating, to_fund_id: funds.reserve, amount: 1000, memo: 'Reserve contribution for March' });
    expect(transfer).toMatchObject({ amount: 1000 });
    // A 900 roof repair borne by the reserve fund, paid from reserve cash.
    const vendor = await ok('POST', '/entities/Vendor', { vendor_name: 'Roofers' });
    const bill = await ok('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: 'R-1', bill_date: '2026-03-12', lines: [{ quantity: 1, unit_price: 900, account_id: roofRepairs.id, fund_id: funds.reserve }] });
    const bp = await ok('POST', '/entities/BillPayment', { bill_id: bill.id, amount: 900, payment_date: '2026-03-20', cash_account_id: accounts['1010'] });
    expect(bp.fund_split).toEqual([{ fund_id: funds.reserve, cents: 90000 }]);

    // Operating: cash 350 − 1,000 = −650; due to reserve 50; transfers out −1,000 and net income 300 in equity.
    // Reserve: cash 1,000 − 900 = 100; due from operating 50; transfers in 1,000 and net income 50 − 900 = −850.
    const bs = await ok('GET', '/reports/balance-sheet?as_of=2026-03-31&by_fund=true');
    const row = (section: string, name: string) => bs[section].find((a: { account_name: string }) => a.account_name === name);
    expect(row('assets', 'Operating Cash').by_fund).toEqual({ [funds.operating]: -650 });
    expect(row('assets', 'Reserve Cash').by_fund).toEqual({ [funds.reserve]: 100 });
    expect(row('assets', 'Due From Other Funds').by_fund).toEqual({ [funds.reserve]: 50 });
    expect(row('liabilities', 'Due To Other Funds').by_fund).toEqual({ [funds.operating]: 50 });
    expect(row('equity', 'Interfund Transfers').by_fund).toEqual({ [funds.operating]: -1000, [funds.reserve]: 1000 });
    expect(row('equity', 'Net income (unclosed)').by_fund).toEqual({ [funds.operating]: 300, [funds.reserve]: -850 });
    expect(bs.total_assets_by_fund).toEqual({ [funds.operating]: -650, [funds.reserve]: 150 });
    expect(bs.total_liabilities_by_fund).toEqual({ [funds.operating]: 50, [funds.reserve]: 0 });
    expect(bs.total_equity_by_fund).toEqual({ [funds.operating]: -700, [funds.reserve]: 150 });
    expect(bs.difference_by_fund).toEqual({ [funds.operating]: 0, [funds.reserve]: 0 });
    expect(bs.difference).toBe(0);
    expect(bs.funds.map((f: { code: string }) => f.code)).toEqual(['OP', 'RES']);

    const is = await ok('GET', '/reports/income-statement?from=2026-03-01&to=2026-03-31&by_fund=true');
    expect(is.total_revenue_by_fund).toEqual({ [funds.operating]: 300, [funds.reserve]: 50 });
    expect(is.total_expenses_by_fund).toEqual({ [funds.reserve]: 900 });
    expect(is.net_income_by_fund).toEqual({ [funds.operating]: 300, [funds.reserve]: -850 });
    expect(is.net_income).toBe(-550);

    // By fund, the trial balance keeps an account that nets to zero overall but not within each fund (the transfers).
    const tb = await ok('GET', '/reports/trial-balance?as_of=2026-03-31&by_fund=true');
    const transfers = tb.rows.find((r: { account_name: string }) => r.account_name === 'Interfund Transfers');
    expect([transfers.debit, transfers.credit, transfers.by_fund]).toEqual([0, 0, { [funds.operating]: { debit: 1000, credit: 0 }, [funds.reserve]: { debit: 0, credit: 1000 } }]);
    for (const fund of [funds.operating, funds.reserve]) expect(tb.totals_by_fund[fund].debit).toBe(tb.totals_by_fund[fund].credit);
    expect((await ok('GET', '/reports/trial-balance?as_of=2026-03-31')).rows.some((r: { account_name: string }) => r.account_name === 'Interfund Transfers')).toBe(false);

    // One fund's statements alone.
    const reserveOnly = await ok('GET', `/reports/balance-sheet?as_of=2026-03-31&fund=${funds.reserve}`);
    expect([reserveOnly.total_assets, reserveOnly.total_liabilities, reserveOnly.total_equity, reserveOnly.difference]).toEqual([150, 0, 150, 0]);
    const reserveIncomeOnly = await ok('GET', `/reports/income-statement?from=2026-03-01&to=2026-03-31&fund=${funds.reserve}`);
    expect([reserveIncomeOnly.total_revenue, reserveIncomeOnly.total_expenses, reserveIncomeOnly.net_income]).toEqual([50, 900, -850]);
    expect((await call('GET', '/reports/balance-sheet?fund=ffffffffffffffffffffffff')).statusCode).toBe(400);

    // Every entry balances within each fund, in the database's own terms.
    const unbalanced = (await t.db.db.execute(sql`select entry_id, fund_id from journal_lines group by entry_id, fund_id having sum(debit) <> sum(credit)`)).rows;
    expect(unbalanced).toEqual([]);
    const books = await expectBooksBalanced(t);
    expect(books.ar).toBe(0);
    // A/R per fund for the invoice is zero in both funds once paid.
    const arByFund = (await t.db.db.execute(sql`select fund_id, sum(debit - credit)::text as n from journal_lines where document_id = ${inv.id} and account_id = ${accounts['1200']} group by fund_id`)).rows as Array<{ fund_id: string; n: string }>;
    expect(arByFund.map((r) => toCents(r.n))).toEqual([0, 0]);
  });

  it('a partial payment splits by what each fund is owed; a bounce reverses the split exactly', async () => {
    const owner = await makeOwner(t, token);
    const inv = await ok('POST', '/functions/saveInvoice', {
      owner_id: owner.id, invoice_date: '2026-04-01', status: 'sent',
      lines: [{ description: 'Dues', quantity: 1, unit_price: 300 }, { description: 'Reserve', quantity: 1, unit_price: 100, fund_id: funds.reserve }],
    });
    const pay = await ok('POST', '/functions/recordPayment', { owner_id: owner.id, amount: 100, payment_date: '2026-04-02', invoice_ids: [inv.id] });
    const split = Object.fromEntries(pay.applications[0].fund_split.map((p: { fund_id: string; cents: number }) => [p.fund_id, p.cents]));
    expect(split).toEqual({ [funds.operating]: 7500, [funds.reserve]: 2500 });
    await ok('POST', '/functions/bouncePayment', { payment_id: pay.payment.id, date: '2026-04-10', reason: 'NSF' });
    const open = (await t.db.db.execute(sql`select fund_id, sum(debit - credit)::text as n from journal_lines where document_id = ${inv.id} and account_id = ${accounts['1200']} group by fund_id`)).rows as Array<{ fund_id: string; n: string }>;
    expect(Object.fromEntries(open.map((r) => [r.fund_id, toCents(r.n)]))).toEqual({ [funds.operating]: 30000, [funds.reserve]: 10000 });
    await expectBooksBalanced(t);
  });

  it('transfers refuse one fund to itself, an inactive fund and anyone without the chart of accounts privilege', async () => {
    expect((await call('POST', '/functions/transferBetweenFunds', { date: '2026-05-01', from_fund_id: funds.operating, to_fund_id: funds.operating, amount: 5 })).statusCode).toBe(400);
    const other = await ok('POST', '/entities/Fund', { code: 'OTHER', name: 'Other fund', kind: 'other', is_active: false });
    const inactive = await call('POST', '/functions/transferBetweenFunds', { date: '2026-05-01', from_fund_id: funds.operating, to_fund_id: other.id, amount: 5 });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toMatch(/inactive/);
    const owner = await createUser(t, 'owner');
    expect((await t.call('POST', '/functions/transferBetweenFunds', { token: owner.token, body: { date: '2026-05-01', from_fund_id: funds.operating, to_fund_id: funds.reserve, amount: 5 } })).statusCode).toBe(403);
  });
});
