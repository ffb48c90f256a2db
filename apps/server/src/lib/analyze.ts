import { sql } from 'drizzle-orm';
import type { Db } from '@covenant/db/client';
import { onCommit, type Ctx } from './context.ts';
import { pgArray } from './pg-array.ts';

/**
 * Fresh planner statistics and a clean table after a bulk write. A run, a restore or an import writes thousands of
 * rows in one transaction; until the tables are analyzed, PostgreSQL plans every later query on the statistics it
 * had before (on a fresh or just-restored database: empty tables), and autovacuum may be off or minutes away. Until
 * they are vacuumed, an index-only scan (the reports' covering index on the ledger) still reads the table for every
 * row, since no page is marked all-visible, and the index entries of the row versions a bulk update replaced (a
 * payment file's invoices) are read and thrown away by every later scan. So the tables a bulk write filled are
 * vacuumed and analyzed once it commits, in the background (the caller's answer does not wait), one pass per
 * association and table at a time (a second request while one is queued is the same pass). Smaller writes add up
 * (GROWTH_CHECK_ROWS): a table they doubled is vacuumed and analyzed the same way.
 */

const TABLE = /^[a-z_][a-z0-9_]*$/;
const queued = new Set<string>();
const running = new Set<Promise<void>>();

/**
 * Vacuums and analyzes tables once the caller's transaction commits, in the background. `onlyIfGrown`: only the
 * tables that grew since their statistics were taken (see grownSinceAnalyzed); otherwise every table named.
 */
export function analyzeAfterCommit(ctx: Ctx, tables: readonly string[], opts: { onlyIfGrown?: boolean } = {}): void {
  const association = ctx.association;
  if (!association || tables.length === 0) return;
  for (const t of tables) if (!TABLE.test(t)) throw new Error(`Not a table name: ${t}`);
  // A check and a bulk write's pass are queued apart: a check never stands in for the pass.
  const keyOf = (t: string) => `${association.app_id}:${t}${opts.onlyIfGrown ? ':if-grown' : ''}`;
  onCommit(ctx, () => {
    const fresh = tables.filter((t) => !queued.has(keyOf(t)));
    if (fresh.length === 0) return;
    for (const t of fresh) queued.add(keyOf(t));
    const db: Db = association.db;
    const run: Promise<void> = (async () => {
      const due = opts.onlyIfGrown ? await grownSinceAnalyzed(db, fresh) : fresh;
      for (const t of fresh) {
        queued.delete(keyOf(t));
        if (due.includes(t)) await db.execute(sql.raw(`vacuum (analyze) ${t}`));
      }
    })()
      .catch((err: unknown) => {
        for (const t of fresh) queued.delete(keyOf(t));
        if (ctx.services.config.logLevel !== 'silent') console.error('Analyzing after a bulk write failed', err);
      })
      .finally(() => running.delete(run));
    running.add(run);
  });
}

/**
 * The tables whose statistics no longer describe them: more than twice (and a page) as large on disk as when they were
 * last analyzed or vacuumed (`relpages`). The planner scales a table's statistics by its current size, so what goes
 * stale as a table grows is the shape of its values, not its row count; each doubling re-reads it (autovacuum's 20%
 * step re-read the demo's ledger fourteen times as it grew, about three times the work of every doubling). Read from
 * the file sizes, not from the statistics collector, whose counters reach other sessions late (and PGlite has no
 * autovacuum to act on them).
 */
async function grownSinceAnalyzed(db: Db, tables: readonly string[]): Promise<string[]> {
  const rows = (await db.execute(sql`select c.relname from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and c.relname = any(${pgArray(tables)}::text[])
      and pg_relation_size(c.oid) > (c.relpages * 2 + 1) * current_setting('block_size')::int`)).rows as Array<{ relname: string }>;
  return rows.map((r) => r.relname);
}

/** Waits for the analyses in flight (server shutdown, tests, the bench). */
export async function analysesDone(): Promise<void> {
  while (running.size) await Promise.all([...running]);
}

/** A write of this many rows or more into a table in one transaction is a bulk write (autovacuum's own threshold is 10% of the table). */
export const BULK_WRITE_ROWS = 1000;

/**
 * Smaller writes add up: once this many rows have been written into a table (by this process, since its last check),
 * whether it outgrew its statistics is checked (autovacuum's base threshold is 50 rows). A demo's or a small
 * association's monthly run writes a hundred invoices at a time; without this, their statistics would stay those of
 * the empty tables the association began with, and the runs' as-of-date queries are planned as if on nothing
 * (measured on the demo's database: a collections run's standings 296 ms, 11 ms once analyzed).
 */
export const GROWTH_CHECK_ROWS = 50;
const writtenSinceCheck = new Map<string, number>();

/**
 * After a write of `rows` rows into each of `tables`: a bulk write vacuums and analyzes them once it commits; a
 * smaller one counts towards GROWTH_CHECK_ROWS, and the tables that reach it are analyzed if they grew.
 */
export function analyzeIfBulk(ctx: Ctx, rows: number, tables: readonly string[]): void {
  if (rows >= BULK_WRITE_ROWS) return analyzeAfterCommit(ctx, tables);
  const appId = ctx.association?.app_id;
  if (!appId || rows <= 0) return;
  const due: string[] = [];
  for (const t of tables) {
    const key = `${appId}:${t}`;
    const written = (writtenSinceCheck.get(key) ?? 0) + rows;
    if (written >= GROWTH_CHECK_ROWS) {
      writtenSinceCheck.delete(key);
      due.push(t);
    } else writtenSinceCheck.set(key, written);
  }
  if (due.length) analyzeAfterCommit(ctx, due, { onlyIfGrown: true });
}

/**
 * Statistics for the association's tables that have never had any (`reltuples` < 0): a new association's seeded
 * tables (the chart of accounts, funds, roles) and every empty one. Without them, PostgreSQL assumes a table of ten
 * pages, some hundreds of rows, and a semi-join on a 30-account chart plans the ledger scan for hundreds of accounts
 * (a parallel scan of every journal line where an index-only scan of two accounts' lines would do). Tables written a
 * few rows at a time reach a check only after 50 rows (GROWTH_CHECK_ROWS), and autovacuum may be off. One statement
 * for all of them, in the caller's schema; a table analyzed once is planned on its real page count from then on.
 */
export async function analyzeNeverAnalyzed(ctx: Pick<Ctx, 'db'>): Promise<void> {
  const rows = (await ctx.db.execute(sql`select c.relname from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and c.reltuples < 0 order by c.relname`)).rows as Array<{ relname: string }>;
  const tables = rows.map((r) => r.relname).filter((t) => TABLE.test(t));
  if (tables.length) await ctx.db.execute(sql.raw(`analyze ${tables.join(', ')}`));
}
