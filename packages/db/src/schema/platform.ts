import { customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Emails that were not sent over SMTP (no SMTP_URL): administrators read them here. */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    created_date: ts('created_date').notNull().defaultNow(),
  },
  (t) => [index('outbox_created_idx').on(t.created_date)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/** The files attached to an outbox message (a PDF statement or invoice), kept with it. */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    outbox_id: text('outbox_id').notNull().references(() => outbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('outbox_attachments_outbox_idx').on(t.outbox_id)],
);

/** Page visits of signed-in users. */
export const appLogs = pgTable(
  'app_logs',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    user_id: text('user_id').notNull(),
    user_email: text('user_email'),
    page_name: text('page_name').notNull(),
    created_date: ts('created_date').notNull().defaultNow(),
  },
  (t) => [index('app_logs_created_idx').on(t.created_date), index('app_logs_page_idx').on(t.page_name)],
);

/** Uploaded files: stored on disk under a server-generated name. */
export const files = pgTable('files', {
  id: text('id').primaryKey().$defaultFn(newId),
  stored_name: text('stored_name').notNull().unique(),
  original_name: text('original_name'),
  content_type: text('content_type').notNull(),
  size: integer('size').notNull(),
  uploaded_by: text('uploaded_by'),
  created_date: ts('created_date').notNull().defaultNow(),
});

/**
 * The audit log: who did what, when and from which address. Append-only: database triggers refuse
 * UPDATE, DELETE and TRUNCATE (added to the generated migration). No foreign keys, so entries outlive their users.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    created_date: ts('created_date').notNull().defaultNow(),
    actor_id: text('actor_id'),
    actor_email: text('actor_email'),
    action: text('action').notNull(),
    target_type: text('target_type'),
    target_id: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    detail: jsonb('detail'),
    ip_address: text('ip_address'),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_date, t.id),
    // The filters, and the list sorted by action or user (either direction; the id keeps pages apart).
    index('audit_log_action_idx').on(t.action, t.created_date, t.id),
    index('audit_log_actor_idx').on(t.actor_email, t.created_date, t.id),
  ],
);
