import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids.ts';
import { owners } from './community.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The delivery log: every invoice or statement emailed (or kept in the outbox, or skipped) for an owner, with who
 * sent it, when and how it went. Shown on the owner's profile.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    owner_id: text('owner_id').notNull().references(() => owners.id, { onDelete: 'cascade' }),
    /** invoice, statement or collection_letter */
    kind: text('kind').notNull(),
    /** The invoice emailed; null for a statement. */
    document_id: text('document_id'),
    /** What was sent: the invoice number, or the statement's period. */
    document_label: text('document_label').notNull(),
    to: text('to'),
    subject: text('subject'),
    /** sent (over SMTP), outbox (kept: SMTP not configured), skipped, failed */
    status: text('status').notNull(),
    error: text('error'),
    job_id: text('job_id'),
    sent_by: text('sent_by'),
    created_date: ts('created_date').notNull().defaultNow(),
  },
  (t) => [
    index('email_deliveries_owner_idx').on(t.owner_id, t.created_date),
    check('email_deliveries_status', sql`${t.status} in ('sent', 'outbox', 'skipped', 'failed')`),
    check('email_deliveries_kind', sql`${t.kind} in ('invoice', 'statement', 'collection_letter')`),
  ],
);

/** A background emailing run (statements for many owners): its parameters, progress and result. */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull(),
    /** running, done, failed */
    status: text('status').notNull().default('running'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    skipped: jsonb('skipped').$type<Array<{ id: string; reason: string }>>().notNull().default([]),
    error: text('error'),
    created_by: text('created_by'),
    created_date: ts('created_date').notNull().defaultNow(),
    updated_date: ts('updated_date').notNull().defaultNow(),
    finished_date: ts('finished_date'),
  },
  (t) => [index('mail_jobs_created_idx').on(t.created_date), check('mail_jobs_status', sql`${t.status} in ('running', 'done', 'failed')`)],
);
