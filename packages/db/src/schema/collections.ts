import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chargeRuns } from './charges.ts';
import { MONEY, recordColumns } from './common.ts';
import { owners } from './community.ts';
import { invoices, products } from './finance.ts';

/**
 * A step of the collections ladder: owners this many days past due (with at least the minimum past due) enter
 * it, one stage a run, and get its letter; stages that require approval hold the letter in a queue.
 */
export const collectionStages = pgTable(
  'collection_stages',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    days_past_due: integer('days_past_due').notNull(),
    min_balance: numeric('min_balance', MONEY),
    letter_subject: text('letter_subject').notNull(),
    letter_body: text('letter_body').notNull(),
    /** An item charged as a collection fee when the letter is released (its price is the fee). */
    fee_product_id: text('fee_product_id').references(() => products.id),
    requires_approval: boolean('requires_approval').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [
    // The ladder's order: no two stages start on the same day.
    uniqueIndex('collection_stages_days_key').on(t.days_past_due),
    check('collection_stages_days', sql`${t.days_past_due} between 1 and 3650`),
    check('collection_stages_min_balance', sql`coalesce(${t.min_balance}, 0) >= 0`),
  ],
);

/**
 * One delinquency of an owner, from the run that finds them past due to the run that finds nothing past due: the
 * stage reached and when. At most one open case per owner.
 */
export const collectionCases = pgTable(
  'collection_cases',
  {
    ...recordColumns(),
    owner_id: text('owner_id').notNull().references(() => owners.id, { onDelete: 'cascade' }),
    opened_on: date('opened_on', { mode: 'string' }).notNull(),
    closed_on: date('closed_on', { mode: 'string' }),
    stage_id: text('stage_id').references(() => collectionStages.id),
    /** The stage's days past due when it was entered (the ladder may be edited later). */
    stage_days_past_due: integer('stage_days_past_due'),
    stage_entered_on: date('stage_entered_on', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('collection_cases_open_key').on(t.owner_id).where(sql`${t.closed_on} is null`),
    index('collection_cases_owner_idx').on(t.owner_id, t.opened_on),
  ],
);

/**
 * The letter of a stage an owner entered: its text as of the run (it never changes afterwards), the figures it was
 * written with, and where it is. One per case and stage, so no run, restart or second process writes it twice.
 */
export const collectionLetters = pgTable(
  'collection_letters',
  {
    ...recordColumns(),
    case_id: text('case_id').notNull().references(() => collectionCases.id, { onDelete: 'cascade' }),
    owner_id: text('owner_id').notNull().references(() => owners.id, { onDelete: 'cascade' }),
    stage_id: text('stage_id').notNull().references(() => collectionStages.id),
    stage_name: text('stage_name').notNull(),
    run_id: text('run_id').references(() => chargeRuns.id),
    as_of: date('as_of', { mode: 'string' }).notNull(),
    days_past_due: integer('days_past_due').notNull(),
    past_due_balance: numeric('past_due_balance', MONEY).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    fee_product_id: text('fee_product_id').references(() => products.id),
    fee_amount: numeric('fee_amount', MONEY).notNull().default('0'),
    fee_invoice_id: text('fee_invoice_id').references(() => invoices.id),
    status: text('status').notNull(),
    email_to: text('email_to'),
    error: text('error'),
    decided_by: text('decided_by'),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('collection_letters_case_stage_key').on(t.case_id, t.stage_id),
    index('collection_letters_status_idx').on(t.status, t.created_date),
    index('collection_letters_owner_idx').on(t.owner_id, t.created_date),
    check('collection_letters_status', sql`${t.status} in ('awaiting_approval', 'queued', 'sending', 'sent', 'outbox', 'no_email', 'failed', 'skipped')`),
  ],
);

/**
 * An owner's payment plan: installments agreed on; while it is current, late fees and collection steps pause for
 * the owner. The runs mark it completed when paid, or defaulted when an installment is unpaid past the grace days.
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    ...recordColumns(),
    owner_id: text('owner_id').notNull().references(() => owners.id, { onDelete: 'cascade' }),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    installments: jsonb('installments').$type<Array<{ due_date: string; amount: string }>>().notNull(),
    total_amount: numeric('total_amount', MONEY).notNull(),
    grace_days: integer('grace_days').notNull().default(5),
    status: text('status').notNull().default('active'),
    /** When the runs completed or defaulted it. */
    status_date: date('status_date', { mode: 'string' }),
    notes: text('notes'),
  },
  (t) => [
    uniqueIndex('payment_plans_active_key').on(t.owner_id).where(sql`${t.status} = 'active'`),
    index('payment_plans_owner_idx').on(t.owner_id, t.start_date),
    check('payment_plans_status', sql`${t.status} in ('active', 'completed', 'defaulted')`),
    check('payment_plans_grace', sql`${t.grace_days} between 0 and 90`),
  ],
);
