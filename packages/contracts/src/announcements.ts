import { z } from 'zod';
import { listPageSchema } from './lists.ts';

// Announcements: Markdown notices for an audience (and optionally some units), published from a moment on.

export const ANNOUNCEMENT_AUDIENCES = ['owners', 'residents', 'board', 'staff'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

/** Who each audience reaches, in words (the compose screen and the API docs). */
export const AUDIENCE_LABELS: Readonly<Record<AnnouncementAudience, string>> = {
  owners: 'Owners',
  residents: 'Residents (owners, renters and household members)',
  board: 'Board members',
  staff: 'Staff only',
};

const id = z.string().regex(/^[0-9a-f]{24}$/, 'must be a record id');

/** POST /announcements: what staff write; the server renders and sanitizes the body. */
export const announcementInput = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title: at most 200 characters'),
  body: z.string({ error: 'Body is required' }).trim().min(1, 'Body is required').max(50_000, 'Body: at most 50,000 characters'),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'Audience must be owners, residents, board or staff' }),
  property_ids: z.array(id).max(5000).default([]),
  /** ISO date-time with offset; absent: now. */
  publish_at: z.iso.datetime({ offset: true, error: 'Publish at must be a date and time (ISO 8601 with its offset)' }).optional(),
  send_email: z.boolean().default(false),
  /** The day of the event it announces (YYYY-MM-DD), shown on the calendar. */
  event_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Event day must be a date (YYYY-MM-DD)').nullable().optional(),
});
export type AnnouncementInput = z.input<typeof announcementInput>;
/** PATCH /announcements/{id}: any of the fields. */
export const announcementUpdate = announcementInput.partial();

export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  body_html: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  property_ids: z.array(z.string()),
  publish_at: z.string(),
  send_email: z.boolean(),
  event_on: z.string().nullable(),
  emailed_at: z.string().nullable(),
  mail_job_id: z.string().nullable(),
  is_published: z.boolean(),
  created_by: z.string().nullable(),
  created_date: z.string(),
  updated_date: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementPage = listPageSchema(announcementSchema);

/** What a reader sees in their feed: the rendered body, never the source or the mailing. */
export const announcementFeedItemSchema = z.object({ id: z.string(), title: z.string(), body_html: z.string(), audience: z.enum(ANNOUNCEMENT_AUDIENCES), publish_at: z.string(), event_on: z.string().nullable() });
export type AnnouncementFeedItem = z.infer<typeof announcementFeedItemSchema>;
export const announcementFeedSchema = z.object({ rows: z.array(announcementFeedItemSchema) });

export const announcementListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});
export const announcementFeedQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

/** POST /announcements/preview: the Markdown as the server will render it. */
export const markdownPreviewInput = z.object({ body: z.string().max(50_000, 'Body: at most 50,000 characters') });
export const markdownPreviewSchema = z.object({ html: z.string() });
