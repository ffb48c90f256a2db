import { describe, expect, it } from 'vitest';
import { isBalanced, type PostingLine, type SystemAccounts, type SystemFunds } from '../ledger/posting.rules.ts';
import {
  assertDocumentChange, cancellationDate, computeDocument, defaultDueDate, issuingStatus, payable, peakApplied, phaseForCreate, phaseOf, receivable, settlement,
  type DocumentKind, type DocumentState,
} from './lifecycle.rules.ts';

/** Each system account's id is its key, each seeded fund's its code. */
const acc = Object.fromEntries([
  'cash', 'reserve_cash', 'accounts_receivable', 'due_from_funds', 'accounts_payable', 'owner_prepayments', 'sales_tax_payable', 'due_to_funds', 'fund_balance',
  'interfund_transfers', 'opening_balances', 'assessment_income', 'late_fee_income', 'tax_expense',
].map((key) => [key, key])) as unknown as SystemAccounts;
const funds: SystemFunds = { operating: 'OP', reserve: 'RES' };

const line = (quantity: number | string, unit_price: number | string, account_id: string | null = 'assessment_income', fund_id = 'OP') => ({ quantity, unit_price, account_id, fund_id });
const invoice = (over: Partial<DocumentState> = {}): DocumentState => ({ id: 'inv', party_id: 'o1', property_id: 'p1', phase: 'issued', tax: null, lines: [line(1, '250.00')], paidCents: 0, ...over });
const bill = (over: Partial<DocumentState> = {}): DocumentState => ({ id: 'b', party_id: 'v', phase: 'issued', tax: '0', lines: [line(2, '80.00', 'land')], paidCents: 0, ...over });
const sum = (posting: PostingLine[] | null, account: string, side: 'debit' | 'credit') => (posting ?? []).filter((l) => l.account_id === account).reduce((s, l) => s + l[side], 0);

describe('receivable totals: the rate stored on the invoice, tax rounded on the subtotal', () => {
  it.each([
    // lines [quantity, price], tax rate, paid → subtotal, tax, total, balance, status
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
    { lines: [['1', '100.00']], rate: '0', paid: 0, sub: 10000, tax: 0, total: 10000, balance: 10000, status: 'sent' },
    { lines: [['1', '100.00']], rate: '', paid: 0, sub: 10000, tax: 0, total: 10000, balance: 10000, status: 'sent' },
    { lines: [['1', '19.99']], rate: '6.5', paid: 0, sub: 1999, tax: 130, total: 2129, balance: 2129, status: 'sent' },
    { lines: [['1', '0.07']], rate: '7.1429', paid: 0, sub: 7, tax: 1, total: 8, balance: 8, status: 'sent' },
    { lines: [['1', '1000000.00']], rate: '8.25', paid: 0, sub: 100000000, tax: 8250000, total: 108250000, balance: 108250000, status: 'sent' },
    { lines: [['12', '325.50'], ['1', '25.00']], rate: null, paid: 390600, sub: 393100, tax: 0, total: 393100, balance: 2500, status: 'partial' },
    { lines: [['1', '99.995']], rate: null, paid: 0, sub: 10000, tax: 0, total: 10000, balance: 10000, status: 'sent' },
    { lines: [['0.333', '3.00']], rate: '100', paid: 0, sub: 100, tax: 100, total: 200, balance: 200, status: 'sent' },
    { lines: [['1', '0.15'], ['1', '0.15']], rate: '50', paid: 45, sub: 30, tax: 15, total: 45, balance: 0, status: 'paid' },
  ])('$lines at $rate% with $paid paid', ({ lines, rate, paid, sub, tax, total, balance, status }) => {
    const c = computeDocument(receivable, invoice({ tax: rate, paidCents: paid, lines: lines.map(([q, p]) => line(q!, p!)) }), acc, funds);
    expect({ sub: c.subtotalCents, tax: c.taxCents, total: c.totalCents, balance: c.balanceCents, status: c.status, paid: c.amountPaidCents }).toEqual({ sub, tax, total, balance, status, paid });
    expect(c.lineCents.reduce((s, x) => s + x, 0)).toBe(sub);
    if (total > 0) {
      expect(isBalanced(c.posting!)).toBe(true);
      expect(sum(c.posting, 'accounts_receivable', 'debit')).toBe(total);
      expect(sum(c.posting, 'sales_tax_payable', 'credit')).toBe(tax);
    } else {
      expect(c.posting).toEqual([]);
    }
  });

  it('posts each line to the account it was issued with; tax is never revenue', () => {
    const c = computeDocument(receivable, invoice({ tax: '10', lines: [line(1, 100), line(1, 25, 'late_fee_income'), line(1, 5, null)] }), acc, funds);
    expect([sum(c.posting, 'assessment_income', 'credit'), sum(c.posting, 'late_fee_income', 'credit'), sum(c.posting, 'sales_tax_payable', 'credit')]).toEqual([10500, 2500, 1300]);
    expect(sum(c.posting, 'accounts_receivable', 'debit')).toBe(14300);
    for (const l of c.posting!) expect(l).toMatchObject({ owner_id: 'o1', property_id: 'p1', document_type: 'invoice', document_id: 'inv' });
  });

  it('receivables by fund: a reserve line is owed to the reserve fund, tax to operating', () => {
    const c = computeDocument(receivable, invoice({ tax: '10', lines: [line(1, 100), line(1, 50, 'assessment_income', 'RES')] }), acc, funds);
    const ar = (fund: string) => c.posting!.filter((l) => l.account_id === 'accounts_receivable' && l.fund_id === fund).reduce((s, l) => s + l.debit, 0);
    expect([ar('OP'), ar('RES')]).toEqual([11500, 5000]);
    expect(isBalanced(c.posting!)).toBe(true);
  });

  it('the stored rate decides the tax, whatever the tax rate record says later (a snapshot)', () => {
    const issuedAt725 = computeDocument(receivable, invoice({ tax: '7.25' }), acc, funds);
    expect(issuedAt725.taxCents).toBe(1813);
    expect(computeDocument(receivable, invoice({ tax: '7.25' }), acc, funds).posting).toEqual(issuedAt725.posting);
    expect(computeDocument(receivable, invoice({ tax: '7.5' }), acc, funds).taxCents).toBe(1875);
  });
});

describe('payable totals: the tax amount entered on the bill', () => {
  it.each([
    { lines: [[2, '80.00']], tax: '0', paid: 0, total: 16000, balance: 16000, status: 'pending' },
    { lines: [[2, '80.00']], tax: '12.40', paid: 0, total: 17240, balance: 17240, status: 'pending' },
    { lines: [[2, '80.00']], tax: '0', paid: 6000, total: 16000, balance: 10000, status: 'partial' },
    { lines: [[2, '80.00']], tax: '0', paid: 16000, total: 16000, balance: 0, status: 'paid' },
    { lines: [[2, '80.00']], tax: '0.01', paid: 16000, total: 16001, balance: 1, status: 'partial' },
    { lines: [[2, '80.00']], tax: null, paid: 0, total: 16000, balance: 16000, status: 'pending' },
    { lines: [[1, '1234.56'], [3, '0.333']], tax: '98.77', paid: 0, total: 133432, balance: 133432, status: 'pending' }, // the price is cents first: 3 × 0.33
    { lines: [['0.5', '10.01']], tax: '0', paid: 0, total: 501, balance: 501, status: 'pending' },
    { lines: [[1, '500.00']], tax: '40', paid: 54000, total: 54000, balance: 0, status: 'paid' },
    { lines: [], tax: '5.00', paid: 0, total: 500, balance: 500, status: 'pending' },
  ])('$lines with tax $tax and $paid paid → $status, balance $balance', ({ lines, tax, paid, total, balance, status }) => {
    const c = computeDocument(payable, bill({ tax, paidCents: paid, lines: lines.map(([q, p]) => line(q!, p!, 'land')) }), acc, funds);
    expect({ total: c.totalCents, balance: c.balanceCents, status: c.status, paid: c.amountPaidCents }).toEqual({ total, balance, status, paid });
    expect(isBalanced(c.posting!)).toBe(true);
    expect(sum(c.posting, 'accounts_payable', 'credit')).toBe(total);
    expect(sum(c.posting, 'tax_expense', 'debit')).toBe(c.taxCents);
    for (const l of c.posting!) expect(l).toMatchObject({ vendor_id: 'v', document_type: 'bill', document_id: 'b' });
  });

  it('a line without an account posts to Taxes Paid (the rule\'s fallback); the bill\'s funds owe their share', () => {
    const c = computeDocument(payable, bill({ lines: [line(1, 100, null), line(1, 60, 'land', 'RES')] }), acc, funds);
    expect(sum(c.posting, 'tax_expense', 'debit')).toBe(10000);
    const ap = (fund: string) => c.posting!.filter((l) => l.account_id === 'accounts_payable' && l.fund_id === fund).reduce((s, l) => s + l.credit, 0);
    expect([ap('OP'), ap('RES')]).toEqual([10000, 6000]);
  });
});

describe.each([
  ['receivable', receivable, invoice, 'invoice', 'sent'],
  ['payable', payable, bill, 'bill', 'pending'],
] as const)('%s status rules', (_name, kind: DocumentKind, doc, noun, issued) => {
  it('a draft posts nothing and its balance is its total; it cannot carry payments', () => {
    const c = computeDocument(kind, doc({ phase: 'draft' }), acc, funds);
    expect(c).toMatchObject({ status: 'draft', amountPaidCents: 0, posting: null });
    expect(c.balanceCents).toBe(c.totalCents);
    expect(() => computeDocument(kind, doc({ phase: 'draft', paidCents: 1 }), acc, funds)).toThrow(new RegExp(`draft ${noun} cannot carry payments`));
  });

  it('settlement: paid, balance and status from the total and the amount paid, as computeDocument answers them', () => {
    const cases: Array<[number, number, string]> = [
      [25000, 0, issued], [25000, 1, 'partial'], [25000, 12345, 'partial'], [25000, 24999, 'partial'], [25000, 25000, 'paid'],
      [1, 1, 'paid'], [999999, 500000, 'partial'],
    ];
    for (const [total, paid, status] of cases) {
      expect(settlement(kind, total, paid), `${total}/${paid}`).toEqual({ amountPaidCents: paid, balanceCents: total - paid, status });
      if (total > 0) {
        const c = computeDocument(kind, doc({ lines: [line(1, (total / 100).toFixed(2), 'land')], tax: kind === receivable ? null : '0', paidCents: paid }), acc, funds);
        expect({ amountPaidCents: c.amountPaidCents, balanceCents: c.balanceCents, status: c.status }).toEqual(settlement(kind, c.totalCents, paid));
      }
    }
  });

  it('a cancelled document posts nothing and owes nothing, whatever was paid', () => {
    expect(computeDocument(kind, doc({ phase: 'cancelled', paidCents: 500 }), acc, funds)).toMatchObject({ status: 'cancelled', balanceCents: 0, amountPaidCents: 0, posting: null });
  });

  it.each([[0, issued], [1, 'partial'], [9999, 'partial']])('paid %i of a total above it → %s', (paid, status) => {
    const c = computeDocument(kind, doc({ paidCents: paid, lines: [line(1, 100, 'x')] }), acc, funds);
    expect(c.status).toBe(status);
    expect(c.balanceCents).toBe(c.totalCents - paid);
  });

  it('refuses an issued total below what is paid on it', () => {
    const total = computeDocument(kind, doc(), acc, funds).totalCents;
    expect(() => computeDocument(kind, doc({ paidCents: total + 1 }), acc, funds)).toThrow(new RegExp(`${noun} total cannot be less than the ${((total + 1) / 100).toFixed(2)} already paid`));
    expect(computeDocument(kind, doc({ paidCents: total }), acc, funds).status).toBe('paid');
  });

  it.each([
    ['draft', 'draft'], ['sent', 'issued'], ['pending', 'issued'], ['paid', 'issued'], ['partial', 'issued'], ['overdue', 'issued'], ['cancelled', 'cancelled'],
  ])('status %s is phase %s', (status, phase) => expect(phaseOf(status)).toBe(phase));

  it('cannot be created cancelled', () => expect(() => phaseForCreate(kind, 'cancelled')).toThrow(new RegExp(`^An? ${noun} cannot be created cancelled$`)));
});

describe('phases at create, issuing a draft, due dates', () => {
  it.each([
    [receivable, undefined, 'draft'], [receivable, 'draft', 'draft'], [receivable, 'sent', 'issued'], [receivable, 'paid', 'issued'], [receivable, 'overdue', 'issued'],
    [payable, undefined, 'issued'], [payable, 'draft', 'draft'], [payable, 'pending', 'issued'], [payable, 'paid', 'issued'],
  ] as const)('%# %s create with status %s → %s', (kind, status, phase) => expect(phaseForCreate(kind, status)).toBe(phase));

  it.each([
    [receivable, 'draft', 'sent', 'sent'], [receivable, 'draft', 'paid', 'sent'], [receivable, 'draft', 'overdue', 'sent'], [receivable, 'draft', 'draft', undefined],
    [receivable, 'draft', undefined, undefined], [receivable, 'issued', 'sent', undefined], [receivable, 'draft', 'pending', undefined],
    [payable, 'draft', 'pending', 'pending'], [payable, 'draft', 'partial', 'pending'], [payable, 'draft', 'sent', undefined], [payable, 'draft', 'draft', undefined],
    [payable, 'issued', 'pending', undefined], [payable, 'cancelled', 'pending', undefined],
  ] as const)('%# a %s with status %s asked becomes %s', (kind, phase, requested, status) => expect(issuingStatus(kind, phase, requested)).toBe(status));

  it.each([
    [receivable, '2026-03-01', '2026-03-16'], [receivable, '2026-02-20', '2026-03-07'], [receivable, '2024-02-20', '2024-03-06'], [receivable, '2026-12-25', '2027-01-09'],
    [payable, '2026-01-15', '2026-02-14'], [payable, '2024-02-01', '2024-03-02'], [payable, '2026-12-15', '2027-01-14'],
  ] as const)('%# due date of %s is %s', (kind, date, due) => expect(defaultDueDate(kind, date)).toBe(due));
});

describe('assertDocumentChange', () => {
  const issuedInvoice = { phase: 'issued' as const, number: 'INV-1', date: '2026-03-01', party_id: 'o1' };
  const recordedBill = { phase: 'issued' as const, number: 'B-1', date: '2026-03-01', party_id: 'v' };
  it('allows date and party on an issued document without payments, and an unchanged number', () => {
    expect(() => assertDocumentChange(receivable, issuedInvoice, { date: '2026-03-02', party_id: 'o2' }, false)).not.toThrow();
    expect(() => assertDocumentChange(receivable, issuedInvoice, { number: 'INV-1' }, true)).not.toThrow();
    expect(() => assertDocumentChange(payable, recordedBill, { number: 'B-2', date: '2026-03-02', party_id: 'v2' }, false)).not.toThrow();
    expect(() => assertDocumentChange(receivable, { ...issuedInvoice, phase: 'draft' }, { status: 'draft' }, false)).not.toThrow();
  });
  it.each([
    [receivable, { number: 'INV-2' }, false, /^The invoice number cannot be changed$/],
    [receivable, { status: 'draft' }, false, /^A sent invoice cannot go back to draft; cancel it instead$/],
    [receivable, { party_id: 'o2' }, true, /^An invoice with payments cannot move to another owner$/],
    [receivable, { date: '2026-02-01' }, true, /^An invoice with payments cannot change its date/],
    [payable, { status: 'draft' }, false, /^A recorded bill cannot go back to draft; cancel it instead$/],
    [payable, { party_id: 'v2' }, true, /^A bill with payments cannot move to another vendor$/],
    [payable, { date: '2026-03-02' }, true, /^A bill with payments cannot change its date/],
  ] as const)('%# refuses %j (payment history %s)', (kind, change, history, message) => {
    expect(() => assertDocumentChange(kind, kind === receivable ? issuedInvoice : recordedBill, change, history)).toThrow(message);
  });
  it('the codes say why', () => {
    const codeOf = (fn: () => void) => { try { fn(); } catch (err) { return (err as { code?: string }).code; } return null; };
    expect(codeOf(() => assertDocumentChange(receivable, issuedInvoice, { status: 'draft' }, false))).toBe('already_sent');
    expect(codeOf(() => assertDocumentChange(payable, recordedBill, { status: 'draft' }, false))).toBe('already_posted');
    expect(codeOf(() => assertDocumentChange(payable, recordedBill, { party_id: 'v2' }, true))).toBe('has_payments');
    expect(codeOf(() => assertDocumentChange(payable, { ...recordedBill, phase: 'cancelled' }, {}, false))).toBe('cancelled');
  });
  it('refuses any change to a cancelled document', () => {
    expect(() => assertDocumentChange(receivable, { ...issuedInvoice, phase: 'cancelled' }, { date: '2026-03-01' }, false)).toThrow(/cancelled invoice cannot be edited/);
    expect(() => assertDocumentChange(payable, { ...recordedBill, phase: 'cancelled' }, {}, false)).toThrow(/cancelled bill cannot be edited/);
  });
});

describe('cancellation and its replay: the date a cancellation posts on', () => {
  it.each([
    // requested, document date → posted on
    ['2026-05-01', '2026-03-01', '2026-05-01'],
    ['2026-03-01', '2026-03-01', '2026-03-01'],
    ['2026-02-01', '2026-03-01', '2026-03-01'],
    ['2025-12-31', '2026-01-01', '2026-01-01'],
    ['2024-02-29', '2024-02-28', '2024-02-29'],
    ['2027-01-01', '2026-12-31', '2027-01-01'],
  ])('cancelling on %s a document of %s posts on %s', (on, date, posted) => expect(cancellationDate(on, date)).toBe(posted));

  it('a replayed cancellation posts what the cancellation posted: the issued entry reversed, nothing owed after', () => {
    for (const [kind, doc] of [[receivable, invoice({ tax: '7.25', lines: [line(3, '41.67')] })], [payable, bill({ tax: '3.10' })]] as const) {
      const issued = computeDocument(kind, doc, acc, funds);
      const after = computeDocument(kind, { ...doc, phase: phaseOf('cancelled') }, acc, funds);
      expect(after).toMatchObject({ status: 'cancelled', balanceCents: 0, amountPaidCents: 0, posting: null, totalCents: issued.totalCents });
      const debits = issued.posting!.reduce((s, l) => s + l.debit, 0);
      expect(debits).toBe(issued.totalCents);
    }
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
    [[link(50, '2026-05-01'), link(50, '2026-04-01', '2026-05-01'), link(10, '2026-04-15')], 60], // one ends the day the other starts
    [[link(25000, '2026-01-01', '2026-02-01'), link(25000, '2026-02-01', '2026-03-01'), link(25000, '2026-03-01')], 25000],
  ] as const)('%j → %i', (links, peak) => expect(peakApplied(links)).toBe(peak));

  it('an issued total below the peak is refused even when nothing is paid now (a bounce reopened it)', () => {
    expect(() => computeDocument(receivable, invoice({ paidCents: 0, peakAppliedCents: 20000, lines: [line(1, 150)] }), acc, funds)).toThrow(/200.00 that payments applied to it at one time/);
    expect(computeDocument(receivable, invoice({ paidCents: 0, peakAppliedCents: 20000 }), acc, funds).balanceCents).toBe(25000);
  });
});
