import { describe, expect, it } from 'vitest';
import { billForm, payBillForm } from './bills-form.ts';
import { invoiceForm } from './invoices-form.ts';
import { recordPaymentForm } from './payments-form.ts';

const ID = 'a'.repeat(24);
const messages = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('Pay Bill: an amount above 0 and at most the balance due', () => {
  const form = payBillForm(448.14);
  const pay = (amount: string) => form.safeParse({ amount, payment_date: '2026-01-15', payment_method: 'check', reference_number: '', cash_account_id: '' });
  it.each([
    ['1000', 'Amount cannot exceed the balance due of $448.14'],
    ['448.15', 'Amount cannot exceed the balance due of $448.14'],
    ['0', 'Amount must be greater than 0'],
    ['', 'Amount is required'],
  ])('%j is refused: %s', (amount, expected) => expect(messages(pay(amount))).toEqual([expected]));
  it('the whole balance is accepted as a number, a blank account as none', () => {
    expect(pay('448.14').data).toMatchObject({ amount: 448.14, cash_account_id: null });
  });
});

describe('Create Bill: vendor, number and an expense account per line are required', () => {
  const bill = { vendor_id: '', bill_number: ' ', bill_date: '2026-01-15', due_date: '', tax_amount: '', payment_terms: '', notes: '' };
  it('a blank form says what is missing in words', () => {
    const lines = [{ description: '', quantity: '1', unit_price: '5', account_id: '', fund_id: '' }];
    expect(messages(billForm.safeParse({ ...bill, lines }))).toEqual(['Bill number is required', 'Vendor is required', 'Expense account is required']);
  });
  it('a bill needs at least one line; typed numbers parse', () => {
    expect(messages(billForm.safeParse({ ...bill, vendor_id: ID, bill_number: 'B-1', lines: [] }))).toEqual(['Add at least one line item']);
    const lines = [{ description: 'Mulch', quantity: '3', unit_price: '45.10', account_id: ID, fund_id: '' }];
    expect(billForm.parse({ ...bill, vendor_id: ID, bill_number: 'B-1', tax_amount: '12.34', lines })).toMatchObject({ tax_amount: 12.34, lines: [{ quantity: 3, unit_price: 45.1, fund_id: null }] });
  });
});

describe('invoice and payment forms', () => {
  it('an invoice needs an owner', () => {
    const result = invoiceForm.safeParse({ owner_id: '', invoice_date: '2026-01-15', due_date: '', tax_rate_id: '', notes: '', payment_terms: 'Net 15', lines: [] });
    expect(messages(result)).toEqual(['Owner is required']);
  });
  it('a payment carries the invoices it pays', () => {
    const body = recordPaymentForm.parse({ payment_date: '2026-01-15', payment_method: 'check', amount: '180', owner_id: ID, reference_number: '', notes: '', deposit_account_id: '', invoice_ids: [ID] });
    expect(body).toMatchObject({ amount: 180, invoice_ids: [ID], deposit_account_id: null });
  });
});
