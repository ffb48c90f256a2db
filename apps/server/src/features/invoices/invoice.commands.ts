import { pgArray } from '../../lib/pg-array.ts';
import { analyzeIfBulk } from '../../lib/analyze.ts';
import type { InvoiceWithLines } from '@covenant/contracts/functions';
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { centsToDecimal, multiplyCents, toCents } from '@covenant/contracts/money';
import { laterDate } from '@covenant/contracts/dates';
import { newId } from '@covenant/db/ids';
import { invoiceLineItems, invoices, paymentInvoices } from '@covenant/db/schema/finance';
import { onCommit, today, withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { publishRecord, readRecord, recordForActor, referencedRecord as referenced } from '../../platform/entities/entities.service.ts';
import type { Row } from '../../platform/entities/entity-def.ts';
import { assertLineAccount, lineFund, systemAccounts, systemFunds } from '../accounts/accounts.service.ts';
import { productEntity } from '../items/items.feature.ts';
import { assertDateMove, postEntries, replacePosting, reverseSource, type EntryInput } from '../ledger/ledger.service.ts';
import { ownerEntity } from '../owners/owners.feature.ts';
import { propertyEntity } from '../properties/properties.feature.ts';
import { taxRateEntity } from '../tax-rates/tax-rates.feature.ts';
import { paymentInvoiceEntity } from '../payments/payments.entities.ts';
import { invoiceEntity, invoiceLineEntity } from './invoices.entities.ts';
import {
  assertInvoiceChange, cancellationDate, computeInvoice, defaultDueDate, DERIVED_INVOICE_STATUSES, peakApplied, phaseForCreate, phaseOf, type InvoicePhase,
} from './invoice.rules.ts';
import { nextDocumentNumber } from './numbering.ts';

/**
 * The one write path of invoices and their lines. Every command checks the caller's privilege and fetches the
 * invoice through the caller's scope (another owner's invoice is a 404, an owner's own is read-only), locks it
 * before its lines, computes it with the pure rules and persists it, postings included, in one transaction.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
type LineRow = typeof invoiceLineItems.$inferSelect;

export interface LineInput {
  product_id?: string | null | undefined;
  description?: string | null | undefined;
  quantity: number | string;
  unit_price: number | string;
  account_id?: string | null | undefined;
  fund_id?: string | null | undefined;
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

/** A line ready to store: its account and fund resolved and its extended price computed. */
export interface CompletedLine {
  product_id: string | null;
  description: string | null;
  quantity: string;
  unit_price: string;
  account_id: string;
  fund_id: string;
  extended_price: string;
}

/** An invoice ready to insert (the billing run and restore build these in bulk). */
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
  phase: 'draft' | 'issued' | 'cancelled';
  lines: readonly CompletedLine[];
  /** What applications restored with it pay on it (new invoices: nothing). */
  paidCents?: number;
}

const asText = (v: number | string) => (typeof v === 'number' ? String(v) : v);


export async function lockInvoice(ctx: Ctx, id: string): Promise<InvoiceRow> {
  const [row] = await ctx.db.select().from(invoices).where(and(eq(invoices.id, id), isNull(invoices.deleted_at))).for('no key update').limit(1);
  if (!row) throw new NotFoundError('Invoice not found');
  return row;
}

async function linesOf(ctx: Ctx, invoiceId: string): Promise<LineRow[]> {
  return ctx.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoice_id, invoiceId)).orderBy(asc(invoiceLineItems.line_no), asc(invoiceLineItems.created_date), asc(invoiceLineItems.id));
}

/** What the applications in force have applied to an invoice. */
async function paidCents(ctx: Ctx, invoiceId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ total: sql<string>`coalesce(sum(${paymentInvoices.amount_applied}), 0)` })
    .from(paymentInvoices)
    .where(and(eq(paymentInvoices.invoice_id, invoiceId), isNull(paymentInvoices.reversed_date)));
  return toCents(row?.total ?? 0);
}

/** The most ever applied to the invoice at one time (see peakApplied). */
async function peakAppliedCents(ctx: Ctx, invoiceId: string): Promise<number> {
  const links = await ctx.db.select({ amount: paymentInvoices.amount_applied, applied_date: paymentInvoices.applied_date, reversed_date: paymentInvoices.reversed_date }).from(paymentInvoices).where(eq(paymentInvoices.invoice_id, invoiceId));
  return peakApplied(links.map((l) => ({ cents: toCents(l.amount), applied_date: l.applied_date, reversed_date: l.reversed_date })));
}

/** Whether any payment was ever applied to the invoice (in force or since reversed). */
async function hasPaymentHistory(ctx: Ctx, invoiceId: string): Promise<boolean> {
  const rows = await ctx.db.select({ id: paymentInvoices.id }).from(paymentInvoices).where(eq(paymentInvoices.invoice_id, invoiceId)).limit(1);
  return rows.length > 0;
}

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
  return {
    product_id: merged.product_id ?? null,
    description: description ?? null,
    quantity,
    unit_price: price,
    account_id,
    fund_id,
    extended_price: centsToDecimal(multiplyCents(toCents(price), quantity)),
  };
}

/**
 * Recomputes an invoice from its lines, stored tax rate and applications; stores the derived amounts; keeps
 * its posting in step (a correction dated at the invoice date); publishes it. The caller holds its lock.
 */
export async function settleInvoice(ctx: Ctx, inv: InvoiceRow): Promise<void> {
  const lines = await linesOf(ctx, inv.id);
  const phase = phaseOf(inv.status);
  const paid = phase === 'issued' ? await paidCents(ctx, inv.id) : 0;
  const acc = await systemAccounts(ctx);
  const c = computeInvoice({ ...inv, phase, lines, paidCents: paid, peakAppliedCents: phase === 'issued' ? await peakAppliedCents(ctx, inv.id) : 0 }, acc, await systemFunds(ctx));
  await ctx.db
    .update(invoices)
    .set({
      subtotal: centsToDecimal(c.subtotalCents),
      tax_amount: centsToDecimal(c.taxCents),
      total_amount: centsToDecimal(c.totalCents),
      amount_paid: centsToDecimal(c.amountPaidCents),
      balance_due: centsToDecimal(c.balanceCents),
      status: c.status,
    })
    .where(eq(invoices.id, inv.id));
  for (const [i, line] of lines.entries()) {
    const ext = centsToDecimal(c.lineCents[i]!);
    if (toCents(line.extended_price) !== c.lineCents[i]) await ctx.db.update(invoiceLineItems).set({ extended_price: ext }).where(eq(invoiceLineItems.id, line.id));
  }
  if (c.posting) {
    await replacePosting(ctx, { date: inv.invoice_date, memo: `Invoice ${inv.invoice_number}`, source_type: 'invoice', source_id: inv.id, lines: c.posting });
  }
  await publishRecord(ctx, invoiceEntity, inv.id);
}

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
    const c = computeInvoice({ ...inv, phase: phaseOf(inv.status), lines: linesOf.get(inv.id) ?? [], paidCents: paid, peakAppliedCents: peak }, acc, fundIds);
    return { id: inv.id, paid: centsToDecimal(c.amountPaidCents), balance: centsToDecimal(c.balanceCents), status: c.status };
  });
  for (let i = 0; i < values.length; i += 5000) {
    const chunk = values.slice(i, i + 5000);
    await ctx.db.execute(sql`update ${invoices} i set amount_paid = v.paid, balance_due = v.balance, status = v.status
      from unnest(${pgArray(chunk.map((v) => v.id))}::text[], ${pgArray(chunk.map((v) => v.paid))}::numeric[], ${pgArray(chunk.map((v) => v.balance))}::numeric[],
        ${pgArray(chunk.map((v) => v.status))}::invoice_status[]) as v(id, paid, balance, status)
      where i.id = v.id`);
  }
  onCommit(ctx, () => ctx.services.changes.publish({ entity: 'Invoice', type: 'update', id: '*', record: {}, timestamp: new Date().toISOString() }));
}

/**
 * Inserts new invoices with their lines and postings using bulk inserts: the single create, the billing run
 * and restore all come through here. Each is computed by the same rules; answers the new ids in order.
 */
export async function insertInvoices(ctx: Ctx, docs: readonly NewInvoiceDoc[]): Promise<string[]> {
  const acc = await systemAccounts(ctx);
  const fundIds = await systemFunds(ctx);
  const createdBy = ctx.actor?.email ?? null;
  const invoiceRows: Array<typeof invoices.$inferInsert> = [];
  const lineRows: Array<typeof invoiceLineItems.$inferInsert> = [];
  const entries: EntryInput[] = [];
  for (const d of docs) {
    const id = d.id ?? newId();
    const c = computeInvoice({ id, invoice_number: d.invoice_number, invoice_date: d.invoice_date, owner_id: d.owner_id, property_id: d.property_id, phase: d.phase, tax_rate: d.tax_rate, lines: d.lines, paidCents: d.paidCents ?? 0 }, acc, fundIds);
    invoiceRows.push({
      id, invoice_number: d.invoice_number, invoice_date: d.invoice_date, due_date: d.due_date, owner_id: d.owner_id, property_id: d.property_id,
      tax_rate_id: d.tax_rate_id, tax_rate: d.tax_rate, notes: d.notes ?? null, payment_terms: d.payment_terms ?? 'Net 15',
      subtotal: centsToDecimal(c.subtotalCents), tax_amount: centsToDecimal(c.taxCents), total_amount: centsToDecimal(c.totalCents),
      amount_paid: centsToDecimal(c.amountPaidCents), balance_due: centsToDecimal(c.balanceCents), status: c.status, created_by: createdBy,
    });
    d.lines.forEach((l, i) => lineRows.push({ ...l, extended_price: centsToDecimal(c.lineCents[i]!), invoice_id: id, line_no: i + 1, created_by: createdBy }));
    if (c.posting) entries.push({ date: d.invoice_date, memo: `Invoice ${d.invoice_number}`, source_type: 'invoice', source_id: id, lines: c.posting });
  }
  const CHUNK = 500;
  for (let i = 0; i < invoiceRows.length; i += CHUNK) await ctx.db.insert(invoices).values(invoiceRows.slice(i, i + CHUNK));
  for (let i = 0; i < lineRows.length; i += CHUNK) await ctx.db.insert(invoiceLineItems).values(lineRows.slice(i, i + CHUNK));
  await postEntries(ctx, entries);
  analyzeIfBulk(ctx, invoiceRows.length, ['invoices', 'invoice_line_items']);
  const ids = invoiceRows.map((r) => r.id!);
  if (ids.length <= 20) {
    for (const id of ids) await publishRecord(ctx, invoiceEntity, id, 'create');
  } else {
    // One "many changed" signal instead of thousands of events: open lists refetch.
    onCommit(ctx, () => ctx.services.changes.publish({ entity: 'Invoice', type: 'create', id: '*', record: {}, timestamp: new Date().toISOString() }));
  }
  return ids;
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
  await requirePermission(ctx, 'invoices', 'create');
  const phase = phaseForCreate(input.status);
  return withTransaction(ctx, async (tx) => {
    const { ownerNumber, taxRate } = await resolveHeader(tx, input);
    const lines: CompletedLine[] = [];
    for (const l of input.lines ?? []) lines.push(await completeLine(tx, l));
    const number = input.invoice_number?.trim() || (await nextDocumentNumber(tx, 'INV', invoices, invoices.invoice_number, ownerNumber!, input.invoice_date));
    const [id] = await insertInvoices(tx, [
      {
        invoice_number: number, invoice_date: input.invoice_date, due_date: input.due_date || defaultDueDate(input.invoice_date), owner_id: input.owner_id,
        property_id: input.property_id ?? null, tax_rate_id: input.tax_rate_id ?? null, tax_rate: taxRate ?? null, notes: input.notes, payment_terms: input.payment_terms ?? undefined,
        phase, lines,
      },
    ]);
    return id!;
  });
}

export interface InvoiceRevision {
  fields?: Partial<InvoiceFields> & { status?: string | undefined };
  /** Replaces every line (the editor's save: the spec deletes and recreates the lines). */
  lines?: readonly LineInput[];
}

/** Changes an invoice's header, issues a draft, or replaces its lines; a cancel goes to cancelInvoice. */
export async function reviseInvoice(ctx: Ctx, id: string, revision: InvoiceRevision): Promise<void> {
  const fields = { ...(revision.fields ?? {}) };
  const changing = [...Object.keys(fields), ...(revision.lines ? ['lines'] : [])];
  await withTransaction(ctx, async (tx) => {
    await recordForActor(tx, invoiceEntity, id, 'update', { changing });
    const inv = await lockInvoice(tx, id);
    if (fields.status === 'cancelled') {
      const others = changing.filter((k) => k !== 'status');
      if (others.length || revision.lines) throw new ValidationError('Cancel an invoice on its own, without other changes');
      await cancelLocked(tx, inv, (await today(tx)), null);
      return;
    }
    const phase = phaseOf(inv.status);
    assertInvoiceChange({ phase, invoice_number: inv.invoice_number, invoice_date: inv.invoice_date, owner_id: inv.owner_id }, fields, await hasPaymentHistory(tx, id));
    await assertDateMove(tx, inv.invoice_date, fields.invoice_date, 'The invoice date');
    const { taxRate } = await resolveHeader(tx, { owner_id: fields.owner_id !== inv.owner_id ? fields.owner_id : undefined, property_id: fields.property_id, tax_rate_id: fields.tax_rate_id !== inv.tax_rate_id ? fields.tax_rate_id : undefined });
    const set: Partial<typeof invoices.$inferInsert> = {};
    for (const key of ['invoice_date', 'due_date', 'owner_id', 'property_id', 'notes', 'payment_terms'] as const) {
      if (fields[key] !== undefined) (set as Record<string, unknown>)[key] = fields[key] === '' ? null : fields[key];
    }
    if (fields.tax_rate_id !== undefined && fields.tax_rate_id !== inv.tax_rate_id) {
      set.tax_rate_id = fields.tax_rate_id || null;
      set.tax_rate = taxRate ?? null;
    }
    if (set.invoice_date !== undefined && set.invoice_date === null) throw new ValidationError('Invoice date is required');
    if (phase === 'draft' && fields.status !== undefined && (DERIVED_INVOICE_STATUSES.has(fields.status) || fields.status === 'sent')) set.status = 'sent';
    if (Object.keys(set).length) await tx.db.update(invoices).set(set).where(eq(invoices.id, id));
    if (revision.lines) {
      const completed: CompletedLine[] = [];
      for (const l of revision.lines) completed.push(await completeLine(tx, l));
      await tx.db.delete(invoiceLineItems).where(eq(invoiceLineItems.invoice_id, id));
      if (completed.length) {
        await tx.db.insert(invoiceLineItems).values(completed.map((l, i) => ({ ...l, invoice_id: id, line_no: i + 1, created_by: tx.actor?.email ?? null })));
      }
    }
    await settleInvoice(tx, await lockInvoice(tx, id));
  });
}

/** The invoice a line belongs to, fetched through the caller's scope for a change, then locked. */
async function lockParentForChange(ctx: Ctx, invoiceId: string): Promise<InvoiceRow> {
  await recordForActor(ctx, invoiceEntity, invoiceId, 'update', { changing: ['lines'] });
  const inv = await lockInvoice(ctx, invoiceId);
  if (phaseOf(inv.status) === 'cancelled') throw new ConflictError('A cancelled invoice cannot be edited', 'cancelled');
  return inv;
}

async function referencedInvoice(ctx: Ctx, invoiceId: string): Promise<InvoiceRow> {
  try {
    return await lockParentForChange(ctx, invoiceId);
  } catch (err) {
    if (err instanceof NotFoundError) throw new ValidationError('Invoice does not exist');
    throw err;
  }
}

/** Adds a line to an invoice (generic InvoiceLineItem create); answers the line id. */
export async function addInvoiceLine(ctx: Ctx, values: LineInput & { invoice_id: string }): Promise<string> {
  return withTransaction(ctx, async (tx) => {
    const inv = await referencedInvoice(tx, values.invoice_id);
    const line = await completeLine(tx, values);
    const [last] = await tx.db.select({ n: max(invoiceLineItems.line_no) }).from(invoiceLineItems).where(eq(invoiceLineItems.invoice_id, inv.id));
    const id = newId();
    await tx.db.insert(invoiceLineItems).values({ ...line, id, invoice_id: inv.id, line_no: (last?.n ?? 0) + 1, created_by: tx.actor?.email ?? null });
    await settleInvoice(tx, inv);
    await publishRecord(tx, invoiceLineEntity, id, 'create');
    return id;
  });
}

export async function updateInvoiceLine(ctx: Ctx, lineId: string, changes: Partial<LineInput> & { invoice_id?: string }): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const found = await recordForActor(tx, invoiceLineEntity, lineId, 'update', { changing: Object.keys(changes) });
    if (changes.invoice_id !== undefined && changes.invoice_id !== found.invoice_id) throw new ValidationError('A line cannot move to another invoice');
    const inv = await lockParentForChange(tx, found.invoice_id as string);
    const [existing] = await tx.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.id, lineId)).limit(1);
    if (!existing) throw new NotFoundError('Invoice line not found');
    const { invoice_id: _moved, ...lineChanges } = changes;
    const line = await completeLine(tx, lineChanges, existing);
    await tx.db.update(invoiceLineItems).set(line).where(eq(invoiceLineItems.id, lineId));
    await settleInvoice(tx, inv);
    await publishRecord(tx, invoiceLineEntity, lineId);
  });
}

export async function deleteInvoiceLine(ctx: Ctx, lineId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const found = await recordForActor(tx, invoiceLineEntity, lineId, 'delete');
    const inv = await lockParentForChange(tx, found.invoice_id as string);
    await tx.db.delete(invoiceLineItems).where(eq(invoiceLineItems.id, lineId));
    await settleInvoice(tx, inv);
    await publishRecord(tx, invoiceLineEntity, lineId, 'delete', found);
  });
}

/**
 * Cancels a locked invoice on `on` (irreversible): its posting and its payment applications are reversed on
 * that date, so earlier periods keep what was true then; the applied money returns to the owners' credit.
 */
export async function cancelLocked(ctx: Ctx, inv: InvoiceRow, on: string, reason: string | null): Promise<void> {
  const phase: InvoicePhase = phaseOf(inv.status);
  if (phase === 'cancelled') throw new ConflictError('This invoice is already cancelled', 'cancelled');
  const date = cancellationDate(on, inv.invoice_date);
  if (phase === 'issued') {
    const links = await ctx.db.select().from(paymentInvoices).where(and(eq(paymentInvoices.invoice_id, inv.id), isNull(paymentInvoices.reversed_date)));
    for (const link of links) {
      await reverseSource(ctx, 'payment_application', link.id, `Invoice ${inv.invoice_number} cancelled`, date);
      await ctx.db.update(paymentInvoices).set({ reversed_date: laterDate(date, link.applied_date) }).where(eq(paymentInvoices.id, link.id));
      await publishRecord(ctx, paymentInvoiceEntity, link.id, 'delete', link as unknown as Row);
    }
    await reverseSource(ctx, 'invoice', inv.id, `Invoice ${inv.invoice_number} cancelled`, date);
  }
  await ctx.db
    .update(invoices)
    // A draft posted nothing, so its cancellation reverses nothing and has no posting date.
    .set({ status: 'cancelled', cancelled_date: phase === 'issued' ? date : null, cancel_reason: reason, amount_paid: '0', balance_due: '0' })
    .where(eq(invoices.id, inv.id));
  await recordAudit(ctx, {
    action: 'invoice.cancelled', target_type: 'Invoice', target_id: inv.id,
    before: { status: inv.status, amount_paid: inv.amount_paid, balance_due: inv.balance_due },
    after: { status: 'cancelled', cancelled_date: phase === 'issued' ? date : null, cancel_reason: reason },
    detail: { invoice_number: inv.invoice_number, owner_id: inv.owner_id, total_amount: inv.total_amount },
  });
  await publishRecord(ctx, invoiceEntity, inv.id);
}

/**
 * Restore: a restored issued invoice was cancelled on `on` (its applications' reversals are replayed by the
 * payment commands from the file's own dates): the posting is reversed then and the invoice marked cancelled.
 */
export async function replayInvoiceCancellation(ctx: Ctx, id: string, on: string, reason: string | null): Promise<void> {
  const inv = await lockInvoice(ctx, id);
  const date = cancellationDate(on, inv.invoice_date);
  await reverseSource(ctx, 'invoice', id, `Invoice ${inv.invoice_number} cancelled (restored)`, date);
  await ctx.db.update(invoices).set({ status: 'cancelled', cancelled_date: date, cancel_reason: reason, amount_paid: '0', balance_due: '0' }).where(eq(invoices.id, id));
}

/** Cancels an invoice on a date (default today) with an optional reason. */
export async function cancelInvoice(ctx: Ctx, id: string, opts: { date?: string | undefined; reason?: string | null | undefined } = {}): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await recordForActor(tx, invoiceEntity, id, 'update', { changing: ['status'] });
    await cancelLocked(tx, await lockInvoice(tx, id), opts.date ?? (await today(tx)), opts.reason ?? null);
  });
}

/**
 * Deletes an invoice. A draft is removed with its lines. A cancelled one is only hidden: its posting and the
 * cancellation are history. Otherwise it was entered in error: its posting and its applications are reversed
 * at their own dates (a correction) and it is hidden, its number never reused. One with payment history that
 * was reversed (a bounce) cannot be erased that way: it must be cancelled.
 */
export async function deleteInvoice(ctx: Ctx, id: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const found = await recordForActor(tx, invoiceEntity, id, 'delete');
    const inv = await lockInvoice(tx, id);
    const phase = phaseOf(inv.status);
    await recordAudit(tx, { action: 'invoice.deleted', target_type: 'Invoice', target_id: id, before: found, detail: { invoice_number: inv.invoice_number, phase } });
    if (phase === 'draft') {
      await tx.db.delete(invoices).where(eq(invoices.id, id));
      await publishRecord(tx, invoiceEntity, id, 'delete', found);
      return;
    }
    if (phase === 'issued') {
      const links = await tx.db.select().from(paymentInvoices).where(eq(paymentInvoices.invoice_id, id));
      if (links.some((l) => l.reversed_date !== null)) {
        throw new ConflictError('This invoice has payment history (a payment applied to it was bounced), so it cannot be erased; cancel it instead', 'has_history');
      }
      for (const link of links) {
        await reverseSource(tx, 'payment_application', link.id, `Invoice ${inv.invoice_number} deleted`);
        await tx.db.delete(paymentInvoices).where(eq(paymentInvoices.id, link.id));
        await publishRecord(tx, paymentInvoiceEntity, link.id, 'delete', link as unknown as Row);
      }
      await reverseSource(tx, 'invoice', id, `Invoice ${inv.invoice_number} deleted`);
    }
    await tx.db.update(invoices).set({ deleted_at: new Date(), amount_paid: '0', balance_due: '0' }).where(eq(invoices.id, id));
    await publishRecord(tx, invoiceEntity, id, 'delete', found);
  });
}

/** The invoice with its lines, as the API shows them. */
export async function invoiceWithLines(ctx: Ctx, id: string): Promise<InvoiceWithLines> {
  const invoice = await readRecord(ctx, invoiceEntity, id);
  const lines = [];
  for (const l of await linesOf(ctx, id)) lines.push(await readRecord(ctx, invoiceLineEntity, l.id));
  return { ...invoice, lines } as InvoiceWithLines;
}
