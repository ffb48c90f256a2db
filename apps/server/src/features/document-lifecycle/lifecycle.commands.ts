import { analyzeIfBulk } from '../../lib/analyze.ts';
import { and, asc, eq, getTableColumns, getTableName, isNull, max, sql } from 'drizzle-orm';
import { insertRows, ROWS_PER_STATEMENT } from '../../lib/bulk-insert.ts';
import { pgArray } from '../../lib/pg-array.ts';
import { centsToDecimal, multiplyCents, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import type { billLineItems, bills, invoiceLineItems, invoices } from '@covenant/db/schema/finance';
import { onCommit, today, withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { publishRecord, readRecord, recordForActor } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row, Scope } from '../../platform/entities/entity-def.ts';
import type { z } from 'zod';
import { systemAccounts, systemFunds } from '../accounts/accounts.service.ts';
import { assertDateMove, postEntries, replacePosting, reverseSource, type EntryInput } from '../ledger/ledger.service.ts';
import {
  assertDocumentChange, cancellationDate, computeDocument, issuingStatus, phaseForCreate, phaseOf, settlement, type DocumentKind, type DocumentPhase,
} from './lifecycle.rules.ts';

/**
 * The one write path of invoices and bills and their lines, configured for either by a `DocumentBook`. Every
 * command checks the caller's privilege and fetches the document through the caller's scope (another owner's
 * invoice is a 404), locks it before its lines, computes it with the lifecycle rules and persists it, postings
 * included, in one transaction. What is paid on a document, and what its cancellation or deletion does to those
 * payments, is the book's `settlement`.
 */

type DocumentTable = typeof invoices | typeof bills;
type LineTable = typeof invoiceLineItems | typeof billLineItems;

/** The columns invoices and bills share, as the commands read them. */
export interface StoredDocument {
  id: string;
  status: string;
  total_amount: string;
  amount_paid: string;
  balance_due: string;
}

export interface StoredLine {
  id: string;
  quantity: string;
  unit_price: string;
  extended_price: string;
  account_id: string | null;
  fund_id: string;
}

/** A line as a save or a generic write gives it. */
export interface DocumentLineInput {
  description?: string | null | undefined;
  quantity: number | string;
  unit_price: number | string;
  account_id?: string | null | undefined;
  fund_id?: string | null | undefined;
}

/** A line ready to store: its account and fund resolved and its extended price computed. */
export interface CompletedLineBase {
  description: string | null;
  quantity: string;
  unit_price: string;
  account_id: string;
  fund_id: string;
  extended_price: string;
}

/** How payments stand on a document of the book, and what its cancellation and deletion do to them. */
export interface Settlement<D> {
  /** What the payments in force have paid on it. */
  paidCents(ctx: Ctx, id: string): Promise<number>;
  /** The most ever paid on it at one time, where payments can be reversed (applications); else what is paid now. */
  peakCents?(ctx: Ctx, id: string): Promise<number>;
  /** Whether payments were ever made on it: its party and date are then fixed. */
  hasHistory(ctx: Ctx, id: string): Promise<boolean>;
  /** Before a cancellation posts on `on`: undoes or refuses what is paid on it. */
  beforeCancel(ctx: Ctx, doc: D, phase: DocumentPhase, on: string): Promise<void>;
  /** Before an issued document entered in error is erased: undoes or refuses what is paid on it. */
  beforeErase(ctx: Ctx, doc: D): Promise<void>;
}

export interface DocumentBook<D extends StoredDocument, L extends StoredLine, C extends CompletedLineBase, LI> {
  kind: DocumentKind;
  /** The record's name: in messages, memos, the audit log and realtime ('Invoice', 'Bill'). */
  name: 'Invoice' | 'Bill';
  sourceType: 'invoice' | 'bill';
  /** The privilege resource of its records. */
  resource: 'invoices' | 'bills';
  table: DocumentTable;
  lineTable: LineTable;
  /** The columns that differ: the document's number, date, party, stored tax, and a line's document. */
  fields: { number: string; date: string; party: string; tax: 'tax_rate' | 'tax_amount'; parent: 'invoice_id' | 'bill_id' };
  /** The document's and its lines' entities, whose generic writes go through these commands. */
  entity: EntityDef;
  lineEntity: EntityDef;
  /** The generic create of a document and the header change of a save (references, number and lines are the kind's own). */
  create(ctx: Ctx, values: Row): Promise<string>;
  revise(ctx: Ctx, id: string, revision: DocumentRevision<Row>): Promise<void>;
  /** Resolves a line (item, account, fund) for storing; `existing` is the stored line a change applies to. */
  completeLine(ctx: Ctx, line: Partial<LI>, existing?: L): Promise<C>;
  settlement: Settlement<D>;
  /** The amounts the cancellation's audit entry shows before. */
  auditedAmounts: ReadonlyArray<'amount_paid' | 'balance_due'>;
  /** Refuses a line change before the document is locked (a bill line's account cannot be removed). */
  assertLineChange?(changes: Row): void;
  /** How a change of a line answers when its document is gone: 404 as for the document, or 400 as for a reference. */
  lineOfMissingDocument: 'not_found' | 'validation';
}

type AnyBook = DocumentBook<StoredDocument, StoredLine, CompletedLineBase, unknown>;
/** A column that differs between the kinds (its name in `book.fields`), read from a stored or new document. */
const field = (doc: object, name: string) => (doc as Record<string, unknown>)[name] as string;
const numberOf = (book: AnyBook, doc: object) => field(doc, book.fields.number);
const dateOf = (book: AnyBook, doc: object) => field(doc, book.fields.date);

/** What configures a book: everything but its entities, which are made from `entities`, `create` and `revise`. */
export interface DocumentBookConfig<D extends StoredDocument, L extends StoredLine, C extends CompletedLineBase, LI> extends Omit<DocumentBook<D, L, C, LI>, 'entity' | 'lineEntity'> {
  entities: {
    input: z.ZodObject;
    lineInput: z.ZodObject;
    /** Fields a client may send but the server computes. */
    derivedFields: readonly string[];
    scope: Scope;
    lineScope: Scope;
    ownEditable?: readonly string[];
  };
}

/** A book and its two entities: the document's (create, change, delete) and its lines' (add, change, remove). */
export function defineDocumentBook<D extends StoredDocument, L extends StoredLine, C extends CompletedLineBase, LI>(config: DocumentBookConfig<D, L, C, LI>): DocumentBook<D, L, C, LI> {
  const { entities: e, ...rest } = config;
  const own = e.ownEditable ? { ownEditable: e.ownEditable } : {};
  const book: DocumentBook<D, L, C, LI> = {
    ...rest,
    entity: {
      name: rest.name,
      label: rest.kind.noun,
      table: rest.table,
      resource: rest.resource,
      createInput: e.input as unknown as z.ZodType<Row>,
      updateInput: e.input.partial() as unknown as z.ZodType<Row>,
      derivedFields: e.derivedFields,
      hiddenColumns: ['deleted_at'],
      visibleWhere: () => isNull(rest.table.deleted_at),
      scope: e.scope,
      ...own,
      writes: {
        create: (ctx, values) => rest.create(ctx, values),
        update: (ctx, id, changes) => rest.revise(ctx, id, { fields: changes }),
        remove: (ctx, id) => deleteDocument(ctx, book, id),
      },
    },
    lineEntity: {
      name: `${rest.name}LineItem`,
      label: `${rest.kind.noun} line`,
      table: rest.lineTable,
      resource: rest.resource,
      createInput: e.lineInput as unknown as z.ZodType<Row>,
      updateInput: e.lineInput.partial() as unknown as z.ZodType<Row>,
      derivedFields: ['extended_price'],
      scope: e.lineScope,
      ...own,
      writes: {
        create: (ctx, values) => addDocumentLine(ctx, book, values),
        update: (ctx, id, changes) => updateDocumentLine(ctx, book, id, changes),
        remove: (ctx, id) => deleteDocumentLine(ctx, book, id),
      },
    },
  };
  return book;
}

/** The document, not deleted, locked for the rest of the transaction. */
export async function lockDocument<D extends StoredDocument>(ctx: Ctx, book: DocumentBook<D, StoredLine, CompletedLineBase, unknown>, id: string): Promise<D> {
  const t = book.table;
  const [row] = await ctx.db.select().from(t).where(and(eq(t.id, id), isNull(t.deleted_at))).for('no key update').limit(1);
  if (!row) throw new NotFoundError(`${book.name} not found`);
  return row as unknown as D;
}

/** Many documents, not deleted, locked in id order for the rest of the transaction (bulk writers); a missing one is a 404. */
export async function lockDocuments<D extends StoredDocument>(ctx: Ctx, book: DocumentBook<D, StoredLine, CompletedLineBase, unknown>, ids: readonly string[]): Promise<Map<string, D>> {
  const t = book.table;
  const sorted = [...new Set(ids)].sort();
  const out = new Map<string, D>();
  for (let i = 0; i < sorted.length; i += ROWS_PER_STATEMENT) {
    const rows = await ctx.db.select().from(t).where(and(sql`${t.id} = any(${pgArray(sorted.slice(i, i + ROWS_PER_STATEMENT))}::text[])`, isNull(t.deleted_at))).orderBy(asc(t.id)).for('no key update');
    for (const r of rows) out.set(r.id, r as unknown as D);
  }
  const missing = sorted.find((id) => !out.has(id));
  if (missing) throw new NotFoundError(`${book.name} not found`);
  return out;
}

/**
 * New payments on issued documents this transaction holds locked (the bulk writers of payments and bill payments):
 * each document's paid amount grows by what was paid, and its balance and status follow by the lifecycle's
 * settlement rule, from the locked row's total, without reading every document's lines and payments again as
 * settling it one at a time does (a payment only adds; the writers never pay more than the balance).
 */
export async function addPaidAmounts<D extends StoredDocument>(ctx: Ctx, book: DocumentBook<D, StoredLine, CompletedLineBase, unknown>, paidCents: ReadonlyMap<string, number>, locked: ReadonlyMap<string, Pick<StoredDocument, 'total_amount' | 'amount_paid'>>): Promise<void> {
  const values = [...paidCents].map(([id, cents]) => {
    const doc = locked.get(id);
    if (!doc) throw new Error(`addPaidAmounts: ${book.name} ${id} is not locked by this transaction`);
    const s = settlement(book.kind, toCents(doc.total_amount), toCents(doc.amount_paid) + cents);
    return { id, paidCents: s.amountPaidCents, balanceCents: s.balanceCents, status: s.status };
  });
  await writeSettlements(ctx, book, values);
}

/** Writes documents' paid amounts, balances and statuses, a column per parameter; readers refetch once at commit. */
export async function writeSettlements(ctx: Ctx, book: AnyBook, values: ReadonlyArray<{ id: string; paidCents: number; balanceCents: number; status: string }>): Promise<void> {
  if (values.length === 0) return;
  // In id order: ids begin with their creation time, so the rows are visited in about the order they lie in the table.
  const ordered = [...values].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // The status column's own enum type (invoice_status, bill_status), for the array of new statuses.
  const statusType = sql.identifier(getTableColumns(book.table).status.getSQLType());
  for (let i = 0; i < ordered.length; i += ROWS_PER_STATEMENT) {
    const chunk = ordered.slice(i, i + ROWS_PER_STATEMENT);
    await ctx.db.execute(sql`update ${book.table} d set amount_paid = v.paid, balance_due = v.balance, status = v.status
      from unnest(${pgArray(chunk.map((v) => v.id))}::text[], ${pgArray(chunk.map((v) => centsToDecimal(v.paidCents)))}::numeric[], ${pgArray(chunk.map((v) => centsToDecimal(v.balanceCents)))}::numeric[],
        ${pgArray(chunk.map((v) => v.status))}::${statusType}[]) as v(id, paid, balance, status)
      where d.id = v.id`);
  }
  onCommit(ctx, () => ctx.services.changes.publish({ entity: book.entity.name, type: 'update', id: '*', record: {}, timestamp: new Date().toISOString() }));
}

export async function linesOfDocument<L extends StoredLine>(ctx: Ctx, book: DocumentBook<StoredDocument, L, CompletedLineBase, unknown>, documentId: string): Promise<L[]> {
  const t = book.lineTable;
  const parent = book.fields.parent === 'invoice_id' ? (t as typeof invoiceLineItems).invoice_id : (t as typeof billLineItems).bill_id;
  return (await ctx.db.select().from(t).where(eq(parent, documentId)).orderBy(asc(t.line_no), asc(t.created_date), asc(t.id))) as unknown as L[];
}

/** A line's extended price: quantity × unit price, rounded to the cent. */
export function extendedPrice(quantity: string, unitPrice: string): string {
  return centsToDecimal(multiplyCents(toCents(unitPrice), quantity));
}

/**
 * Recomputes a document from its lines, stored tax and payments; stores the derived amounts; keeps its posting
 * in step (a correction dated at the document's date); publishes it. The caller holds its lock.
 */
export async function settleDocument<D extends StoredDocument>(ctx: Ctx, book: DocumentBook<D, StoredLine, CompletedLineBase, unknown>, doc: D): Promise<void> {
  const lines = await linesOfDocument(ctx, book, doc.id);
  const phase = phaseOf(doc.status);
  const paid = phase === 'issued' ? await book.settlement.paidCents(ctx, doc.id) : 0;
  const acc = await systemAccounts(ctx);
  const peak = phase === 'issued' && book.settlement.peakCents ? await book.settlement.peakCents(ctx, doc.id) : undefined;
  const c = computeDocument(book.kind, { ...stateOf(book, doc), phase, lines, paidCents: paid, peakAppliedCents: peak }, acc, await systemFunds(ctx));
  await ctx.db
    .update(book.table)
    .set({
      subtotal: centsToDecimal(c.subtotalCents),
      tax_amount: centsToDecimal(c.taxCents),
      total_amount: centsToDecimal(c.totalCents),
      amount_paid: centsToDecimal(c.amountPaidCents),
      balance_due: centsToDecimal(c.balanceCents),
      status: c.status as never,
    })
    .where(eq(book.table.id, doc.id));
  for (const [i, line] of lines.entries()) {
    if (toCents(line.extended_price) !== c.lineCents[i]) await ctx.db.update(book.lineTable).set({ extended_price: centsToDecimal(c.lineCents[i]!) }).where(eq(book.lineTable.id, line.id));
  }
  if (c.posting) {
    await replacePosting(ctx, { date: dateOf(book, doc), memo: `${book.name} ${numberOf(book, doc)}`, source_type: book.sourceType, source_id: doc.id, lines: c.posting });
  }
  await publishRecord(ctx, book.entity, doc.id);
}

/** What the rules read of a stored or new document besides its phase, lines and payments. */
export function stateOf(book: AnyBook, doc: object & { id?: string }) {
  const d = doc as Record<string, unknown>;
  return { id: d.id as string, party_id: d[book.fields.party] as string, property_id: (d.property_id as string | null | undefined) ?? null, tax: (d[book.fields.tax] as string | null | undefined) ?? null };
}

/** A document ready to insert: its header columns as stored, its phase, its completed lines, what restored payments paid on it. */
export interface NewDocumentRow<C> {
  id?: string;
  /** 'cancelled' only for restored documents cancelled before dates were kept: stored cancelled, posting nothing. */
  phase: DocumentPhase;
  lines: readonly C[];
  paidCents?: number;
  header: Row;
}

/**
 * Inserts new documents with their lines and postings using bulk inserts: the single create, the runs and
 * restore all come through here. Each is computed by the same rules; answers the new ids in order.
 */
export async function insertDocuments<C extends CompletedLineBase>(ctx: Ctx, book: DocumentBook<StoredDocument, StoredLine, C, unknown>, docs: ReadonlyArray<NewDocumentRow<C>>): Promise<string[]> {
  const acc = await systemAccounts(ctx);
  const fundIds = await systemFunds(ctx);
  const createdBy = ctx.actor?.email ?? null;
  const documentRows: Row[] = [];
  const lineRows: Row[] = [];
  const entries: EntryInput[] = [];
  for (const d of docs) {
    const id = d.id ?? newId();
    const header = { ...d.header, id };
    const c = computeDocument(book.kind, { ...stateOf(book, header), phase: d.phase, lines: d.lines, paidCents: d.paidCents ?? 0 }, acc, fundIds);
    documentRows.push({
      ...header,
      subtotal: centsToDecimal(c.subtotalCents), tax_amount: centsToDecimal(c.taxCents), total_amount: centsToDecimal(c.totalCents),
      amount_paid: centsToDecimal(c.amountPaidCents), balance_due: centsToDecimal(c.balanceCents), status: c.status, created_by: createdBy,
    });
    d.lines.forEach((l, i) => lineRows.push({ ...l, extended_price: centsToDecimal(c.lineCents[i]!), [book.fields.parent]: id, line_no: i + 1, created_by: createdBy }));
    if (c.posting) entries.push({ date: dateOf(book, header), memo: `${book.name} ${numberOf(book, header)}`, source_type: book.sourceType, source_id: id, lines: c.posting });
  }
  // One JSON parameter a statement (insertRows): the query builder's parameter per value cost a month's run more than its rows.
  await insertRows(ctx.db, book.table, documentRows as never);
  await insertRows(ctx.db, book.lineTable, lineRows as never);
  await postEntries(ctx, entries);
  analyzeIfBulk(ctx, documentRows.length, [getTableName(book.table), getTableName(book.lineTable)]);
  const ids = documentRows.map((r) => r.id as string);
  if (ids.length <= 20) {
    for (const id of ids) await publishRecord(ctx, book.entity, id, 'create');
  } else {
    // One "many changed" signal instead of thousands of events: open lists refetch.
    onCommit(ctx, () => ctx.services.changes.publish({ entity: book.name, type: 'create', id: '*', record: {}, timestamp: new Date().toISOString() }));
  }
  return ids;
}

/** Completes each line of a save, in order. */
export async function completeLines<C extends CompletedLineBase>(ctx: Ctx, book: AnyBook, lines: readonly unknown[] | undefined): Promise<C[]> {
  const out: C[] = [];
  for (const l of lines ?? []) out.push((await book.completeLine(ctx, l as Partial<unknown>)) as C);
  return out;
}

/**
 * Creates a document (draft or issued) with its lines; answers its id. `prepare` resolves its header through the
 * caller's scope, completes its lines and numbers it, inside the transaction.
 */
export async function createDocument(
  ctx: Ctx,
  book: AnyBook,
  status: string | undefined,
  prepare: (tx: Ctx, phase: 'draft' | 'issued') => Promise<NewDocumentRow<CompletedLineBase>>,
): Promise<string> {
  await requirePermission(ctx, book.resource, 'create');
  const phase = phaseForCreate(book.kind, status);
  return withTransaction(ctx, async (tx) => {
    const [id] = await insertDocuments(tx, book, [await prepare(tx, phase)]);
    return id!;
  });
}

export interface DocumentRevision<F, LI = unknown> {
  fields?: Partial<F> & { status?: string | undefined };
  /** Replaces every line (the editor's save: the spec deletes and recreates the lines). */
  lines?: readonly LI[] | undefined;
}

/**
 * Changes a document's header, issues a draft, or replaces its lines; a cancel goes to cancelLocked. `headerChanges`
 * resolves and answers the columns a header change sets (references through the caller's scope, the tax snapshot).
 */
export async function reviseDocument<D extends StoredDocument, F extends object>(
  ctx: Ctx,
  book: DocumentBook<D, StoredLine, CompletedLineBase, unknown>,
  id: string,
  revision: DocumentRevision<F>,
  headerChanges: (tx: Ctx, doc: D, fields: Partial<F>) => Promise<Row>,
): Promise<void> {
  const fields = { ...(revision.fields ?? {}) } as Partial<F> & { status?: string | undefined };
  const changing = [...Object.keys(fields), ...(revision.lines ? ['lines'] : [])];
  await withTransaction(ctx, async (tx) => {
    await recordForActor(tx, book.entity, id, 'update', { changing });
    const doc = await lockDocument(tx, book, id);
    if (fields.status === 'cancelled') {
      if (changing.some((k) => k !== 'status') || revision.lines) throw new ValidationError(`Cancel ${book.kind.article.toLowerCase()} ${book.kind.noun} on its own, without other changes`);
      await cancelLocked(tx, book, doc, await today(tx), null);
      return;
    }
    const phase = phaseOf(doc.status);
    const f = fields as Record<string, string | undefined>;
    assertDocumentChange(
      book.kind,
      { phase, number: numberOf(book, doc), date: dateOf(book, doc), party_id: field(doc, book.fields.party) },
      { number: f[book.fields.number], date: f[book.fields.date], party_id: f[book.fields.party], status: fields.status },
      await book.settlement.hasHistory(tx, id),
    );
    await assertDateMove(tx, dateOf(book, doc), f[book.fields.date], `The ${book.kind.noun} date`);
    const set = await headerChanges(tx, doc, fields);
    const issuing = issuingStatus(book.kind, phase, fields.status);
    if (issuing) set.status = issuing;
    if (Object.keys(set).length) await tx.db.update(book.table).set(set as never).where(eq(book.table.id, id));
    if (revision.lines) {
      const completed = await completeLines<CompletedLineBase>(tx, book, revision.lines);
      await tx.db.delete(book.lineTable).where(eq(parentColumn(book), id));
      if (completed.length) {
        await tx.db.insert(book.lineTable).values(completed.map((l, i) => ({ ...l, [book.fields.parent]: id, line_no: i + 1, created_by: tx.actor?.email ?? null })) as never);
      }
    }
    await settleDocument(tx, book, await lockDocument(tx, book, id));
  });
}

function parentColumn(book: AnyBook) {
  return book.fields.parent === 'invoice_id' ? (book.lineTable as typeof invoiceLineItems).invoice_id : (book.lineTable as typeof billLineItems).bill_id;
}

/** The document a line belongs to, fetched through the caller's scope for a change (a missing one answers `missing`), then locked. */
async function lockParentForChange<D extends StoredDocument>(ctx: Ctx, book: DocumentBook<D, StoredLine, CompletedLineBase, unknown>, documentId: string, missing: 'not_found' | 'validation'): Promise<D> {
  try {
    await recordForActor(ctx, book.entity, documentId, 'update', { changing: ['lines'] });
  } catch (err) {
    if (missing === 'validation' && err instanceof NotFoundError) throw new ValidationError(`${book.name} does not exist`);
    throw err;
  }
  const doc = await lockDocument(ctx, book, documentId);
  if (phaseOf(doc.status) === 'cancelled') throw new ConflictError(`A cancelled ${book.kind.noun} cannot be edited`, 'cancelled');
  return doc;
}

/** Adds a line to a document (generic line create); answers the line id. */
export async function addDocumentLine(ctx: Ctx, book: AnyBook, values: Row): Promise<string> {
  return withTransaction(ctx, async (tx) => {
    const doc = await lockParentForChange(tx, book, values[book.fields.parent] as string, 'validation');
    const line = await book.completeLine(tx, values as never);
    const [last] = await tx.db.select({ n: max(book.lineTable.line_no) }).from(book.lineTable).where(eq(parentColumn(book), doc.id));
    const id = newId();
    await tx.db.insert(book.lineTable).values({ ...line, id, [book.fields.parent]: doc.id, line_no: (last?.n ?? 0) + 1, created_by: tx.actor?.email ?? null } as never);
    await settleDocument(tx, book, doc);
    await publishRecord(tx, book.lineEntity, id, 'create');
    return id;
  });
}

export async function updateDocumentLine(ctx: Ctx, book: AnyBook, lineId: string, changes: Row): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const found = await recordForActor(tx, book.lineEntity, lineId, 'update', { changing: Object.keys(changes) });
    const parent = book.fields.parent;
    if (changes[parent] !== undefined && changes[parent] !== found[parent]) throw new ValidationError(`A line cannot move to another ${book.kind.noun}`);
    book.assertLineChange?.(changes);
    const doc = await lockParentForChange(tx, book, found[parent] as string, book.lineOfMissingDocument);
    const [existing] = await tx.db.select().from(book.lineTable).where(eq(book.lineTable.id, lineId)).limit(1);
    if (!existing) throw new NotFoundError(`${book.name} line not found`);
    const { [parent]: _moved, ...lineChanges } = changes;
    const line = await book.completeLine(tx, lineChanges as never, existing as never);
    await tx.db.update(book.lineTable).set(line as never).where(eq(book.lineTable.id, lineId));
    await settleDocument(tx, book, doc);
    await publishRecord(tx, book.lineEntity, lineId);
  });
}

export async function deleteDocumentLine(ctx: Ctx, book: AnyBook, lineId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const found = await recordForActor(tx, book.lineEntity, lineId, 'delete');
    const doc = await lockParentForChange(tx, book, found[book.fields.parent] as string, book.lineOfMissingDocument);
    await tx.db.delete(book.lineTable).where(eq(book.lineTable.id, lineId));
    await settleDocument(tx, book, doc);
    await publishRecord(tx, book.lineEntity, lineId, 'delete', found);
  });
}

/**
 * Cancels a locked document on `on` (irreversible): its posting is reversed on that date, so earlier periods keep
 * what was true then; what was paid on it is undone or the cancellation refused (the book's settlement).
 */
export async function cancelLocked<D extends StoredDocument>(ctx: Ctx, book: DocumentBook<D, StoredLine, CompletedLineBase, unknown>, doc: D, on: string, reason: string | null): Promise<void> {
  const phase = phaseOf(doc.status);
  if (phase === 'cancelled') throw new ConflictError(`This ${book.kind.noun} is already cancelled`, 'cancelled');
  const date = cancellationDate(on, dateOf(book, doc));
  await book.settlement.beforeCancel(ctx, doc, phase, date);
  if (phase === 'issued') await reverseSource(ctx, book.sourceType, doc.id, `${book.name} ${numberOf(book, doc)} cancelled`, date);
  // A draft posted nothing, so its cancellation reverses nothing and has no posting date.
  const cancelledDate = phase === 'issued' ? date : null;
  await ctx.db.update(book.table).set({ status: 'cancelled', cancelled_date: cancelledDate, cancel_reason: reason, amount_paid: '0', balance_due: '0' }).where(eq(book.table.id, doc.id));
  await recordAudit(ctx, {
    action: `${book.kind.noun}.cancelled` as const, target_type: book.name, target_id: doc.id,
    before: { status: doc.status, ...Object.fromEntries(book.auditedAmounts.map((k) => [k, doc[k]])) },
    after: { status: 'cancelled', cancelled_date: cancelledDate, cancel_reason: reason },
    detail: { [book.fields.number]: numberOf(book, doc), [book.fields.party]: field(doc, book.fields.party), total_amount: doc.total_amount },
  });
  await publishRecord(ctx, book.entity, doc.id);
}

/**
 * Restore: a restored issued document was cancelled on `on` (the reversals of its payments are replayed by their
 * own commands from the file's dates): the posting is reversed then and the document marked cancelled.
 */
export async function replayCancellation(ctx: Ctx, book: AnyBook, id: string, on: string, reason: string | null): Promise<void> {
  const doc = await lockDocument(ctx, book, id);
  const date = cancellationDate(on, dateOf(book, doc));
  await reverseSource(ctx, book.sourceType, id, `${book.name} ${numberOf(book, doc)} cancelled (restored)`, date);
  await ctx.db.update(book.table).set({ status: 'cancelled', cancelled_date: date, cancel_reason: reason, amount_paid: '0', balance_due: '0' }).where(eq(book.table.id, id));
}

/** Cancels a document on a date (default today) with an optional reason. */
export async function cancelDocument(ctx: Ctx, book: AnyBook, id: string, opts: { date?: string | undefined; reason?: string | null | undefined }): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await recordForActor(tx, book.entity, id, 'update', { changing: ['status'] });
    await cancelLocked(tx, book, await lockDocument(tx, book, id), opts.date ?? (await today(tx)), opts.reason ?? null);
  });
}

/**
 * Deletes a document. A draft is removed with its lines. A cancelled one is only hidden: its posting and the
 * cancellation are history. Otherwise it was entered in error: its posting is reversed at its own date (a
 * correction), what was paid on it undone or the delete refused (the book's settlement), and it is hidden, its
 * number never reused.
 */
export async function deleteDocument(ctx: Ctx, book: AnyBook, id: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const found = await recordForActor(tx, book.entity, id, 'delete');
    const doc = await lockDocument(tx, book, id);
    const phase = phaseOf(doc.status);
    await recordAudit(tx, {
      action: `${book.kind.noun}.deleted` as const, target_type: book.name, target_id: id, before: found,
      detail: { [book.fields.number]: numberOf(book, doc), phase: phase === 'issued' ? issuedPhaseName(book.kind) : phase },
    });
    if (phase === 'draft') {
      await tx.db.delete(book.table).where(eq(book.table.id, id));
    } else {
      if (phase === 'issued') {
        await book.settlement.beforeErase(tx, doc);
        await reverseSource(tx, book.sourceType, id, `${book.name} ${numberOf(book, doc)} deleted`);
      }
      await tx.db.update(book.table).set({ deleted_at: new Date(), amount_paid: '0', balance_due: '0' }).where(eq(book.table.id, id));
    }
    await publishRecord(tx, book.entity, id, 'delete', found);
  });
}

/** What the audit log has always called the issued phase: 'issued' for invoices, 'recorded' for bills. */
function issuedPhaseName(kind: DocumentKind): string {
  return kind.issuedWord === 'recorded' ? 'recorded' : 'issued';
}

/**
 * The editor's save ("Save Draft", "Approve & Send", "Update & Send"): a document with its lines in one transaction;
 * creates it, or changes it and replaces its lines; derives every amount and posts once. Answers it with its lines.
 */
export async function saveDocument(ctx: Ctx, book: AnyBook, input: Row & { id?: string | undefined; status?: string | undefined; lines?: readonly unknown[] | undefined }): Promise<Row & { lines: Row[] }> {
  const { id, lines, status, ...fields } = input;
  if (!id) {
    await requirePermission(ctx, book.resource, 'create');
    return documentWithLines(ctx, book, await book.create(ctx, { ...fields, status, lines }));
  }
  await book.revise(ctx, id, { fields: { ...fields, status }, lines });
  return documentWithLines(ctx, book, id);
}

/** The document with its lines, as the API shows them. */
export async function documentWithLines(ctx: Ctx, book: AnyBook, id: string): Promise<Row & { lines: Row[] }> {
  const doc = await readRecord(ctx, book.entity, id);
  const lines = [];
  for (const l of await linesOfDocument(ctx, book, id)) lines.push(await readRecord(ctx, book.lineEntity, l.id));
  return { ...doc, lines };
}
