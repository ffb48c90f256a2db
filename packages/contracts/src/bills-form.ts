import { z } from 'zod';
import { billInput, billLineInput, billPaymentInput } from './entities.ts';
import { recordId } from './fields.ts';
import { formatMoney, toCents } from './money.ts';

/** One line of the Create Bill form: an expense account is required on every line. */
export const billLineForm = billLineInput
  .pick({ description: true, quantity: true, unit_price: true, fund_id: true })
  .extend({ account_id: recordId('Expense account') });

/** The Create Bill form (the body of saveBill without its status): vendor, number and date required, at least one line. */
export const billForm = billInput
  .pick({ bill_number: true, bill_date: true, due_date: true, tax_amount: true, payment_terms: true, notes: true })
  .extend({
    vendor_id: recordId('Vendor'),
    lines: z.array(billLineForm).min(1, 'Add at least one line item').max(200, 'A bill has at most 200 lines'),
  });

/** The Pay Bill form: a payment of the bill (typed as text) greater than 0 and at most its balance due. */
export function payBillForm(balanceDue: number | string) {
  return billPaymentInput.pick({ payment_date: true, payment_method: true, reference_number: true, cash_account_id: true, check_number: true }).extend({
    amount: billPaymentInput.shape.amount
      .refine((n) => n > 0, 'Amount must be greater than 0')
      .refine((n) => toCents(n) <= toCents(balanceDue), `Amount cannot exceed the balance due of ${formatMoney(balanceDue)}`),
  });
}
