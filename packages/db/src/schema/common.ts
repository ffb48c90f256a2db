import { text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids.ts';

/** Built-in record fields every entity carries. */
export const recordColumns = () => ({
  id: text('id').primaryKey().$defaultFn(newId),
  created_date: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_date: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow().$onUpdate(() => new Date()),
  created_by: text('created_by'),
});

/** NUMERIC(14,2): exact money. */
export const MONEY = { precision: 14, scale: 2 } as const;
