import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@covenant/db/client';

/**
 * Rows per statement of a bulk write (inserts here, the ledger's postings, the invoices' paid amounts): the rows go
 * as one parameter per column or one JSON parameter, so a statement is bounded by memory, not parameters. Large:
 * each statement pays its own fixed costs (the ledger's statement-level checks, the planner, a hash of the table an
 * update joins to), so a payment file's 70,000 lines are two statements rather than fourteen.
 */
export const ROWS_PER_STATEMENT = 50_000;
const CHUNK = ROWS_PER_STATEMENT;

/** A value as JSON carries it to json_populate_recordset: dates as ISO text, the rest as they are (numerics as text). */
function jsonValue(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v;
}

/**
 * Inserts many rows of a table with one parameter per chunk: the rows as a JSON array, read back by
 * json_populate_recordset into the table's own row type (so each value is cast by its column, enums and jsonb
 * included). The same rows as drizzle's multi-row insert, without a bind parameter per value, which the query
 * builder takes seconds to assemble for a run's thousands of rows. Columns come from the keys the rows set (every
 * row is expected to set the same ones); a missing key with a `$defaultFn` (ids) gets its value here as drizzle
 * would give it, and other missing columns take the database's default.
 */
export async function insertRows<T extends PgTable>(db: Db, table: T, rows: ReadonlyArray<T['$inferInsert']>): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)) as Array<[string, { name: string; hasDefault: boolean; defaultFn?: () => unknown }]>;
  const given = new Set<string>();
  for (const r of rows) for (const [k, v] of Object.entries(r as Record<string, unknown>)) if (v !== undefined) given.add(k);
  const used = columns.filter(([key, col]) => given.has(key) || col.defaultFn);
  if (used.length === 0) throw new Error(`insertRows(${getTableName(table)}): no column to write`);
  const names: SQL = sql.join(used.map(([, col]) => sql.identifier(col.name)), sql`, `);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(
      rows.slice(i, i + CHUNK).map((r) => {
        const row = r as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, col] of used) {
          const v = row[key];
          if (v === undefined && !col.defaultFn && col.hasDefault) throw new Error(`insertRows(${getTableName(table)}): ${key} is set in some rows and not in others`);
          out[col.name] = v === undefined ? (col.defaultFn ? jsonValue(col.defaultFn()) : null) : jsonValue(v);
        }
        return out;
      }),
    );
    await db.execute(sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${json}::json)`);
  }
}
