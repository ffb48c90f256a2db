import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MONEY, recordColumns } from './common.ts';
import { owners, properties } from './community.ts';
import { invoices, products } from './finance.ts';

/** A rule of the governing documents an owner can break: its CC&R section, cure period and fine schedule. */
export const violationTypes = pgTable(
  'violation_types',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    ccr_reference: text('ccr_reference'),
    description: text('description'),
    /** Days the owner has to cure after the violation is observed. */
    cure_days: integer('cure_days').notNull().default(14),
    /** The fine the schedule sets for one violation. */
    fine_amount: numeric('fine_amount', MONEY).notNull().default('0'),
    /** The daily fine while the violation continues; null: not a continuing violation. */
    continuing_daily_fine: numeric('continuing_daily_fine', MONEY),
    /** Whether the violation may harm health or safety (CA lets the board exceed the cap on that finding). */
    health_safety: boolean('health_safety').notNull().default(false),
    /** The item a fine invoice's line names (so late-fee rules and item reports can cover fines); fines post to 4150. */
    fine_product_id: text('fine_product_id').references(() => products.id),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('violation_types_name_key').on(sql`lower(${t.name})`),
    check('violation_types_cure_days', sql`${t.cure_days} between 0 and 365`),
    check('violation_types_fines', sql`${t.fine_amount} >= 0 and coalesce(${t.continuing_daily_fine}, 0) >= 0`),
  ],
);

/** One violation observed at a unit; the owner is the unit's owner on the day it was observed (set by the server). */
export const violations = pgTable(
  'violations',
  {
    ...recordColumns(),
    property_id: text('property_id').notNull().references(() => properties.id),
    violation_type_id: text('violation_type_id').notNull().references(() => violationTypes.id),
    owner_id: text('owner_id').notNull().references(() => owners.id),
    observed_on: date('observed_on', { mode: 'string' }).notNull(),
    description: text('description'),
    status: text('status').notNull().default('open'),
    cure_by: date('cure_by', { mode: 'string' }).notNull(),
    cured_on: date('cured_on', { mode: 'string' }),
    /** The owner asked for a hearing (My Account) on this day. */
    hearing_requested_on: date('hearing_requested_on', { mode: 'string' }),
    /** Where the inspector stood, when the phone shared it. */
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
  },
  (t) => [
    index('violations_owner_idx').on(t.owner_id, t.observed_on),
    index('violations_status_idx').on(t.status, t.observed_on),
    index('violations_property_idx').on(t.property_id, t.observed_on),
    index('violations_type_idx').on(t.violation_type_id),
    index('violations_observed_idx').on(t.observed_on, t.id),
    check('violations_status', sql`${t.status} in ('open', 'cured', 'hearing', 'fined', 'closed', 'dismissed')`),
    check('violations_cure_by', sql`${t.cure_by} >= ${t.observed_on}`),
  ],
);

/** A written notice about a violation, its text as sent (it never changes) and how it went out. */
export const violationNotices = pgTable(
  'violation_notices',
  {
    ...recordColumns(),
    violation_id: text('violation_id').notNull().references(() => violations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sent_on: date('sent_on', { mode: 'string' }).notNull(),
    /** What the notice asks by a day: the cure date, the hearing, or (decision) the day it was due by law. */
    due_on: date('due_on', { mode: 'string' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    hearing_id: text('hearing_id'),
    email_to: text('email_to'),
    /** sent / outbox (no SMTP) / failed / print (no email address) / recorded (given outside Covenant, recorded after the fact). */
    delivery: text('delivery').notNull(),
    error: text('error'),
    rule_id: text('rule_id'),
    citation: text('citation'),
  },
  (t) => [
    index('violation_notices_violation_idx').on(t.violation_id, t.sent_on),
    check('violation_notices_kind', sql`${t.kind} in ('courtesy', 'notice', 'hearing_notice', 'decision')`),
    check('violation_notices_delivery', sql`${t.delivery} in ('sent', 'outbox', 'failed', 'print', 'recorded')`),
  ],
);

/** A hearing on a violation: when, who sits, the notice it rests on, and the decision with its fine and written notice. */
export const hearings = pgTable(
  'hearings',
  {
    ...recordColumns(),
    violation_id: text('violation_id').notNull().references(() => violations.id, { onDelete: 'cascade' }),
    scheduled_for: date('scheduled_for', { mode: 'string' }).notNull(),
    committee_member_ids: jsonb('committee_member_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    notice_sent_on: date('notice_sent_on', { mode: 'string' }).notNull(),
    /** The rules (id and citation) the schedule was checked against. */
    schedule_rules: jsonb('schedule_rules').$type<Array<{ rule_id: string; citation: string }>>().notNull().default(sql`'[]'::jsonb`),
    outcome: text('outcome'),
    decided_on: date('decided_on', { mode: 'string' }),
    decided_by: text('decided_by'),
    fine_amount: numeric('fine_amount', MONEY),
    health_safety_finding: boolean('health_safety_finding').notNull().default(false),
    fine_invoice_id: text('fine_invoice_id').references(() => invoices.id),
    decision_notice_due_on: date('decision_notice_due_on', { mode: 'string' }),
    decision_rules: jsonb('decision_rules').$type<Array<{ rule_id: string; citation: string }>>(),
  },
  (t) => [
    index('hearings_violation_idx').on(t.violation_id, t.scheduled_for),
    index('hearings_scheduled_idx').on(t.scheduled_for),
    // The late-fee run asks whether an invoice is a fine.
    uniqueIndex('hearings_fine_invoice_key').on(t.fine_invoice_id).where(sql`${t.fine_invoice_id} is not null`),
    // One open hearing per violation.
    uniqueIndex('hearings_open_key').on(t.violation_id).where(sql`${t.decided_on} is null`),
    check('hearings_outcome', sql`${t.outcome} is null or ${t.outcome} in ('fine', 'no_fine', 'cured')`),
  ],
);

/** A photo of a violation (evidence) or of its cure: the original's hash, its EXIF time and place, the stored copies. */
export const violationPhotos = pgTable(
  'violation_photos',
  {
    ...recordColumns(),
    violation_id: text('violation_id').notNull().references(() => violations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('evidence'),
    sha256: text('sha256').notNull(),
    bytes: integer('bytes').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    original_name: text('original_name'),
    /** The camera's time, as it recorded it (with its offset when it kept one). */
    taken_at: text('taken_at'),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    /** Keys in the file store: the original bytes unchanged, the resized JPEG and the thumbnail. */
    original_file: text('original_file').notNull(),
    resized_file: text('resized_file').notNull(),
    thumbnail_file: text('thumbnail_file').notNull(),
    uploaded_by: text('uploaded_by'),
    uploaded_at: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('violation_photos_violation_idx').on(t.violation_id, t.created_date),
    check('violation_photos_kind', sql`${t.kind} in ('evidence', 'cure')`),
  ],
);
