import { describe, expect, it } from 'vitest';
import {
  addMonths, chargeForPeriod, daysInclusive, installmentCents, periodAmounts, periodsDue, principalIndex, prorate, splitAmongOwners,
  AssessmentInputError, type ScheduleTerms, type UnitOwner,
} from './assessment.rules.ts';

const monthly: ScheduleTerms = { frequency: 'monthly', start_date: '2026-01-01', invoice_day: 1, due_days: 15, installments: 1 };

describe('dates', () => {
  it.each([
    ['2026-01-15', 1, '2026-02-01'],
    ['2026-11-30', 2, '2027-01-01'],
    ['2026-03-01', -3, '2025-12-01'],
    ['2026-12-31', 12, '2027-12-01'],
  ] as const)('addMonths(%s, %i) = %s', (d, n, expected) => expect(addMonths(d, n)).toBe(expected));
  it.each([
    ['2026-02-01', '2026-02-28', 28],
    ['2028-02-01', '2028-02-29', 29],
    ['2026-01-01', '2026-12-31', 365],
    ['2026-03-15', '2026-03-15', 1],
  ] as const)('daysInclusive(%s, %s) = %i', (a, b, n) => expect(daysInclusive(a, b)).toBe(n));
});

describe('periodsDue', () => {
  it('monthly: every month whose invoice date has come, oldest first', () => {
    const p = periodsDue(monthly, '2026-03-01');
    expect(p.map((x) => [x.key, x.invoice_date, x.due_date, x.covered_days, x.period_days])).toEqual([
      ['2026-01', '2026-01-01', '2026-01-16', 31, 31],
      ['2026-02', '2026-02-01', '2026-02-16', 28, 28],
      ['2026-03', '2026-03-01', '2026-03-16', 31, 31],
    ]);
  });
  it('the invoice day decides when a period is due', () => {
    expect(periodsDue({ ...monthly, invoice_day: 5 }, '2026-03-04').map((x) => x.key)).toEqual(['2026-01', '2026-02']);
    expect(periodsDue({ ...monthly, invoice_day: 5 }, '2026-03-05').map((x) => x.key)).toEqual(['2026-01', '2026-02', '2026-03']);
  });
  it('nothing before the start', () => {
    expect(periodsDue(monthly, '2025-12-31')).toEqual([]);
  });
  it('a mid-month start: the first period is prorated and invoiced on the start date', () => {
    const [first, second] = periodsDue({ ...monthly, start_date: '2026-03-15' }, '2026-04-01');
    expect(first).toMatchObject({ key: '2026-03', invoice_date: '2026-03-15', covered_days: 17, period_days: 31 });
    expect(second).toMatchObject({ key: '2026-04', invoice_date: '2026-04-01', covered_days: 30, period_days: 30 });
  });
  it('a mid-month end: the last period is prorated and nothing follows', () => {
    const p = periodsDue({ ...monthly, end_date: '2026-02-14' }, '2026-12-31');
    expect(p.map((x) => [x.key, x.covered_days, x.period_days])).toEqual([['2026-01', 31, 31], ['2026-02', 14, 28]]);
  });
  it('quarterly periods run from the start month', () => {
    const p = periodsDue({ ...monthly, frequency: 'quarterly', start_date: '2026-02-01' }, '2026-12-31');
    expect(p.map((x) => [x.key, x.start, x.end, x.period_days])).toEqual([
      ['2026-02', '2026-02-01', '2026-04-30', 89],
      ['2026-05', '2026-05-01', '2026-07-31', 92],
      ['2026-08', '2026-08-01', '2026-10-31', 92],
      ['2026-11', '2026-11-01', '2027-01-31', 92],
    ]);
  });
  it('semiannual and annual', () => {
    expect(periodsDue({ ...monthly, frequency: 'semiannual' }, '2027-07-01').map((x) => x.key)).toEqual(['2026-01', '2026-07', '2027-01', '2027-07']);
    expect(periodsDue({ ...monthly, frequency: 'annual' }, '2028-06-30').map((x) => [x.key, x.period_days])).toEqual([['2026-01', 365], ['2027-01', 365], ['2028-01', 366]]);
  });
  it('once in installments: one period a month, numbered, never prorated', () => {
    const p = periodsDue({ ...monthly, frequency: 'once', start_date: '2026-05-20', installments: 3 }, '2027-01-01');
    expect(p.map((x) => [x.key, x.invoice_date, x.installment, x.covered_days === x.period_days])).toEqual([
      ['2026-05', '2026-05-20', 1, true],
      ['2026-06', '2026-06-01', 2, true],
      ['2026-07', '2026-07-01', 3, true],
    ]);
  });
  it('once without installments: a single period', () => {
    expect(periodsDue({ ...monthly, frequency: 'once', start_date: '2026-05-01' }, '2030-01-01')).toHaveLength(1);
  });
});

describe('periodAmounts: every basis', () => {
  const units = [
    { id: 'a', monthly_hoa_fee: '250.00', square_footage: 1000, assessment_share: '33.333333' },
    { id: 'b', monthly_hoa_fee: '310.50', square_footage: 1500, assessment_share: '33.333333' },
    { id: 'c', monthly_hoa_fee: null, square_footage: 1234, assessment_share: '33.333334' },
  ];
  const asMap = (entries: Array<[string, number]>) => new Map(entries);
  it('unit_fee: the monthly fee times the months of the period', () => {
    expect(periodAmounts({ frequency: 'monthly', amount_basis: 'unit_fee' }, units)).toEqual(asMap([['a', 25000], ['b', 31050], ['c', 0]]));
    expect(periodAmounts({ frequency: 'quarterly', amount_basis: 'unit_fee' }, units)).toEqual(asMap([['a', 75000], ['b', 93150], ['c', 0]]));
    expect(periodAmounts({ frequency: 'annual', amount_basis: 'unit_fee' }, units)).toEqual(asMap([['a', 300000], ['b', 372600], ['c', 0]]));
  });
  it('fixed: the same for every unit', () => {
    expect(periodAmounts({ frequency: 'monthly', amount_basis: 'fixed', amount: '75.25' }, units)).toEqual(asMap([['a', 7525], ['b', 7525], ['c', 7525]]));
  });
  it('per_sqft: rate × square feet, half up to the cent', () => {
    expect(periodAmounts({ frequency: 'monthly', amount_basis: 'per_sqft', amount: '0.125' }, units)).toEqual(asMap([['a', 12500], ['b', 18750], ['c', 15425]]));
    expect(periodAmounts({ frequency: 'monthly', amount_basis: 'per_sqft', amount: '0.3333' }, units)).toEqual(asMap([['a', 33330], ['b', 49995], ['c', 41129]])); // 411.2922
  });
  it('per_sqft refuses a unit without square footage', () => {
    expect(() => periodAmounts({ frequency: 'monthly', amount_basis: 'per_sqft', amount: '1' }, [{ id: 'x', square_footage: null }])).toThrow(AssessmentInputError);
  });
  it.each([
    ['equal', [3334, 3333, 3333]],
    ['sqft', [2678, 4017, 3305]], // 1000:1500:1234 of 100.00 = 26.78, 40.17, 33.047… + the odd cent
    ['percentage', [3333, 3333, 3334]],
  ] as const)('allocation %s of $100.00 adds up exactly', (method, expected) => {
    const m = periodAmounts({ frequency: 'once', amount_basis: 'allocation', total_amount: '100.00', allocation_method: method }, units);
    expect([...m.values()]).toEqual(expected);
    expect([...m.values()].reduce((s, c) => s + c, 0)).toBe(10000);
  });
  it('allocation of a large total over many units adds up exactly', () => {
    const many = Array.from({ length: 997 }, (_, i) => ({ id: `u${i}`, square_footage: 700 + ((i * 37) % 900) }));
    for (const method of ['equal', 'sqft'] as const) {
      const m = periodAmounts({ frequency: 'once', amount_basis: 'allocation', total_amount: '1234567.89', allocation_method: method }, many);
      expect([...m.values()].reduce((s, c) => s + c, 0)).toBe(123456789);
    }
  });
  it('allocation by percentage refuses a unit without a share', () => {
    expect(() => periodAmounts({ frequency: 'once', amount_basis: 'allocation', total_amount: '10', allocation_method: 'percentage' }, [{ id: 'x' }])).toThrow(AssessmentInputError);
  });
});

describe('proration and installments', () => {
  it.each([
    [25000, 17, 31, 13710], // 137.0967… → 137.10
    [25000, 14, 28, 12500],
    [25000, 31, 31, 25000],
    [31050, 1, 30, 1035],
    [10000, 1, 3, 3333],
    [10000, 2, 3, 6667],
    [75000, 46, 92, 37500],
  ] as const)('prorate(%i, %i/%i) = %i', (cents, covered, days, expected) => expect(prorate(cents, covered, days)).toBe(expected));
  it('installments add up exactly, the odd cents first', () => {
    expect([1, 2, 3].map((n) => installmentCents(100000, 3, n))).toEqual([33334, 33333, 33333]);
    expect([1, 2, 3, 4].map((n) => installmentCents(10002, 4, n))).toEqual([2501, 2501, 2500, 2500]);
    expect([1, 2].map((n) => installmentCents(1, 2, n))).toEqual([1, 0]);
    for (const [total, count] of [[123457, 7], [99, 12], [5000000, 11]] as const) {
      const parts = Array.from({ length: count }, (_, i) => installmentCents(total, count, i + 1));
      expect(parts.reduce((s, c) => s + c, 0)).toBe(total);
    }
  });
  it('chargeForPeriod prorates a recurring period and splits an installment', () => {
    const [first] = periodsDue({ ...monthly, start_date: '2026-03-15' }, '2026-03-31');
    expect(chargeForPeriod(25000, first!, 1)).toBe(13710);
    const inst = periodsDue({ ...monthly, frequency: 'once', installments: 3 }, '2026-12-31');
    expect(inst.map((p) => chargeForPeriod(100000, p, 3))).toEqual([33334, 33333, 33333]);
  });
});

describe('co-owners', () => {
  const owners: UnitOwner[] = [
    { owner_id: 'x', ownership_percentage: '33.33', start_date: '2020-01-01' },
    { owner_id: 'y', ownership_percentage: '33.34', start_date: '2021-01-01' },
    { owner_id: 'z', ownership_percentage: '33.33', start_date: '2019-01-01' },
  ];
  it('the principal: largest share, then earliest start', () => {
    expect(principalIndex(owners)).toBe(1);
    expect(principalIndex([{ owner_id: 'a', ownership_percentage: 50, start_date: '2022-01-01' }, { owner_id: 'b', ownership_percentage: '50.00', start_date: '2020-05-01' }])).toBe(1);
    expect(principalIndex([{ owner_id: 'a', ownership_percentage: 50, start_date: '2020-05-01' }, { owner_id: 'b', ownership_percentage: 50, start_date: '2020-05-01' }])).toBe(0);
  });
  it('split: rounded down, the cents of rounding to the principal', () => {
    expect(splitAmongOwners(10000, owners, 'split')).toEqual([{ owner_id: 'x', cents: 3333 }, { owner_id: 'y', cents: 3334 }, { owner_id: 'z', cents: 3333 }]);
    expect(splitAmongOwners(10001, owners, 'split')).toEqual([{ owner_id: 'x', cents: 3333 }, { owner_id: 'y', cents: 3335 }, { owner_id: 'z', cents: 3333 }]);
    expect(splitAmongOwners(25000, [{ owner_id: 'a', ownership_percentage: 50, start_date: '2020-01-01' }, { owner_id: 'b', ownership_percentage: 50, start_date: '2019-01-01' }], 'split')).toEqual([
      { owner_id: 'a', cents: 12500 }, { owner_id: 'b', cents: 12500 },
    ]);
    // 50/50 of an odd amount: the earlier-started owner is principal and takes the odd cent.
    expect(splitAmongOwners(25001, [{ owner_id: 'a', ownership_percentage: 50, start_date: '2020-01-01' }, { owner_id: 'b', ownership_percentage: 50, start_date: '2019-01-01' }], 'split')).toEqual([
      { owner_id: 'a', cents: 12500 }, { owner_id: 'b', cents: 12501 },
    ]);
  });
  it('split: shares that do not total 100 are taken in proportion', () => {
    const two = [{ owner_id: 'a', ownership_percentage: 50, start_date: '2020-01-01' }, { owner_id: 'b', ownership_percentage: 30, start_date: '2020-01-01' }];
    expect(splitAmongOwners(8000, two, 'split')).toEqual([{ owner_id: 'a', cents: 5000 }, { owner_id: 'b', cents: 3000 }]);
    expect(splitAmongOwners(8001, two, 'split')).toEqual([{ owner_id: 'a', cents: 5001 }, { owner_id: 'b', cents: 3000 }]);
  });
  it('split adds up exactly for many amounts', () => {
    for (let cents = 1; cents < 5000; cents += 7) {
      const parts = splitAmongOwners(cents, owners, 'split');
      expect(parts.reduce((s, p) => s + p.cents, 0)).toBe(cents);
    }
  });
  it('principal: everything to the principal owner', () => {
    expect(splitAmongOwners(10001, owners, 'principal')).toEqual([{ owner_id: 'y', cents: 10001 }]);
  });
  it('a zero-percent owner gets nothing; all zero: the principal; nothing to split: nobody', () => {
    expect(splitAmongOwners(5000, [{ owner_id: 'a', ownership_percentage: 100, start_date: '2020-01-01' }, { owner_id: 'b', ownership_percentage: 0, start_date: '2020-01-01' }], 'split')).toEqual([{ owner_id: 'a', cents: 5000 }]);
    expect(splitAmongOwners(5000, [{ owner_id: 'a', ownership_percentage: 0, start_date: '2021-01-01' }, { owner_id: 'b', ownership_percentage: 0, start_date: '2020-01-01' }], 'split')).toEqual([{ owner_id: 'b', cents: 5000 }]);
    expect(splitAmongOwners(0, owners, 'split')).toEqual([]);
    expect(splitAmongOwners(500, [], 'split')).toEqual([]);
  });
});
