import { isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { invoiceInput, invoiceLineInput } from '@covenant/contracts/entities';
import { invoiceLineItems, invoices } from '@covenant/db/schema/finance';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import {
  addInvoiceLine, createInvoice, deleteInvoice, deleteInvoiceLine, reviseInvoice, updateInvoiceLine, type LineInput, type NewInvoiceInput,
} from './invoice.commands.ts';

/** Invoices and their lines: every generic write goes through the invoice commands. Owners read their own. */
export const invoiceEntity: EntityDef = {
  name: 'Invoice',
  label: 'invoice',
  table: invoices,
  resource: 'invoices',
  createInput: invoiceInput as unknown as z.ZodType<Row>,
  updateInput: invoiceInput.partial() as unknown as z.ZodType<Row>,
  derivedFields: ['subtotal', 'tax_amount', 'total_amount', 'balance_due', 'amount_paid'],
  hiddenColumns: ['deleted_at'],
  visibleWhere: () => isNull(invoices.deleted_at),
  scope: { kind: 'owner-field', field: 'owner_id' },
  ownEditable: [],
  writes: {
    create: (ctx, values) => createInvoice(ctx, values as unknown as NewInvoiceInput),
    update: (ctx, id, changes) => reviseInvoice(ctx, id, { fields: changes }),
    remove: (ctx, id) => deleteInvoice(ctx, id),
  },
};

export const invoiceLineEntity: EntityDef = {
  name: 'InvoiceLineItem',
  label: 'invoice line',
  table: invoiceLineItems,
  resource: 'invoices',
  createInput: invoiceLineInput as unknown as z.ZodType<Row>,
  updateInput: invoiceLineInput.partial() as unknown as z.ZodType<Row>,
  derivedFields: ['extended_price'],
  scope: { kind: 'parent', field: 'invoice_id', parent: invoices },
  ownEditable: [],
  writes: {
    create: (ctx, values) => addInvoiceLine(ctx, values as unknown as LineInput & { invoice_id: string }),
    update: (ctx, id, changes) => updateInvoiceLine(ctx, id, changes as Partial<LineInput>),
    remove: (ctx, id) => deleteInvoiceLine(ctx, id),
  },
};
