import { sql } from 'drizzle-orm';
import { boolean, check, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { newId } from '../ids.ts';
import { associationDocuments } from './association-documents.ts';
import { recordColumns } from './common.ts';

/**
 * A meeting of the board, a committee or the members (annual, special): its notice, agenda and minutes. Minutes are
 * approved at a later meeting; approved, they are fixed and published as a document of category 'minutes'.
 */
export const meetings = pgTable(
  'meetings',
  {
    ...recordColumns(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'string' }).notNull(),
    location: text('location'),
    video_url: text('video_url'),
    agenda: jsonb('agenda').$type<Array<{ title: string; description?: string | null }>>().notNull().default([]),
    considers_assessments: boolean('considers_assessments').notNull().default(false),
    notice_sent_on: date('notice_sent_on', { mode: 'string' }),
    minutes: text('minutes'),
    minutes_status: text('minutes_status').notNull().default('draft'),
    minutes_approved_at_meeting_id: text('minutes_approved_at_meeting_id').references((): AnyPgColumn => meetings.id),
    minutes_document_id: text('minutes_document_id').references(() => associationDocuments.id, { onDelete: 'set null' }),
    attendee_ids: jsonb('attendee_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('meetings_starts_idx').on(t.starts_at),
    index('meetings_approved_at_idx').on(t.minutes_approved_at_meeting_id),
    check('meetings_kind', sql`${t.kind} in ('board', 'annual', 'special', 'committee')`),
    check('meetings_minutes_status', sql`${t.minutes_status} in ('draft', 'approved')`),
  ],
);

/** A motion made at a meeting, who moved and seconded it, and its result (computed from the directors' votes). */
export const meetingMotions = pgTable(
  'meeting_motions',
  {
    ...recordColumns(),
    meeting_id: text('meeting_id').notNull().references(() => meetings.id),
    text: text('text').notNull(),
    moved_by: text('moved_by'),
    seconded_by: text('seconded_by'),
    result: text('result').notNull(),
  },
  (t) => [index('meeting_motions_meeting_idx').on(t.meeting_id), check('meeting_motions_result', sql`${t.result} in ('passed', 'failed', 'tabled')`)],
);

/** One row per director for each motion: how they voted, or absent. */
export const meetingMotionVotes = pgTable(
  'meeting_motion_votes',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    motion_id: text('motion_id').notNull().references(() => meetingMotions.id),
    user_id: text('user_id').notNull(),
    vote: text('vote').notNull(),
  },
  (t) => [uniqueIndex('meeting_motion_votes_key').on(t.motion_id, t.user_id), check('meeting_motion_votes_vote', sql`${t.vote} in ('yes', 'no', 'abstain', 'absent')`)],
);
