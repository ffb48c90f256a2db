import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the owner_properties row aliased `alias` holds on the day `on`: not ended before it, and begun by it once
 * the unit has a recorded sale (an ended row). Before any sale a row's start_date is the day it was linked, not a
 * day of title, so it is not read: billing a past month keeps working for owners linked later (docs/decisions.md).
 */
export function ownsOn(alias: string, on: SQL | string): SQL {
  const a = sql.raw(alias);
  const day = typeof on === 'string' ? sql`${on}::date` : on;
  return sql`((${a}.end_date is null or ${a}.end_date >= ${day}) and (${a}.start_date <= ${day}
    or not exists (select 1 from owner_properties sold where sold.property_id = ${a}.property_id and sold.end_date is not null)))`;
}

/** ownsOn for rows already read: the same rule in code (`sold`: the unit has an ended row). */
export function ownsOnDay(row: { start_date: string; end_date: string | null }, on: string, sold: boolean): boolean {
  return (row.end_date === null || row.end_date >= on) && (!sold || row.start_date <= on);
}
