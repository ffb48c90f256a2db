import { describe, expect, it } from 'vitest';
import { agingTotals, lineType, nextDue, statementLines, type StatementEntry } from './statement.rules.ts';

const entry = (date: string, net: number, over: Partial<StatementEntry> = {}): StatementEntry => ({
  date, source_type: net >= 0 ? 'invoice' : 'payment', is_reversal: false, number: null, description: '', net_cents: net, ...over,
});

describe('statementLines: lines and running balance', () => {
  it.each([
    // opening, nets → balances after each line, closing, charges, payments
    { opening: 0, nets: [25000, -25000], balances: [25000, 0], closing: 0, charges: 25000, payments: 25000 },
    { opening: 12345, nets: [25000, -10000, 25000], balances: [37345, 27345, 52345], closing: 52345, charges: 50000, payments: 10000 },
    { opening: -5000, nets: [25000], balances: [20000], closing: 20000, charges: 25000, payments: 0 },
    { opening: 0, nets: [-30000, 25000], balances: [-30000, -5000], closing: -5000, charges: 25000, payments: 30000 },
    { opening: 100, nets: [], balances: [], closing: 100, charges: 0, payments: 0 },
    { opening: 1, nets: [1, -1, 1, -1, 1], balances: [2, 1, 2, 1, 2], closing: 2, charges: 3, payments: 2 },
    { opening: 0, nets: [33333, 33333, 33334, -100000], balances: [33333, 66666, 100000, 0], closing: 0, charges: 100000, payments: 100000 },
    { opening: 999999999, nets: [1, -1000000000], balances: [1000000000, 0], closing: 0, charges: 1, payments: 1000000000 },
  ])('opening $opening, nets $nets', ({ opening, nets, balances, closing, charges, payments }) => {
    const r = statementLines(opening, nets.map((n, i) => entry(`2026-01-${String(i + 1).padStart(2, '0')}`, n)));
    expect(r.lines.map((l) => l.balance)).toEqual(balances);
    expect(r.closingCents).toBe(closing);
    expect(r.totalCharges).toBe(charges);
    expect(r.totalPayments).toBe(payments);
    // closing = opening + charges − payments, whatever the lines
    expect(r.closingCents).toBe(opening + r.totalCharges - r.totalPayments);
  });

  it('puts each line in exactly one column and leaves out entries that do not move the balance', () => {
    const r = statementLines(0, [entry('2026-02-01', 25000), entry('2026-02-03', 0, { source_type: 'payment_application' }), entry('2026-02-05', -7550)]);
    expect(r.lines).toHaveLength(2);
    expect(r.lines[0]).toMatchObject({ charges: 25000, payments: 0, balance: 25000 });
    expect(r.lines[1]).toMatchObject({ charges: 0, payments: 7550, balance: 17450 });
  });

  it('keeps the order it is given (date, then posting order)', () => {
    const r = statementLines(0, [entry('2026-03-01', -100, { number: 'PMT-1' }), entry('2026-03-01', 300, { number: 'INV-1' })]);
    expect(r.lines.map((l) => [l.number, l.balance])).toEqual([['PMT-1', -100], ['INV-1', 200]]);
  });

  it('shows a cancelled invoice as a credit and a returned payment as a charge', () => {
    const r = statementLines(0, [
      entry('2026-01-01', 25000, { source_type: 'invoice', number: 'INV-1' }),
      entry('2026-01-10', -25000, { source_type: 'payment', number: 'PMT-1' }),
      entry('2026-01-20', 25000, { source_type: 'payment', is_reversal: true, number: 'PMT-1' }),
      entry('2026-01-25', -25000, { source_type: 'invoice', is_reversal: true, number: 'INV-1' }),
    ]);
    expect(r.lines.map((l) => [l.type, l.charges, l.payments, l.balance])).toEqual([
      ['invoice', 25000, 0, 25000],
      ['payment', 0, 25000, 0],
      ['payment_returned', 25000, 0, 25000],
      ['invoice_reversal', 0, 25000, 0],
    ]);
  });
});

describe('lineType', () => {
  it.each([
    ['invoice', false, 'invoice'],
    ['invoice', true, 'invoice_reversal'],
    ['payment', false, 'payment'],
    ['payment', true, 'payment_returned'],
    ['opening', false, 'adjustment'],
    ['payment_application', true, 'adjustment'],
  ] as const)('%s reversal=%s → %s', (source, rev, type) => expect(lineType(source, rev)).toBe(type));
});

describe('agingTotals: the A/R aging buckets', () => {
  const asOf = '2026-06-30';
  it.each([
    // due date → bucket (days past due on 2026-06-30)
    { due: '2026-06-30', bucket: 'current' },
    { due: '2026-07-15', bucket: 'current' },
    { due: null, bucket: 'current' },
    { due: '2026-06-29', bucket: 'days_1_30' },
    { due: '2026-05-31', bucket: 'days_1_30' },
    { due: '2026-05-30', bucket: 'days_31_60' },
    { due: '2026-05-01', bucket: 'days_31_60' },
    { due: '2026-04-30', bucket: 'days_61_90' },
    { due: '2026-04-01', bucket: 'days_61_90' },
    { due: '2026-03-31', bucket: 'days_over_90' },
    { due: '2025-01-01', bucket: 'days_over_90' },
  ])('due $due → $bucket', ({ due, bucket }) => {
    const r = agingTotals([{ due_date: due, open_cents: 12345 }], asOf);
    expect(r[bucket as keyof typeof r]).toBe(12345);
    expect(r.total).toBe(12345);
  });

  it('sums several invoices per bucket and in total', () => {
    const r = agingTotals([
      { due_date: '2026-07-01', open_cents: 25000 },
      { due_date: '2026-06-15', open_cents: 25000 },
      { due_date: '2026-06-01', open_cents: 5001 },
      { due_date: '2026-05-15', open_cents: 2500 },
      { due_date: '2026-01-15', open_cents: 1 },
    ], asOf);
    expect(r).toEqual({ current: 25000, days_1_30: 30001, days_31_60: 2500, days_61_90: 0, days_over_90: 1, total: 57502 });
  });

  it('is all zero without open invoices', () => {
    expect(agingTotals([], asOf)).toEqual({ current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0, total: 0 });
  });
});

describe('nextDue', () => {
  const today = '2026-06-15';
  it.each([
    { docs: [], past: 0, next: null },
    { docs: [['2026-07-01', 25000]], past: 0, next: { date: '2026-07-01', cents: 25000 } },
    { docs: [['2026-06-15', 100]], past: 0, next: { date: '2026-06-15', cents: 100 } },
    { docs: [['2026-06-14', 100]], past: 100, next: null },
    { docs: [['2026-08-01', 1], ['2026-07-01', 2], ['2026-07-01', 3], ['2026-05-01', 4]], past: 4, next: { date: '2026-07-01', cents: 5 } },
    { docs: [[null, 700]], past: 0, next: { date: '2026-06-15', cents: 700 } },
    { docs: [['2026-07-01', 0]], past: 0, next: null },
  ] as Array<{ docs: Array<[string | null, number]>; past: number; next: { date: string; cents: number } | null }>)('$docs', ({ docs, past, next }) => {
    const r = nextDue(docs.map(([due_date, open_cents]) => ({ due_date, open_cents })), today);
    expect(r.pastDueCents).toBe(past);
    expect(r.next).toEqual(next);
  });
});
