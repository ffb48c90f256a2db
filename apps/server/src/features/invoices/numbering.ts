import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { documentNumber } from '@covenant/contracts/documents';
import type { Ctx } from '../../lib/context.ts';

/**
 * The next number INV|PMT-{owner id}-{yyyymmdd}-{nnn}: one past the highest sequence already used for that
 * owner and date (deleted documents keep their numbers, so numbers are never reused). A unique index backs it.
 */
export async function nextDocumentNumber(
  ctx: Ctx,
  prefix: 'INV' | 'PMT',
  table: PgTable,
  column: PgColumn,
  ownerBusinessId: string,
  date: string,
): Promise<string> {
  const stem = documentNumber(prefix, ownerBusinessId, date, 1).slice(0, -3);
  const result = await ctx.db.execute(
    // The position is inlined: a text parameter would select substring's regular-expression form.
    sql`select coalesce(max(cast(substring(${column} from ${sql.raw(String(stem.length + 1))}) as integer)), 0) as n from ${table} where ${column} like ${`${stem}%`} and substring(${column} from ${sql.raw(String(stem.length + 1))}) ~ '^[0-9]{1,9}$'`,
  );
  const n = Number((result.rows[0] as { n: number | string } | undefined)?.n ?? 0);
  return documentNumber(prefix, ownerBusinessId, date, n + 1);
}
