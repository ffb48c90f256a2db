import { isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { billInput, billLineInput, billPaymentInput } from '@covenant/contracts/entities';
import { billLineItems, billPayments, bills } from '@covenant/db/schema/finance';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import {
  addBillLine, createBill, deleteBill, deleteBillLine, deleteBillPayment, payBill, reviseBill, updateBillLine, updateBillPayment,
  type BillFields, type BillLineInput, type BillPaymentInput,
} from './bill.commands.ts';

/** Vendor bills, their lines and their payments: every generic write goes through the bill commands. */
export const billEntity: EntityDef = {
  name: 'Bill',
  label: 'bill',
  table: bills,
  resource: 'bills',
  createInput: billInput as unknown as z.ZodType<Row>,
  updateInput: billInput.partial() as unknown as z.ZodType<Row>,
  derivedFields: ['subtotal', 'total_amount', 'balance_due', 'amount_paid'],
  hiddenColumns: ['deleted_at'],
  visibleWhere: () => isNull(bills.deleted_at),
  scope: { kind: 'creator' },
  writes: {
    create: (ctx, values) => createBill(ctx, values as unknown as BillFields & { status?: string }),
    update: (ctx, id, changes) => reviseBill(ctx, id, { fields: changes }),
    remove: (ctx, id) => deleteBill(ctx, id),
  },
};

export const billLineEntity: EntityDef = {
  name: 'BillLineItem',
  label: 'bill line',
  table: billLineItems,
  resource: 'bills',
  createInput: billLineInput as unknown as z.ZodType<Row>,
  updateInput: billLineInput.partial() as unknown as z.ZodType<Row>,
  derivedFields: ['extended_price'],
  scope: { kind: 'creator' },
  writes: {
    create: (ctx, values) => addBillLine(ctx, values as unknown as BillLineInput & { bill_id: string }),
    update: (ctx, id, changes) => updateBillLine(ctx, id, changes as Partial<BillLineInput>),
    remove: (ctx, id) => deleteBillLine(ctx, id),
  },
};

/** A payment made on a vendor bill (beyond the spec). */
export const billPaymentEntity: EntityDef = {
  name: 'BillPayment',
  label: 'bill payment',
  table: billPayments,
  resource: 'bills',
  createInput: billPaymentInput as unknown as z.ZodType<Row>,
  updateInput: billPaymentInput.partial() as unknown as z.ZodType<Row>,
  hiddenColumns: ['deleted_at'],
  visibleWhere: () => isNull(billPayments.deleted_at),
  scope: { kind: 'creator' },
  writes: {
    create: (ctx, values) => payBill(ctx, values as unknown as BillPaymentInput),
    update: (ctx, id, changes) => updateBillPayment(ctx, id, changes),
    remove: (ctx, id) => deleteBillPayment(ctx, id),
  },
};
