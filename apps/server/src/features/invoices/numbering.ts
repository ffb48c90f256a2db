import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { documentNumber } from '@covenant/contracts/documents';
import type { Ctx } from '../../lib/context.ts';
import { pgArray } from '../../lib/pg-array.ts';

export type NumberPrefix = 'INV' | 'PMT';

// Two-key advisory locks: the class keeps date locks and per-owner locks from ever sharing a key.
const DATE_LOCK = 71_001;
const STEM_LOCK = 71_002;

/**
 * Takes the locks that make number assignment collision-free under concurrency: the day's lock shared (a bulk
 * run takes it exclusively) and then the owner-and-day lock exclusively. Held until the transaction ends, so a
 * concurrent create waits and then sees this one's number. Always in this order: day, then owner.
 */
async function lockStem(ctx: Ctx, prefix: NumberPrefix, date: string, stem: string): Promise<void> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock_shared(${DATE_LOCK}, hashtext(${`${prefix}:${date}`}))`);
  await ctx.db.execute(sql`select pg_advisory_xact_lock(${STEM_LOCK}, hashtext(${stem}))`);
}

/**
 * The next number INV|PMT-{owner id}-{yyyymmdd}-{nnn}: one past the highest sequence already used for that
 * owner and date (deleted documents keep their numbers, so numbers are never reused). A unique index backs it.
 */
export async function nextDocumentNumber(ctx: Ctx, prefix: NumberPrefix, table: PgTable, column: PgColumn, ownerBusinessId: string, date: string): Promise<string> {
  const stem = documentNumber(prefix, ownerBusinessId, date, 1).slice(0, -3);
  await lockStem(ctx, prefix, date, stem);
  const result = await ctx.db.execute(
    // The position is inlined: a text parameter would select substring's regular-expression form.
    sql`select coalesce(max(cast(substring(${column} from ${sql.raw(String(stem.length + 1))}) as integer)), 0) as n from ${table} where ${column} like ${`${stem}%`} and substring(${column} from ${sql.raw(String(stem.length + 1))}) ~ '^[0-9]{1,9}$'`,
  );
  const n = Number((result.rows[0] as { n: number | string } | undefined)?.n ?? 0);
  return documentNumber(prefix, ownerBusinessId, date, n + 1);
}

/**
 * The highest sequence used per owner stem on the dates (bulk runs, under the dates' locks): the map's keys are
 * stems "INV-{owner id}-{yyyymmdd}-" (the date is in the stem).
 */
async function usedSequences(ctx: Ctx, prefix: NumberPrefix, table: PgTable, column: PgColumn, dateColumn: PgColumn, dates: readonly string[]): Promise<Map<string, number>> {
  const pattern = `^${prefix}-[0-9]{6}-[0-9]{8}-[0-9]{1,9}$`;
  const rows = (await ctx.db.execute(sql`
    select substring(${column} from 1 for 20) as stem, max(cast(substring(${column} from 21) as integer)) as n
    from ${table} where ${dateColumn} = any(${pgArray(dates)}::date[]) and ${column} ~ ${pattern} group by 1`)).rows as Array<{ stem: string; n: number | string }>;
  return new Map(rows.map((r) => [r.stem, Number(r.n)]));
}

/**
 * For a bulk write of documents dated on several days (a payment file, a lockbox batch): takes each day's lock, in
 * date order as single creates take theirs, then answers each owner's next number on a date in turn
 * ("{prefix}-{owner id}-{yyyymmdd}-{nnn}"), after the numbers already used that day. Two statements whatever the
 * number of days.
 */
export async function bulkNumbersOn(ctx: Ctx, prefix: NumberPrefix, table: PgTable, column: PgColumn, dateColumn: PgColumn, dates: readonly string[]): Promise<(date: string, ownerNumber: string) => string> {
  const days = [...new Set(dates)].sort();
  if (days.some((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d))) throw new Error('bulkNumbersOn: dates must be YYYY-MM-DD');
  // The locks in the sorted subquery's order (the outer select takes one per row as the rows arrive).
  await ctx.db.execute(sql`select pg_advisory_xact_lock(${DATE_LOCK}, hashtext(${`${prefix}:`} || d)) from (select unnest(${pgArray(days)}::text[]) as d order by 1) days`);
  const used = days.length ? await usedSequences(ctx, prefix, table, column, dateColumn, days) : new Map<string, number>();
  return (date, ownerNumber) => {
    const stem = documentNumber(prefix, ownerNumber, date, 1).slice(0, -3);
    const seq = (used.get(stem) ?? 0) + 1;
    used.set(stem, seq);
    return documentNumber(prefix, ownerNumber, date, seq);
  };
}

/**
 * For a bulk run on one date: takes the day's lock, then answers each owner's next number in turn
 * ("{prefix}-{owner id}-{yyyymmdd}-{nnn}"), after the numbers already used that day.
 */
export async function bulkNumbers(ctx: Ctx, prefix: NumberPrefix, table: PgTable, column: PgColumn, dateColumn: PgColumn, date: string): Promise<(ownerNumber: string) => string> {
  const numberOn = await bulkNumbersOn(ctx, prefix, table, column, dateColumn, [date]);
  return (ownerNumber) => numberOn(date, ownerNumber);
}
