import { describe, expect, it } from 'vitest';
import { isBalanced, type SystemAccounts, type SystemFunds } from '../ledger/posting.rules.ts';
import { assertBillChange, assertBillPayment, billCancellationDate, billPhaseForCreate, billPhaseOf, computeBill, defaultBillDueDate, type BillState } from './bill.rules.ts';

const acc: SystemAccounts = {
  cash: 'cash', accounts_receivable: 'ar', owner_prepayments: 'prepay', accounts_payable: 'ap', sales_tax_payable: 'tax',
  fund_balance: 'fund', assessment_income: 'dues', late_fee_income: 'late', tax_expense: 'taxexp',
  reserve_cash: 'rcash', due_from_funds: 'duefrom', due_to_funds: 'dueto', interfund_transfers: 'transfers', opening_balances: 'opening',
};
const funds: SystemFunds = { operating: 'OP', reserve: 'RES' };
const bill = (over: Partial<BillState> = {}): BillState => ({
  id: 'b', vendor_id: 'v', phase: 'recorded', tax_amount: '0', lines: [{ quantity: 2, unit_price: '80.00', account_id: 'land', fund_id: 'OP' }], paidCents: 0, ...over,
});

describe('computeBill', () => {
  it.each([
    { tax: '0', paid: 0, total: 16000, balance: 16000, status: 'pending' },
    { tax: '12.40', paid: 0, total: 17240, balance: 17240, status: 'pending' },
    { tax: '0', paid: 6000, total: 16000, balance: 10000, status: 'partial' },
    { tax: '0', paid: 16000, total: 16000, balance: 0, status: 'paid' },
    { tax: '0.01', paid: 16000, total: 16001, balance: 1, status: 'partial' },
  ])('tax $tax, paid $paid → $status, balance $balance', ({ tax, paid, total, balance, status }) => {
    const c = computeBill(bill({ tax_amount: tax, paidCents: paid }), acc, funds);
    expect({ total: c.totalCents, balance: c.balanceCents, status: c.status }).toEqual({ total, balance, status });
    expect(isBalanced(c.posting!)).toBe(true);
    expect(c.posting!.find((l) => l.account_id === 'ap')!.credit).toBe(total);
  });
  it('drafts and cancelled bills post nothing; a total below what is paid is refused', () => {
    expect(computeBill(bill({ phase: 'draft' }), acc, funds)).toMatchObject({ status: 'draft', posting: null, balanceCents: 16000 });
    expect(computeBill(bill({ phase: 'cancelled' }), acc, funds)).toMatchObject({ status: 'cancelled', posting: null, balanceCents: 0 });
    expect(() => computeBill(bill({ paidCents: 16001 }), acc, funds)).toThrow(/cannot be less than the 160.01 already paid/);
  });
  it.each([['draft', 'draft'], ['pending', 'recorded'], ['paid', 'recorded'], ['overdue', 'recorded'], ['cancelled', 'cancelled']])('status %s is phase %s', (s, p) => expect(billPhaseOf(s)).toBe(p));
  it('phases at create, due dates and cancellation dates', () => {
    expect(billPhaseForCreate(undefined)).toBe('recorded');
    expect(billPhaseForCreate('draft')).toBe('draft');
    expect(() => billPhaseForCreate('cancelled')).toThrow(/cannot be created cancelled/);
    expect(defaultBillDueDate('2026-01-15')).toBe('2026-02-14');
    expect(billCancellationDate('2026-01-01', '2026-01-15')).toBe('2026-01-15');
    expect(billCancellationDate('2026-02-01', '2026-01-15')).toBe('2026-02-01');
  });
});

describe('bill changes and payments', () => {
  const recorded = { phase: 'recorded' as const, status: 'pending', bill_date: '2026-03-01', balanceCents: 16000 };
  it('a payment on or after the bill date, up to the balance', () => {
    expect(() => assertBillPayment(recorded, 16000, '2026-03-01')).not.toThrow();
    expect(() => assertBillPayment(recorded, 1, '2026-04-01')).not.toThrow();
  });
  it.each([
    [recorded, 16001, '2026-03-05', /balance is 160.00/],
    [recorded, 100, '2026-02-28', /cannot be dated before its bill \(2026-03-01\)/],
    [recorded, 0, '2026-03-05', /greater than 0/],
    [{ ...recorded, phase: 'draft' as const, status: 'draft' }, 100, '2026-03-05', /draft bill cannot be paid/],
    [{ ...recorded, phase: 'cancelled' as const, status: 'cancelled' }, 100, '2026-03-05', /cancelled bill cannot be paid/],
  ])('refuses %j %i on %s', (b, cents, date, message) => expect(() => assertBillPayment(b, cents, date)).toThrow(message));
  it.each([
    [{ status: 'draft' }, false, /cannot go back to draft/],
    [{ vendor_id: 'v2' }, true, /cannot move to another vendor/],
    [{ bill_date: '2026-03-02' }, true, /cannot change its date/],
  ] as const)('refuses %j (payments %s)', (change, paid, message) => {
    expect(() => assertBillChange({ phase: 'recorded', vendor_id: 'v', bill_date: '2026-03-01' }, change, paid)).toThrow(message);
  });
});
