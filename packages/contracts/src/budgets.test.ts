import { describe, expect, it } from 'vitest';
import {
  allocateAssessment, budgetVariance, fiscalMonths, fiscalYearOf, fiscalYearRange, monthlyNeedCents, monthsWithin, netVariance, percentOf, spreadEvenly,
} from './budgets.ts';
import { allocateByWeights, scaledDecimal } from './money.ts';

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

describe('fiscal years', () => {
  it('a July fiscal year runs Jul 2025 to Jun 2026', () => {
    const m = fiscalMonths(2025, 7);
    expect(m).toHaveLength(12);
    expect(m[0]).toEqual({ year: 2025, month: 7, start: '2025-07-01', end: '2025-07-31', label: 'Jul 2025' });
    expect(m[6]).toEqual({ year: 2026, month: 1, start: '2026-01-01', end: '2026-01-31', label: 'Jan 2026' });
    expect(m[11]).toEqual({ year: 2026, month: 6, start: '2026-06-01', end: '2026-06-30', label: 'Jun 2026' });
  });
  it.each([
    [2024, 1, '2024-02-29'], [2023, 1, '2023-02-28'], [2025, 12, '2026-02-28'], [2027, 3, '2028-02-29'],
  ])('fiscal %i starting %i has February ending %s', (fy, start, feb) => {
    expect(fiscalMonths(fy, start).find((m) => m.month === 2)!.end).toBe(feb);
  });
  it.each([
    ['2026-03-15', 7, 2025], ['2026-07-01', 7, 2026], ['2026-06-30', 7, 2025], ['2026-12-31', 1, 2026], ['2026-01-01', 1, 2026],
    ['2026-11-30', 12, 2025], ['2026-12-01', 12, 2026],
  ])('%s with start month %i is fiscal %i', (d, s, fy) => expect(fiscalYearOf(d, s)).toBe(fy));
  it('ranges', () => {
    expect(fiscalYearRange(2026, 1)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(fiscalYearRange(2025, 10)).toEqual({ from: '2025-10-01', to: '2026-09-30' });
  });
  it.each([0, 13, 1.5, -1])('refuses start month %s', (s) => expect(() => fiscalMonths(2026, s)).toThrow(RangeError));
  it.each([
    ['2026-01-01', '2026-03-31', [0, 1, 2]],
    ['2026-01-15', '2026-03-31', [1, 2]],
    ['2026-01-01', '2026-03-30', [0, 1]],
    ['2025-01-01', '2027-12-31', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
    ['2026-02-01', '2026-02-28', [1]],
    ['2026-02-02', '2026-02-28', []],
    ['2027-01-01', '2027-12-31', []],
  ])('whole months of calendar 2026 within %s..%s', (from, to, idx) => expect(monthsWithin(fiscalMonths(2026, 1), from, to)).toEqual(idx));
});

describe('spreadEvenly', () => {
  it.each([
    [120000, [10000]],
    [100000, [8334, 8334, 8334, 8334, 8333, 8333, 8333, 8333, 8333, 8333, 8333, 8333]],
    [11, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]],
    [1, [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    [0, [0]],
    [123_456_789, [...Array(9).fill(10288066), 10288065, 10288065, 10288065]],
  ])('%i cents', (annual, expected) => {
    const months = spreadEvenly(annual);
    expect(months).toHaveLength(12);
    expect(sum(months)).toBe(annual);
    if (expected.length === 1) expect(months.every((m) => m === expected[0])).toBe(true);
    else expect(months).toEqual(expected);
    expect(Math.max(...months) - Math.min(...months)).toBeLessThanOrEqual(1);
    // The odd cents sit on the first months.
    expect([...months].sort((a, b) => b - a)).toEqual(months);
  });
  it.each([-1, 1.5, Number.NaN])('refuses %s', (v) => expect(() => spreadEvenly(v)).toThrow(RangeError));
});

describe('variance and percent', () => {
  it.each([
    [1235, 10000, 12.35], [1, 3, 33.33], [2, 3, 66.67], [-1, 3, -33.33], [1, -3, 33.33], [5, 0, null], [1, 8, 12.5],
    [1, 40000, 0], [1, 20000, 0.01], [-1, 20000, -0.01], [0, 500, 0], [300, 100, 300], [999_999_999_99, 1, 9_999_999_999_900],
  ])('%i of %i is %s%', (part, whole, pct) => expect(percentOf(part, whole)).toBe(pct));
  it.each([
    ['revenue', 100000, 110000, 10000, 10],
    ['revenue', 100000, 90000, -10000, -10],
    ['expense', 50000, 60000, -10000, -20],
    ['expense', 50000, 40000, 10000, 20],
    ['expense', 0, 5000, -5000, null],
    ['revenue', 0, 0, 0, null],
    ['expense', 30000, 10000, 20000, 66.67],
  ] as const)('%s budget %i actual %i → %i (%s%)', (kind, b, a, v, p) => expect(budgetVariance(kind, b, a)).toEqual({ varianceCents: v, percent: p }));
  it('net variance is favourable above the budgeted net, percent of its size', () => {
    expect(netVariance(20000, 25000)).toEqual({ varianceCents: 5000, percent: 25 });
    expect(netVariance(-20000, -25000)).toEqual({ varianceCents: -5000, percent: -25 });
    expect(netVariance(0, 100)).toEqual({ varianceCents: 100, percent: null });
  });
});

describe('allocateByWeights (largest remainder)', () => {
  it.each([
    [100, [1n, 1n, 1n], [34, 33, 33]],
    [10, [1n, 2n], [3, 7]],
    [100, [1n, 1n, 1n, 1n, 1n, 1n, 1n], [15, 15, 14, 14, 14, 14, 14]],
    [0, [5n, 5n], [0, 0]],
    [7, [0n, 1n, 0n], [0, 7, 0]],
    [2, [1n, 1n, 1n], [1, 1, 0]],
    [1, [1n, 3n], [0, 1]],
  ])('%i over weights set %#', (total, weights, expected) => {
    const parts = allocateByWeights(total, weights);
    expect(parts).toEqual(expected);
    expect(sum(parts)).toBe(total);
  });
  it.each([[100, []], [100, [0n, 0n]], [-1, [1n]], [1.5, [1n]], [100, [1n, -1n]]])('refuses case %#', (total, w) => {
    expect(() => allocateByWeights(total as number, w as bigint[])).toThrow(RangeError);
  });
  it('many units always add up exactly', () => {
    for (const total of [1, 99, 100_000, 12_345_678, 999_999_999_99]) {
      for (const n of [1, 2, 3, 7, 120, 997]) {
        const weights = Array.from({ length: n }, (_, i) => BigInt(700 + ((i * 37) % 900)));
        const parts = allocateByWeights(total, weights);
        expect(sum(parts)).toBe(total);
        expect(parts.every((p) => p >= 0)).toBe(true);
      }
    }
  });
  it.each([
    ['1.25', 6, 1_250_000n], [12, 6, 12_000_000n], ['0.000001', 6, 1n], ['33.3333', 4, 333_333n], [0.5, 2, 50n], ['7', 0, 7n],
  ] as const)('scaledDecimal(%s, %i) case %#', (v, p, r) => expect(scaledDecimal(v, p)).toBe(r));
  it.each([['1.2345678', 6], ['-1', 2], ['abc', 2], ['', 2]])('scaledDecimal refuses %s', (v, p) => expect(() => scaledDecimal(v, p)).toThrow(RangeError));
});

describe('assessment calculator', () => {
  const units = [
    { id: 'u1', square_footage: 1000, assessment_share: '50' },
    { id: 'u2', square_footage: 1500, assessment_share: '30' },
    { id: 'u3', square_footage: 2500, assessment_share: '20' },
  ];
  it('equal: the need ÷ units, odd cents to the first units', () => {
    expect(allocateAssessment(10000, units, 'equal')).toEqual([{ id: 'u1', cents: 3334 }, { id: 'u2', cents: 3333 }, { id: 'u3', cents: 3333 }]);
  });
  it('square footage: 1000 / 1500 / 2500 of 5000 sq ft', () => {
    expect(allocateAssessment(100000, units, 'sqft').map((u) => u.cents)).toEqual([20000, 30000, 50000]);
    expect(allocateAssessment(100001, units, 'sqft').map((u) => u.cents)).toEqual([20000, 30000, 50001]);
    expect(allocateAssessment(7, units, 'sqft').map((u) => u.cents)).toEqual([1, 2, 4]);
  });
  it('percentage interest: 50 / 30 / 20 of 99.99', () => {
    // Exact shares 4999.5, 2999.7, 1999.8: the two odd cents go to the largest remainders (.8, .7).
    expect(allocateAssessment(9999, units, 'percentage').map((u) => u.cents)).toEqual([4999, 3000, 2000]);
  });
  it('percentage interests that total 99.9999 still assign the whole need', () => {
    const thirds = ['a', 'b', 'c'].map((id) => ({ id, assessment_share: '33.3333' }));
    expect(allocateAssessment(30000, thirds, 'percentage').map((u) => u.cents)).toEqual([10000, 10000, 10000]);
    expect(allocateAssessment(100, thirds, 'percentage').map((u) => u.cents)).toEqual([34, 33, 33]);
  });
  it('refuses a unit without square footage or share, and no units', () => {
    expect(() => allocateAssessment(100, [{ id: 'x', square_footage: null }], 'sqft')).toThrow(/x has no square footage/);
    expect(() => allocateAssessment(100, [{ id: 'x', square_footage: 0 }], 'sqft')).toThrow(/square footage/);
    expect(() => allocateAssessment(100, [{ id: 'y', assessment_share: null }], 'percentage')).toThrow(/y has no assessment share/);
    expect(() => allocateAssessment(100, [{ id: 'y', assessment_share: 0 }], 'percentage')).toThrow(/add up to zero/);
    expect(() => allocateAssessment(100, [], 'equal')).toThrow(/no units/);
  });
  it('120 units by square footage add up to the monthly need exactly', () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ id: `u${i}`, square_footage: 850 + ((i * 53) % 1400) }));
    const need = monthlyNeedCents(54_321_00);
    expect(need).toBe(452675);
    const parts = allocateAssessment(need, many, 'sqft');
    expect(sum(parts.map((p) => p.cents))).toBe(need);
  });
  it.each([[100000, 8334], [120000, 10000], [0, 0], [1, 1], [12, 1], [13, 2]])('monthly need of %i is %i', (annual, monthly) => {
    expect(monthlyNeedCents(annual)).toBe(monthly);
  });
});
