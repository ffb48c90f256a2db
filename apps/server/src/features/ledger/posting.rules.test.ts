import { describe, expect, it } from 'vitest';
import {
  applicationPosting, billPaymentPosting, billPosting, compact, invoicePosting, isBalanced, paymentPosting, reversed, samePosting, type SystemAccounts,
} from './posting.rules.ts';

const acc: SystemAccounts = {
  cash: 'cash', accounts_receivable: 'ar', owner_prepayments: 'prepay', accounts_payable: 'ap', sales_tax_payable: 'tax',
  fund_balance: 'fund', assessment_income: 'dues', late_fee_income: 'late', tax_expense: 'taxexp',
};
const sum = (lines: Array<{ debit: number; credit: number }>, side: 'debit' | 'credit') => lines.reduce((s, l) => s + l[side], 0);

describe('invoicePosting', () => {
  it.each([
    { lines: [{ account_id: 'dues', cents: 25000 }], tax: 0, ar: 25000 },
    { lines: [{ account_id: 'dues', cents: 25000 }, { account_id: 'late', cents: 2500 }], tax: 0, ar: 27500 },
    { lines: [{ account_id: null, cents: 10000 }], tax: 888, ar: 10888 },
    { lines: [{ account_id: 'dues', cents: 100 }, { account_id: 'dues', cents: 200 }], tax: 30, ar: 330 },
    { lines: [], tax: 0, ar: 0 },
  ])('%j', ({ lines, tax, ar }) => {
    const p = invoicePosting({ id: 'inv1', owner_id: 'o1', lines, taxCents: tax }, acc);
    expect(isBalanced(p)).toBe(true);
    expect(p.find((l) => l.account_id === 'ar')?.debit ?? 0).toBe(ar);
    expect(p.find((l) => l.account_id === 'tax')?.credit ?? 0).toBe(tax);
    expect(sum(p, 'debit')).toBe(ar);
    for (const l of p) expect(l).toMatchObject({ owner_id: 'o1', document_type: 'invoice', document_id: 'inv1' });
  });
  it('merges lines of one account and falls back to Assessment Income', () => {
    const p = invoicePosting({ id: 'i', owner_id: 'o', lines: [{ account_id: null, cents: 100 }, { account_id: 'dues', cents: 50 }], taxCents: 0 }, acc);
    expect(p.filter((l) => l.account_id === 'dues')).toHaveLength(1);
    expect(p.find((l) => l.account_id === 'dues')!.credit).toBe(150);
  });
});

describe('payments and applications', () => {
  it('payment: Dr cash / Cr prepayments', () => {
    const p = paymentPosting({ id: 'p', owner_id: 'o', cents: 12345 }, acc);
    expect(p.map((l) => [l.account_id, l.debit, l.credit])).toEqual([['cash', 12345, 0], ['prepay', 0, 12345]]);
  });
  it('application: Dr prepayments (payment) / Cr A/R (invoice)', () => {
    const p = applicationPosting({ payment_id: 'p', invoice_id: 'i', owner_id: 'o', cents: 500 }, acc);
    expect(p).toEqual([
      { account_id: 'prepay', debit: 500, credit: 0, owner_id: 'o', document_type: 'payment', document_id: 'p' },
      { account_id: 'ar', debit: 0, credit: 500, owner_id: 'o', document_type: 'invoice', document_id: 'i' },
    ]);
  });
  it('a zero payment posts nothing', () => expect(paymentPosting({ id: 'p', owner_id: 'o', cents: 0 }, acc)).toEqual([]));
});

describe('bills', () => {
  it('Dr expenses and tax / Cr A/P total', () => {
    const p = billPosting({ id: 'b', vendor_id: 'v', lines: [{ account_id: 'land', cents: 40000 }, { account_id: null, cents: 5000 }], taxCents: 1200 }, acc, 'misc');
    expect(isBalanced(p)).toBe(true);
    expect(p.find((l) => l.account_id === 'ap')!.credit).toBe(46200);
    expect(p.find((l) => l.account_id === 'misc')!.debit).toBe(5000);
    expect(p.find((l) => l.account_id === 'taxexp')!.debit).toBe(1200);
  });
  it('bill payment: Dr A/P / Cr cash', () => {
    expect(billPaymentPosting({ bill_id: 'b', vendor_id: 'v', cents: 700 }, acc).map((l) => [l.account_id, l.debit, l.credit])).toEqual([['ap', 700, 0], ['cash', 0, 700]]);
  });
});

describe('compact, reversed, samePosting', () => {
  it('nets lines of the same key and drops zeros', () => {
    expect(compact([{ account_id: 'a', debit: 100, credit: 0 }, { account_id: 'a', debit: 0, credit: 30 }, { account_id: 'b', debit: 0, credit: 0 }])).toEqual([{ account_id: 'a', debit: 70, credit: 0 }]);
    expect(compact([{ account_id: 'a', debit: 10, credit: 0 }, { account_id: 'a', debit: 0, credit: 10 }])).toEqual([]);
  });
  it('a posting and its reversal net to nothing', () => {
    const p = invoicePosting({ id: 'i', owner_id: 'o', lines: [{ account_id: 'dues', cents: 999 }], taxCents: 80 }, acc);
    expect(compact([...p, ...reversed(p)])).toEqual([]);
    expect(isBalanced(reversed(p))).toBe(true);
  });
  it('order does not matter for sameness; amounts do', () => {
    const p = invoicePosting({ id: 'i', owner_id: 'o', lines: [{ account_id: 'dues', cents: 100 }, { account_id: 'late', cents: 5 }], taxCents: 0 }, acc);
    expect(samePosting(p, [...p].reverse())).toBe(true);
    expect(samePosting(p, invoicePosting({ id: 'i', owner_id: 'o', lines: [{ account_id: 'dues', cents: 101 }, { account_id: 'late', cents: 5 }], taxCents: 0 }, acc))).toBe(false);
  });
});
