import { describe, expect, it } from 'vitest';
import { addDays, agingBucket, allocate, billTotals, daysPastDue, documentNumber, invoiceTotals, isOverdue, paidStatus } from './documents.ts';

describe('documentNumber', () => {
  it.each([
    ['INV', '100000', '2026-11-21', 1, 'INV-100000-20261121-001'],
    ['INV', '123456', '2026-01-05', 12, 'INV-123456-20260105-012'],
    ['PMT', '100001', '2025-12-31', 999, 'PMT-100001-20251231-999'],
    ['PMT', '100001', '2025-12-31', 1000, 'PMT-100001-20251231-1000'],
  ] as const)('%s %s %s %i', (prefix, owner, date, seq, expected) => {
    expect(documentNumber(prefix, owner, date, seq)).toBe(expected);
  });
  it.each([
    ['12345', '2026-01-01', 1], ['100000', '20260101', 1], ['100000', '2026-01-01', 0], ['100000', '2026-01-01', 1.5],
  ])('refuses %s %s %s', (owner, date, seq) => {
    expect(() => documentNumber('INV', owner, date, seq)).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-11-21', 15, '2026-12-06'], ['2026-12-20', 15, '2027-01-04'], ['2024-02-14', 15, '2024-02-29'], ['2023-02-14', 15, '2023-03-01'],
    ['2026-03-01', 30, '2026-03-31'], ['2026-03-08', 0, '2026-03-08'], ['2026-01-01', -1, '2025-12-31'],
  ])('%s + %i = %s', (d, n, r) => expect(addDays(d, n)).toBe(r));
});

describe('invoiceTotals', () => {
  it.each([
    { lines: [], rate: 0, sub: 0, tax: 0, total: 0 },
    { lines: [{ quantity: 1, unit_price: 250 }], rate: null, sub: 25000, tax: 0, total: 25000 },
    { lines: [{ quantity: 2, unit_price: '19.99' }, { quantity: 1, unit_price: 0.01 }], rate: 0, sub: 3999, tax: 0, total: 3999 },
    { lines: [{ quantity: 3, unit_price: 0.1 }], rate: 0, sub: 30, tax: 0, total: 30 },
    { lines: [{ quantity: 1, unit_price: 100 }], rate: 8.875, sub: 10000, tax: 888, total: 10888 },
    { lines: [{ quantity: '1.5', unit_price: '33.33' }], rate: '7.25', sub: 5000, tax: 363, total: 5363 },
    { lines: [{ quantity: 0, unit_price: 500 }], rate: 10, sub: 0, tax: 0, total: 0 },
    { lines: [{ quantity: 1, unit_price: 0.05 }], rate: 10, sub: 5, tax: 1, total: 6 },
    { lines: [{ quantity: 1, unit_price: 0.04 }], rate: 10, sub: 4, tax: 0, total: 4 },
    { lines: [{ quantity: 12, unit_price: 325.5 }], rate: 100, sub: 390600, tax: 390600, total: 781200 },
  ])('%j', ({ lines, rate, sub, tax, total }) => {
    const t = invoiceTotals(lines, rate);
    expect([t.subtotalCents, t.taxCents, t.totalCents]).toEqual([sub, tax, total]);
    expect(t.lineCents.reduce((a, b) => a + b, 0)).toBe(sub);
  });
});

describe('billTotals', () => {
  it('total = subtotal + tax entered', () => {
    expect(billTotals([{ quantity: 2, unit_price: 75.25 }], 12.04)).toMatchObject({ subtotalCents: 15050, taxCents: 1204, totalCents: 16254 });
    expect(billTotals([], null).totalCents).toBe(0);
  });
});

describe('allocate', () => {
  const items = [{ id: 'a', balanceCents: 10000 }, { id: 'b', balanceCents: 5000 }, { id: 'c', balanceCents: 2500 }];
  it.each([
    [0, [], 0],
    [5000, [['a', 5000]], 0],
    [10000, [['a', 10000]], 0],
    [12000, [['a', 10000], ['b', 2000]], 0],
    [17500, [['a', 10000], ['b', 5000], ['c', 2500]], 0],
    [20000, [['a', 10000], ['b', 5000], ['c', 2500]], 2500],
    [1, [['a', 1]], 0],
  ] as const)('%i', (amount, apps, remainder) => {
    const r = allocate(amount, items);
    expect(r.applications.map((a) => [a.id, a.cents])).toEqual(apps);
    expect(r.remainderCents).toBe(remainder);
    expect(r.applications.reduce((s, a) => s + a.cents, 0) + r.remainderCents).toBe(amount);
  });
  it('skips items with nothing open', () => {
    expect(allocate(100, [{ id: 'x', balanceCents: 0 }, { id: 'y', balanceCents: -5 }, { id: 'z', balanceCents: 60 }])).toEqual({ applications: [{ id: 'z', cents: 60 }], remainderCents: 40 });
  });
  it('refuses negative or fractional amounts', () => {
    expect(() => allocate(-1, items)).toThrow(RangeError);
    expect(() => allocate(1.5, items)).toThrow(RangeError);
  });
});

describe('paidStatus', () => {
  it.each([[10000, 0, 'sent'], [10000, 1, 'partial'], [10000, 9999, 'partial'], [10000, 10000, 'paid'], [0, 0, 'sent']] as const)('%i paid %i → %s', (t, p, s) => {
    expect(paidStatus(t, p)).toBe(s);
  });
});

describe('aging', () => {
  it.each([
    [null, '2026-11-21', 'current', 0], ['2026-11-21', '2026-11-21', 'current', 0], ['2026-12-01', '2026-11-21', 'current', 0],
    ['2026-11-20', '2026-11-21', 'days_1_30', 1], ['2026-10-22', '2026-11-21', 'days_1_30', 30], ['2026-10-21', '2026-11-21', 'days_31_60', 31],
    ['2026-09-22', '2026-11-21', 'days_31_60', 60], ['2026-09-21', '2026-11-21', 'days_61_90', 61], ['2026-08-23', '2026-11-21', 'days_61_90', 90],
    ['2026-08-22', '2026-11-21', 'days_over_90', 91], ['2020-01-01', '2026-11-21', 'days_over_90', 2516],
    ['2026-03-01', '2026-03-31', 'days_1_30', 30],
  ] as const)('due %s as of %s → %s', (due, asOf, bucket, days) => {
    expect(agingBucket(due, asOf)).toBe(bucket);
    expect(daysPastDue(due, asOf)).toBe(days);
  });
});

describe('isOverdue', () => {
  const today = '2026-11-21';
  it.each([
    [{ status: 'overdue', balance_due: 0, due_date: '2030-01-01' }, true],
    [{ status: 'sent', balance_due: 10, due_date: '2026-11-20' }, true],
    [{ status: 'partial', balance_due: '0.01', due_date: '2026-11-20' }, true],
    [{ status: 'sent', balance_due: 10, due_date: '2026-11-21' }, false],
    [{ status: 'paid', balance_due: 0, due_date: '2026-01-01' }, false],
    [{ status: 'sent', balance_due: 10, due_date: null }, false],
    [{ status: 'cancelled', balance_due: 10, due_date: '2026-01-01' }, false],
  ])('%j → %s', (doc, overdue) => expect(isOverdue(doc, today)).toBe(overdue));
});
