import { insertRows } from '../../lib/bulk-insert.ts';
import { analyzeIfBulk } from '../../lib/analyze.ts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { pgArray } from '../../lib/pg-array.ts';
import { laterDate } from '@covenant/contracts/dates';
import { toCents } from '@covenant/contracts/money';
import { chartOfAccounts, invoices, paymentInvoices, payments } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError } from '../../lib/errors.ts';
import { publishRecord } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { systemAccounts, systemFunds } from '../accounts/accounts.service.ts';
import { postEntries, reverseSource } from '../ledger/ledger.service.ts';
import { applicationPosting, reversed } from '../ledger/posting.rules.ts';
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
  hiddenColumns: ['reversed_date', 'posted_with_payment'],
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
 * Inserts applications checked by the caller (restore, the payment commands) and posts each on its applied date
 * (Dr Owner Prepayments / Cr A/R), except those `posted_with_payment`: their posting is part of their payment's own
 * entry, which the caller posts (recordedPaymentPosting). The invoices' amounts are the caller's to settle.
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
    rows.filter((r) => !r.posted_with_payment).map((r) => ({
      date: r.applied_date, memo: `Payment ${r.payment_number} applied to ${r.invoice_number}`, source_type: 'payment_application' as const, source_id: r.id,
      lines: applicationPosting({ payment_id: r.payment_id, invoice_id: r.invoice_id, owner_id: r.owner_id, payment_fund_id: r.payment_fund_id, split: r.fund_split }, acc),
    })),
  );
}

/**
 * Undoes the posting of applications on a date each: an application with an entry of its own has that entry
 * reversed; one posted with its payment (part of the payment's entry, which stays) has the reverse of its own
 * posting written, from its amounts and funds. `on` null: a correction at the application's own date.
 */
async function undoPostings(ctx: Ctx, links: ReadonlyArray<ApplicationRow>, memo: string, on: (link: ApplicationRow) => string | null): Promise<void> {
  const withPayment = links.filter((l) => l.posted_with_payment);
  for (const link of links) {
    if (link.posted_with_payment) continue;
    const date = on(link);
    await reverseSource(ctx, 'payment_application', link.id, memo, date ?? undefined);
  }
  if (withPayment.length === 0) return;
  const acc = await systemAccounts(ctx);
  const operating = (await systemFunds(ctx)).operating;
  // The payment's fund is its bank account's (an opening credit's: Operating), as when it was posted.
  const facts = new Map(((await ctx.db.execute(sql`select l.id, p.owner_id, p.payment_number, i.invoice_number,
      case when a.system_key = 'opening_balances' then ${operating} else a.fund_id end as fund_id
    from ${paymentInvoices} l join ${payments} p on p.id = l.payment_id join ${invoices} i on i.id = l.invoice_id
      join ${chartOfAccounts} a on a.id = p.deposit_account_id
    where l.id = any(${pgArray(withPayment.map((l) => l.id))}::text[])`)).rows as Array<{ id: string; owner_id: string; payment_number: string; invoice_number: string; fund_id: string }>).map((r) => [r.id, r]));
  await postEntries(ctx, withPayment.map((link) => {
    const f = facts.get(link.id)!;
    const date = on(link);
    return {
      date: date ? laterDate(date, link.applied_date) : link.applied_date,
      memo: `${memo} (reverses Payment ${f.payment_number} applied to ${f.invoice_number})`,
      source_type: 'payment_application' as const, source_id: link.id,
      lines: reversed(applicationPosting({ payment_id: link.payment_id, invoice_id: link.invoice_id, owner_id: f.owner_id, payment_fund_id: f.fund_id, split: link.fund_split }, acc)),
      correction: date === null,
    };
  }));
}

/** Reverses an application in force on `on` (never before it was applied) and keeps it as history; the caller publishes. */
export async function reverseApplication(ctx: Ctx, link: ApplicationRow, memo: string, on: string): Promise<void> {
  await undoPostings(ctx, [link], memo, () => on);
  await ctx.db.update(paymentInvoices).set({ reversed_date: laterDate(on, link.applied_date) }).where(eq(paymentInvoices.id, link.id));
}

/** Erases an application entered in error: its posting reversed at its own date (a correction), the link removed; the caller publishes. */
export async function eraseApplication(ctx: Ctx, link: ApplicationRow, memo: string): Promise<void> {
  await undoPostings(ctx, [link], memo, () => null);
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
  if (links.length === 0) return;
  const rows = await ctx.db.select().from(paymentInvoices).where(sql`${paymentInvoices.id} = any(${pgArray(links.map((l) => l.id))}::text[])`).orderBy(asc(paymentInvoices.created_date), asc(paymentInvoices.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const l of links) {
    const row = byId.get(l.id)!;
    await undoPostings(ctx, [row], `Payment ${l.payment_number} application reversed (restored)`, () => l.reversed_date!);
  }
}
