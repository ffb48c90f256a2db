import { billPaymentInput } from './entities.ts';
import { formatMoney, toCents } from './money.ts';

/** The Pay Bill form: a payment of the bill (typed as text) greater than 0 and at most its balance due. */
export function payBillForm(balanceDue: number | string) {
  return billPaymentInput.pick({ payment_date: true, payment_method: true, reference_number: true, cash_account_id: true }).extend({
    amount: billPaymentInput.shape.amount
      .refine((n) => n > 0, 'Amount must be greater than 0')
      .refine((n) => toCents(n) <= toCents(balanceDue), `Amount cannot exceed the balance due of ${formatMoney(balanceDue)}`),
  });
}
