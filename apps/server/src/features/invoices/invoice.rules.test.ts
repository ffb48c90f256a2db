import { describe, expect, it } from 'vitest';
import { isBalanced, type SystemAccounts, type SystemFunds } from '../ledger/posting.rules.ts';
import { assertInvoiceChange, cancellationDate, computeInvoice, defaultDueDate, peakApplied, phaseForCreate, phaseOf, type InvoiceState } from './invoice.rules.ts';

const acc: SystemAccounts = {
  cash: 'cash', accounts_receivable: 'ar', owner_prepayments: 'prepay', accounts_payable: 'ap', sales_tax_payable: 'tax',
  fund_balance: 'fund', assessment_income: 'dues', late_fee_income: 'late', tax_expense: 'taxexp',
  reserve_cash: 'rcash', due_from_funds: 'duefrom', due_to_funds: 'dueto', interfund_transfers: 'transfers', opening_balances: 'opening',
};
const funds: SystemFunds = { operating: 'OP', reserve: 'RES' };

const state = (over: Partial<InvoiceState> = {}): InvoiceState => ({
  id: 'inv', invoice_number: 'INV-100001-20260301-001', invoice_date: '2026-03-01', owner_id: 'o1', property_id: 'p1', phase: 'issued', tax_rate: null,
  lines: [{ quantity: 1, unit_price: '250.00', account_id: 'dues', fund_id: 'OP' }], paidCents: 0, ...over,
});
const ar = (p: ReturnType<typeof computeInvoice>['posting']) => p?.find((l) => l.account_id === 'ar')?.debit ?? 0;

describe('computeInvoice: totals, balance and status', () => {
  it.each([
    // lines, tax rate, paid → subtotal, tax, total, balance, status
    { lines: [['1', '250.00']], rate: null, paid: 0, sub: 25000, tax: 0, total: 25000, balance: 25000, status: 'sent' },
    { lines: [['1', '250.00']], rate: null, paid: 10000, sub: 25000, tax: 0, total: 25000, balance: 15000, status: 'partial' },
    { lines: [['1', '250.00']], rate: null, paid: 25000, sub: 25000, tax: 0, total: 25000, balance: 0, status: 'paid' },
    { lines: [['2', '150.50']], rate: '7.25', paid: 0, sub: 30100, tax: 2182, total: 32282, balance: 32282, status: 'sent' },
    { lines: [['1', '0.05']], rate: '10', paid: 0, sub: 5, tax: 1, total: 6, balance: 6, status: 'sent' },
    { lines: [['1', '0.04']], rate: '10', paid: 0, sub: 4, tax: 0, total: 4, balance: 4, status: 'sent' },
    { lines: [['3', '33.333'], ['1', '0.01']], rate: '8.875', paid: 0, sub: 10000, tax: 888, total: 10888, balance: 10888, status: 'sent' },
    { lines: [['0.5', '99.99']], rate: null, paid: 5000, sub: 5000, tax: 0, total: 5000, balance: 0, status: 'paid' },
    { lines: [['1.25', '80.00'], ['2', '12.34']], rate: '5.5', paid: 1, sub: 12468, tax: 686, total: 13154, balance: 13153, status: 'partial' },
    { lines: [], rate: '7', paid: 0, sub: 0, tax: 0, total: 0, balance: 0, status: 'sent' },
  ])('$lines at $rate% with $paid paid', ({ lines, rate, paid, sub, tax, total, balance, status }) => {
    const c = computeInvoice(state({ tax_rate: rate, paidCents: paid, lines: lines.map(([q, p]) => ({ quantity: q!, unit_price: p!, account_id: 'dues', fund_id: 'OP' })) }), acc, funds);
    expect({ sub: c.subtotalCents, tax: c.taxCents, total: c.totalCents, balance: c.balanceCents, status: c.status, paid: c.amountPaidCents }).toEqual({ sub, tax, total, balance, status, paid });
    if (total > 0) {
      expect(isBalanced(c.posting!)).toBe(true);
      expect(ar(c.posting)).toBe(total);
      expect(c.posting!.find((l) => l.account_id === 'tax')?.credit ?? 0).toBe(tax);
    } else {
      expect(c.posting).toEqual([]);
    }
  });

  it('a draft posts nothing and its balance is its total', () => {
    const c = computeInvoice(state({ phase: 'draft', tax_rate: '5' }), acc, funds);
    expect(c).toMatchObject({ status: 'draft', totalCents: 26250, balanceCents: 26250, amountPaidCents: 0, posting: null });
  });

  it('a cancelled invoice posts nothing and owes nothing', () => {
    expect(computeInvoice(state({ phase: 'cancelled' }), acc, funds)).toMatchObject({ status: 'cancelled', balanceCents: 0, amountPaidCents: 0, posting: null });
  });

  it('refuses a total below what is paid, and payments on a draft', () => {
    expect(() => computeInvoice(state({ paidCents: 25001 }), acc, funds)).toThrow(/cannot be less than the 250.01 already paid/);
    expect(() => computeInvoice(state({ phase: 'draft', paidCents: 1 }), acc, funds)).toThrow(/draft invoice cannot carry payments/);
  });

  it('posts each line to the account it was issued with; tax is never revenue', () => {
    const c = computeInvoice(state({ tax_rate: '10', lines: [{ quantity: 1, unit_price: 100, account_id: 'dues', fund_id: 'OP' }, { quantity: 1, unit_price: 25, account_id: 'late', fund_id: 'OP' }, { quantity: 1, unit_price: 5, account_id: null, fund_id: 'OP' }] }), acc, funds);
    const credit = (a: string) => c.posting!.find((l) => l.account_id === a)?.credit ?? 0;
    expect([credit('dues'), credit('late'), credit('tax')]).toEqual([10500, 2500, 1300]);
    expect(ar(c.posting)).toBe(14300);
    for (const l of c.posting!) expect(l).toMatchObject({ owner_id: 'o1', property_id: 'p1', document_type: 'invoice', document_id: 'inv' });
  });

  it('the stored rate decides the tax, whatever the tax rate record says later', () => {
    const issuedAt725 = computeInvoice(state({ tax_rate: '7.25' }), acc, funds);
    const sameDocAfterRecordEdit = computeInvoice(state({ tax_rate: '7.25' }), acc, funds);
    expect(sameDocAfterRecordEdit.posting).toEqual(issuedAt725.posting);
    expect(issuedAt725.taxCents).toBe(1813);
  });
});

describe('invoice phases, defaults and dates', () => {
  it.each([
    ['draft', 'draft'], ['sent', 'issued'], ['paid', 'issued'], ['partial', 'issued'], ['overdue', 'issued'], ['cancelled', 'cancelled'],
  ])('status %s is phase %s', (status, phase) => expect(phaseOf(status)).toBe(phase));

  it.each([[undefined, 'draft'], ['draft', 'draft'], ['sent', 'issued'], ['paid', 'issued'], ['overdue', 'issued']])('create with %s → %s', (status, phase) => {
    expect(phaseForCreate(status)).toBe(phase);
  });
  it('cannot be created cancelled', () => expect(() => phaseForCreate('cancelled')).toThrow(/cannot be created cancelled/));

  it.each([
    ['2026-03-01', '2026-03-16'], ['2026-02-20', '2026-03-07'], ['2024-02-20', '2024-03-06'], ['2026-12-25', '2027-01-09'],
  ])('due date of %s is %s (15 days)', (d, due) => expect(defaultDueDate(d)).toBe(due));

  it.each([
    // requested, invoice date → posted on
    ['2026-05-01', '2026-03-01', '2026-05-01'],
    ['2026-03-01', '2026-03-01', '2026-03-01'],
    ['2026-02-01', '2026-03-01', '2026-03-01'],
    ['2025-12-31', '2026-01-01', '2026-01-01'],
  ])('cancelling on %s an invoice of %s posts on %s', (on, date, posted) => expect(cancellationDate(on, date)).toBe(posted));
});

describe('assertInvoiceChange', () => {
  const issued = { phase: 'issued' as const, invoice_number: 'INV-1', invoice_date: '2026-03-01', owner_id: 'o1' };
  it('allows notes, due date, lines on an issued invoice without payments; date and owner too', () => {
    expect(() => assertInvoiceChange(issued, { invoice_date: '2026-03-02', owner_id: 'o2' }, false)).not.toThrow();
    expect(() => assertInvoiceChange(issued, { invoice_number: 'INV-1' }, true)).not.toThrow();
  });
  it.each([
    [{ invoice_number: 'INV-2' }, false, /number cannot be changed/],
    [{ status: 'draft' }, false, /cannot go back to draft/],
    [{ owner_id: 'o2' }, true, /cannot move to another owner/],
    [{ invoice_date: '2026-02-01' }, true, /cannot change its date/],
  ] as const)('refuses %j (payment history %s)', (change, history, message) => {
    expect(() => assertInvoiceChange(issued, change, history)).toThrow(message);
  });
  it('refuses any change to a cancelled invoice', () => {
    expect(() => assertInvoiceChange({ ...issued, phase: 'cancelled' }, { invoice_date: '2026-03-01' }, false)).toThrow(/cancelled invoice cannot be edited/);
  });
});

describe('peakApplied: the most applied at one time', () => {
  const link = (cents: number, applied_date: string, reversed_date: string | null = null) => ({ cents, applied_date, reversed_date });
  it.each([
    [[], 0],
    [[link(100, '2026-03-01')], 100],
    [[link(100, '2026-03-01'), link(50, '2026-03-05')], 150],
    [[link(100, '2026-03-01', '2026-03-10'), link(80, '2026-03-10')], 100], // the second starts the day the first ends
    [[link(100, '2026-03-01', '2026-03-10'), link(80, '2026-03-09')], 180],
    [[link(30, '2026-03-01', '2026-03-02'), link(30, '2026-03-03', '2026-03-04'), link(30, '2026-03-05')], 30],
    [[link(70, '2026-04-01', '2026-04-01'), link(20, '2026-04-01')], 20], // applied and reversed on one day: never in force
  ] as const)('%j → %i', (links, peak) => expect(peakApplied(links)).toBe(peak));

  it('an issued total below the peak is refused even when nothing is paid now (a bounce reopened it)', () => {
    expect(() => computeInvoice(state({ paidCents: 0, peakAppliedCents: 20000, lines: [{ quantity: 1, unit_price: 150, account_id: 'dues', fund_id: 'OP' }] }), acc, funds)).toThrow(/200.00 that payments applied to it at one time/);
    expect(computeInvoice(state({ paidCents: 0, peakAppliedCents: 20000 }), acc, funds).balanceCents).toBe(25000);
  });
});
