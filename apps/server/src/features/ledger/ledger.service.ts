import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { journalEntries, journalLines } from '@covenant/db/schema/ledger';
import type { Ctx } from '../../lib/context.ts';
import { compact, isBalanced, reversed, samePosting, type PostingLine } from './posting.rules.ts';

export type SourceType = 'invoice' | 'payment' | 'payment_application' | 'bill' | 'bill_payment';

export interface EntryInput {
  date: string;
  memo: string;
  source_type: SourceType;
  source_id: string;
  lines: readonly PostingLine[];
}

/** Writes one balanced entry (nothing when all lines net to zero); must run inside the document's transaction. */
export async function postEntry(ctx: Ctx, input: EntryInput, reversesId?: string): Promise<string | null> {
  const lines = compact(input.lines);
  if (lines.length === 0) return null;
  if (!isBalanced(lines)) throw new Error(`Unbalanced posting for ${input.source_type} ${input.source_id}`);
  const [entry] = await ctx.db
    .insert(journalEntries)
    .values({ entry_date: input.date, memo: input.memo, source_type: input.source_type, source_id: input.source_id, reverses_id: reversesId ?? null, created_by: ctx.actor?.email ?? null })
    .returning({ id: journalEntries.id });
  await ctx.db.insert(journalLines).values(
    lines.map((l, i) => ({
      entry_id: entry!.id,
      line_no: i + 1,
      account_id: l.account_id,
      debit: centsToDecimal(l.debit),
      credit: centsToDecimal(l.credit),
      owner_id: l.owner_id ?? null,
      vendor_id: l.vendor_id ?? null,
      property_id: l.property_id ?? null,
      document_type: l.document_type ?? null,
      document_id: l.document_id ?? null,
      entry_date: input.date,
    })),
  );
  return entry!.id;
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
    .orderBy(asc(journalEntries.created_date));
}

async function linesOf(ctx: Ctx, entryIds: string[]): Promise<PostingLine[]> {
  if (entryIds.length === 0) return [];
  const rows = await ctx.db.select().from(journalLines).where(inArray(journalLines.entry_id, entryIds));
  return rows.map((r) => ({
    account_id: r.account_id,
    debit: toCents(r.debit),
    credit: toCents(r.credit),
    owner_id: r.owner_id,
    vendor_id: r.vendor_id,
    property_id: r.property_id,
    document_type: r.document_type as PostingLine['document_type'],
    document_id: r.document_id,
  }));
}

/**
 * Posts a reversing entry for every entry of the source still in force. The reversal is dated `date`
 * when given (a cancellation), else the original entry's date (a correction).
 */
export async function reverseSource(ctx: Ctx, sourceType: SourceType, sourceId: string, memo: string, date?: string): Promise<number> {
  const entries = await activeEntries(ctx, sourceType, sourceId);
  for (const e of entries) {
    const lines = await linesOf(ctx, [e.id]);
    const when = date && date > e.entry_date ? date : e.entry_date;
    await postEntry(ctx, { date: when, memo: `${memo} (reverses ${e.memo ?? e.id})`, source_type: sourceType, source_id: sourceId, lines: reversed(lines) }, e.id);
  }
  return entries.length;
}

/**
 * Makes the ledger say `lines` for this source as of `date`: nothing when it already does; otherwise the
 * entries in force are reversed (at their own dates) and the new posting is written.
 */
export async function replacePosting(ctx: Ctx, input: EntryInput): Promise<void> {
  const entries = await activeEntries(ctx, input.source_type, input.source_id);
  const current = await linesOf(ctx, entries.map((e) => e.id));
  const sameDate = entries.every((e) => e.entry_date === input.date);
  if (sameDate && samePosting(current, input.lines)) return;
  await reverseSource(ctx, input.source_type, input.source_id, 'Correction');
  await postEntry(ctx, input);
}
