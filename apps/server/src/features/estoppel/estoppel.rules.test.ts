import { describe, expect, it } from 'vitest';
import { dueByKind, dueKindOf, fallsDue, paidThrough } from './estoppel.rules.ts';

describe('estoppel certificate figures', () => {
  it('classifies fines before the payment kind, interest with late fees', () => {
    expect(dueKindOf('other', true)).toBe('fines');
    expect(dueKindOf('assessment', false)).toBe('assessments');
    expect(dueKindOf('interest', false)).toBe('late_fees');
    expect(dueKindOf('late_fee', false)).toBe('late_fees');
    expect(dueKindOf('other', false)).toBe('other');
  });

  it('sums by kind (zero for every kind with no charges)', () => {
    expect(dueByKind([])).toEqual({ assessments_cents: 0, late_fees_cents: 0, fines_cents: 0, other_cents: 0 });
    expect(dueByKind([{ kind: 'assessments', cents: 25_000 }, { kind: 'assessments', cents: 25_000 }, { kind: 'late_fees', cents: 2_500 }, { kind: 'fines', cents: 10_000 }]))
      .toEqual({ assessments_cents: 50_000, late_fees_cents: 2_500, fines_cents: 10_000, other_cents: 0 });
  });

  it('paid through: the last period when all are paid, the day before the first open one, null without any', () => {
    const jan = { start: '2026-01-01', end: '2026-01-31' };
    const feb = { start: '2026-02-01', end: '2026-02-28' };
    const mar = { start: '2026-03-01', end: '2026-03-31' };
    expect(paidThrough([])).toBeNull();
    expect(paidThrough([{ ...jan, open: false }, { ...feb, open: false }])).toBe('2026-02-28');
    expect(paidThrough([{ ...mar, open: true }, { ...jan, open: false }, { ...feb, open: false }])).toBe('2026-02-28');
    // A later period paid does not cover an earlier open one.
    expect(paidThrough([{ ...jan, open: false }, { ...feb, open: true }, { ...mar, open: false }])).toBe('2026-01-31');
    expect(paidThrough([{ ...jan, open: true }, { ...feb, open: false }])).toBeNull();
  });

  it('falls due: only the validity period, in date order', () => {
    const items = [
      { date: '2026-12-16', cents: 25_000, description: 'Dues 2027-01' },
      { date: '2026-11-30', cents: 1_000, description: 'Before' },
      { date: '2026-12-05', cents: 2_500, description: 'Late fee' },
      { date: '2027-01-20', cents: 25_000, description: 'After' },
    ];
    expect(fallsDue(items, '2026-12-01', '2026-12-31')).toEqual([
      { date: '2026-12-05', cents: 2_500, description: 'Late fee' },
      { date: '2026-12-16', cents: 25_000, description: 'Dues 2027-01' },
    ]);
  });
});
