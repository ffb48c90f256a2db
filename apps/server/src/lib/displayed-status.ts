import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The status an invoice or bill shows, in SQL, so a list sorts by what the screen reads: `overdue` when stored so, or
 * (neither cancelled nor draft) an open balance past its due date; else the stored status. The same rule as
 * contracts' `isOverdue`, which the list tests hold it to.
 */
export function displayedStatus(doc: { status: PgColumn; balance_due: PgColumn; due_date: PgColumn }, today: string): SQL {
  return sql`(case when ${doc.status} = 'overdue' or (${doc.status} not in ('cancelled', 'draft') and ${doc.balance_due} > 0 and ${doc.due_date} < ${today}::date)
    then 'overdue' else ${doc.status}::text end)`;
}
