/**
 * Opening balances, manual journal entries, period close, year-end close, the trial balance and general ledger,
 * the hash chain and the plain-text export, through the real app. One association's story, in order; every
 * figure is worked out by hand in the comments.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@covenant/contracts/money';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';
import { expectBooksBalanced, fundsAndAccounts } from './ledger-helpers.ts';

let t: TestApp;
let token: string;
let funds: { operating: string; reserve: string };
let acct: Record<string, string>;
let owners: { a: string; b: string; c: string };
let vendor: string;
const dir = mkdtempSync(join(tmpdir(), 'covenant-ledger-'));

beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t, 'admin')).token;
  ({ funds, accounts: acct } = await fundsAndAccounts(t, token));
  owners = { a: (await makeOwner(t, token)).id, b: (await makeOwner(t, token)).id, c: (await makeOwner(t, token)).id };
  vendor = (await t.call('POST', '/entities/Vendor', { token, body: { vendor_name: 'Old Landscaper' } })).json().id;
});
afterAll(async () => t?.close());

const call = (method: string, url: string, body?: unknown, as = token) => t.call(method, url, { token: as, body });
const ok = async (method: string, url: string, body?: unknown) => {
  const res = await call(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};
const count = async (table: string) => Number(((await t.db.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0] as { n: number }).n);
const OP = () => funds.operating;
const RES = () => funds.reserve;

/** The file of an association moving in on 2025-12-31 (it ties out: see the comments). */
const openingFile = () => ({
  as_of: '2025-12-31',
  accounts: [
    { account_id: acct['1000'], fund_id: OP(), debit: 10000, credit: 0 }, // Operating Cash
    { account_id: acct['1010'], fund_id: RES(), debit: 50000, credit: 0 }, // Reserve Cash
    { account_id: acct['1200'], fund_id: OP(), debit: 1200, credit: 0 }, // A/R = owners A 1,000 + B 200
    { account_id: acct['2100'], fund_id: OP(), debit: 0, credit: 300 }, // Owner Prepayments = owner C's credit 300
    { account_id: acct['2000'], fund_id: OP(), debit: 0, credit: 800 }, // A/P = the vendor's 800
    { account_id: acct['3000'], fund_id: OP(), debit: 0, credit: 10100 }, // OP: 11,200 = 300 + 800 + 10,100
    { account_id: acct['3000'], fund_id: RES(), debit: 0, credit: 50000 }, // RES: 50,000 = 50,000
  ],
  owners: [
    { owner_id: owners.a, amount: 1000, memo: 'Balance brought from the old system' },
    { owner_id: owners.b, amount: 200 },
    { owner_id: owners.c, amount: -300 },
  ],
  vendors: [{ vendor_id: vendor, amount: 800, reference: 'OB-1' }],
});

describe('opening balances', () => {
  it('a file that does not tie out is refused whole, naming each difference; nothing is created', async () => {
    const before = { invoices: await count('invoices'), payments: await count('payments'), bills: await count('bills'), entries: await count('journal_entries') };
    const file = openingFile();
    file.owners = [file.owners[0]!]; // 1,000 owed against an A/R line of 1,200; no credits against 300
    file.accounts[0] = { ...file.accounts[0]!, debit: 9999 }; // and the Operating fund is off by 1
    const res = await call('POST', '/functions/importOpeningBalances', file);
    expect(res.statusCode).toBe(400);
    const message = res.json().message as string;
    expect(message).toContain("Owners' balances owed (1000.00) must equal the Accounts Receivable line (1200.00)");
    expect(message).toContain("Owners' credits (0.00) must equal the Owner Prepayments line (300.00)");
    expect(message).toContain('Debits must equal credits within each fund');
    expect(message).toContain('Nothing was imported');
    expect({ invoices: await count('invoices'), payments: await count('payments'), bills: await count('bills'), entries: await count('journal_entries') }).toEqual(before);
  });

  it('a dry run previews the tie-out without writing', async () => {
    const before = await count('journal_entries');
    const preview = await ok('POST', '/functions/importOpeningBalances', { ...openingFile(), dry_run: true });
    expect(preview).toMatchObject({ dry_run: true, ties_out: true, receivables: 1200, owner_charges: 1200, owner_prepayments: 300, owner_credits: 300, payables: 800, vendors: 800, funds_balanced: true, problems: [] });
    expect(await count('journal_entries')).toBe(before);
  });

  it('imports: per-owner charges and credits, an opening bill, and each fund\'s balances as of the date', async () => {
    const done = await ok('POST', '/functions/importOpeningBalances', openingFile());
    expect(done).toMatchObject({ ties_out: true, charges: 2, credits: 1, bills: 1 });
    const bs = await ok('GET', '/reports/balance-sheet?as_of=2025-12-31&by_fund=true');
    const line = (section: string, number: string) => bs[section].find((a: { account_number: string }) => a.account_number === number);
    expect(line('assets', '1000').by_fund).toEqual({ [OP()]: 10000 });
    expect(line('assets', '1010').by_fund).toEqual({ [RES()]: 50000 });
    expect(line('assets', '1200').amount).toBe(1200);
    expect(line('liabilities', '2100').amount).toBe(300);
    expect(line('liabilities', '2000').amount).toBe(800);
    expect(line('equity', '3000').by_fund).toEqual({ [OP()]: 10100, [RES()]: 50000 });
    // Opening Balance Equity clears to zero: the documents' other sides and the entry's cancel out.
    expect(line('equity', '3900')?.amount ?? 0).toBe(0);
    expect(bs.difference_by_fund).toEqual({ [OP()]: 0, [RES()]: 0 });
    // Per owner and vendor from day one.
    const ar = await ok('GET', '/reports/ar-aging?as_of=2025-12-31');
    expect(Object.fromEntries(ar.rows.map((r: { owner_id: string; total: number }) => [r.owner_id, r.total]))).toEqual({ [owners.a]: 1000, [owners.b]: 200 });
    const ap = await ok('GET', '/reports/ap-aging?as_of=2025-12-31');
    expect(ap.totals.total).toBe(800);
    const credit = (await ok('GET', `/entities/Payment?q=${encodeURIComponent(JSON.stringify({ owner_id: owners.c }))}`)) as Array<{ amount: number }>;
    expect(credit.map((p) => p.amount)).toEqual([300]);
    await expectBooksBalanced(t);
  });

  it('a second import is refused', async () => {
    const res = await call('POST', '/functions/importOpeningBalances', openingFile());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Opening balances were already imported (as of 2025-12-31)');
  });
});

let feeEntry = '';

describe('journal entries', () => {
  it('refuses control accounts, lines unbalanced within a fund, and a line with both sides', async () => {
    const ar = await call('POST', '/functions/postJournalEntry', { date: '2026-01-15', memo: 'Write-off', lines: [{ account_id: acct['5200'], fund_id: OP(), debit: 5 }, { account_id: acct['1200'], fund_id: OP(), credit: 5 }] });
    expect(ar.statusCode).toBe(400);
    expect(ar.json().message).toBe('Line 2: 1200 Accounts Receivable changes only through invoices, payments and bills, never by a journal entry');
    // 25 debited in Operating, credited in Reserve: the entry balances overall but not within each fund.
    const crossFund = await call('POST', '/functions/postJournalEntry', { date: '2026-01-15', memo: 'Fee', lines: [{ account_id: acct['5200'], fund_id: OP(), debit: 25 }, { account_id: acct['1010'], fund_id: RES(), credit: 25 }] });
    expect(crossFund.statusCode).toBe(400);
    expect(crossFund.json().message).toBe('The entry must balance within each fund (OP: debits exceed credits by 25.00; RES: credits exceed debits by 25.00)');
    const both = await call('POST', '/functions/postJournalEntry', { date: '2026-01-15', memo: 'Fee', lines: [{ account_id: acct['5200'], fund_id: OP(), debit: 25, credit: 25 }, { account_id: acct['1000'], fund_id: OP(), credit: 25 }] });
    expect(both.json().message).toBe('Line 1: enter either a debit or a credit');
    const manager = await createUser(t, 'owner');
    expect((await call('POST', '/functions/postJournalEntry', { date: '2026-01-15', memo: 'Fee', lines: [] }, manager.token)).statusCode).toBe(403);
  });

  it('posts a bank fee with line memos, lists it, reverses it once and never before its date', async () => {
    const entry = await ok('POST', '/functions/postJournalEntry', {
      date: '2026-01-15', memo: 'January bank fee',
      lines: [{ account_id: acct['5200'], fund_id: OP(), debit: 25, memo: 'Wire fee' }, { account_id: acct['1000'], fund_id: OP(), credit: 25 }],
    });
    feeEntry = entry.id;
    expect(entry).toMatchObject({ entry_date: '2026-01-15', memo: 'January bank fee', source_type: 'journal', reversed_by: null });
    expect(entry.lines.map((l: { account_number: string; debit: number; credit: number; memo: string | null; fund_code: string }) => [l.account_number, l.fund_code, l.debit, l.credit, l.memo])).toEqual([
      ['5200', 'OP', 25, 0, 'Wire fee'],
      ['1000', 'OP', 0, 25, null],
    ]);
    const list = await ok('GET', '/journal-entries?type=manual');
    expect(list.rows.map((r: { id: string }) => r.id)).toEqual([entry.id]);
    expect((await call('POST', '/functions/reverseJournalEntry', { entry_id: entry.id, date: '2026-01-14', reason: 'Bank refunded it' })).statusCode).toBe(400);
    const reversed = await ok('POST', '/functions/reverseJournalEntry', { entry_id: entry.id, date: '2026-01-20', reason: 'Bank refunded it' });
    expect(reversed.reversed_by).toEqual(expect.any(String));
    const again = await call('POST', '/functions/reverseJournalEntry', { entry_id: entry.id, date: '2026-01-21', reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    // A document's entry is corrected through its document, not here.
    const [invoiceEntry] = (await t.db.db.execute(sql`select id from journal_entries where source_type = 'invoice' limit 1`)).rows as Array<{ id: string }>;
    expect((await call('POST', '/functions/reverseJournalEntry', { entry_id: invoiceEntry!.id, date: '2026-01-21', reason: 'No' })).statusCode).toBe(409);
  });

  it('trial balance: every account in its column, the columns equal, per fund too', async () => {
    // Dr: Operating Cash 10,000, Reserve Cash 50,000, A/R 1,200 = 61,200.
    // Cr: Prepayments 300, A/P 800, Fund Balance 10,100 + 50,000 = 61,200. The fee and its reversal net to zero.
    const tb = await ok('GET', '/reports/trial-balance?as_of=2026-01-31&by_fund=true');
    expect(tb.rows.map((r: { account_number: string; debit: number; credit: number }) => [r.account_number, r.debit, r.credit])).toEqual([
      ['1000', 10000, 0], ['1010', 50000, 0], ['1200', 1200, 0], ['2000', 0, 800], ['2100', 0, 300], ['3000', 0, 60100],
    ]);
    expect([tb.total_debit, tb.total_credit, tb.difference]).toEqual([61200, 61200, 0]);
    expect(tb.totals_by_fund).toEqual({ [OP()]: { debit: 11200, credit: 11200 }, [RES()]: { debit: 50000, credit: 50000 } });
    const csv = await call('GET', '/reports/trial-balance?as_of=2026-01-31&format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').at(-1)).toBe(',Total,,61200,61200');
  });

  it('general ledger: opening balance, each line with its entry, the running balance, the closing balance', async () => {
    const gl = await ok('GET', `/reports/general-ledger?account_id=${acct['1000']}&from=2026-01-01&to=2026-01-31`);
    expect(gl.accounts).toHaveLength(1);
    const cash = gl.accounts[0];
    expect(cash).toMatchObject({ account_number: '1000', normal_balance: 'debit', opening_balance: 10000, total_debit: 25, total_credit: 25, closing_balance: 10000 });
    expect(cash.lines.map((l: { entry_date: string; debit: number; credit: number; balance: number; source_type: string }) => [l.entry_date, l.source_type, l.debit, l.credit, l.balance])).toEqual([
      ['2026-01-15', 'journal', 0, 25, 9975],
      ['2026-01-20', 'journal', 25, 0, 10000],
    ]);
    // A credit-normal account runs in credits; opening documents carry their numbers.
    const ap = await ok('GET', `/reports/general-ledger?account_id=${acct['2000']}&from=2025-01-01&to=2026-01-31`);
    expect(ap.accounts[0]).toMatchObject({ normal_balance: 'credit', opening_balance: 0, closing_balance: 800 });
    expect(ap.accounts[0].lines.map((l: { document_number: string | null }) => l.document_number)).toContain('OB-1');
    expect((await call('GET', '/reports/general-ledger?account_id=ffffffffffffffffffffffff')).statusCode).toBe(400);
  });

  it('general ledger with a column per fund: each account\'s ledger per fund, with its own opening, running and closing balance', async () => {
    const combined = await ok('GET', `/reports/general-ledger?account_id=${acct['3000']}&from=2025-01-01&to=2026-01-31`);
    expect(combined.accounts.map((a: { closing_balance: number; fund_id?: string }) => [a.closing_balance, a.fund_id])).toEqual([[60100, undefined]]);
    const split = await ok('GET', `/reports/general-ledger?account_id=${acct['3000']}&from=2025-01-01&to=2026-01-31&by_fund=true`);
    expect(split.by_fund).toBe(true);
    // Fund codes in order: Operating, then Reserve; the two closings add up to the combined one.
    expect(split.accounts.map((a: { account_number: string; fund_id: string; opening_balance: number; closing_balance: number }) => [a.account_number, a.fund_id, a.opening_balance, a.closing_balance])).toEqual([
      ['3000', OP(), 0, 10100],
      ['3000', RES(), 0, 50000],
    ]);
    for (const a of split.accounts as Array<{ fund_id: string; fund_name: string; lines: Array<{ fund_id: string; balance: number }>; closing_balance: number }>) {
      expect(a.fund_name).toBeTruthy();
      expect(a.lines.every((l) => l.fund_id === a.fund_id)).toBe(true);
      expect(a.lines.at(-1)?.balance).toBe(a.closing_balance);
    }
    // One fund selected with the split: only that fund's ledger.
    const reserveOnly = await ok('GET', `/reports/general-ledger?account_id=${acct['3000']}&from=2025-01-01&to=2026-01-31&by_fund=true&fund=${RES()}`);
    expect(reserveOnly.accounts.map((a: { fund_id: string; closing_balance: number }) => [a.fund_id, a.closing_balance])).toEqual([[RES(), 50000]]);
  });
});

let febInvoice = '';
let febBill = '';

describe('period close', () => {
  it('February\'s documents, then the books closed through February', async () => {
    // Owner A is billed 400 on Feb 10 and pays 100 on Feb 20; a 150 landscaping bill arrives on Feb 12.
    const inv = await ok('POST', '/functions/saveInvoice', { owner_id: owners.a, invoice_date: '2026-02-10', status: 'sent', lines: [{ description: 'Dues', quantity: 1, unit_price: 400 }] });
    febInvoice = inv.id;
    await ok('POST', '/functions/recordPayment', { owner_id: owners.a, amount: 100, payment_date: '2026-02-20', invoice_ids: [inv.id] });
    febBill = (await ok('POST', '/functions/saveBill', { vendor_id: vendor, bill_number: 'FEB-1', bill_date: '2026-02-12', lines: [{ quantity: 1, unit_price: 150, account_id: acct['5000'] }] })).id;
    const manager = await createUser(t, 'property_manager');
    expect((await call('POST', '/functions/closePeriod', { through: '2026-02-28' }, manager.token)).statusCode).toBe(403);
    expect(await ok('POST', '/functions/closePeriod', { through: '2026-02-28' })).toEqual({ closed_through: '2026-02-28', previous: null });
    expect(await ok('GET', '/ledger/status')).toEqual({ closed_through: '2026-02-28', first_open_date: '2026-03-01' });
    expect((await call('POST', '/functions/closePeriod', { through: '2026-01-31' })).statusCode).toBe(409);
  });

  it('refuses anything dated in the closed period, at the commands and in the database', async () => {
    const statements = async () => ({
      bs: await ok('GET', '/reports/balance-sheet?as_of=2026-02-28&by_fund=true'),
      is: await ok('GET', '/reports/income-statement?from=2026-01-01&to=2026-02-28&by_fund=true'),
      tb: await ok('GET', '/reports/trial-balance?as_of=2026-02-28'),
    });
    const before = await statements();
    const refusals = [
      await call('POST', '/functions/saveInvoice', { owner_id: owners.b, invoice_date: '2026-02-15', status: 'sent', lines: [{ description: 'Late', quantity: 1, unit_price: 10 }] }),
      await call('POST', '/functions/recordPayment', { owner_id: owners.b, amount: 10, payment_date: '2026-02-25' }),
      await call('POST', '/functions/saveBill', { vendor_id: vendor, bill_number: 'FEB-2', bill_date: '2026-02-27', lines: [{ quantity: 1, unit_price: 10, account_id: acct['5000'] }] }),
      await call('POST', '/functions/postJournalEntry', { date: '2026-02-27', memo: 'Late fee', lines: [{ account_id: acct['5200'], fund_id: OP(), debit: 10 }, { account_id: acct['1000'], fund_id: OP(), credit: 10 }] }),
      await call('POST', '/functions/transferBetweenFunds', { date: '2026-02-27', from_fund_id: OP(), to_fund_id: RES(), amount: 10 }),
      await call('POST', '/functions/cancelInvoice', { id: febInvoice, date: '2026-02-27' }),
    ];
    for (const r of refusals) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().code).toBe('period_closed');
      expect(r.json().message).toMatch(/closed through 2026-02-28/);
    }
    // An open invoice's date cannot move into the closed period, nor a closed one's out of it.
    const march = await ok('POST', '/functions/saveInvoice', { owner_id: owners.b, invoice_date: '2026-03-05', status: 'sent', lines: [{ description: 'Dues', quantity: 1, unit_price: 50 }] });
    const moved = await call('POST', '/functions/saveInvoice', { id: march.id, owner_id: owners.b, invoice_date: '2026-02-05', status: 'sent', lines: [{ description: 'Dues', quantity: 1, unit_price: 50 }] });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('The invoice date (2026-02-05) falls in a closed period: the books are closed through 2026-02-28');
    // The database itself refuses, whatever a command forgets.
    const sneaky = await t.db.db.execute(sql`insert into journal_entries (id, entry_date, memo, source_type) values ('aaaaaaaaaaaaaaaaaaaaaaaa', '2026-02-01', 'sneaky', 'journal')`).then(() => null, (err: Error) => err);
    expect(String((sneaky?.cause as Error | undefined)?.message ?? sneaky?.message)).toMatch(/the books are closed through 2026-02-28/);
    expect(await statements()).toEqual(before);
  });

  it('a correction of a February invoice posts on March 1; February\'s statements do not change', async () => {
    const before = await ok('GET', '/reports/income-statement?from=2026-02-01&to=2026-02-28');
    // 400 → 450: the old posting is reversed and the new one posted, both on the first open date.
    await ok('POST', '/functions/saveInvoice', { id: febInvoice, owner_id: owners.a, invoice_date: '2026-02-10', status: 'sent', lines: [{ description: 'Dues', quantity: 1, unit_price: 450 }] });
    expect(await ok('GET', '/reports/income-statement?from=2026-02-01&to=2026-02-28')).toEqual(before);
    const march = await ok('GET', '/reports/income-statement?from=2026-03-01&to=2026-03-01');
    expect(march.total_revenue).toBe(50); // −400 + 450
    const entries = (await t.db.db.execute(sql`select entry_date::text as d, reverses_id is not null as reversal, memo from journal_entries where source_type = 'invoice' and source_id = ${febInvoice} order by created_date, reverses_id is null, id`)).rows as Array<{ d: string; reversal: boolean; memo: string }>;
    expect(entries.map((e) => [e.d, e.reversal])).toEqual([['2026-02-10', false], ['2026-03-01', true], ['2026-03-01', false]]);
    expect(entries[1]!.memo).toContain('(posted 2026-03-01: 2026-02-10 is in a closed period)');
    // Saving it again unchanged posts nothing more.
    await ok('POST', '/functions/saveInvoice', { id: febInvoice, owner_id: owners.a, invoice_date: '2026-02-10', status: 'sent', lines: [{ description: 'Dues', quantity: 1, unit_price: 450 }] });
    expect(Number(((await t.db.db.execute(sql`select count(*)::int as n from journal_entries where source_id = ${febInvoice}`)).rows[0] as { n: number }).n)).toBe(3);
    // Cancelling February's bill today (an open date) is a cancellation on that date, allowed.
    await ok('POST', '/functions/cancelBill', { id: febBill });
    await expectBooksBalanced(t);
  });

  it('reopening is for administrators, with a reason, and is in the audit log', async () => {
    const manager = await createUser(t, 'property_manager');
    expect((await call('POST', '/functions/reopenPeriod', { through: null, reason: 'Late invoice' }, manager.token)).statusCode).toBe(403);
    const noReason = await call('POST', '/functions/reopenPeriod', { through: '2026-01-31' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Reason is required');
    expect((await call('POST', '/functions/reopenPeriod', { through: '2026-02-28', reason: 'Not earlier' })).statusCode).toBe(400);
    expect(await ok('POST', '/functions/reopenPeriod', { through: '2026-01-31', reason: 'A utility bill was found' })).toEqual({ closed_through: '2026-01-31', previous: '2026-02-28', reason: 'A utility bill was found' });
    const audit = await ok('GET', '/audit-log?action=period.reopened');
    expect(audit.rows[0]).toMatchObject({ action: 'period.reopened', before: { closed_through: '2026-02-28' }, after: { closed_through: '2026-01-31' }, detail: { reason: 'A utility bill was found' } });
    // February is open again: the late utility bill of 10 goes in.
    await ok('POST', '/functions/postJournalEntry', { date: '2026-02-27', memo: 'Water, February', lines: [{ account_id: acct['5200'], fund_id: OP(), debit: 10 }, { account_id: acct['1000'], fund_id: OP(), credit: 10 }] });
  });

  it('closeYear moves each fund\'s income and expenses into its fund balance and closes through the year end', async () => {
    // Through 2026-03-31, Operating: revenue 450 (the corrected invoice; the 50 of March 5 too) = 500;
    // expenses: landscaping 150 (cancelled only today) + water 10 = 160 (the fee and its reversal net to zero).
    // Net income 340 into Operating's Fund Balance: 10,100 + 340 = 10,440. Reserve had none.
    const is = await ok('GET', '/reports/income-statement?from=2026-01-01&to=2026-03-31&by_fund=true');
    expect([is.total_revenue, is.total_expenses, is.net_income]).toEqual([500, 160, 340]);
    const closed = await ok('POST', '/functions/closeYear', { fiscal_year_end: '2026-03-31' });
    expect(closed).toMatchObject({ closed_through: '2026-03-31', net_income_closed: 340 });
    // The income statement still shows the year's activity; the balance sheet has it in Fund Balance now.
    expect(await ok('GET', '/reports/income-statement?from=2026-01-01&to=2026-03-31&by_fund=true')).toEqual(is);
    const bs = await ok('GET', '/reports/balance-sheet?as_of=2026-03-31&by_fund=true');
    const equity = (number: string) => bs.equity.find((a: { account_number: string }) => a.account_number === number);
    expect(equity('3000').by_fund).toEqual({ [OP()]: 10440, [RES()]: 50000 });
    expect(equity('').amount).toBe(0); // net income (unclosed)
    expect(bs.difference_by_fund).toEqual({ [OP()]: 0, [RES()]: 0 });
    expect((await ok('GET', '/ledger/status')).closed_through).toBe('2026-03-31');
    // Revenue and expense accounts are zero in the trial balance after the close.
    const tb = await ok('GET', '/reports/trial-balance?as_of=2026-03-31');
    expect(tb.rows.filter((r: { account_type: string }) => r.account_type === 'revenue' || r.account_type === 'expense')).toEqual([]);
    expect(tb.difference).toBe(0);
    expect((await ok('GET', '/journal-entries?type=closing')).total).toBe(1);
  });
});

/** Account → balance (cents) from an hledger journal, parsed by hand (the fallback when hledger is missing). */
function parseHledger(text: string): Map<string, number> {
  const balances = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^ {4}(\S.*?) {2}(-?\d+\.\d{2}) USD/.exec(line);
    if (m) balances.set(m[1]!, (balances.get(m[1]!) ?? 0) + toCents(m[2]!));
  }
  return balances;
}

const hasProgram = (name: string) => ['/usr/bin', '/usr/local/bin'].some((d) => existsSync(join(d, name)));

describe('a ledger anyone can check', () => {
  it('the hledger journal balances to the trial balance (checked by hledger where installed)', async () => {
    const res = await call('GET', '/ledger/export?format=hledger&to=2026-12-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('ledger-all-2026-12-31.journal');
    const file = join(dir, 'all.journal');
    writeFileSync(file, res.body);
    const tb = await ok('GET', '/reports/trial-balance?as_of=2026-12-31');
    const expected = new Map<string, number>(tb.rows.map((r: { account_number: string; debit: number; credit: number }) => [r.account_number, toCents(r.debit) - toCents(r.credit)]));
    const parsed = parseHledger(res.body);
    const byNumber = new Map([...parsed].filter(([, c]) => c !== 0).map(([name, c]) => [name.split(':')[1]!.split(' ')[0]!, c]));
    expect(byNumber).toEqual(expected);
    if (!hasProgram('hledger')) {
      console.warn('hledger is not installed: the journal was parsed back by the test instead');
      return;
    }
    execFileSync('hledger', ['-f', file, 'check', 'accounts', 'commodities']);
    // hledger's own balances, per account, equal the app's.
    const out = execFileSync('hledger', ['-f', file, 'balance', '--flat', '--no-total', '-O', 'csv'], { encoding: 'utf8' });
    const fromHledger = new Map<string, number>();
    for (const row of out.trim().split('\n').slice(1)) {
      const [account, amount] = JSON.parse(`[${row}]`) as [string, string];
      const cents = toCents(amount.replace(/[^0-9.-]/g, ''));
      if (cents !== 0) fromHledger.set(account.split(':')[1]!.split(' ')[0]!, cents);
    }
    expect(fromHledger).toEqual(expected);
    // One fund's balance by tag: the Reserve fund's cash.
    const reserve = execFileSync('hledger', ['-f', file, 'balance', '--flat', '--no-total', '-O', 'csv', 'tag:fund=RES', 'Reserve Cash'], { encoding: 'utf8' });
    expect(reserve.trim().split('\n').slice(1).map((r) => (JSON.parse(`[${r}]`) as string[]).map((c) => c.replace(/,(?=\d{3})/g, '')))).toEqual([['Assets:1010 Reserve Cash', '50000.00 USD']]);
  });

  it('a range opens with the balances brought forward, so its balances are the app\'s too; beancount and CSV', async () => {
    const res = await call('GET', '/ledger/export?format=hledger&from=2026-02-01&to=2026-03-31');
    const tb = await ok('GET', '/reports/trial-balance?as_of=2026-03-31');
    const expected = new Map<string, number>(tb.rows.map((r: { account_number: string; debit: number; credit: number }) => [r.account_number, toCents(r.debit) - toCents(r.credit)]));
    const byNumber = new Map([...parseHledger(res.body)].filter(([, c]) => c !== 0).map(([name, c]) => [name.split(':')[1]!.split(' ')[0]!, c]));
    expect(byNumber).toEqual(expected);
    expect(res.body).toContain('2026-02-01 * Balances brought forward to 2026-02-01');
    if (hasProgram('hledger')) {
      const file = join(dir, 'range.journal');
      writeFileSync(file, res.body);
      execFileSync('hledger', ['-f', file, 'check', 'accounts', 'commodities']);
    }
    const bean = await call('GET', '/ledger/export?format=beancount&to=2026-12-31');
    expect(bean.body).toContain('option "operating_currency" "USD"');
    if (hasProgram('bean-check')) {
      const file = join(dir, 'all.beancount');
      writeFileSync(file, bean.body);
      execFileSync('bean-check', [file]);
    }
    const csv = await call('GET', '/ledger/export?format=csv&to=2026-12-31');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('entry_id,date,entry_memo,source_type,account_number,account_name,account_type,fund,debit,credit,line_memo,document_type,document_id,hash');
    expect(lines.length - 1).toBe(await count('journal_lines'));
    expect((await call('GET', '/ledger/export?format=xml')).statusCode).toBe(400);
  });

  it('verify re-hashes every sealed entry; a line altered in SQL (immutability trigger off) is found', async () => {
    const good = await ok('GET', '/ledger/verify');
    const entries = await count('journal_entries');
    expect(good).toEqual({ ok: true, entries, unsealed: 0, first_broken: null });
    // Every entry in the export carries its hash.
    const csv = await call('GET', '/ledger/export?format=csv&to=2026-12-31');
    expect(csv.body.trim().split('\r\n').slice(1).every((l) => /,[0-9a-f]{64}$/.test(l))).toBe(true);

    await t.db.db.execute(sql`alter table journal_lines disable trigger journal_lines_immutable`);
    try {
      await t.db.db.execute(sql`update journal_lines set memo = 'altered' where entry_id = ${feeEntry} and line_no = 2`);
    } finally {
      await t.db.db.execute(sql`alter table journal_lines enable trigger journal_lines_immutable`);
    }
    const bad = await ok('GET', '/ledger/verify');
    expect(bad).toMatchObject({ ok: false, first_broken: feeEntry, reason: 'its content changed after it was sealed' });
    expect(bad.entries).toBeLessThan(entries);
  });
});

describe('a backup carries the books no document holds', () => {
  it('restored into a new instance: the opening documents, the journal entries and their reversals, the year-end close and the closed-through date', async () => {
    // The association's plans travel too: an adopted budget and a reserve component.
    const budget = await ok('POST', '/functions/saveBudget', { name: 'Operating 2026', fiscal_year: 2026, fund_id: OP(), lines: [{ account_id: acct['4000'], amounts: Array(12).fill(450) }, { account_id: acct['5000'], amounts: [150, ...Array(11).fill(0)] }] });
    await ok('POST', '/functions/adoptBudget', { budget_id: budget.id });
    await ok('POST', '/entities/ReserveComponent', { name: 'Roof', category: 'Roofing', useful_life_years: 25, remaining_life_years: 10, current_replacement_cost: 120000, inflation_rate: 3 });
    const backup = await ok('POST', '/functions/createBackup', {});
    expect(backup.data.budgets).toHaveLength(1);
    expect(backup.data.reserveComponents).toHaveLength(1);
    expect(backup.data.ledgerEntries.map((e: { source_type: string }) => e.source_type).sort()).toEqual(['journal', 'journal', 'journal', 'opening']);
    expect(backup.data.periodClose).toEqual([{ closed_through: '2026-03-31', year_ends: ['2026-03-31'] }]);
    const other = await createTestApp();
    try {
      const admin = (await createUser(other, 'admin')).token;
      const restored = await other.call('POST', '/functions/restoreBackup', { token: admin, body: { backup } });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json().restored).toMatchObject({ ledgerEntries: 4, yearEnds: 1, budgets: 1, reserveComponents: 1 });
      const plans = async (app: TestApp, as: string) => {
        const [b] = (await app.call('GET', '/entities/Budget', { token: as })).json() as Array<Record<string, unknown>>;
        const lines = ((await app.call('GET', '/entities/BudgetLine?sort=line_no', { token: as })).json() as Array<Record<string, unknown>>).map((l) => l.amounts);
        const [c] = (await app.call('GET', '/entities/ReserveComponent', { token: as })).json() as Array<Record<string, unknown>>;
        return { budget: [b!.name, b!.fiscal_year, b!.status, b!.start_month, b!.adopted_by], lines, component: [c!.name, c!.useful_life_years, c!.remaining_life_years, c!.current_replacement_cost, c!.inflation_rate] };
      };
      expect(await plans(other, admin)).toEqual(await plans(t, token));
      // Budget vs actual reads the same in both instances.
      const bva = async (app: TestApp, as: string) => {
        const [b] = (await app.call('GET', '/entities/Budget', { token: as })).json() as Array<{ id: string }>;
        const r = (await app.call('GET', `/reports/budget-vs-actual?budget_id=${b!.id}&from=2026-01-01&to=2026-03-31`, { token: as })).json();
        return r.totals as unknown;
      };
      const figures = await bva(t, token);
      expect(figures).toMatchObject({ revenue: { budget: 1350 } });
      expect(await bva(other, admin)).toEqual(figures);
      const get = async (app: TestApp, as: string, url: string) => (await app.call('GET', url, { token: as })).json();
      // The same books at the end: every account's balance, per fund, and the same closed-through date.
      const strip = (tb: { rows: Array<Record<string, unknown>> }) => ({ ...tb, rows: tb.rows.map(({ account_id: _a, ...r }) => r) });
      expect(strip(await get(other, admin, '/reports/trial-balance?as_of=2026-12-31'))).toEqual(strip(await get(t, token, '/reports/trial-balance?as_of=2026-12-31')));
      expect(await get(other, admin, '/ledger/status')).toEqual(await get(t, token, '/ledger/status'));
      const manual = await get(other, admin, '/journal-entries?type=manual');
      expect(manual.rows.map((r: { memo: string; reversed_by: string | null }) => [r.memo, r.reversed_by !== null]).sort()).toEqual([
        ['January bank fee', true], ['Reversal: Bank refunded it (reverses January bank fee)', false], ['Water, February', false],
      ].sort());
      expect((await get(other, admin, '/ledger/verify')).ok).toBe(true);
      await expectBooksBalanced(other);
      // The restored instance refuses the closed period as the original does.
      const late = await other.call('POST', '/functions/postJournalEntry', { token: admin, body: { date: '2026-03-15', memo: 'Late', lines: [{ account_id: manual.rows[0].lines[0].account_id, fund_id: manual.rows[0].lines[0].fund_id, debit: 1 }, { account_id: manual.rows[0].lines[1].account_id, fund_id: manual.rows[0].lines[1].fund_id, credit: 1 }] } });
      expect(late.json().code).toBe('period_closed');
    } finally {
      await other.close();
    }
  });

  it('a file whose journal entry does not balance within a fund is refused whole', async () => {
    const backup = await ok('POST', '/functions/createBackup', {});
    const fee = backup.data.ledgerEntries.find((e: { memo: string }) => e.memo === 'Water, February');
    fee.lines[0].debit = 11;
    const other = await createTestApp();
    try {
      const admin = (await createUser(other, 'admin')).token;
      const res = await other.call('POST', '/functions/restoreBackup', { token: admin, body: { backup } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Backup ledgerEntries #\d+: its lines do not balance within each fund\. Nothing was restored\.$/);
      expect((await other.call('GET', '/entities/Owner/count', { token: admin })).json()).toMatchObject({ count: 0 });
      expect((await other.call('GET', '/journal-entries?type=all', { token: admin })).json().total).toBe(0);
    } finally {
      await other.close();
    }
  });
});
