import { describe, expect, it } from 'vitest';
import { draftTotals, netByFund, typedCents } from './journal.ts';

describe('netByFund', () => {
  it('nets debits against credits within each fund', () => {
    const net = netByFund([
      { fund_id: 'op', debit: 2500, credit: 0 },
      { fund_id: 'op', debit: 0, credit: 2500 },
      { fund_id: 'res', debit: 100, credit: 0 },
    ]);
    expect(Object.fromEntries(net)).toEqual({ op: 0, res: 100 });
  });
});

describe('draftTotals', () => {
  it('a bank fee balanced in one fund', () => {
    const t = draftTotals([
      { fund_id: 'op', debit: '25.00', credit: '' },
      { fund_id: 'op', debit: '', credit: '25' },
    ]);
    expect(t).toEqual({ funds: [{ fund_id: 'op', debitCents: 2500, creditCents: 2500, differenceCents: 0 }], debitCents: 2500, creditCents: 2500, isBalanced: true });
  });

  it('balanced overall but not within each fund is not balanced', () => {
    const t = draftTotals([
      { fund_id: 'op', debit: '25', credit: '' },
      { fund_id: 'res', debit: '', credit: '25' },
    ]);
    expect(t.debitCents).toBe(t.creditCents);
    expect(t.isBalanced).toBe(false);
    expect(t.funds.map((f) => [f.fund_id, f.differenceCents])).toEqual([['op', 2500], ['res', -2500]]);
  });

  it('sums exactly in cents (0.1 + 0.2 is 0.30)', () => {
    const t = draftTotals([
      { fund_id: 'op', debit: '0.1', credit: '' },
      { fund_id: 'op', debit: 0.2, credit: '' },
      { fund_id: 'op', debit: '', credit: '0.30' },
    ]);
    expect(t.funds[0]).toEqual({ fund_id: 'op', debitCents: 30, creditCents: 30, differenceCents: 0 });
    expect(t.isBalanced).toBe(true);
  });

  it('nothing entered is not balanced; text that is not an amount counts as nothing', () => {
    expect(draftTotals([{ fund_id: 'op', debit: '', credit: '' }]).isBalanced).toBe(false);
    expect(draftTotals([]).isBalanced).toBe(false);
    expect(typedCents('abc')).toBe(0);
    expect(typedCents('12.345')).toBe(1235);
    expect(typedCents(null)).toBe(0);
  });

  it('a line whose fund is not chosen yet is its own group', () => {
    const t = draftTotals([
      { fund_id: '', debit: '10', credit: '' },
      { fund_id: 'op', debit: '', credit: '10' },
    ]);
    expect(t.funds.map((f) => f.fund_id)).toEqual(['', 'op']);
    expect(t.isBalanced).toBe(false);
  });
});
