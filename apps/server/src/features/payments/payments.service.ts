import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { allocate } from '@covenant/contracts/documents';
import { PAYMENT_METHODS } from '@covenant/contracts/constants';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { isoDate, money, optText, recordId } from '@covenant/contracts/fields';
import { invoices, paymentInvoices, payments } from '@covenant/db/schema/finance';
import { withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { parseInput } from '../../platform/auth/auth.service.ts';
import { entityByName } from '../../platform/entities/definitions.ts';
import { createEntityIn, deleteEntityIn, publishRow } from '../../platform/entities/entities.service.ts';
import type { EntityHooks, Row } from '../../platform/entities/entity-def.ts';
import { serialize } from '../../platform/entities/query.ts';
import { systemAccounts } from '../ledger/accounts.service.ts';
import { postEntry, reverseSource } from '../ledger/ledger.service.ts';
import { applicationPosting, paymentPosting } from '../ledger/posting.rules.ts';
import { isPosted, ownerBusinessId, recalcInvoice } from '../invoices/invoices.service.ts';
import { nextDocumentNumber } from '../invoices/numbering.ts';

/** What part of a payment is not applied to invoices: the owner's credit. */
export async function unappliedCents(ctx: Ctx, paymentId: string): Promise<number> {
  const [p] = await ctx.db.select({ amount: payments.amount }).from(payments).where(eq(payments.id, paymentId)).limit(1);
  const [a] = await ctx.db.select({ total: sql<string>`coalesce(sum(${paymentInvoices.amount_applied}), 0)` }).from(paymentInvoices).where(eq(paymentInvoices.payment_id, paymentId));
  return toCents(p?.amount ?? 0) - toCents(a?.total ?? 0);
}

export const paymentHooks: EntityHooks = {
  async replay(ctx, values) {
    if (!values.idempotency_key) return undefined;
    const [row] = await ctx.db.select().from(payments).where(eq(payments.idempotency_key, values.idempotency_key as string)).limit(1);
    return row as Row | undefined;
  },
  async prepareCreate(ctx, values) {
    if (toCents(values.amount as number) <= 0) throw new ValidationError('Amount must be greater than 0');
    const number = (values.payment_number as string | undefined)?.trim()
      || (await nextDocumentNumber(ctx, 'PMT', payments, payments.payment_number, await ownerBusinessId(ctx, values.owner_id as string), values.payment_date as string));
    return { ...values, payment_number: number };
  },
  async afterCreate(ctx, row) {
    if (row.status === 'bounced') return;
    const acc = await systemAccounts(ctx);
    await postEntry(ctx, {
      date: row.payment_date as string,
      memo: `Payment ${row.payment_number}`,
      source_type: 'payment',
      source_id: row.id as string,
      lines: paymentPosting({ id: row.id as string, owner_id: row.owner_id as string, cents: toCents(row.amount as string) }, acc),
    });
  },
  prepareUpdate(_ctx, changes) {
    const locked = Object.keys(changes).filter((k) => !['notes', 'reference_number', 'payment_method'].includes(k));
    if (locked.length) {
      throw new ConflictError(`A recorded payment's ${locked.join(', ')} cannot change; delete the payment and record it again`, 'payment_locked');
    }
    return changes;
  },
  async beforeDelete(ctx, existing) {
    const id = existing.id as string;
    const links = await ctx.db.select({ id: paymentInvoices.id }).from(paymentInvoices).where(eq(paymentInvoices.payment_id, id));
    for (const link of links) await deleteEntityIn(ctx, entityByName('PaymentInvoice')!, link.id);
    await reverseSource(ctx, 'payment', id, `Payment ${existing.payment_number} deleted`);
    // Kept for audit, hidden from every list.
    await ctx.db.update(payments).set({ deleted_at: new Date() }).where(eq(payments.id, id));
    return 'handled' as const;
  },
};

export const paymentInvoiceHooks: EntityHooks = {
  async prepareCreate(ctx, values) {
    const [payment] = await ctx.db.select().from(payments).where(and(eq(payments.id, values.payment_id as string), isNull(payments.deleted_at))).for('update').limit(1);
    if (!payment) throw new ValidationError('Payment does not exist');
    const [invoice] = await ctx.db.select().from(invoices).where(and(eq(invoices.id, values.invoice_id as string), isNull(invoices.deleted_at))).for('update').limit(1);
    if (!invoice) throw new ValidationError('Invoice does not exist');
    if (invoice.status === 'cancelled') throw new ConflictError('A cancelled invoice cannot be paid', 'cancelled');
    if (!isPosted(invoice.status)) throw new ConflictError('Send the invoice before recording a payment on it', 'draft');
    if (invoice.owner_id !== payment.owner_id) throw new ValidationError('The payment and the invoice belong to different owners');
    if (payment.status === 'bounced') throw new ConflictError('A bounced payment cannot be applied', 'bounced');
    const cents = toCents(values.amount_applied as number);
    if (cents <= 0) throw new ValidationError('Amount applied must be greater than 0');
    const available = await unappliedCents(ctx, payment.id);
    if (cents > available) throw new ConflictError(`Only ${centsToDecimal(available)} of this payment is left to apply`, 'over_applied');
    if (cents > toCents(invoice.balance_due)) throw new ConflictError(`The invoice balance is ${invoice.balance_due}; apply at most that`, 'over_balance');
    return values;
  },
  async afterCreate(ctx, row) {
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, row.payment_id as string)).limit(1);
    const acc = await systemAccounts(ctx);
    await postEntry(ctx, {
      date: payment!.payment_date,
      memo: `Payment ${payment!.payment_number} applied`,
      source_type: 'payment_application',
      source_id: row.id as string,
      lines: applicationPosting({ payment_id: payment!.id, invoice_id: row.invoice_id as string, owner_id: payment!.owner_id, cents: toCents(row.amount_applied as string) }, acc),
    });
    await recalcInvoice(ctx, row.invoice_id as string);
    await publishRow(ctx, entityByName('Invoice')!, row.invoice_id as string);
  },
  async beforeDelete(ctx, existing) {
    await reverseSource(ctx, 'payment_application', existing.id as string, 'Payment application removed');
  },
  async afterDelete(ctx, existing) {
    await recalcInvoice(ctx, existing.invoice_id as string);
    await publishRow(ctx, entityByName('Invoice')!, existing.invoice_id as string);
  },
};

export const recordPaymentInput = z.object({
  owner_id: recordId('Owner'),
  amount: money('Amount'),
  payment_date: isoDate('Payment date'),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  reference_number: optText(100),
  notes: optText(5000),
  invoice_ids: z.array(recordId('Invoice')).max(500).default([]),
  idempotency_key: z.string().min(8).max(100).optional(),
});

/**
 * Records an owner's payment and allocates it in order across the chosen invoices, each taking the lesser
 * of what remains and its balance; the rest stays as the owner's credit. One transaction; idempotent by key.
 */
export async function recordPayment(ctx: Ctx, params: Record<string, unknown>) {
  await requirePermission(ctx, 'payments', 'create');
  const input = parseInput(recordPaymentInput, params);
  const def = entityByName('Payment')!;
  const existing = await paymentHooks.replay!(ctx, { idempotency_key: input.idempotency_key });
  if (existing) return paymentWithApplications(ctx, existing.id as string);
  const run = () =>
    withTransaction(ctx, async (tx) => {
      const open = [];
      for (const id of input.invoice_ids) {
        const [inv] = await tx.db.select().from(invoices).where(and(eq(invoices.id, id), isNull(invoices.deleted_at))).for('update').limit(1);
        if (!inv || inv.owner_id !== input.owner_id) throw new ValidationError('Every invoice must be an invoice of this owner');
        if (!isPosted(inv.status)) throw new ConflictError(`Invoice ${inv.invoice_number} is ${inv.status} and cannot be paid`, inv.status);
        open.push({ id, balanceCents: toCents(inv.balance_due) });
      }
      const { invoice_ids: _ids, ...paymentValues } = input;
      const payment = await createEntityIn(tx, def, paymentValues);
      const { applications } = allocate(toCents(input.amount), open);
      for (const a of applications) {
        await createEntityIn(tx, entityByName('PaymentInvoice')!, { payment_id: payment.id, invoice_id: a.id, amount_applied: Number(centsToDecimal(a.cents)) });
      }
      return payment.id as string;
    });
  try {
    return await paymentWithApplications(ctx, await run());
  } catch (err) {
    // Two submissions with one key: the loser of the race answers with the winner's payment.
    const replayed = input.idempotency_key ? await paymentHooks.replay!(ctx, { idempotency_key: input.idempotency_key }) : undefined;
    if (replayed) return paymentWithApplications(ctx, replayed.id as string);
    throw err;
  }
}

async function paymentWithApplications(ctx: Ctx, paymentId: string) {
  const [p] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  const links = await ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.payment_id, paymentId));
  return {
    payment: serialize(entityByName('Payment')!, p as Row),
    applications: links.map((l) => serialize(entityByName('PaymentInvoice')!, l as Row)),
    unapplied: Number(centsToDecimal(await unappliedCents(ctx, paymentId))),
  };
}
