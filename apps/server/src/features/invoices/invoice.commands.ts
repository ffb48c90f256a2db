import { pgArray } from '../../lib/pg-array.ts';
import type { InvoiceWithLines } from '@covenant/contracts/functions';
import { invoiceInput, invoiceLineInput } from '@covenant/contracts/entities';
import { asc, sql } from 'drizzle-orm';
import { toCents } from '@covenant/contracts/money';
import { invoiceLineItems, invoices, paymentInvoices } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { referencedRecord as referenced } from '../../platform/entities/entities.service.ts';
import type { Row } from '../../platform/entities/entity-def.ts';
import { assertLineAccount, lineFund, systemAccounts, systemFunds } from '../accounts/accounts.service.ts';
import {
  addPaidAmounts, cancelDocument, completeLines, createDocument, defineDocumentBook, documentWithLines, extendedPrice, insertDocuments, lockDocument, replayCancellation,
  reviseDocument, settleDocument, writeSettlements, type CompletedLineBase, type DocumentLineInput, type DocumentRevision,
} from '../document-lifecycle/lifecycle.commands.ts';
import { computeDocument, defaultDueDate, peakApplied, phaseOf, receivable, type DocumentPhase } from '../document-lifecycle/lifecycle.rules.ts';
import { productEntity } from '../items/items.feature.ts';
import { ownerEntity } from '../owners/owners.feature.ts';
import {
  appliedCents, eraseApplicationsOfInvoice, hasPaymentHistory, peakAppliedCents, reverseApplicationsOfInvoice,
} from '../payment-applications/applications.service.ts';
import { propertyEntity } from '../properties/properties.feature.ts';
import { taxRateEntity } from '../tax-rates/tax-rates.feature.ts';
import { nextDocumentNumber } from './numbering.ts';

/**
 * Invoices: the document lifecycle configured for receivables. What is invoice-only lives here: a line's item
 * (its description, price, account and fund), the owner, unit and tax rate of the header (the rate copied onto the
 * invoice when chosen), the invoice number, and the payments applied to it (the links module).
 */

export type InvoiceRow = typeof invoices.$inferSelect;
type LineRow = typeof invoiceLineItems.$inferSelect;

export interface LineInput extends DocumentLineInput {
  product_id?: string | null | undefined;
}

export interface InvoiceFields {
  invoice_number?: string | undefined;
  invoice_date: string;
  due_date?: string | null | undefined;
  owner_id: string;
  property_id?: string | null | undefined;
  tax_rate_id?: string | null | undefined;
  notes?: string | null | undefined;
  payment_terms?: string | null | undefined;
}

export interface NewInvoiceInput extends InvoiceFields {
  status?: string | undefined;
  lines?: readonly LineInput[];
}

/** A line ready to store: its item, account and fund resolved and its extended price computed. */
export interface CompletedLine extends CompletedLineBase {
  product_id: string | null;
}

/** An invoice ready to insert (the runs and restore build these in bulk). */
export interface NewInvoiceDoc {
  id?: string;
  invoice_number: string;
  invoice_date: string;
  due_date: string;
  owner_id: string;
  property_id: string | null;
  tax_rate_id: string | null;
  tax_rate: string | null;
  notes?: string | null | undefined;
  payment_terms?: string | null | undefined;
  /** 'cancelled' only for restored invoices cancelled before dates were kept: stored cancelled, posting nothing. */
  phase: DocumentPhase;
  lines: readonly CompletedLine[];
  /** What applications restored with it pay on it (new invoices: nothing). */
  paidCents?: number;
}

const asText = (v: number | string) => (typeof v === 'number' ? String(v) : v);

/** Invoices and their lines: every generic write goes through the lifecycle. Owners read their own. */
export const invoiceBook = defineDocumentBook({
  kind: receivable,
  name: 'Invoice',
  sourceType: 'invoice',
  resource: 'invoices',
  table: invoices,
  lineTable: invoiceLineItems,
  fields: { number: 'invoice_number', date: 'invoice_date', party: 'owner_id', tax: 'tax_rate', parent: 'invoice_id' },
  entities: {
    input: invoiceInput,
    lineInput: invoiceLineInput,
    derivedFields: ['subtotal', 'tax_amount', 'total_amount', 'balance_due', 'amount_paid'],
    scope: { kind: 'owner-field', field: 'owner_id' },
    lineScope: { kind: 'parent', field: 'invoice_id', parent: invoices },
    ownEditable: [],
  },
  create: (ctx, values) => createInvoice(ctx, values as unknown as NewInvoiceInput),
  revise: (ctx, id, revision) => reviseInvoice(ctx, id, revision as DocumentRevision<InvoiceFields, LineInput>),
  completeLine: (ctx, line: Partial<LineInput>, existing?: LineRow) => completeLine(ctx, line, existing),
  settlement: {
    paidCents: appliedCents,
    peakCents: peakAppliedCents,
    hasHistory: hasPaymentHistory,
    beforeCancel: async (ctx, inv: InvoiceRow, phase, on) => {
      if (phase === 'issued') await reverseApplicationsOfInvoice(ctx, inv, on);
    },
    beforeErase: (ctx, inv: InvoiceRow) => eraseApplicationsOfInvoice(ctx, inv),
  },
  auditedAmounts: ['amount_paid', 'balance_due'],
  lineOfMissingDocument: 'not_found',
});

export const lockInvoice = (ctx: Ctx, id: string): Promise<InvoiceRow> => lockDocument(ctx, invoiceBook, id);

/**
 * Resolves a line: its item's description, price, account and fund when an item is chosen; otherwise the dues
 * account and the Operating fund.
 */
export async function completeLine(ctx: Ctx, line: Partial<LineInput>, existing?: LineRow): Promise<CompletedLine> {
  const merged: Partial<LineInput> = { ...(existing ?? {}), ...line };
  let { description, unit_price, account_id, fund_id } = merged;
  if (line.product_id && line.product_id !== existing?.product_id) {
    const p = await referenced(ctx, productEntity, line.product_id, 'Product');
    if (line.description === undefined) description = p.description as string;
    if (line.unit_price === undefined) unit_price = p.unit_price as string;
    if (line.account_id === undefined) account_id = p.account_id as string;
    if (line.fund_id === undefined) fund_id = p.fund_id as string;
  }
  if (!account_id) account_id = (await systemAccounts(ctx)).assessment_income;
  if (line.account_id !== undefined || !existing || account_id !== existing.account_id) await assertLineAccount(ctx, account_id, 'Line account');
  fund_id = fund_id && fund_id === existing?.fund_id ? fund_id : await lineFund(ctx, fund_id);
  const quantity = asText(merged.quantity ?? 1);
  const price = asText(unit_price ?? 0);
  return { product_id: merged.product_id ?? null, description: description ?? null, quantity, unit_price: price, account_id, fund_id, extended_price: extendedPrice(quantity, price) };
}

/** Recomputes a locked invoice from its lines, stored tax rate and applications; keeps its posting in step; publishes it. */
export const settleInvoice = (ctx: Ctx, inv: InvoiceRow): Promise<void> => settleDocument(ctx, invoiceBook, inv);

/** Rows by a key, each group in the rows' order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/**
 * Recomputes what many invoices have been paid after applications were written in bulk (their lines and tax
 * are unchanged, so their postings are too): amount paid, balance and status from the same rule, one statement.
 * `lockedRows`: the invoices as the caller read and locked them in this transaction (their amounts paid are
 * recomputed from the applications, not taken from these rows).
 */
export async function refreshPaidAmounts(ctx: Ctx, invoiceIds: readonly string[], lockedRows?: ReadonlyMap<string, InvoiceRow>): Promise<void> {
  if (invoiceIds.length === 0) return;
  const acc = await systemAccounts(ctx);
  const fundIds = await systemFunds(ctx);
  // The ids as one array parameter (a run refreshes tens of thousands of invoices).
  const ids = sql`any(${pgArray([...invoiceIds])}::text[])`;
  // The caller may hold the rows already, locked by this transaction (the bulk payment writer): not read twice.
  const rows = lockedRows && invoiceIds.every((id) => lockedRows.has(id))
    ? invoiceIds.map((id) => lockedRows.get(id)!)
    : await ctx.db.select().from(invoices).where(sql`${invoices.id} = ${ids}`).for('no key update');
  const lines = await ctx.db.select().from(invoiceLineItems).where(sql`${invoiceLineItems.invoice_id} = ${ids}`).orderBy(asc(invoiceLineItems.line_no));
  const links = await ctx.db.select().from(paymentInvoices).where(sql`${paymentInvoices.invoice_id} = ${ids}`);
  const linksOf = groupBy(links, (l) => l.invoice_id);
  const linesOf = groupBy(lines, (l) => l.invoice_id);
  const values = rows.map((inv) => {
    const own = linksOf.get(inv.id) ?? [];
    const paid = own.filter((l) => l.reversed_date === null).reduce((s, l) => s + toCents(l.amount_applied), 0);
    const peak = peakApplied(own.map((l) => ({ cents: toCents(l.amount_applied), applied_date: l.applied_date, reversed_date: l.reversed_date })));
    const c = computeDocument(receivable, { id: inv.id, party_id: inv.owner_id, property_id: inv.property_id, tax: inv.tax_rate, phase: phaseOf(inv.status), lines: linesOf.get(inv.id) ?? [], paidCents: paid, peakAppliedCents: peak }, acc, fundIds);
    return { id: inv.id, paidCents: c.amountPaidCents, balanceCents: c.balanceCents, status: c.status };
  });
  await writeSettlements(ctx, invoiceBook, values);
}

/** New applications on issued invoices this transaction holds locked (the bulk payment writer): see addPaidAmounts. */
export const addAppliedAmounts = (ctx: Ctx, appliedCents: ReadonlyMap<string, number>, locked: ReadonlyMap<string, Pick<InvoiceRow, 'total_amount' | 'amount_paid'>>): Promise<void> => addPaidAmounts(ctx, invoiceBook, appliedCents, locked);

/**
 * Inserts new invoices with their lines and postings using bulk inserts: the single create, the billing run
 * and restore all come through here. Each is computed by the same rules; answers the new ids in order.
 */
export async function insertInvoices(ctx: Ctx, docs: readonly NewInvoiceDoc[]): Promise<string[]> {
  return insertDocuments(ctx, invoiceBook, docs.map((d) => ({
    id: d.id, phase: d.phase, lines: d.lines, paidCents: d.paidCents,
    header: {
      invoice_number: d.invoice_number, invoice_date: d.invoice_date, due_date: d.due_date, owner_id: d.owner_id, property_id: d.property_id,
      tax_rate_id: d.tax_rate_id, tax_rate: d.tax_rate, notes: d.notes ?? null, payment_terms: d.payment_terms ?? 'Net 15',
    },
  })));
}

/** Resolves the header references through the caller's scope; answers the stored tax rate snapshot. */
async function resolveHeader(ctx: Ctx, fields: Partial<InvoiceFields>): Promise<{ ownerNumber?: string; taxRate?: string | null }> {
  const out: { ownerNumber?: string; taxRate?: string | null } = {};
  if (fields.owner_id) out.ownerNumber = (await referenced(ctx, ownerEntity, fields.owner_id, 'Owner')).owner_id as string;
  if (fields.property_id) await referenced(ctx, propertyEntity, fields.property_id, 'Property');
  if (fields.tax_rate_id !== undefined) out.taxRate = fields.tax_rate_id ? ((await referenced(ctx, taxRateEntity, fields.tax_rate_id, 'Tax rate')).tax_rate as string) : null;
  return out;
}

/** Creates an invoice (draft or issued) with its lines; answers its id. */
export async function createInvoice(ctx: Ctx, input: NewInvoiceInput): Promise<string> {
  return createDocument(ctx, invoiceBook, input.status, async (tx, phase) => {
    const { ownerNumber, taxRate } = await resolveHeader(tx, input);
    const lines = await completeLines<CompletedLine>(tx, invoiceBook, input.lines);
    const number = input.invoice_number?.trim() || (await nextDocumentNumber(tx, 'INV', invoices, invoices.invoice_number, ownerNumber!, input.invoice_date));
    return {
      phase, lines,
      header: {
        invoice_number: number, invoice_date: input.invoice_date, due_date: input.due_date || defaultDueDate(receivable, input.invoice_date), owner_id: input.owner_id,
        property_id: input.property_id ?? null, tax_rate_id: input.tax_rate_id ?? null, tax_rate: taxRate ?? null, notes: input.notes ?? null, payment_terms: input.payment_terms ?? 'Net 15',
      },
    };
  });
}

/** Changes an invoice's header, issues a draft, or replaces its lines; a cancel goes to cancelInvoice. */
export async function reviseInvoice(ctx: Ctx, id: string, revision: DocumentRevision<InvoiceFields, LineInput>): Promise<void> {
  await reviseDocument(ctx, invoiceBook, id, revision, async (tx, inv: InvoiceRow, fields) => {
    const { taxRate } = await resolveHeader(tx, { owner_id: fields.owner_id !== inv.owner_id ? fields.owner_id : undefined, property_id: fields.property_id, tax_rate_id: fields.tax_rate_id !== inv.tax_rate_id ? fields.tax_rate_id : undefined });
    const set: Row = {};
    for (const key of ['invoice_date', 'due_date', 'owner_id', 'property_id', 'notes', 'payment_terms'] as const) {
      if (fields[key] !== undefined) set[key] = fields[key] === '' ? null : fields[key];
    }
    if (fields.tax_rate_id !== undefined && fields.tax_rate_id !== inv.tax_rate_id) {
      set.tax_rate_id = fields.tax_rate_id || null;
      set.tax_rate = taxRate ?? null;
    }
    if (set.invoice_date !== undefined && set.invoice_date === null) throw new ValidationError('Invoice date is required');
    return set;
  });
}

/** Cancels an invoice on a date (default today): its posting and payment applications are reversed on that date. */
export async function cancelInvoice(ctx: Ctx, id: string, opts: { date?: string | undefined; reason?: string | null | undefined } = {}): Promise<void> {
  await cancelDocument(ctx, invoiceBook, id, opts);
}

/** Restore: a restored issued invoice was cancelled on `on` (its applications' reversals are replayed by the payments' step). */
export const replayInvoiceCancellation = (ctx: Ctx, id: string, on: string, reason: string | null): Promise<void> => replayCancellation(ctx, invoiceBook, id, on, reason);

/** The invoice with its lines, as the API shows them. */
export const invoiceWithLines = async (ctx: Ctx, id: string): Promise<InvoiceWithLines> => (await documentWithLines(ctx, invoiceBook, id)) as InvoiceWithLines;
