import { sql } from 'drizzle-orm';
import { boolean, check, date, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { recordColumns } from './common.ts';
import { owners, properties } from './community.ts';
import { bills, vendors } from './finance.ts';

/**
 * A maintenance request (issue 19): a unit's or the common area's (no property). Its status moves only through
 * setWorkOrderStatus (work-order.rules.ts); an owner's request carries their owner record, so they follow theirs.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    ...recordColumns(),
    title: text('title').notNull(),
    description: text('description'),
    property_id: text('property_id').references(() => properties.id),
    category: text('category').notNull().default('general'),
    priority: text('priority').notNull().default('normal'),
    status: text('status').notNull().default('open'),
    vendor_id: text('vendor_id').references(() => vendors.id),
    /** The user who submitted it (a person of the shared schema: no foreign key reaches it). */
    requested_by: text('requested_by'),
    requested_by_name: text('requested_by_name'),
    /** The requester's owner record when an owner submitted it: their own_records scope. */
    owner_id: text('owner_id').references(() => owners.id),
    /** Uploaded images (stored file names). */
    photo_ids: jsonb('photo_ids').$type<string[]>().notNull().default([]),
    /** The vendor's bill for the work. */
    bill_id: text('bill_id').references(() => bills.id),
    submitted_on: date('submitted_on', { mode: 'string' }).notNull(),
    status_changed_on: date('status_changed_on', { mode: 'string' }),
  },
  (t) => [
    index('work_orders_status_idx').on(t.status, t.created_date),
    index('work_orders_owner_idx').on(t.owner_id),
    index('work_orders_property_idx').on(t.property_id),
    check('work_orders_priority', sql`${t.priority} in ('low', 'normal', 'high', 'emergency')`),
    check('work_orders_status', sql`${t.status} in ('open', 'in_progress', 'deferred', 'completed', 'closed', 'declined')`),
  ],
);

/** A note on a work order: internal to staff, or shared with the requester. */
export const workOrderComments = pgTable(
  'work_order_comments',
  {
    ...recordColumns(),
    work_order_id: text('work_order_id').notNull().references(() => workOrders.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    shared: boolean('shared').notNull().default(false),
    author_id: text('author_id'),
    author_name: text('author_name'),
  },
  (t) => [index('work_order_comments_order_idx').on(t.work_order_id, t.created_date)],
);
