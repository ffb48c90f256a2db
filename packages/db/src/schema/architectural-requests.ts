import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { recordColumns } from './common.ts';
import { owners, properties } from './community.ts';

/**
 * An owner's request to change their unit (issue 19): answered by respond_by (submission + the organization's
 * arc_response_days), decided by staff or the board, appealed once.
 */
export const architecturalRequests = pgTable(
  'architectural_requests',
  {
    ...recordColumns(),
    property_id: text('property_id').notNull().references(() => properties.id),
    owner_id: text('owner_id').notNull().references(() => owners.id),
    category: text('category').notNull(),
    description: text('description').notNull(),
    /** Uploaded files (stored file names): plans, drawings, photos. */
    attachment_ids: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('submitted'),
    conditions: text('conditions'),
    decision_reason: text('decision_reason'),
    decided_on: date('decided_on', { mode: 'string' }),
    decided_by: text('decided_by'),
    submitted_on: date('submitted_on', { mode: 'string' }).notNull(),
    respond_by: date('respond_by', { mode: 'string' }).notNull(),
    appeal_reason: text('appeal_reason'),
    appealed_on: date('appealed_on', { mode: 'string' }),
    withdrawn_on: date('withdrawn_on', { mode: 'string' }),
    /** The outcome in force (approved, approved_with_conditions, denied); after an appeal's decision, status is reconsidered. */
    decision: text('decision'),
    /** The first decision's outcome, kept when an appeal is decided again. */
    original_decision: text('original_decision'),
  },
  (t) => [
    index('architectural_requests_owner_idx').on(t.owner_id),
    index('architectural_requests_status_idx').on(t.status, t.submitted_on),
    check('architectural_requests_status', sql`${t.status} in ('submitted', 'under_review', 'approved', 'approved_with_conditions', 'denied', 'withdrawn', 'appealed', 'reconsidered')`),
  ],
);
