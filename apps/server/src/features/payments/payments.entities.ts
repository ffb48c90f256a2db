import { isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentInput, paymentInvoiceInput } from '@covenant/contracts/entities';
import { payments } from '@covenant/db/schema/finance';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { paymentApplicationRecord } from '../payment-applications/applications.service.ts';
import { applyPayment, createPayment, deletePayment, paymentByIdempotencyKey, removeApplication, updatePayment, type NewPaymentInput } from './payment.commands.ts';

/** Owner payments: every generic write goes through the payment commands. Owners read their own. */
export const paymentEntity: EntityDef = {
  name: 'Payment',
  label: 'payment',
  table: payments,
  resource: 'payments',
  createInput: paymentInput as unknown as z.ZodType<Row>,
  updateInput: paymentInput.partial() as unknown as z.ZodType<Row>,
  hiddenColumns: ['deleted_at', 'idempotency_key'],
  visibleWhere: () => isNull(payments.deleted_at),
  scope: { kind: 'owner-field', field: 'owner_id' },
  ownEditable: [],
  hooks: {
    async replay(ctx, values) {
      return (await paymentByIdempotencyKey(ctx, values.idempotency_key as string | undefined)) as Row | undefined;
    },
  },
  writes: {
    create: (ctx, values) => createPayment(ctx, values as unknown as NewPaymentInput),
    update: (ctx, id, changes) => updatePayment(ctx, id, changes),
    remove: (ctx, id) => deletePayment(ctx, id),
  },
};

/**
 * An application of a payment to an invoice: created or removed, never edited (its amount is posted). One that
 * a cancellation or a bounce reversed stays as history, hidden from reads.
 */
export const paymentInvoiceEntity: EntityDef = {
  ...paymentApplicationRecord,
  createInput: paymentInvoiceInput as unknown as z.ZodType<Row>,
  writes: {
    create: (ctx, values) => applyPayment(ctx, values as unknown as { payment_id: string; invoice_id: string; amount_applied: number }),
    update: () => Promise.reject(new Error('unreachable: applications have no update input')),
    remove: (ctx, id) => removeApplication(ctx, id),
  },
};
