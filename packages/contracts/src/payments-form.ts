import { z } from 'zod';
import { paymentInput } from './entities.ts';
import { recordId } from './fields.ts';

/** The Record Payment form: the payment as typed and the invoices it pays, in order (the body of recordPayment). */
export const recordPaymentForm = paymentInput
  .pick({ payment_date: true, payment_method: true, amount: true, owner_id: true, reference_number: true, notes: true, deposit_account_id: true })
  .extend({ invoice_ids: z.array(recordId('Invoice')) });
