import { sql } from 'drizzle-orm';
import type { Db } from '@covenant/db/client';
import { onCommit, type Ctx } from './context.ts';

/**
 * Fresh planner statistics and a clean table after a bulk write. A run, a restore or an import writes thousands of
 * rows in one transaction; until the tables are analyzed, PostgreSQL plans every later query on the statistics it
 * had before (on a fresh or just-restored database: empty tables), and autovacuum may be off or minutes away. Until
 * they are vacuumed, an index-only scan (the reports' covering index on the ledger) still reads the table for every
 * row, since no page is marked all-visible, and the index entries of the row versions a bulk update replaced (a
 * payment file's invoices) are read and thrown away by every later scan. So the tables a bulk write filled are
 * vacuumed and analyzed once it commits, in the background (the caller's answer does not wait), one pass per
 * association and table at a time (a second request while one is queued is the same pass).
 */

const TABLE = /^[a-z_][a-z0-9_]*$/;
const queued = new Set<string>();
const running = new Set<Promise<void>>();

export function analyzeAfterCommit(ctx: Ctx, tables: readonly string[]): void {
  const association = ctx.association;
  if (!association || tables.length === 0) return;
  for (const t of tables) if (!TABLE.test(t)) throw new Error(`Not a table name: ${t}`);
  onCommit(ctx, () => {
    const fresh = tables.filter((t) => !queued.has(`${association.app_id}:${t}`));
    if (fresh.length === 0) return;
    for (const t of fresh) queued.add(`${association.app_id}:${t}`);
    const db: Db = association.db;
    const run: Promise<void> = (async () => {
      for (const t of fresh) {
        queued.delete(`${association.app_id}:${t}`);
        await db.execute(sql.raw(`vacuum (analyze) ${t}`));
      }
    })()
      .catch((err: unknown) => {
        for (const t of fresh) queued.delete(`${association.app_id}:${t}`);
        if (ctx.services.config.logLevel !== 'silent') console.error('Analyzing after a bulk write failed', err);
      })
      .finally(() => running.delete(run));
    running.add(run);
  });
}

/** Waits for the analyses in flight (server shutdown, tests, the bench). */
export async function analysesDone(): Promise<void> {
  while (running.size) await Promise.all([...running]);
}

/** A write of this many rows or more into a table in one transaction is a bulk write (autovacuum's own threshold is 10% of the table). */
export const BULK_WRITE_ROWS = 1000;

/** analyzeAfterCommit when `rows` makes the write a bulk write. */
export function analyzeIfBulk(ctx: Ctx, rows: number, tables: readonly string[]): void {
  if (rows >= BULK_WRITE_ROWS) analyzeAfterCommit(ctx, tables);
}

/**
 * Statistics for the association's tables that have never had any (`reltuples` < 0): a new association's seeded
 * tables (the chart of accounts, funds, roles) and every empty one. Without them, PostgreSQL assumes a table of ten
 * pages, some hundreds of rows, and a semi-join on a 30-account chart plans the ledger scan for hundreds of accounts
 * (a parallel scan of every journal line where an index-only scan of two accounts' lines would do). Tables written a
 * few rows at a time never reach a bulk write's analysis, and autovacuum may be off. One statement for all of them,
 * in the caller's schema; a table analyzed once is planned on its real page count from then on.
 */
export async function analyzeNeverAnalyzed(ctx: Pick<Ctx, 'db'>): Promise<void> {
  const rows = (await ctx.db.execute(sql`select c.relname from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and c.reltuples < 0 order by c.relname`)).rows as Array<{ relname: string }>;
  const tables = rows.map((r) => r.relname).filter((t) => TABLE.test(t));
  if (tables.length) await ctx.db.execute(sql.raw(`analyze ${tables.join(', ')}`));
}
