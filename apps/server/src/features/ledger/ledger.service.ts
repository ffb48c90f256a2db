import { ROWS_PER_STATEMENT } from '../../lib/bulk-insert.ts';
import { pgArray } from '../../lib/pg-array.ts';
import { analyzeIfBulk } from '../../lib/analyze.ts';
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { laterDate } from '@covenant/contracts/dates';
import { newId } from '@covenant/db/ids';
import { journalEntries, journalLines, ledgerSettings } from '@covenant/db/schema/ledger';
import { bankAccounts, bankReconciliationLines, bankReconciliations } from '@covenant/db/schema/banking';
import { addDays } from '@covenant/contracts/documents';
import { ConflictError } from '../../lib/errors.ts';
import { onCommit, type Ctx } from '../../lib/context.ts';
import { compact, isBalanced, reversed, samePosting, type PostingLine } from './posting.rules.ts';

/**
 * The only writer of journal entries and lines. Documents' commands call it inside their transaction; the
 * database refuses an unbalanced entry and any change to a posted one.
 */
export type SourceType = 'invoice' | 'payment' | 'payment_application' | 'bill' | 'bill_payment' | 'transfer' | 'journal' | 'opening' | 'closing';

export interface EntryInput {
  date: string;
  memo: string;
  source_type: SourceType;
  source_id: string;
  lines: readonly (PostingLine & { memo?: string | null })[];
  /** The entry this one reverses (a reversal is itself never reversed). */
  reverses_id?: string | undefined;
  /**
   * A correction of a document posted earlier: dated in a closed period, it posts on the first open date
   * instead (the closed past does not change). Anything else dated in a closed period is refused.
   */
  correction?: boolean;
}

/** The date through which the books are closed (nothing may be dated on or before it), or null. */
export async function closedThrough(ctx: Ctx): Promise<string | null> {
  const [row] = await ctx.db.select({ closed: ledgerSettings.closed_through }).from(ledgerSettings).where(eq(ledgerSettings.id, 1)).limit(1);
  return row?.closed ?? null;
}

/** Refuses a date on or before the closed-through date, with a message a person understands. */
export async function assertOpenDate(ctx: Ctx, date: string, what = 'This date'): Promise<void> {
  const closed = await closedThrough(ctx);
  if (closed && date <= closed) throw new ConflictError(`${what} (${date}) falls in a closed period: the books are closed through ${closed}`, 'period_closed');
}

/**
 * A document's date may move only within the open period: neither into a closed period nor out of one (its
 * postings there stay; corrections of its content post on the first open date).
 */
export async function assertDateMove(ctx: Ctx, from: string, to: string | null | undefined, what: string): Promise<void> {
  if (!to || to === from) return;
  const closed = await closedThrough(ctx);
  if (!closed) return;
  if (to <= closed) throw new ConflictError(`${what} (${to}) falls in a closed period: the books are closed through ${closed}`, 'period_closed');
  if (from <= closed) throw new ConflictError(`${what} (${from}) is in a closed period and cannot move: the books are closed through ${closed}`, 'period_closed');
}

const CHUNK = ROWS_PER_STATEMENT;

/** Writes balanced entries with bulk inserts (entries whose lines net to nothing are skipped); answers their ids, null for skipped. */
export async function postEntries(ctx: Ctx, inputs: readonly EntryInput[]): Promise<Array<string | null>> {
  const entryRows: Array<typeof journalEntries.$inferInsert> = [];
  const lineRows: Array<typeof journalLines.$inferInsert> = [];
  const ids: Array<string | null> = [];
  const closed = inputs.length ? await closedThrough(ctx) : null;
  const firstOpen = closed ? addDays(closed, 1) : null;
  for (const original of inputs) {
    let input = original;
    if (closed && input.date <= closed) {
      if (!input.correction) throw new ConflictError(`Nothing can be posted on ${input.date}: the books are closed through ${closed}`, 'period_closed');
      input = { ...input, date: firstOpen!, memo: `${input.memo} (posted ${firstOpen}: ${input.date} is in a closed period)` };
    }
    const lines = compact(input.lines) as Array<PostingLine & { memo?: string | null }>;
    if (lines.length === 0) {
      ids.push(null);
      continue;
    }
    if (!isBalanced(lines)) throw new Error(`Posting for ${input.source_type} ${input.source_id} is unbalanced in a fund`);
    const id = newId();
    ids.push(id);
    entryRows.push({ id, entry_date: input.date, memo: input.memo, source_type: input.source_type, source_id: input.source_id, reverses_id: input.reverses_id ?? null, created_by: ctx.actor?.email ?? null });
    lines.forEach((l, i) =>
      lineRows.push({
        id: newId(),
        entry_id: id,
        line_no: i + 1,
        account_id: l.account_id,
        fund_id: l.fund_id,
        debit: centsToDecimal(l.debit),
        credit: centsToDecimal(l.credit),
        owner_id: l.owner_id ?? null,
        vendor_id: l.vendor_id ?? null,
        property_id: l.property_id ?? null,
        document_type: l.document_type ?? null,
        document_id: l.document_id ?? null,
        entry_date: input.date,
        memo: l.memo ?? null,
      }),
    );
  }
  await insertEntryRows(ctx, entryRows, lineRows);
  // The two queues (entries to seal, statements to check at commit) are emptied as they go: vacuumed with the ledger.
  analyzeIfBulk(ctx, lineRows.length, ['journal_entries', 'journal_lines', 'journal_entries_unsealed', 'journal_balance_checks']);
  if (entryRows.length) {
    onCommit(ctx, () => {
      if (ctx.association) ctx.services.onLedgerWrite?.(ctx.association);
      // One entry names itself; many at once (a run) say '*', so every reader refetches once.
      const only = entryRows.length === 1 ? entryRows[0]! : null;
      const record = only ? { id: only.id, entry_date: only.entry_date, memo: only.memo, source_type: only.source_type, source_id: only.source_id, reverses_id: only.reverses_id } : {};
      ctx.services.changes.publish({ entity: 'JournalEntry', type: 'create', id: only ? only.id! : '*', record, timestamp: new Date().toISOString() });
    });
  }
  return ids;
}

/**
 * Inserts entries and their lines a column at a time (unnest of arrays, up to CHUNK rows a statement): the same rows
 * as a multi-row insert, without a parameter per value (which took the query builder seconds for a run's postings).
 */
async function insertEntryRows(ctx: Ctx, entryRows: ReadonlyArray<typeof journalEntries.$inferInsert>, lineRows: ReadonlyArray<typeof journalLines.$inferInsert>): Promise<void> {
  for (let i = 0; i < entryRows.length; i += CHUNK) {
    const rows = entryRows.slice(i, i + CHUNK);
    const col = (k: keyof (typeof rows)[number]) => pgArray(rows.map((r) => r[k] as string | null | undefined));
    await ctx.db.execute(sql`insert into ${journalEntries} (id, entry_date, memo, source_type, source_id, reverses_id, created_by)
      select * from unnest(${col('id')}::text[], ${col('entry_date')}::date[], ${col('memo')}::text[], ${col('source_type')}::text[], ${col('source_id')}::text[],
        ${col('reverses_id')}::text[], ${col('created_by')}::text[])`);
  }
  for (let i = 0; i < lineRows.length; i += CHUNK) {
    const rows = lineRows.slice(i, i + CHUNK);
    const col = (k: keyof (typeof rows)[number]) => pgArray(rows.map((r) => r[k] as string | number | null | undefined));
    await ctx.db.execute(sql`insert into ${journalLines} (id, entry_id, line_no, account_id, fund_id, debit, credit, owner_id, vendor_id, property_id, document_type, document_id, entry_date, memo)
      select * from unnest(${col('id')}::text[], ${col('entry_id')}::text[], ${col('line_no')}::int[], ${col('account_id')}::text[], ${col('fund_id')}::text[],
        ${col('debit')}::numeric[], ${col('credit')}::numeric[], ${col('owner_id')}::text[], ${col('vendor_id')}::text[], ${col('property_id')}::text[],
        ${col('document_type')}::text[], ${col('document_id')}::text[], ${col('entry_date')}::date[], ${col('memo')}::text[])`);
  }
}

/** Writes one balanced entry (nothing when all lines net to zero). */
export async function postEntry(ctx: Ctx, input: EntryInput): Promise<string | null> {
  return (await postEntries(ctx, [input]))[0]!;
}

const reversal = alias(journalEntries, 'reversal');

/** Entries of a source that are in force: not reversals themselves and not reversed. */
async function activeEntries(ctx: Ctx, sourceType: SourceType, sourceId: string) {
  return ctx.db
    .select({ id: journalEntries.id, entry_date: journalEntries.entry_date, memo: journalEntries.memo })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.source_type, sourceType),
        eq(journalEntries.source_id, sourceId),
        sql`${journalEntries.reverses_id} is null`,
        notExists(ctx.db.select({ one: sql`1` }).from(reversal).where(eq(reversal.reverses_id, journalEntries.id))),
      ),
    )
    .orderBy(asc(journalEntries.created_date), asc(journalEntries.id));
}

async function linesOf(ctx: Ctx, entryIds: string[]): Promise<Map<string, PostingLine[]>> {
  const byEntry = new Map<string, PostingLine[]>(entryIds.map((id) => [id, []]));
  if (entryIds.length === 0) return byEntry;
  const rows = await ctx.db.select().from(journalLines).where(inArray(journalLines.entry_id, entryIds)).orderBy(asc(journalLines.line_no));
  for (const r of rows) {
    byEntry.get(r.entry_id)!.push({
      account_id: r.account_id,
      fund_id: r.fund_id,
      debit: toCents(r.debit),
      credit: toCents(r.credit),
      owner_id: r.owner_id,
      vendor_id: r.vendor_id,
      property_id: r.property_id,
      document_type: r.document_type as PostingLine['document_type'],
      document_id: r.document_id,
    });
  }
  return byEntry;
}

/**
 * Reverses every entry of the source still in force. With `on` (a cancellation, a bounce) each reversal is
 * dated then, or at the entry's own date if that is later; without it (a correction) at the entry's own date.
 */
export async function reverseSource(ctx: Ctx, sourceType: SourceType, sourceId: string, memo: string, on?: string, undo: (lines: PostingLine[]) => PostingLine[] = reversed): Promise<number> {
  const entries = await activeEntries(ctx, sourceType, sourceId);
  await assertNotReconciled(ctx, entries.map((e) => e.id));
  const lines = await linesOf(ctx, entries.map((e) => e.id));
  await postEntries(
    ctx,
    entries.map((e) => ({
      date: on ? laterDate(on, e.entry_date) : e.entry_date,
      memo: `${memo} (reverses ${e.memo ?? e.id})`,
      source_type: sourceType,
      source_id: sourceId,
      // What undoes the entry: its lines reversed, unless parts of it were undone on their own before (a payment's
      // entry that carried its applications: the caller says what is left).
      lines: undo(lines.get(e.id)!),
      reverses_id: e.id,
      correction: !on,
    })),
  );
  return entries.length;
}

/**
 * A posting cleared by a completed bank reconciliation is locked: the document behind it is not cancelled,
 * deleted, bounced or edited (each goes through reverseSource) until that reconciliation is voided.
 */
export async function assertNotReconciled(ctx: Ctx, entryIds: readonly string[]): Promise<void> {
  if (entryIds.length === 0) return;
  const [hit] = await ctx.db
    .select({ statement_date: bankReconciliations.statement_date, bank: bankAccounts.name })
    .from(bankReconciliationLines)
    .innerJoin(journalLines, eq(journalLines.id, bankReconciliationLines.journal_line_id))
    .innerJoin(bankReconciliations, eq(bankReconciliations.id, bankReconciliationLines.reconciliation_id))
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankReconciliations.bank_account_id))
    .where(and(inArray(journalLines.entry_id, [...entryIds]), eq(bankReconciliations.status, 'completed')))
    .limit(1);
  if (hit) {
    throw new ConflictError(
      `This posting was cleared in the ${hit.bank} reconciliation of ${hit.statement_date}: it cannot change unless that reconciliation is voided`,
      'reconciled',
    );
  }
}

/**
 * What a document is still owed (receivables, debit-normal) or owes (payables, credit-normal) per fund, from its
 * lines on the control account: the basis for splitting a payment across the document's funds.
 */
export async function openByFund(ctx: Ctx, accountId: string, documentType: 'invoice' | 'bill', documentId: string): Promise<Array<{ fund_id: string; cents: number }>> {
  return (await openByFundMany(ctx, accountId, documentType, [documentId])).get(documentId) ?? [];
}

/** openByFund for many documents (bulk writers), a query per 5,000; documents with no lines are absent. */
export async function openByFundMany(ctx: Ctx, accountId: string, documentType: 'invoice' | 'bill', documentIds: readonly string[]): Promise<Map<string, Array<{ fund_id: string; cents: number }>>> {
  const out = new Map<string, Array<{ fund_id: string; cents: number }>>();
  const sign = documentType === 'invoice' ? sql`${journalLines.debit} - ${journalLines.credit}` : sql`${journalLines.credit} - ${journalLines.debit}`;
  for (let i = 0; i < documentIds.length; i += 5000) {
    // Plain rows (a bulk payment reads 35,000): no mapping by the query builder.
    const rows = (await ctx.db.execute(sql`select ${journalLines.document_id} as document_id, ${journalLines.fund_id} as fund_id, sum(${sign})::text as open
      from ${journalLines}
      where ${journalLines.account_id} = ${accountId} and ${journalLines.document_type} = ${documentType} and ${journalLines.document_id} = any(${pgArray(documentIds.slice(i, i + 5000))}::text[])
      group by 1, 2 order by 1, 2`)).rows as Array<{ document_id: string; fund_id: string; open: string }>;
    for (const r of rows) {
      const list = out.get(r.document_id!) ?? [];
      list.push({ fund_id: r.fund_id, cents: toCents(r.open) });
      out.set(r.document_id!, list);
    }
  }
  return out;
}

/**
 * Makes the ledger say `lines` for this source as of `date`: nothing when it already does; otherwise the
 * entries in force are reversed at their own dates (a correction) and the new posting is written.
 */
export async function replacePosting(ctx: Ctx, input: EntryInput): Promise<void> {
  const entries = await activeEntries(ctx, input.source_type, input.source_id);
  const lines = await linesOf(ctx, entries.map((e) => e.id));
  const current = [...lines.values()].flat();
  // A document dated in a closed period keeps its postings wherever corrections put them (the first open
  // date): only a change of content posts again, never the date alone.
  const closed = entries.length ? await closedThrough(ctx) : null;
  const datedClosed = closed !== null && input.date <= closed;
  const sameDate = datedClosed || entries.every((e) => e.entry_date === input.date);
  if (sameDate && samePosting(current, input.lines)) return;
  await reverseSource(ctx, input.source_type, input.source_id, 'Correction');
  // Re-posting something already posted is a correction; a first posting is not.
  await postEntry(ctx, { ...input, correction: entries.length > 0 });
}
