import { describe, expect, it } from 'vitest';
import { isBalanced } from '../ledger/posting.rules.ts';
import { assertJournalLines, openingTieOut, type JournalLineCents } from './journal.rules.ts';

const controls = new Set(['ar', 'ap', 'prepay', 'duefrom', 'dueto', 'opening']);
const name = (id: string) => `account ${id}`;
const l = (account_id: string, fund_id: string, debit: number, credit: number): JournalLineCents => ({ account_id, fund_id, debit, credit });

describe('assertJournalLines', () => {
  it.each([
    [[l('fee', 'OP', 2500, 0), l('cash', 'OP', 0, 2500)]],
    [[l('fee', 'OP', 2500, 0), l('cash', 'OP', 0, 2000), l('cash', 'OP', 0, 500)]],
    [[l('fee', 'OP', 1, 0), l('cash', 'OP', 0, 1), l('roof', 'RES', 99999, 0), l('rcash', 'RES', 0, 99999)]],
  ])('accepts a balanced entry %#', (lines) => {
    const p = assertJournalLines(lines, controls, name);
    expect(isBalanced(p)).toBe(true);
    expect(p.every((x) => x.document_type === 'journal')).toBe(true);
  });

  it.each([
    [[l('fee', 'OP', 100, 0)], 'A journal entry needs at least two lines'],
    [[l('fee', 'OP', 100, 100), l('cash', 'OP', 0, 100)], 'Line 1: enter either a debit or a credit'],
    [[l('fee', 'OP', 0, 0), l('cash', 'OP', 0, 100)], 'Line 1: enter either a debit or a credit'],
    [[l('fee', 'OP', 100, 0), l('ar', 'OP', 0, 100)], 'Line 2: account ar changes only through invoices, payments and bills, never by a journal entry'],
    [[l('dueto', 'OP', 100, 0), l('cash', 'OP', 0, 100)], 'Line 1: account dueto changes only through invoices, payments and bills, never by a journal entry'],
    [[l('fee', 'OP', 100, 0), l('cash', 'OP', 0, 99)], 'The entry must balance within each fund (OP: debits exceed credits by 0.01)'],
    [[l('fee', 'OP', 100, 0), l('rcash', 'RES', 0, 100)], 'The entry must balance within each fund (OP: debits exceed credits by 1.00; RES: credits exceed debits by 1.00)'],
  ])('refuses %j', (lines, message) => {
    expect(() => assertJournalLines(lines, controls, name)).toThrow(message);
  });

  it('names the funds by the given names', () => {
    expect(() => assertJournalLines([l('fee', 'f1', 100, 0), l('rcash', 'f2', 0, 100)], controls, name, (id) => ({ f1: 'OP', f2: 'RES' })[id] ?? id)).toThrow(
      'The entry must balance within each fund (OP: debits exceed credits by 1.00; RES: credits exceed debits by 1.00)',
    );
  });
});

const acc = { accounts_receivable: 'ar', owner_prepayments: 'prepay', accounts_payable: 'ap' };

describe('openingTieOut', () => {
  const base = [l('cash', 'OP', 1_000_000, 0), l('ar', 'OP', 120_000, 0), l('prepay', 'OP', 0, 30_000), l('ap', 'OP', 0, 80_000), l('fb', 'OP', 0, 1_010_000), l('rcash', 'RES', 5_000_000, 0), l('fb', 'RES', 0, 5_000_000)];
  const owners = [{ owner_id: 'a', cents: 100_000 }, { owner_id: 'b', cents: 20_000 }, { owner_id: 'c', cents: -30_000 }];
  const vendors = [{ vendor_id: 'v', cents: 80_000 }];

  it('ties out when owners, vendors and every fund agree', () => {
    const t = openingTieOut({ accounts: base, owners, vendors }, acc, 'OP');
    expect(t).toEqual({ receivablesCents: 120_000, ownerChargesCents: 120_000, prepaymentsCents: 30_000, ownerCreditsCents: 30_000, payablesCents: 80_000, vendorsCents: 80_000, fundsBalanced: true, problems: [] });
  });

  it.each([
    [{ owners: owners.slice(1) }, ["Owners' balances owed (200.00) must equal the Accounts Receivable line (1200.00)"]],
    [{ owners: owners.slice(0, 2) }, ["Owners' credits (0.00) must equal the Owner Prepayments line (300.00)"]],
    [{ vendors: [] }, ["Vendors' balances (0.00) must equal the Accounts Payable line (800.00)"]],
    [{ vendors: [{ vendor_id: 'v', cents: 80_001 }] }, ["Vendors' balances (800.01) must equal the Accounts Payable line (800.00)"]],
    [{ accounts: [...base.slice(0, 6), l('fb', 'RES', 0, 4_999_999)] }, ['Debits must equal credits within each fund']],
    [{ accounts: base.map((x) => (x.account_id === 'ar' ? { ...x, fund_id: 'RES' } : x.account_id === 'rcash' ? { ...x, debit: 4_880_000 } : x.account_id === 'cash' ? { ...x, debit: 1_120_000 } : x)) }, ['Receivables, owner prepayments and payables open in the Operating fund']],
    [{ accounts: [...base, l('x', 'OP', 5, 5), l('y', 'OP', 0, 0)] }, ['Account line 8: enter either a debit or a credit', 'Account line 9: enter either a debit or a credit']],
  ])('names what does not tie out: %#', (change, problems) => {
    const t = openingTieOut({ accounts: base, owners, vendors, ...change }, acc, 'OP');
    expect(t.problems).toEqual(problems);
  });

  it('a receivable split across two lines counts as one', () => {
    const accounts = [...base.filter((x) => x.account_id !== 'ar'), l('ar', 'OP', 100_000, 0), l('ar', 'OP', 20_000, 0)];
    expect(openingTieOut({ accounts, owners, vendors }, acc, 'OP').problems).toEqual([]);
  });
});
