import { sql } from 'drizzle-orm';
import type { Db } from '@covenant/db/client';
import { onCommit, type Ctx } from './context.ts';

/**
 * Fresh planner statistics after a bulk write. A run, a restore or an import writes thousands of rows in one
 * transaction; until the tables are analyzed, PostgreSQL plans every later query on the statistics it had before
 * (on a fresh or just-restored database: empty tables), and autovacuum may be off or minutes away. So the tables a
 * bulk write filled are analyzed once it commits, in the background (the caller's answer does not wait), one
 * analysis per association and table at a time (a second request while one is queued is the same analysis).
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
        await db.execute(sql.raw(`analyze ${t}`));
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
