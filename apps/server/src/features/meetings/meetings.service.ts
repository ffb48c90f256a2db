import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PermissionLevel } from '@covenant/contracts/constants';
import {
  isMemberMeeting, MEETING_KIND_LABELS, meetingStart, MEMBER_MEETING_KINDS, motionResult, type approvedMinutesAnswer, type DirectorVote, type MeetingKind, type meetingNoticeAnswer,
  type Motion, type recordMotionInput,
} from '@covenant/contracts/meetings';
import { effectiveRole, normalizeRoleName } from '@covenant/contracts/permissions';
import { owners, users } from '@covenant/db/schema/community';
import { mailJobs } from '@covenant/db/schema/mailings';
import { meetingMotions, meetingMotionVotes, meetings } from '@covenant/db/schema/meetings';
import { associationTimeZone, today, withTransaction, type Actor, type Ctx } from '../../lib/context.ts';
import { AppError, ConflictError, ValidationError } from '../../lib/errors.ts';
import { permissionLevel, requirePermission } from '../../platform/access/access.service.ts';
import { publishRecord, readRecord, recordForActor } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { publishDocument } from '../documents/documents.service.ts';
import { BackgroundMail, uniqueRecipients, type MailRecipient } from '../mailings/background-mail.ts';
import { loadLetterhead } from '../statements/pdf.ts';
import { associationState } from '../state-law/association-state.ts';
import { checkMeetingNotice } from '../state-law/state-law.rules.ts';
import { renderMinutesPdf } from './minutes.pdf.ts';

type MeetingRow = Row & {
  id: string; kind: MeetingKind; title: string; starts_at: string; location: string | null; video_url: string | null; agenda: Array<{ title: string; description?: string | null }>;
  considers_assessments: boolean; notice_sent_on: string | null; minutes: string | null; minutes_status: 'draft' | 'approved'; minutes_approved_at_meeting_id: string | null;
  minutes_document_id: string | null; attendee_ids: string[];
};

/** Staff (meetings write) and the board read every meeting; anyone else with the read privilege, members' meetings. */
function seesEveryMeeting(actor: Actor, level: PermissionLevel): boolean {
  return level === 'read_write' || normalizeRoleName(effectiveRole(actor) ?? '') === 'board_member';
}

export const meetingAudience: NonNullable<EntityDef['audience']> = {
  where: (actor, level) => (seesEveryMeeting(actor, level) ? null : sql`${meetings.kind} in (${sql.join(MEMBER_MEETING_KINDS.map((k) => sql`${k}`), sql`, `)})`),
  allows: (actor, level, record) => seesEveryMeeting(actor, level) || isMemberMeeting(String(record.kind)),
};

/** The instant as ISO text, and in milliseconds (a row holds PostgreSQL's text, a request ISO 8601). */
const iso = (value: string) => meetingStart(value).toISOString();
const ms = (value: string) => meetingStart(value).getTime();

async function meetingFor(ctx: Ctx, entity: EntityDef, id: string, op: 'read' | 'update'): Promise<MeetingRow> {
  return (await recordForActor(ctx, entity, id, op)) as MeetingRow;
}

/** The association's directors: its users with the board member role. */
export async function directors(ctx: Ctx): Promise<Array<{ id: string; name: string | null; email: string }>> {
  const rows = await ctx.db
    .select({ id: users.id, name: users.full_name, email: users.email })
    .from(users)
    .where(sql`${users.user_role}::text = 'board_member'`)
    .orderBy(asc(users.full_name), asc(users.email));
  return rows.map((r) => ({ id: r.id, name: r.name || null, email: r.email }));
}

/** GET /meetings/directors: for those who read meetings (the motions' and attendance pickers). */
export async function listDirectors(ctx: Ctx) {
  await requirePermission(ctx, 'meetings', 'read');
  return { rows: await directors(ctx) };
}

async function checkAttendees(ctx: Ctx, ids: unknown): Promise<void> {
  if (!Array.isArray(ids) || ids.length === 0) return;
  const unique = [...new Set(ids as string[])];
  const found = await ctx.db.select({ id: users.id }).from(users).where(inArray(users.id, unique));
  if (found.length !== unique.length) throw new ValidationError('Attendees: no user of this association has one of those ids');
}

/**
 * A meeting as it is saved: approved minutes are fixed, with the attendance they record; once the notice
 * went out, the time and kind it announced stay (a new meeting is noticed anew).
 */
async function prepareMeeting(ctx: Ctx, values: Row, existing: MeetingRow | null): Promise<Row> {
  if (existing) {
    if (existing.minutes_status === 'approved' && values.minutes !== undefined && values.minutes !== existing.minutes) {
      throw new ConflictError('These minutes were approved and can no longer be edited', 'minutes_approved');
    }
    // Who was present is part of the approved minutes (their document lists them).
    if (existing.minutes_status === 'approved' && values.attendee_ids !== undefined && JSON.stringify(values.attendee_ids) !== JSON.stringify(existing.attendee_ids)) {
      throw new ConflictError('These minutes were approved: the attendance they record can no longer change', 'minutes_approved');
    }
    if (existing.notice_sent_on) {
      if (values.kind !== undefined && values.kind !== existing.kind) throw new ConflictError('The notice of this meeting was sent: its kind cannot change', 'notice_sent');
      if (values.starts_at !== undefined && ms(values.starts_at as string) !== ms(existing.starts_at)) {
        throw new ConflictError('The notice of this meeting was sent: its time cannot change; schedule and notice a new meeting instead', 'notice_sent');
      }
    }
  }
  await checkAttendees(ctx, values.attendee_ids);
  return values;
}

export function meetingHooks(): EntityDef['hooks'] {
  return {
    prepareCreate: async (ctx, values) => ({
      ...(await prepareMeeting(ctx, values, null)), agenda: values.agenda ?? [], attendee_ids: values.attendee_ids ?? [], minutes_status: 'draft', notice_sent_on: null,
      minutes_approved_at_meeting_id: null, minutes_document_id: null,
    }),
    prepareUpdate: (ctx, changes, existing) => prepareMeeting(ctx, changes, existing as MeetingRow),
    beforeDelete: async (ctx, existing) => {
      const m = existing as MeetingRow;
      if (m.notice_sent_on) throw new ConflictError('The notice of this meeting was sent: it stays on the record', 'notice_sent');
      if (m.minutes_status === 'approved') throw new ConflictError('These minutes were approved and can no longer be edited', 'minutes_approved');
      const [motion] = await ctx.db.select({ id: meetingMotions.id }).from(meetingMotions).where(eq(meetingMotions.meeting_id, m.id)).limit(1);
      if (motion) throw new ConflictError('Motions were recorded at this meeting: it stays on the record', 'meeting_has_motions');
      const [approving] = await ctx.db.select({ id: meetings.id }).from(meetings).where(eq(meetings.minutes_approved_at_meeting_id, m.id)).limit(1);
      if (approving) throw new ConflictError('Minutes were approved at this meeting: it stays on the record', 'meeting_approved_minutes');
    },
  };
}

// ---- Notices ----------------------------------------------------------------------------------------------------

type Recipient = MailRecipient;

/** Who a meeting's notice reaches: every active owner on file for members' meetings, the directors for the others. */
async function noticeRecipients(ctx: Ctx, kind: MeetingKind): Promise<Recipient[]> {
  const list: Recipient[] = isMemberMeeting(kind)
    ? (await ctx.db.select({ email: owners.email, first: owners.first_name, last: owners.last_name }).from(owners).where(eq(owners.status, 'active')))
      .filter((o) => o.email).map((o) => ({ email: o.email!, name: `${o.first} ${o.last}`.trim() }))
    : (await directors(ctx)).map((d) => ({ email: d.email, name: d.name ?? '' }));
  return uniqueRecipients(list);
}

/** The meeting's time as people read it, in the association's zone. */
export function formatMeetingTime(startsAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(meetingStart(startsAt));
}

function noticeText(m: MeetingRow, when: string, org: string, name: string): string {
  const lines = [`Dear ${name || 'neighbor'},`, '', `${org} gives notice of a ${MEETING_KIND_LABELS[m.kind].toLowerCase()} meeting: ${m.title}.`, '', `When: ${when}`];
  if (m.location) lines.push(`Where: ${m.location}`);
  if (m.video_url) lines.push(`Video: ${m.video_url}`);
  if (m.agenda.length) {
    lines.push('', 'Agenda:');
    m.agenda.forEach((item, i) => lines.push(`${i + 1}. ${item.title}${item.description ? ` — ${item.description}` : ''}`));
  }
  if (m.considers_assessments) lines.push('', 'The meeting will consider assessments.');
  lines.push('', org);
  return lines.join('\n');
}

/** Notice runs of this process, so tests can wait for them and a shutdown can stop them between messages. */
const mails = new BackgroundMail();

/**
 * sendMeetingNotice: checked against the state's notice rule as of today (refused with the rule named when too late
 * or, for California members' meetings, too early), then one mailing job emails the owners or the directors.
 */
export async function sendMeetingNotice(ctx: Ctx, entity: EntityDef, meetingId: string): Promise<z.infer<typeof meetingNoticeAnswer>> {
  await meetingFor(ctx, entity, meetingId, 'update');
  const claimed = await withTransaction(ctx, async (tx) => {
    const [m] = (await tx.db.select().from(meetings).where(eq(meetings.id, meetingId)).for('update')) as MeetingRow[];
    if (!m) throw new ValidationError('Meeting not found');
    if (m.notice_sent_on) throw new ConflictError(`The notice of this meeting was sent on ${m.notice_sent_on}`, 'notice_sent');
    const now = new Date();
    const [state, timeZone, sentOn] = await Promise.all([associationState(tx), associationTimeZone(tx), today(tx, now)]);
    const check = checkMeetingNotice({
      state, kind: m.kind, notice_sent_on: sentOn, notice_sent_at: now.toISOString(), starts_at: iso(m.starts_at), time_zone: timeZone, considers_assessments: m.considers_assessments,
    });
    if (!check.ok) throw new AppError(422, 'refused_by_law', `${check.message} (${check.citation})`, { rule_id: check.rule_id, citation: check.citation });
    const to = await noticeRecipients(tx, m.kind);
    const [job] = await tx.db
      .insert(mailJobs)
      .values({ kind: 'meeting_notice', params: { meeting_id: m.id, title: m.title }, total: to.length, created_by: ctx.actor?.email ?? null })
      .returning({ id: mailJobs.id });
    await tx.db.update(meetings).set({ notice_sent_on: sentOn, updated_date: now }).where(eq(meetings.id, m.id));
    await publishRecord(tx, entity, m.id);
    return { meeting: { ...m, notice_sent_on: sentOn }, to, jobId: job!.id, rule: check.rules[0]!, timeZone };
  });
  const when = formatMeetingTime(claimed.meeting.starts_at, claimed.timeZone);
  mails.start(ctx, claimed.jobId, claimed.to, (r, letterhead) => ({
    subject: `Notice of meeting: ${claimed.meeting.title} (${letterhead.name})`,
    text: noticeText(claimed.meeting, when, letterhead.name, r.name),
  }));
  const record = (await readRecord(ctx, entity, meetingId)) as MeetingRow;
  return { ...record, notice_sent_on: claimed.meeting.notice_sent_on, rule: { rule_id: claimed.rule.rule_id, citation: claimed.rule.citation }, recipients: claimed.to.length, mail_job_id: claimed.jobId };
}

/** Waits for this process's meeting notices (tests), or stops them between messages (shutdown). */
export async function meetingNoticesSent(stop = false): Promise<void> {
  await mails.settled(stop);
}

// ---- Motions ----------------------------------------------------------------------------------------------------

/** The motions of meetings, oldest first, each with every director's vote and name. */
async function motionsOf(ctx: Ctx, where: SQL): Promise<Motion[]> {
  const rows = await ctx.db.select().from(meetingMotions).where(where).orderBy(asc(meetingMotions.created_date), asc(meetingMotions.id));
  if (!rows.length) return [];
  const votes = await ctx.db
    .select({ motion_id: meetingMotionVotes.motion_id, user_id: meetingMotionVotes.user_id, vote: meetingMotionVotes.vote, name: users.full_name, email: users.email })
    .from(meetingMotionVotes)
    .leftJoin(users, eq(users.id, meetingMotionVotes.user_id))
    .where(inArray(meetingMotionVotes.motion_id, rows.map((r) => r.id)))
    .orderBy(asc(users.full_name), asc(meetingMotionVotes.user_id));
  return rows.map((r) => ({
    id: r.id, meeting_id: r.meeting_id, text: r.text, moved_by: r.moved_by, seconded_by: r.seconded_by, result: r.result as Motion['result'], created_date: r.created_date.toISOString(),
    votes: votes.filter((v) => v.motion_id === r.id).map((v) => ({ user_id: v.user_id, name: v.name || v.email || null, vote: v.vote as DirectorVote })),
  }));
}

/** GET /meetings/{id}/motions: through the same scope as the meeting (a meeting the caller may not read is a 404). */
export async function listMotions(ctx: Ctx, entity: EntityDef, meetingId: string): Promise<{ rows: Motion[] }> {
  await meetingFor(ctx, entity, meetingId, 'read');
  return { rows: await motionsOf(ctx, eq(meetingMotions.meeting_id, meetingId)) };
}

/**
 * recordMotion: at a board or committee meeting, each director's vote (a director left out is absent); every user
 * named (mover, seconder, voter) must be a director. The result is the majority of the votes cast (a tie fails).
 */
export async function recordMotion(ctx: Ctx, entity: EntityDef, input: z.infer<typeof recordMotionInput>): Promise<Motion> {
  const meeting = await meetingFor(ctx, entity, input.meeting_id, 'update');
  if (isMemberMeeting(meeting.kind)) throw new ConflictError('Directors\' votes are recorded at board and committee meetings; members decide through Votes', 'member_meeting');
  return withTransaction(ctx, async (tx) => {
    const board = await directors(tx);
    const ids = new Set(board.map((d) => d.id));
    const seen = new Set<string>();
    for (const v of input.votes) {
      if (!ids.has(v.user_id)) throw new ValidationError(`Votes: no such director: ${v.user_id} (directors are this association's users with the board member role)`);
      if (seen.has(v.user_id)) throw new ValidationError(`Votes: director ${v.user_id} is named twice`);
      seen.add(v.user_id);
    }
    if (input.moved_by && !ids.has(input.moved_by)) throw new ValidationError('Moved by: no such director (a motion is moved by a director of this association)');
    if (input.seconded_by && !ids.has(input.seconded_by)) throw new ValidationError('Seconded by: no such director (a motion is seconded by a director of this association)');
    if (input.moved_by && input.moved_by === input.seconded_by) throw new ValidationError('Seconded by: the director who moved the motion cannot second it');
    if (input.tabled && input.votes.some((v) => v.vote !== 'absent')) throw new ValidationError('A tabled motion is not voted on: leave its votes out');
    if (board.length === 0) throw new ConflictError('This association has no directors (users with the board member role) to vote on a motion', 'no_directors');
    const byUser = new Map(input.votes.map((v) => [v.user_id, v.vote]));
    const all = board.map((d) => ({ user_id: d.id, vote: (byUser.get(d.id) ?? 'absent') as DirectorVote }));
    const result = motionResult(all, input.tabled ?? false);
    const [motion] = await tx.db
      .insert(meetingMotions)
      .values({ meeting_id: meeting.id, text: input.text, moved_by: input.moved_by ?? null, seconded_by: input.seconded_by ?? null, result, created_by: ctx.actor?.email ?? null })
      .returning({ id: meetingMotions.id });
    if (!input.tabled) await tx.db.insert(meetingMotionVotes).values(all.map((v) => ({ motion_id: motion!.id, ...v })));
    await publishRecord(tx, entity, meeting.id);
    return (await motionsOf(tx, eq(meetingMotions.id, motion!.id)))[0]!;
  });
}

// ---- Minutes ----------------------------------------------------------------------------------------------------

/**
 * approveMinutes: at a later meeting that has begun (minutes are read and approved there), the minutes become a
 * document of category 'minutes' (owners' for members' meetings, the board's for the others) and are fixed.
 */
export async function approveMinutes(ctx: Ctx, entity: EntityDef, meetingId: string, atMeetingId: string): Promise<z.infer<typeof approvedMinutesAnswer>> {
  const meeting = await meetingFor(ctx, entity, meetingId, 'update');
  const at = await meetingFor(ctx, entity, atMeetingId, 'read');
  if (meeting.minutes_status === 'approved') throw new ConflictError('These minutes were approved and can no longer be edited', 'minutes_approved');
  if (ms(at.starts_at) <= ms(meeting.starts_at)) throw new ValidationError('Minutes are approved at a later meeting: choose a meeting after this one');
  if (ms(at.starts_at) > Date.now()) throw new ValidationError('Minutes are approved at a meeting that has begun: that meeting has not started yet');
  if (!meeting.minutes?.trim()) throw new ValidationError('The minutes are empty: write them before they are approved');
  const [timeZone, letterhead, motions] = await Promise.all([associationTimeZone(ctx), loadLetterhead(ctx), motionsOf(ctx, eq(meetingMotions.meeting_id, meetingId))]);
  const attendees = meeting.attendee_ids.length
    ? (await ctx.db.select({ name: users.full_name, email: users.email }).from(users).where(inArray(users.id, meeting.attendee_ids))).map((u) => u.name || u.email)
    : [];
  const pdf = await renderMinutesPdf(letterhead, {
    title: meeting.title, kind: MEETING_KIND_LABELS[meeting.kind], when: formatMeetingTime(meeting.starts_at, timeZone), location: meeting.location, agenda: meeting.agenda, attendees,
    minutes: meeting.minutes, motions, approved: `Approved at ${at.title}, ${formatMeetingTime(at.starts_at, timeZone)}`,
  });
  const approvedOn = await today(ctx);
  return withTransaction(ctx, async (tx) => {
    const [locked] = (await tx.db.select().from(meetings).where(eq(meetings.id, meetingId)).for('update')) as MeetingRow[];
    if (!locked || locked.minutes_status === 'approved') throw new ConflictError('These minutes were approved and can no longer be edited', 'minutes_approved');
    if (locked.minutes !== meeting.minutes) throw new ConflictError('The minutes changed while they were being approved: approve them again', 'minutes_changed');
    const documentId = await publishDocument(tx, { data: pdf, filename: `minutes-${iso(meeting.starts_at).slice(0, 10)}.pdf` }, {
      title: `Minutes: ${meeting.title}`.slice(0, 200), category: 'minutes', visibility: isMemberMeeting(meeting.kind) ? 'owners' : 'board', effective_date: approvedOn, supersedes_id: null,
    });
    await tx.db.update(meetings).set({ minutes_status: 'approved', minutes_approved_at_meeting_id: at.id, minutes_document_id: documentId, updated_date: new Date() }).where(eq(meetings.id, meetingId));
    await publishRecord(tx, entity, meetingId);
    return (await readRecord(tx, entity, meetingId)) as z.infer<typeof approvedMinutesAnswer>;
  });
}

// ---- Calendar ---------------------------------------------------------------------------------------------------

/** The calendar's meetings: those the caller may read (none without the privilege), at their time. */
export async function meetingEvents(ctx: Ctx): Promise<MeetingEvent[]> {
  const level = await permissionLevel(ctx, 'meetings');
  if (level === 'none' || !ctx.actor) return [];
  const audience = meetingAudience.where(ctx.actor, level);
  const rows = await ctx.db
    .select({ id: meetings.id, kind: meetings.kind, title: meetings.title, starts_at: meetings.starts_at, location: meetings.location, video_url: meetings.video_url, agenda: meetings.agenda })
    .from(meetings)
    .where(and(audience ?? undefined));
  return rows.map((r) => ({
    kind: 'meeting' as const, id: r.id, title: r.title, starts_at: iso(r.starts_at), location: r.location, url: r.video_url,
    description: [`${MEETING_KIND_LABELS[r.kind as MeetingKind]} meeting`, ...r.agenda.map((a, i) => `${i + 1}. ${a.title}`)].join('\n'),
  }));
}

/** A timed event as the calendar feed takes it (features/calendar reads this feature, not the other way round). */
export interface MeetingEvent {
  kind: 'meeting';
  id: string;
  title: string;
  description: string;
  location: string | null;
  url: string | null;
  starts_at: string;
}
