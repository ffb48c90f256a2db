import { describe, expect, it } from 'vitest';
import { assertBillPayment } from './bill.rules.ts';

describe('a payment on a bill', () => {
  const recorded = { phase: 'issued' as const, status: 'pending', bill_date: '2026-03-01', balanceCents: 16000 };
  it('on or after the bill date, up to the balance', () => {
    expect(() => assertBillPayment(recorded, 16000, '2026-03-01')).not.toThrow();
    expect(() => assertBillPayment(recorded, 1, '2026-04-01')).not.toThrow();
    expect(() => assertBillPayment({ ...recorded, status: 'partial', balanceCents: 1 }, 1, '2026-03-02')).not.toThrow();
  });
  it.each([
    [recorded, 16001, '2026-03-05', /balance is 160.00/],
    [recorded, 100, '2026-02-28', /cannot be dated before its bill \(2026-03-01\)/],
    [recorded, 0, '2026-03-05', /greater than 0/],
    [recorded, -100, '2026-03-05', /greater than 0/],
    [recorded, 10.5, '2026-03-05', /greater than 0/],
    [{ ...recorded, phase: 'draft' as const, status: 'draft' }, 100, '2026-03-05', /draft bill cannot be paid/],
    [{ ...recorded, phase: 'cancelled' as const, status: 'cancelled' }, 100, '2026-03-05', /cancelled bill cannot be paid/],
  ])('refuses %j %d on %s', (b, cents, date, message) => expect(() => assertBillPayment(b, cents, date)).toThrow(message));
});
