import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { recordColumns } from './common.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A notice to the community: Markdown as written and the sanitized HTML rendered from it on the server (what
 * readers and emails get), for an audience and optionally only some units, shown from publish_at on.
 */
export const announcements = pgTable(
  'announcements',
  {
    ...recordColumns(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    body_html: text('body_html').notNull(),
    /** owners, residents, board or staff */
    audience: text('audience').notNull(),
    /** Units (properties.id) it is for; empty: everyone in the audience. */
    property_ids: text('property_ids').array().notNull().default(sql`'{}'::text[]`),
    publish_at: ts('publish_at').notNull(),
    /** The day of the event it announces, if any: the calendar feed shows it. */
    event_on: date('event_on', { mode: 'string' }),
    send_email: boolean('send_email').notNull().default(false),
    /** When its emailing started, and the mailing job (mail_jobs.id) that sends it. */
    emailed_at: ts('emailed_at'),
    mail_job_id: text('mail_job_id'),
  },
  (t) => [
    index('announcements_publish_idx').on(t.publish_at),
    check('announcements_audience', sql`${t.audience} in ('owners', 'residents', 'board', 'staff')`),
  ],
);
