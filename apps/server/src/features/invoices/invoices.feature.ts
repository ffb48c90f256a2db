import { defineFunction } from '../../platform/functions/define-function.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import type { Feature } from '../../platform/registry.ts';
import { cancelInvoice, createInvoice, invoiceWithLines, reviseInvoice } from './invoice.commands.ts';
import { invoiceEntity, invoiceLineEntity } from './invoices.entities.ts';
import { invoiceListPage, invoiceListQuery } from '@covenant/contracts/lists';
import { registerListRoute } from '../../platform/entities/list-page.ts';
import { listInvoices } from './invoices.list.ts';

/**
 * saveInvoice: an invoice with its lines in one transaction, the editor's "Save Draft", "Approve & Send" and
 * "Update & Send": creates it, or changes it and replaces its lines; derives every amount and posts once.
 */
const saveInvoice = defineFunction('saveInvoice', async (ctx, input) => {
  const { id, lines, status, ...fields } = input;
  if (!id) {
    await requirePermission(ctx, 'invoices', 'create');
    return invoiceWithLines(ctx, await createInvoice(ctx, { ...fields, status, lines }));
  }
  await reviseInvoice(ctx, id, { fields: { ...fields, status }, lines });
  return invoiceWithLines(ctx, id);
});

/** cancelInvoice: irreversible; the posting and the applications are reversed on the cancellation date (default today). */
const cancelInvoiceFn = defineFunction('cancelInvoice', async (ctx, input) => {
  await cancelInvoice(ctx, input.id, { date: input.date, reason: input.reason });
  return invoiceWithLines(ctx, input.id);
});

export const invoicesFeature: Feature = {
  name: 'invoices', routes: async (app) => registerListRoute(app, 'invoices', invoiceListQuery, invoiceListPage, listInvoices),
  entities: [invoiceEntity, invoiceLineEntity],
  functions: [saveInvoice, cancelInvoiceFn],
};
