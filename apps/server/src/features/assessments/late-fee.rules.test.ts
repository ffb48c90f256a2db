import { describe, expect, it } from 'vitest';
import { isPastGrace, lateCharges, lateFeeCents, monthlyInterestCents, type LateFeeTerms } from './late-fee.rules.ts';

const base: LateFeeTerms = { grace_days: 10, fee_type: 'fixed', fixed_amount: '25.00' };

describe('isPastGrace', () => {
  it.each([
    ['2026-03-15', '2026-03-25', 10, false], // exactly ten days: still within grace
    ['2026-03-15', '2026-03-26', 10, true],
    ['2026-03-15', '2026-03-15', 0, false],
    ['2026-03-15', '2026-03-16', 0, true],
    ['2026-02-20', '2026-03-03', 10, true], // across a short February
    [null, '2027-01-01', 0, false],
  ] as const)('due %s, as of %s, grace %i → %s', (due, asOf, grace, expected) => {
    expect(isPastGrace(due, asOf, grace)).toBe(expected);
  });
});

describe('lateFeeCents: each kind, with the cap', () => {
  it.each([
    // balance, type, fixed, percent, cap → fee
    [25000, 'fixed', '25.00', null, null, 2500],
    [1000, 'fixed', '25.00', null, null, 2500], // a fixed fee may exceed a small balance unless capped
    [1000, 'fixed', '25.00', null, '10.00', 1000],
    [25000, 'percent', null, '10', null, 2500],
    [33333, 'percent', null, '10', null, 3333], // 33.333 → 33.33
    [33335, 'percent', null, '10', null, 3334], // 33.3350 → 33.34 (half up)
    [12345, 'percent', null, '1.5', null, 185], // 1.85175 → 1.85
    [100000, 'percent', null, '10', '50.00', 5000],
    [20000, 'greater_of', '25.00', '10', null, 2500], // 10% = 20 < 25
    [30000, 'greater_of', '25.00', '10', null, 3000], // 10% = 30 > 25
    [30000, 'greater_of', '25.00', '10', '27.50', 2750],
    [0, 'fixed', '25.00', null, null, 0],
    [-500, 'percent', null, '10', null, 0],
  ] as const)('%i cents, %s (fixed %s, %s%%, cap %s) → %i', (balance, type, fixed, percent, cap, expected) => {
    expect(lateFeeCents(balance, { grace_days: 0, fee_type: type, fixed_amount: fixed, percent, max_amount: cap })).toBe(expected);
  });
});

describe('monthlyInterestCents: simple interest, balance × rate ÷ 1200', () => {
  it.each([
    [100000, '18', 1500],
    [25000, '18', 375],
    [25000, '12', 250],
    [12345, '18', 185], // 1.85175
    [33333, '10', 278], // 2.777750 → 2.78
    [99, '18', 1], // 1.485 → 1
    [100, '6', 1], // 0.5 → 1 (half up)
    [25000, '0', 0],
    [25000, null, 0],
    [0, '18', 0],
  ] as const)('%i cents at %s%% → %i', (balance, rate, expected) => {
    expect(monthlyInterestCents(balance, rate)).toBe(expected);
  });
});

describe('lateCharges: one invoice, one run month', () => {
  const inv = { balanceCents: 25000, due_date: '2026-03-16' };
  it('nothing within the grace days', () => {
    expect(lateCharges(inv, base, '2026-03-26', false)).toEqual({ feeCents: 0, interestCents: 0 });
  });
  it('the fee after the grace days', () => {
    expect(lateCharges(inv, base, '2026-03-27', false)).toEqual({ feeCents: 2500, interestCents: 0 });
  });
  it('the fee once: a later month charges only interest', () => {
    const terms = { ...base, annual_interest_rate: '18' };
    expect(lateCharges(inv, terms, '2026-03-27', false)).toEqual({ feeCents: 2500, interestCents: 375 });
    expect(lateCharges(inv, terms, '2026-04-27', true)).toEqual({ feeCents: 0, interestCents: 375 });
  });
  it('nothing below the minimum balance; the minimum itself is charged', () => {
    const terms = { ...base, min_balance: '50.00' };
    expect(lateCharges({ ...inv, balanceCents: 4999 }, terms, '2026-04-01', false)).toEqual({ feeCents: 0, interestCents: 0 });
    expect(lateCharges({ ...inv, balanceCents: 5000 }, terms, '2026-04-01', false)).toEqual({ feeCents: 2500, interestCents: 0 });
  });
  it('percent with cap and interest together', () => {
    const terms: LateFeeTerms = { grace_days: 15, fee_type: 'percent', percent: '5', max_amount: '20.00', annual_interest_rate: '12' };
    expect(lateCharges({ balanceCents: 100000, due_date: '2026-01-01' }, terms, '2026-01-17', false)).toEqual({ feeCents: 2000, interestCents: 1000 });
    expect(lateCharges({ balanceCents: 30000, due_date: '2026-01-01' }, terms, '2026-01-17', false)).toEqual({ feeCents: 1500, interestCents: 300 });
  });
  it('a paid invoice is never charged', () => {
    expect(lateCharges({ balanceCents: 0, due_date: '2026-01-01' }, { ...base, annual_interest_rate: '18' }, '2026-06-01', false)).toEqual({ feeCents: 0, interestCents: 0 });
  });
});
