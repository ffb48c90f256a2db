import { z } from 'zod';
import { recordId } from './fields.ts';
import { invoiceInput, invoiceLineInput } from './entities.ts';

/** One line of the invoice editor: an item (optional), what it is, quantity and price, its income account and fund. */
export const invoiceLineForm = invoiceLineInput.pick({ product_id: true, description: true, quantity: true, unit_price: true, account_id: true, fund_id: true });

/** The invoice editor (the body of saveInvoice without its id and status): the owner is required; the server numbers it. */
export const invoiceForm = invoiceInput
  .pick({ invoice_date: true, due_date: true, tax_rate_id: true, notes: true, payment_terms: true })
  .extend({ owner_id: recordId('Owner'), lines: z.array(invoiceLineForm).max(200, 'An invoice has at most 200 lines') });
