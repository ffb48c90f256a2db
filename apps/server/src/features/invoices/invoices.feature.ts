import { z } from 'zod';
import { invoiceInput, invoiceLineInput } from '@covenant/contracts/entities';
import { isoDate, optText, recordId } from '@covenant/contracts/fields';
import type { Ctx } from '../../lib/context.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import type { Feature } from '../../platform/registry.ts';
import { cancelInvoice, createInvoice, invoiceWithLines, reviseInvoice } from './invoice.commands.ts';
import { invoiceEntity, invoiceLineEntity } from './invoices.entities.ts';
import { invoiceListPage, invoiceListQuery } from '@covenant/contracts/lists';
import { registerListRoute } from '../../platform/entities/list-page.ts';
import { listInvoices } from './invoices.list.ts';

export const saveInvoiceInput = invoiceInput
  .omit({ subtotal: true, tax_amount: true, total_amount: true, balance_due: true, amount_paid: true })
  .extend({
    id: recordId('id').optional(),
    status: z.enum(['draft', 'sent'], { error: 'status must be draft or sent' }),
    lines: z.array(invoiceLineInput.omit({ invoice_id: true, extended_price: true })).max(200, 'An invoice has at most 200 lines'),
  });

/**
 * saveInvoice: an invoice with its lines in one transaction, the editor's "Save Draft", "Approve & Send" and
 * "Update & Send": creates it, or changes it and replaces its lines; derives every amount and posts once.
 */
async function saveInvoice(ctx: Ctx, params: Record<string, unknown>) {
  const input = parseInput(saveInvoiceInput, params);
  const { id, lines, status, ...fields } = input;
  if (!id) {
    await requirePermission(ctx, 'invoices', 'create');
    return invoiceWithLines(ctx, await createInvoice(ctx, { ...fields, status, lines }));
  }
  await reviseInvoice(ctx, id, { fields: { ...fields, status }, lines });
  return invoiceWithLines(ctx, id);
}

const cancelInvoiceInput = z.strictObject({
  id: recordId('id'),
  date: isoDate('Cancellation date').optional(),
  reason: optText(500),
});

/** cancelInvoice: irreversible; the posting and the applications are reversed on the cancellation date (default today). */
async function cancelInvoiceFn(ctx: Ctx, params: Record<string, unknown>) {
  const input = parseInput(cancelInvoiceInput, params);
  await cancelInvoice(ctx, input.id, { date: input.date, reason: input.reason });
  return invoiceWithLines(ctx, input.id);
}

const STAFF_WRITE = 'invoices read_write (administrators, property managers); the invoice is fetched through the caller\'s scope';

export const invoicesFeature: Feature = {
  name: 'invoices', routes: async (app) => registerListRoute(app, 'invoices', invoiceListQuery, invoiceListPage, listInvoices),
  entities: [invoiceEntity, invoiceLineEntity],
  functions: [
    { name: 'saveInvoice', access: STAFF_WRITE, handler: saveInvoice },
    { name: 'cancelInvoice', access: STAFF_WRITE, handler: cancelInvoiceFn },
  ],
};
