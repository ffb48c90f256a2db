import { describe, expect, it } from 'vitest';
import { compact, type PostingLine, type SystemAccounts, type SystemFunds } from '../ledger/posting.rules.ts';
import { allocate } from '@covenant/contracts/documents';
import { applicationDate, applicationOrder, assertApplication, bounceEntries, chargeKind, planBounce, type InvoiceForApplication, type OpenCharge, type PaymentForApplication } from './payment.rules.ts';

const acc: SystemAccounts = {
  cash: 'cash', accounts_receivable: 'ar', owner_prepayments: 'prepay', accounts_payable: 'ap', sales_tax_payable: 'tax',
  fund_balance: 'fund', assessment_income: 'dues', late_fee_income: 'late', tax_expense: 'taxexp',
  reserve_cash: 'rcash', due_from_funds: 'duefrom', due_to_funds: 'dueto', interfund_transfers: 'transfers', opening_balances: 'opening',
};
const funds: SystemFunds = { operating: 'OP', reserve: 'RES' };

describe('applicationDate: the later of payment and invoice dates, never before the day it is made', () => {
  it.each([
    // payment, invoice, made on → posted
    ['2026-03-10', '2026-03-01', undefined, '2026-03-10'],
    ['2026-03-01', '2026-03-10', undefined, '2026-03-10'], // a backdated payment (prepaid) applied to a later invoice
    ['2026-03-05', '2026-03-05', undefined, '2026-03-05'],
    ['2025-12-31', '2026-01-01', undefined, '2026-01-01'],
    ['2026-01-15', '2026-02-01', '2026-11-23', '2026-11-23'], // an old credit applied today posts today
    ['2026-01-15', '2026-02-01', '2026-01-20', '2026-02-01'],
    ['2026-12-01', '2026-02-01', '2026-11-23', '2026-12-01'], // a future-dated payment
  ])('payment %s, invoice %s, made %s → %s', (payment, invoice, madeOn, expected) => {
    expect(applicationDate(payment, invoice, madeOn)).toBe(expected);
  });
});

describe('assertApplication', () => {
  const payment: PaymentForApplication = { owner_id: 'o1', payment_date: '2026-03-10', status: 'cleared', availableCents: 10000 };
  const invoice: InvoiceForApplication = { owner_id: 'o1', invoice_number: 'INV-1', invoice_date: '2026-03-01', phase: 'issued', balanceCents: 25000 };
  it('accepts up to the lesser of what is left and the balance', () => {
    expect(() => assertApplication(payment, invoice, 10000, '2026-03-10')).not.toThrow();
    expect(() => assertApplication(payment, { ...invoice, balanceCents: 1 }, 1, '2026-03-10')).not.toThrow();
  });
  it.each([
    [{}, {}, 10001, '2026-03-10', /Only 100.00 of this payment is left/],
    [{}, { balanceCents: 5000 }, 5001, '2026-03-10', /invoice balance is 50.00/],
    [{}, {}, 0, '2026-03-10', /greater than 0/],
    [{}, {}, -5, '2026-03-10', /greater than 0/],
    [{}, { owner_id: 'o2' }, 100, '2026-03-10', /different owners/],
    [{}, { phase: 'draft' }, 100, '2026-03-10', /is a draft/],
    [{}, { phase: 'cancelled' }, 100, '2026-03-10', /is cancelled/],
    [{ status: 'bounced' }, {}, 100, '2026-03-10', /bounced payment cannot be applied/],
    [{}, {}, 100, '2026-03-09', /before its payment/],
    [{ payment_date: '2026-02-01' }, {}, 100, '2026-02-15', /before its invoice/],
  ] as const)('refuses payment %j, invoice %j, %i cents on %s', (p, i, cents, date, message) => {
    expect(() => assertApplication({ ...payment, ...p }, { ...invoice, ...i }, cents, date)).toThrow(message);
  });
});

describe('bounces', () => {
  const links = [
    { id: 'a1', invoice_id: 'i1', cents: 6000, applied_date: '2026-03-10' },
    { id: 'a2', invoice_id: 'i2', cents: 4000, applied_date: '2026-04-01' },
  ];
  it('plans each reversal on the bounce date, or on the application date when that is later', () => {
    expect(planBounce({ payment_date: '2026-03-10', status: 'cleared' }, links, '2026-03-20')).toEqual({
      applications: [{ id: 'a1', invoice_id: 'i1', on: '2026-03-20' }, { id: 'a2', invoice_id: 'i2', on: '2026-04-01' }],
      paymentOn: '2026-03-20',
    });
    expect(planBounce({ payment_date: '2026-03-10', status: 'pending' }, [], '2026-03-10')).toEqual({ applications: [], paymentOn: '2026-03-10' });
  });
  it('refuses a bounce before the payment, or of a bounced payment', () => {
    expect(() => planBounce({ payment_date: '2026-03-10', status: 'cleared' }, links, '2026-03-09')).toThrow(/before the payment/);
    expect(() => planBounce({ payment_date: '2026-03-10', status: 'bounced' }, links, '2026-03-20')).toThrow(/already bounced/);
  });

  /** Net cents per account of the lines dated on or before `asOf`. */
  const netAsOf = (entries: Array<{ date: string; lines: PostingLine[] }>, asOf: string) => {
    const out: Record<string, number> = {};
    for (const e of entries) if (e.date <= asOf) for (const l of compact(e.lines)) out[l.account_id] = (out[l.account_id] ?? 0) + l.debit - l.credit;
    return out;
  };

  it.each([
    // payment cents, bounce date → what the bounce's entries do on each date
    { cents: 10000, bounce: '2026-03-20' },
    { cents: 12345, bounce: '2026-05-01' },
  ])('the entries undo the receipt and the applications: cash and A/R back, credit gone ($cents on $bounce)', ({ cents, bounce }) => {
    const payment = { id: 'p', owner_id: 'o1', cents, cash_account_id: 'cash', fund_id: funds.operating };
    const plan = planBounce({ payment_date: '2026-03-10', status: 'cleared' }, links, bounce);
    const entries = bounceEntries(payment, links, plan, acc);
    const line = (account_id: string, debit: number, credit: number) => ({ account_id, fund_id: 'OP', debit, credit });
    const originals = [
      { date: '2026-03-10', lines: [line('cash', cents, 0), line('prepay', 0, cents)] },
      { date: '2026-03-10', lines: [line('prepay', 6000, 0), line('ar', 0, 6000)] },
      { date: '2026-04-01', lines: [line('prepay', 4000, 0), line('ar', 0, 4000)] },
    ];
    for (const e of entries) expect(e.lines.reduce((s, l) => s + l.debit - l.credit, 0)).toBe(0);
    // Before the bounce the receipt stands; after every reversal nothing of it is left.
    expect(netAsOf([...originals, ...entries], '2026-03-15')).toMatchObject({ cash: cents, ar: -6000, prepay: -(cents - 6000) });
    const after = netAsOf([...originals, ...entries], '2026-12-31');
    expect(after.cash ?? 0).toBe(0);
    expect(after.ar ?? 0).toBe(0);
    expect(after.prepay ?? 0).toBe(0);
    expect(entries.map((e) => e.date)).toEqual([plan.applications[0]!.on, plan.applications[1]!.on, bounce]);
  });
});

describe('applicationOrder: which open charge a payment pays first', () => {
  const charges: OpenCharge[] = [
    { id: 'dues-mar', kind: 'assessment', due_date: '2026-03-16', invoice_date: '2026-03-01', invoice_number: 'INV-3' },
    { id: 'fee-feb', kind: 'late_fee', due_date: '2026-03-20', invoice_date: '2026-03-05', invoice_number: 'INV-5' },
    { id: 'dues-feb', kind: 'assessment', due_date: '2026-02-16', invoice_date: '2026-02-01', invoice_number: 'INV-2' },
    { id: 'int-feb', kind: 'interest', due_date: '2026-03-20', invoice_date: '2026-03-05', invoice_number: 'INV-6' },
    { id: 'repair', kind: 'other', due_date: '2026-01-31', invoice_date: '2026-01-15', invoice_number: 'INV-1' },
    { id: 'dues-feb-b', kind: 'assessment', due_date: '2026-02-16', invoice_date: '2026-02-01', invoice_number: 'INV-2b' },
  ];
  it.each([
    ['oldest_first', ['repair', 'dues-feb', 'dues-feb-b', 'dues-mar', 'fee-feb', 'int-feb']],
    ['assessments_first', ['dues-feb', 'dues-feb-b', 'dues-mar', 'repair', 'fee-feb', 'int-feb']],
    ['fees_first', ['int-feb', 'fee-feb', 'repair', 'dues-feb', 'dues-feb-b', 'dues-mar']],
  ] as const)('%s', (order, expected) => {
    expect(applicationOrder(charges, order).map((c) => c.id)).toEqual(expected);
  });
  it('a charge without a due date counts from its invoice date', () => {
    const two: OpenCharge[] = [
      { id: 'a', kind: 'other', due_date: null, invoice_date: '2026-05-01', invoice_number: 'X-2' },
      { id: 'b', kind: 'other', due_date: '2026-04-30', invoice_date: '2026-04-01', invoice_number: 'X-1' },
    ];
    expect(applicationOrder(two, 'oldest_first').map((c) => c.id)).toEqual(['b', 'a']);
  });
  it('with the allocation: a $300 payment under fees_first pays interest and fee in full, then the oldest dues', () => {
    const balances: Record<string, number> = { 'dues-mar': 25000, 'fee-feb': 2500, 'dues-feb': 25000, 'int-feb': 375, repair: 10000, 'dues-feb-b': 100 };
    const ordered = applicationOrder(charges, 'fees_first').map((c) => ({ id: c.id, balanceCents: balances[c.id]! }));
    expect(allocate(30000, ordered)).toEqual({
      applications: [{ id: 'int-feb', cents: 375 }, { id: 'fee-feb', cents: 2500 }, { id: 'repair', cents: 10000 }, { id: 'dues-feb', cents: 17125 }],
      remainderCents: 0,
    });
  });
  it('does not change the input', () => {
    const copy = [...charges];
    applicationOrder(charges, 'fees_first');
    expect(charges).toEqual(copy);
  });
});

describe('chargeKind: from the run that billed it, else the lines\' accounts, else other', () => {
  const accounts = { late_fee_income: 'late', assessment_income: 'dues' };
  it.each([
    // run kinds, line accounts → kind
    [[], [], 'other'], // no run and no lines: never an assessment
    [[], ['other-income'], 'other'], // a charge to Other Income no run billed
    [[], ['other-income', 'pool'], 'other'],
    [[], ['dues'], 'assessment'],
    [[], ['late'], 'late_fee'],
    [[], ['dues', 'late'], 'late_fee'], // a late fee line wins over a dues line
    [['assessment'], ['other-income'], 'assessment'], // the run decides, whatever the account
    [['late_fee'], ['dues'], 'late_fee'],
    [['interest'], ['late'], 'interest'],
    [['late_fee', 'interest'], [], 'interest'],
    [['assessment', 'late_fee'], [], 'late_fee'],
  ] as const)('runs %j, lines %j → %s', (runKinds, lineAccountIds, expected) => {
    expect(chargeKind({ runKinds, lineAccountIds }, accounts)).toBe(expected);
  });

  it('under assessments_first, an Other Income charge dated before the assessment is paid after it', () => {
    const charges: OpenCharge[] = [
      { id: 'other', kind: chargeKind({ runKinds: [], lineAccountIds: ['other-income'] }, accounts), due_date: '2026-01-05', invoice_date: '2026-01-01', invoice_number: 'INV-1' },
      { id: 'dues', kind: chargeKind({ runKinds: ['assessment'], lineAccountIds: ['dues'] }, accounts), due_date: '2026-02-15', invoice_date: '2026-02-01', invoice_number: 'INV-2' },
    ];
    expect(applicationOrder(charges, 'assessments_first').map((c) => c.id)).toEqual(['dues', 'other']);
  });
});
