import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { parseListSort, type ListSort } from '@covenant/contracts/lists';

/**
 * The ORDER BY of a list's `sort` (`key`, or `-key` for the reverse): the terms the list gives that key, which end
 * with its tie-breakers and the id, all in the one direction. The reverse order is then the exact reverse of the
 * other (nulls last ascending, first descending), so one btree index on the terms serves both directions.
 */
export function sortedBy<K extends string>(sort: ListSort<K>, terms: Record<K, Array<SQL | PgColumn>>): SQL[] {
  const { key, descending } = parseListSort(sort);
  return terms[key].map((term) => (descending ? sql`${term} desc` : sql`${term} asc`));
}
