import { and, eq, sql } from 'drizzle-orm';
import { pgArray } from '../../lib/pg-array.ts';
import { z } from 'zod';
import { AGING_BUCKETS } from '@covenant/contracts/documents';
import { centsToNumber, toCents } from '@covenant/contracts/money';
import { owners, properties } from '@covenant/db/schema/community';
import { invoiceLineItems, invoices, payments, products } from '@covenant/db/schema/finance';
import { journalEntries, journalLines } from '@covenant/db/schema/ledger';
import { today, type Ctx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordForActor } from '../../platform/entities/entities.service.ts';
import { invoiceEntity } from '../invoices/invoices.entities.ts';
import type { InvoiceForPdf } from './pdf.ts';
import { systemAccounts } from '../accounts/accounts.service.ts';
import { openDocumentsQuery } from '../reports/ledger-queries.ts';
import { agingTotals, statementLines, type AgingTotals, type StatementEntry, type StatementLine } from './statement.rules.ts';

const idPattern = /^[0-9a-f]{24}$/;
const date = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

export const statementQuery = z.object({
  from: date.optional(),
  to: date.optional(),
  format: z.enum(['json', 'pdf'], { error: 'format must be json or pdf' }).default('json'),
});

export interface OwnerForStatement {
  id: string;
  owner_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  mailing_address: string | null;
  mailing_address_2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}

export interface Statement {
  owner: OwnerForStatement;
  from: string;
  to: string;
  openingCents: number;
  lines: StatementLine[];
  closingCents: number;
  totalCharges: number;
  totalPayments: number;
  /** Open receivables as of `to`, by days past due. */
  aging: AgingTotals;
  /** Payments not yet applied to an invoice as of `to`. */
  creditCents: number;
}

export const ownerColumns = {
  id: owners.id, owner_id: owners.owner_id, first_name: owners.first_name, last_name: owners.last_name, email: owners.email,
  mailing_address: owners.mailing_address, mailing_address_2: owners.mailing_address_2, city: owners.city, state: owners.state, zip_code: owners.zip_code,
};

/**
 * The owner whose account a caller may read: staff with invoices read see any owner, an own_records caller only
 * the owner their user is linked to; anyone else's id, like an unknown one, is a 404.
 */
export async function ownerForAccount(ctx: Ctx, ownerId: string): Promise<OwnerForStatement> {
  if (!idPattern.test(ownerId)) throw new ValidationError('The owner id is malformed');
  const level = await requirePermission(ctx, 'invoices', 'read');
  if (level === 'own_records' && ctx.actor!.owner_id !== ownerId) throw new NotFoundError('Owner not found');
  const [row] = await ctx.db.select(ownerColumns).from(owners).where(eq(owners.id, ownerId)).limit(1);
  if (!row) throw new NotFoundError('Owner not found');
  return row;
}

/** The period asked for: default the current month to today; never reversed. */
export async function statementPeriod(ctx: Ctx, q: { from?: string | undefined; to?: string | undefined }) {
  const to = q.to ?? (await today(ctx));
  const from = q.from ?? `${to.slice(0, 7)}-01`;
  if (from > to) throw new ValidationError('from must not be after to');
  return { from, to };
}

/** The accounts an owner's balance is read from (receivables and prepayments), as an SQL condition. */
async function balanceAccounts(ctx: Ctx) {
  const acc = await systemAccounts(ctx);
  return sql`${journalLines.account_id} in (${acc.accounts_receivable}, ${acc.owner_prepayments})`;
}

/** The owner's balance lines (receivables and prepayments) as SQL conditions. */
async function balanceLines(ctx: Ctx, ownerId: string) {
  return and(eq(journalLines.owner_id, ownerId), await balanceAccounts(ctx))!;
}

/** The owner's balance (receivables less unapplied credit) from every posting dated on or before a date, in cents. */
export async function ownerBalanceCents(ctx: Ctx, ownerId: string, through: string): Promise<number> {
  const [row] = await ctx.db
    .select({ net: sql<string>`coalesce(sum(${journalLines.debit} - ${journalLines.credit}), 0)` })
    .from(journalLines)
    .where(and(await balanceLines(ctx, ownerId), sql`${journalLines.entry_date} <= ${through}`));
  return toCents(row?.net ?? 0);
}

/** ownerBalanceCents for many owners in one query (owners with no postings are absent: a zero balance). */
export async function ownerBalancesCents(ctx: Ctx, ownerIds: readonly string[], through: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (ownerIds.length === 0) return out;
  const accounts = await balanceAccounts(ctx);
  for (let i = 0; i < ownerIds.length; i += 5000) {
    const rows = await ctx.db
      .select({ owner_id: journalLines.owner_id, net: sql<string>`coalesce(sum(${journalLines.debit} - ${journalLines.credit}), 0)` })
      .from(journalLines)
      .where(and(sql`${journalLines.owner_id} = any(${pgArray(ownerIds.slice(i, i + 5000))}::text[])`, accounts, sql`${journalLines.entry_date} <= ${through}`))
      .groupBy(journalLines.owner_id);
    for (const r of rows) out.set(r.owner_id!, toCents(r.net));
  }
  return out;
}

/** The owner's open invoices as of a date, from the receivables lines (as the A/R aging reads them). */
export async function openInvoicesAsOf(ctx: Ctx, ownerId: string, asOf: string) {
  const acc = await systemAccounts(ctx);
  const open = openDocumentsQuery(ctx, 'ar', acc.accounts_receivable, { asOf, ownerId });
  const rows = await ctx.db
    .select({ id: invoices.id, invoice_number: invoices.invoice_number, invoice_date: invoices.invoice_date, due_date: invoices.due_date, total_amount: invoices.total_amount, property_id: invoices.property_id, open: open.open })
    .from(open)
    .innerJoin(invoices, eq(invoices.id, open.document_id))
    .orderBy(sql`${invoices.due_date} nulls first`, invoices.invoice_date, invoices.id);
  return rows.map((r) => ({ ...r, open_cents: toCents(r.open) }));
}

/**
 * The statement of an owner over from..to, computed from the ledger: the opening balance is every posting before
 * `from`; each entry in the period that moves the balance is a line (the database groups and orders them); the
 * aging is the A/R aging's for this owner as of `to`.
 */
export async function buildStatement(ctx: Ctx, owner: OwnerForStatement, from: string, to: string): Promise<Statement> {
  const acc = await systemAccounts(ctx);
  const where = await balanceLines(ctx, owner.id);
  const dayBefore = sql`(${from}::date - 1)`;
  const [opening] = await ctx.db
    .select({ net: sql<string>`coalesce(sum(${journalLines.debit} - ${journalLines.credit}), 0)` })
    .from(journalLines)
    .where(and(where, sql`${journalLines.entry_date} <= ${dayBefore}`));
  const perEntry = ctx.db
    .select({
      entry_id: journalLines.entry_id,
      document_type: sql<string | null>`min(${journalLines.document_type})`.as('document_type'),
      document_id: sql<string | null>`min(${journalLines.document_id})`.as('document_id'),
      net: sql<string>`sum(${journalLines.debit} - ${journalLines.credit})`.as('net'),
    })
    .from(journalLines)
    .where(and(where, sql`${journalLines.entry_date} between ${from} and ${to}`))
    .groupBy(journalLines.entry_id)
    .having(sql`sum(${journalLines.debit} - ${journalLines.credit}) <> 0`)
    .as('per_entry');
  const rows = await ctx.db
    .select({
      date: journalEntries.entry_date,
      source_type: journalEntries.source_type,
      is_reversal: sql<boolean>`${journalEntries.reverses_id} is not null`,
      // An invoice is described by its first line; anything else by its entry's memo.
      memo: sql<string | null>`coalesce(case when ${journalEntries.reverses_id} is null then (select coalesce(nullif(${invoiceLineItems.description}, ''), ${products.description})
        from ${invoiceLineItems} left join ${products} on ${products.id} = ${invoiceLineItems.product_id}
        where ${invoiceLineItems.invoice_id} = ${invoices.id} order by ${invoiceLineItems.line_no}, ${invoiceLineItems.id} limit 1) end, ${journalEntries.memo})`,
      number: sql<string | null>`coalesce(${invoices.invoice_number}, ${payments.payment_number})`,
      net: perEntry.net,
    })
    .from(perEntry)
    .innerJoin(journalEntries, eq(journalEntries.id, perEntry.entry_id))
    // The entry's own document when it is an invoice's or a payment's (a payment's entry also credits the invoices
    // it paid on its date); else the document its owner lines name (an opening balance).
    .leftJoin(invoices, eq(invoices.id, sql`case ${journalEntries.source_type} when 'invoice' then ${journalEntries.source_id} when 'payment' then null
      else case when ${perEntry.document_type} = 'invoice' then ${perEntry.document_id} end end`))
    .leftJoin(payments, eq(payments.id, sql`case ${journalEntries.source_type} when 'payment' then ${journalEntries.source_id} when 'invoice' then null
      else case when ${perEntry.document_type} = 'payment' then ${perEntry.document_id} end end`))
    .orderBy(journalEntries.entry_date, journalEntries.created_date, journalEntries.id);
  const entries: StatementEntry[] = rows.map((r) => ({
    date: r.date, source_type: r.source_type, is_reversal: r.is_reversal, number: r.number, description: r.memo ?? '', net_cents: toCents(r.net),
  }));
  const openingCents = toCents(opening?.net ?? 0);
  const computed = statementLines(openingCents, entries);
  const open = await openInvoicesAsOf(ctx, owner.id, to);
  const [credit] = await ctx.db
    .select({ net: sql<string>`coalesce(sum(${journalLines.credit} - ${journalLines.debit}), 0)` })
    .from(journalLines)
    .where(and(eq(journalLines.owner_id, owner.id), eq(journalLines.account_id, acc.owner_prepayments), sql`${journalLines.entry_date} <= ${to}`));
  return {
    owner, from, to, openingCents, lines: computed.lines, closingCents: computed.closingCents, totalCharges: computed.totalCharges, totalPayments: computed.totalPayments,
    aging: agingTotals(open, to), creditCents: toCents(credit?.net ?? 0),
  };
}

/** The statement as the API shows it: decimal amounts. */
export function statementJson(s: Statement) {
  const amount = centsToNumber;
  return {
    owner: { id: s.owner.id, owner_id: s.owner.owner_id, name: `${s.owner.first_name} ${s.owner.last_name}`.trim() },
    from: s.from,
    to: s.to,
    opening_balance: amount(s.openingCents),
    lines: s.lines.map((l) => ({ ...l, charges: amount(l.charges), payments: amount(l.payments), balance: amount(l.balance) })),
    total_charges: amount(s.totalCharges),
    total_payments: amount(s.totalPayments),
    closing_balance: amount(s.closingCents),
    aging: Object.fromEntries([...AGING_BUCKETS, 'total'].map((b) => [b, amount(s.aging[b as keyof AgingTotals])])),
    unapplied_credit: amount(s.creditCents),
  };
}

/** GET statement: the owner through the caller's scope, then the statement. */
export async function statementForActor(ctx: Ctx, ownerId: string, query: unknown): Promise<Statement> {
  const q = parseInput(statementQuery, query);
  const owner = await ownerForAccount(ctx, ownerId);
  const { from, to } = await statementPeriod(ctx, q);
  return buildStatement(ctx, owner, from, to);
}

/** The data an invoice PDF prints, for an invoice already fetched through the caller's scope. */
export async function invoiceForPdf(ctx: Ctx, invoiceId: string): Promise<InvoiceForPdf & { owner_record_id: string; owner_email: string | null }> {
  const [inv] = await ctx.db
    .select({
      invoice: invoices,
      owner: ownerColumns,
      property: sql<string | null>`(select trim(coalesce(${properties.unit_number}, '') || ' ' || coalesce(${properties.street_address}, '')) from ${properties} where ${properties.id} = ${invoices.property_id})`,
    })
    .from(invoices)
    .innerJoin(owners, eq(owners.id, invoices.owner_id))
    .where(eq(invoices.id, invoiceId))
    .limit(1);
  if (!inv) throw new NotFoundError('Invoice not found');
  const lines = await ctx.db
    .select({ description: invoiceLineItems.description, quantity: invoiceLineItems.quantity, unit_price: invoiceLineItems.unit_price, extended_price: invoiceLineItems.extended_price, product: products.description })
    .from(invoiceLineItems)
    .leftJoin(products, eq(products.id, invoiceLineItems.product_id))
    .where(eq(invoiceLineItems.invoice_id, invoiceId))
    .orderBy(invoiceLineItems.line_no, invoiceLineItems.created_date, invoiceLineItems.id);
  const i = inv.invoice;
  return {
    invoice_number: i.invoice_number, invoice_date: i.invoice_date, due_date: i.due_date, status: i.status, payment_terms: i.payment_terms, notes: i.notes,
    subtotal: i.subtotal, tax_rate: i.tax_rate, tax_amount: i.tax_amount, total_amount: i.total_amount, amount_paid: i.amount_paid, balance_due: i.balance_due,
    owner: inv.owner, property: inv.property || null, owner_record_id: inv.owner.id, owner_email: inv.owner.email,
    lines: lines.map((l) => ({ ...l, description: l.description || l.product })),
  };
}

/** GET invoice PDF: the invoice through the caller's scope (another owner's is a 404), then its data. */
export async function invoicePdfDataForActor(ctx: Ctx, invoiceId: string) {
  await recordForActor(ctx, invoiceEntity, invoiceId, 'read');
  return invoiceForPdf(ctx, invoiceId);
}
