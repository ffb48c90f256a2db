import { insertRows } from '../../lib/bulk-insert.ts';
import { analyzeIfBulk } from '../../lib/analyze.ts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { laterDate } from '@covenant/contracts/dates';
import { toCents } from '@covenant/contracts/money';
import { paymentInvoices, payments } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError } from '../../lib/errors.ts';
import { publishRecord } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { systemAccounts } from '../accounts/accounts.service.ts';
import { postEntries, reverseSource } from '../ledger/ledger.service.ts';
import { applicationPosting } from '../ledger/posting.rules.ts';
import { peakApplied } from '../document-lifecycle/lifecycle.rules.ts';

/**
 * The links between payments and invoices (payment_invoices): what a payment applied to an invoice, on which date,
 * split over which funds, and when a cancellation or a bounce reversed it. The one module that reads and writes
 * them: the invoice commands ask it what is paid on an invoice and have it undo the links of a cancelled or
 * deleted invoice; the payment commands have it write, reverse and erase links. It imports neither.
 */

export type ApplicationRow = typeof paymentInvoices.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * The PaymentInvoice records as reads and realtime see them. The payments feature registers the entity with its
 * writes (`paymentInvoiceEntity`); the invoice commands publish through this one, which does not know them.
 */
export const paymentApplicationRecord: EntityDef = {
  name: 'PaymentInvoice',
  label: 'payment application',
  table: paymentInvoices,
  resource: 'payments',
  hiddenColumns: ['reversed_date'],
  visibleWhere: () => isNull(paymentInvoices.reversed_date),
  scope: { kind: 'parent', field: 'payment_id', parent: payments },
  ownEditable: [],
};

/** What the applications in force have applied to an invoice. */
export async function appliedCents(ctx: Ctx, invoiceId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ total: sql<string>`coalesce(sum(${paymentInvoices.amount_applied}), 0)` })
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.invoice_id, invoiceId), isNull(paymentInvoices.reversed_date)));
  return toCents(row?.total ?? 0);
}

/** The most ever applied to the invoice at one time (see peakApplied). */
export async function peakAppliedCents(ctx: Ctx, invoiceId: string): Promise<number> {
  const links = await ctx.db.select({ amount: paymentInvoices.amount_applied, applied_date: paymentInvoices.applied_date, reversed_date: paymentInvoices.reversed_date }).from(paymentInvoices).where(eq(paymentInvoices.invoice_id, invoiceId));
  return peakApplied(links.map((l) => ({ cents: toCents(l.amount), applied_date: l.applied_date, reversed_date: l.reversed_date })));
}

/** Whether any payment was ever applied to the invoice (in force or since reversed). */
export async function hasPaymentHistory(ctx: Ctx, invoiceId: string): Promise<boolean> {
  const rows = await ctx.db.select({ id: paymentInvoices.id }).from(paymentInvoices).where(eq(paymentInvoices.invoice_id, invoiceId)).limit(1);
  return rows.length > 0;
}

export async function linksOfPayment(ctx: Ctx, paymentId: string): Promise<ApplicationRow[]> {
  return ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.payment_id, paymentId)).orderBy(asc(paymentInvoices.created_date), asc(paymentInvoices.id));
}

/** What part of a payment is not applied to invoices: the owner's credit from it (none once bounced). */
export async function unappliedCents(ctx: Ctx, payment: PaymentRow): Promise<number> {
  if (payment.status === 'bounced') return 0;
  const [a] = await ctx.db
    .select({ total: sql<string>`coalesce(sum(${paymentInvoices.amount_applied}), 0)` })
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.payment_id, payment.id), isNull(paymentInvoices.reversed_date)));
  return toCents(payment.amount) - toCents(a?.total ?? 0);
}

/**
 * Inserts applications checked by the caller (restore) and posts each on its applied date (Dr Owner
 * Prepayments / Cr A/R); the invoices' amounts are the caller's to settle.
 */
export async function insertApplications(
  ctx: Ctx,
  rows: ReadonlyArray<typeof paymentInvoices.$inferInsert & { id: string; owner_id: string; payment_number: string; invoice_number: string; payment_fund_id: string }>,
): Promise<void> {
  const acc = await systemAccounts(ctx);
  const createdBy = ctx.actor?.email ?? null;
  const stored = rows.map(({ owner_id: _o, payment_number: _p, invoice_number: _i, payment_fund_id: _f, ...r }) => ({ ...r, created_by: createdBy }));
  await insertRows(ctx.db, paymentInvoices, stored);
  analyzeIfBulk(ctx, stored.length, ['payment_invoices']);
  await postEntries(
    ctx,
    rows.map((r) => ({
      date: r.applied_date, memo: `Payment ${r.payment_number} applied to ${r.invoice_number}`, source_type: 'payment_application' as const, source_id: r.id,
      lines: applicationPosting({ payment_id: r.payment_id, invoice_id: r.invoice_id, owner_id: r.owner_id, payment_fund_id: r.payment_fund_id, split: r.fund_split }, acc),
    })),
  );
}

/** Reverses an application in force on `on` (never before it was applied) and keeps it as history; the caller publishes. */
export async function reverseApplication(ctx: Ctx, link: ApplicationRow, memo: string, on: string): Promise<void> {
  await reverseSource(ctx, 'payment_application', link.id, memo, on);
  await ctx.db.update(paymentInvoices).set({ reversed_date: laterDate(on, link.applied_date) }).where(eq(paymentInvoices.id, link.id));
}

/** Erases an application entered in error: its posting reversed at its own date (a correction), the link removed; the caller publishes. */
export async function eraseApplication(ctx: Ctx, link: Pick<ApplicationRow, 'id'>, memo: string): Promise<void> {
  await reverseSource(ctx, 'payment_application', link.id, memo);
  await ctx.db.delete(paymentInvoices).where(eq(paymentInvoices.id, link.id));
}

/** A cancelled invoice's applications in force, reversed on the cancellation date: the money returns to the owners' credit. */
export async function reverseApplicationsOfInvoice(ctx: Ctx, invoice: { id: string; invoice_number: string }, on: string): Promise<void> {
  const links = await ctx.db.select().from(paymentInvoices).where(and(eq(paymentInvoices.invoice_id, invoice.id), isNull(paymentInvoices.reversed_date)));
  for (const link of links) {
    await reverseApplication(ctx, link, `Invoice ${invoice.invoice_number} cancelled`, on);
    await publishRecord(ctx, paymentApplicationRecord, link.id, 'delete', link as unknown as Row);
  }
}

/**
 * An issued invoice deleted as entered in error: its applications are erased at their own dates. One with payment
 * history that was reversed (a bounce) cannot be erased that way: it must be cancelled.
 */
export async function eraseApplicationsOfInvoice(ctx: Ctx, invoice: { id: string; invoice_number: string }): Promise<void> {
  const links = await ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.invoice_id, invoice.id));
  if (links.some((l) => l.reversed_date !== null)) {
    throw new ConflictError('This invoice has payment history (a payment applied to it was bounced), so it cannot be erased; cancel it instead', 'has_history');
  }
  for (const link of links) {
    await eraseApplication(ctx, link, `Invoice ${invoice.invoice_number} deleted`);
    await publishRecord(ctx, paymentApplicationRecord, link.id, 'delete', link as unknown as Row);
  }
}

/** Restore: applications the file records as reversed (by a cancellation or a bounce), reversed on their own dates. */
export async function replayReversedApplications(ctx: Ctx, links: ReadonlyArray<{ id: string; payment_number: string; reversed_date?: string | null }>): Promise<void> {
  for (const l of links) await reverseSource(ctx, 'payment_application', l.id, `Payment ${l.payment_number} application reversed (restored)`, l.reversed_date!);
}
