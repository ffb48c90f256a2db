import { z } from 'zod';
import { enumOf, optText, recordId, reqText } from './fields.ts';

/** Meetings (issue 20): board, committee and members' meetings, their notices, motions and minutes. */

export const MEETING_KINDS = ['board', 'annual', 'special', 'committee'] as const;
export type MeetingKind = (typeof MEETING_KINDS)[number];
export const MEETING_KIND_LABELS: Readonly<Record<MeetingKind, string>> = { board: 'Board', annual: 'Annual', special: 'Special', committee: 'Committee' };
/** Members' meetings: the owners are noticed and may read them; the others are the board's (and committees'). */
export const MEMBER_MEETING_KINDS = ['annual', 'special'] as const satisfies readonly MeetingKind[];
export const MINUTES_STATUSES = ['draft', 'approved'] as const;
export const MOTION_RESULTS = ['passed', 'failed', 'tabled'] as const;
export type MotionResult = (typeof MOTION_RESULTS)[number];
export const DIRECTOR_VOTES = ['yes', 'no', 'abstain', 'absent'] as const;
export type DirectorVote = (typeof DIRECTOR_VOTES)[number];

/** Whether a meeting of this kind is a members' meeting (annual or special). */
export function isMemberMeeting(kind: string): boolean {
  return (MEMBER_MEETING_KINDS as readonly string[]).includes(kind);
}

const userId = (label: string) => z.string({ error: `${label} is required` }).min(1, `${label} is required`).max(100);

export const agendaItemInput = z.strictObject({ title: reqText('Agenda item', 200), description: optText(2000) });

/** A meeting as staff create or edit it; notice, minutes' approval and its document are the functions' to set. */
export const meetingInput = z.strictObject({
  kind: enumOf('Kind', MEETING_KINDS),
  title: reqText('Title', 200),
  starts_at: z.iso.datetime({ offset: true, error: 'Starts at must be a date and time' }),
  location: optText(300),
  video_url: z.union([z.literal('').transform(() => null), z.url({ protocol: /^https?$/, error: 'Video link must be an http(s) address' }).max(500)]).nullable().optional(),
  agenda: z.array(agendaItemInput, { error: 'Agenda must be a list of {title, description}' }).max(100, 'An agenda has at most 100 items').optional(),
  considers_assessments: z.boolean().optional(),
  minutes: optText(100_000),
  attendee_ids: z.array(userId('Attendee')).max(500).optional(),
});

export const meetingIdInput = z.strictObject({ meeting_id: recordId('Meeting') });

export const recordMotionInput = z.strictObject({
  meeting_id: recordId('Meeting'),
  text: reqText('Motion', 2000),
  moved_by: z.union([z.literal('').transform(() => null), userId('Moved by')]).nullable().optional(),
  seconded_by: z.union([z.literal('').transform(() => null), userId('Seconded by')]).nullable().optional(),
  /** A director left out is recorded absent. */
  votes: z.array(z.strictObject({ user_id: userId('Director'), vote: enumOf('Vote', DIRECTOR_VOTES) })).max(100),
  /** Tabled: postponed without a vote on it (no director votes). */
  tabled: z.boolean().optional(),
});

export const approveMinutesInput = z.strictObject({ meeting_id: recordId('Meeting'), approved_at_meeting_id: recordId('Approved at meeting') });

export const meetingRecordSchema = z.looseObject({ id: z.string(), kind: z.enum(MEETING_KINDS), title: z.string(), starts_at: z.string(), minutes_status: z.enum(MINUTES_STATUSES) });

export const meetingNoticeAnswer = meetingRecordSchema.extend({
  notice_sent_on: z.string(),
  /** The rule the notice was checked against. */
  rule: z.object({ rule_id: z.string(), citation: z.string() }),
  recipients: z.number().int(),
  mail_job_id: z.string(),
});

export const motionSchema = z.object({
  id: z.string(),
  meeting_id: z.string(),
  text: z.string(),
  moved_by: z.string().nullable(),
  seconded_by: z.string().nullable(),
  result: z.enum(MOTION_RESULTS),
  votes: z.array(z.object({ user_id: z.string(), name: z.string().nullable(), vote: z.enum(DIRECTOR_VOTES) })),
  created_date: z.string(),
});
export type Motion = z.infer<typeof motionSchema>;

export const approvedMinutesAnswer = meetingRecordSchema.extend({ minutes_document_id: z.string(), minutes_approved_at_meeting_id: z.string() });

/** GET /meetings/{id}/motions: the meeting's motions, oldest first, each with every director's vote. */
export const motionListSchema = z.object({ rows: z.array(motionSchema) });

/** GET /meetings/directors: the association's directors (users with the board member role), for motions and attendance. */
export const directorListSchema = z.object({ rows: z.array(z.object({ id: z.string(), name: z.string().nullable(), email: z.string() })) });

/**
 * A motion's result from the directors' votes: passed when more vote yes than no (a majority of the votes cast;
 * abstentions and absences are not votes cast); a tie, or nothing cast, fails. Tabled motions are not voted on.
 */
export function motionResult(votes: ReadonlyArray<{ vote: DirectorVote }>, tabled = false): MotionResult {
  if (tabled) return 'tabled';
  const yes = votes.filter((v) => v.vote === 'yes').length;
  const no = votes.filter((v) => v.vote === 'no').length;
  return yes > no ? 'passed' : 'failed';
}

/** A meeting's start as a Date: the API answers PostgreSQL's text ("2027-01-05 18:00:00+00") or ISO 8601. */
export function meetingStart(value: string): Date {
  return new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
}
