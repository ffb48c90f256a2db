import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@covenant/contracts/documents';
import { meetingNoticesSent } from '../src/features/meetings/meetings.service.ts';
import { createTestApp, createUser, makeOwner, outbox, type TestApp } from './helpers.ts';

/** Meetings through the real app: notices refused when late by state, who reads which meeting, motions, minutes. */

let t: TestApp;
let admin: { id: string; token: string };
let manager: { id: string; token: string };
let owner: { id: string; token: string };
const board: Array<{ id: string; email: string; token: string }> = [];
let ownerEmail: string;

const fn = (name: string, token: string, body: unknown) => t.call('POST', `/functions/${name}`, { token, body });
const ok = async <T = Record<string, unknown>>(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> => {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${r.statusCode}: ${r.body}`);
  return r.json() as T;
};
const refused = async (res: Promise<{ statusCode: number; json(): unknown }>, status: number, message: RegExp) => {
  const r = await res;
  const body = r.json() as { message: string };
  expect([r.statusCode, body.message], JSON.stringify(body)).toEqual([status, expect.stringMatching(message)]);
};

async function setState(state: string) {
  const [settings] = (await t.call('GET', '/entities/OrgSettings', { token: admin.token })).json();
  if (settings) await ok(t.call('PUT', `/entities/OrgSettings/${settings.id}`, { token: admin.token, body: { state, time_zone: 'UTC' } }));
  else await ok(t.call('POST', '/entities/OrgSettings', { token: admin.token, body: { company_name: 'Meeting HOA', state, time_zone: 'UTC' } }));
}

const todayUtc = () => new Date().toISOString().slice(0, 10);
/** A meeting at 20:00 UTC, `days` calendar days from today (the association keeps UTC here). */
const inDays = (days: number) => `${addDays(todayUtc(), days)}T20:00:00Z`;
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const meeting = (overrides: Record<string, unknown> = {}) => ({
  kind: 'board', title: 'Board meeting', starts_at: inDays(30), location: 'Clubhouse', video_url: 'https://meet.example.com/board',
  agenda: [{ title: 'Call to order' }, { title: 'Budget', description: 'Review of the reserves' }], ...overrides,
});
const create = (body: Record<string, unknown>) => ok<{ id: string; [k: string]: unknown }>(t.call('POST', '/entities/Meeting', { token: admin.token, body }));

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  manager = await createUser(t, 'property_manager');
  for (let i = 0; i < 3; i++) board.push(await createUser(t, 'board_member'));
  const o = await makeOwner(t, admin.token);
  ownerEmail = String(o.email);
  owner = await createUser(t, 'owner', { owner_id: o.id });
  await setState('CA');
}, 120_000);

afterAll(async () => t?.close());

describe('notices: refused with the state rule named when too late', () => {
  const notice = async (state: string, body: Record<string, unknown>) => {
    await setState(state);
    const m = await create(meeting(body));
    return fn('sendMeetingNotice', manager.token, { meeting_id: m.id });
  };

  it('California board meetings: 3 days before is refused (Civ. Code 4920), 4 days is on time', async () => {
    await refused(notice('CA', { starts_at: inDays(3) }), 422, /^Notice of a board meeting must be given at least 4 days before it; .* gives 3 days .*\(Cal\. Civ\. Code § 4920\(a\)\)$/);
    const sent = await ok(notice('CA', { starts_at: inDays(4) }));
    expect(sent).toMatchObject({ notice_sent_on: todayUtc(), rule: { citation: 'Cal. Civ. Code § 4920(a)' }, recipients: 3 });
  });
  it('California members\' meetings: 9 days refused, 10 on time', async () => {
    await refused(notice('CA', { kind: 'annual', starts_at: inDays(9) }), 422, /^Notice of a members' meeting must be given at least 10 days .*\(Cal\. Corp\. Code § 7511\(a\)\)$/);
    await ok(notice('CA', { kind: 'special', starts_at: inDays(10) }));
  });
  it('Florida members\' meetings: 13 days refused, 14 on time', async () => {
    await refused(notice('FL', { kind: 'annual', starts_at: inDays(13) }), 422, /^Notice of a members' meeting must be given at least 14 days .*\(Fla\. Stat\. § 720\.306\(5\)\)$/);
    await ok(notice('FL', { kind: 'annual', starts_at: inDays(14) }));
  });
  it('Florida board meetings: 48 hours (47 refused, 49 on time); 14 days when assessments are considered', async () => {
    await refused(notice('FL', { starts_at: inHours(47) }), 422, /^Notice of a board meeting must be posted at least 48 hours before it; this notice gives 4[67] hours .*\(Fla\. Stat\. § 720\.303\(2\)\(c\)\)$/);
    await ok(notice('FL', { starts_at: inHours(49) }));
    await refused(notice('FL', { starts_at: inDays(10), considers_assessments: true }), 422, /^A board meeting that will consider assessments must be noticed at least 14 days/);
    await setState('CA');
  });
  it('the notice emails the owners (members\' meetings) or the directors (board meetings), once; then time and kind are fixed', async () => {
    const member = await create(meeting({ kind: 'annual', title: 'Annual meeting 2027', starts_at: inDays(20) }));
    await ok(fn('sendMeetingNotice', admin.token, { meeting_id: member.id }));
    const boardMeeting = await create(meeting({ title: 'Board meeting of the notices', starts_at: inDays(5) }));
    await ok(fn('sendMeetingNotice', admin.token, { meeting_id: boardMeeting.id }));
    await meetingNoticesSent();
    const mails = await outbox(t, admin.token);
    const to = (title: string) => mails.filter((m) => m.subject.startsWith(`Notice of meeting: ${title}`)).map((m) => m.to).sort();
    expect(to('Annual meeting 2027')).toEqual([ownerEmail]);
    expect(to('Board meeting of the notices')).toEqual(board.map((b) => b.email).sort());
    expect(mails.find((m) => m.subject.startsWith('Notice of meeting: Annual meeting 2027'))!.text).toMatch(/Agenda:\n1\. Call to order\n2\. Budget — Review of the reserves/);
    await refused(fn('sendMeetingNotice', admin.token, { meeting_id: member.id }), 409, /^The notice of this meeting was sent on /);
    await refused(t.call('PUT', `/entities/Meeting/${member.id}`, { token: admin.token, body: { starts_at: inDays(21) } }), 409, /its time cannot change/);
    await refused(t.call('DELETE', `/entities/Meeting/${member.id}`, { token: admin.token }), 409, /stays on the record/);
  });
  it('owners and board members cannot send notices', async () => {
    const m = await create(meeting());
    expect((await fn('sendMeetingNotice', owner.token, { meeting_id: m.id })).statusCode).toBe(403);
    expect((await fn('sendMeetingNotice', board[0]!.token, { meeting_id: m.id })).statusCode).toBe(403);
  });
});

describe('who reads which meeting', () => {
  let boardId: string;
  let committeeId: string;
  let annualId: string;
  beforeAll(async () => {
    boardId = (await create(meeting({ title: 'Closed board session' }))).id;
    committeeId = (await create(meeting({ kind: 'committee', title: 'Landscape committee' }))).id;
    annualId = (await create(meeting({ kind: 'annual', title: 'Annual meeting open to owners' }))).id;
  });

  it('owners read members\' meetings only; board and committee meetings are 404 to them', async () => {
    const list = await ok<Array<{ id: string; kind: string }>>(t.call('GET', '/entities/Meeting?limit=500', { token: owner.token }));
    expect(list.map((m) => m.id)).toContain(annualId);
    expect(list.every((m) => m.kind === 'annual' || m.kind === 'special')).toBe(true);
    await refused(t.call('GET', `/entities/Meeting/${boardId}`, { token: owner.token }), 404, /not found/i);
    await refused(t.call('GET', `/entities/Meeting/${committeeId}`, { token: owner.token }), 404, /not found/i);
    await refused(t.call('GET', `/meetings/${boardId}/motions`, { token: owner.token }), 404, /not found/i);
    const ics = (await t.call('GET', '/calendar.ics', { token: owner.token })).body;
    expect(ics).toContain('Annual meeting open to owners');
    expect(ics).not.toContain('Closed board session');
  });
  it('board members read every meeting and the calendar shows them; they cannot write', async () => {
    const list = await ok<Array<{ id: string }>>(t.call('GET', '/entities/Meeting?limit=500', { token: board[0]!.token }));
    expect(list.map((m) => m.id)).toEqual(expect.arrayContaining([boardId, committeeId, annualId]));
    expect((await t.call('GET', '/calendar.ics', { token: board[0]!.token })).body).toContain('Landscape committee');
    expect((await t.call('POST', '/entities/Meeting', { token: board[0]!.token, body: meeting() })).statusCode).toBe(403);
    expect((await t.call('POST', '/entities/Meeting', { token: owner.token, body: meeting({ kind: 'annual' }) })).statusCode).toBe(403);
  });
  it('invalid input is a 400 naming the field', async () => {
    await refused(t.call('POST', '/entities/Meeting', { token: admin.token, body: meeting({ kind: 'picnic' }) }), 400, /Kind must be one of: board, annual, special, committee/);
    await refused(t.call('POST', '/entities/Meeting', { token: admin.token, body: meeting({ starts_at: 'tomorrow' }) }), 400, /Starts at must be a date and time/);
    await refused(t.call('POST', '/entities/Meeting', { token: admin.token, body: meeting({ attendee_ids: ['nobody'] }) }), 400, /Attendees: no user of this association/);
  });
});

describe('motions: each director\'s vote, by directors only', () => {
  let meetingId: string;
  beforeAll(async () => {
    meetingId = (await create(meeting({ title: 'Motions meeting' }))).id;
  });

  it('the result is the majority of the votes cast; a director left out is absent', async () => {
    const motion = await ok<{ result: string; votes: Array<{ user_id: string; vote: string }> }>(fn('recordMotion', manager.token, {
      meeting_id: meetingId, text: 'Approve the landscaping contract', moved_by: board[0]!.id, seconded_by: board[1]!.id,
      votes: [{ user_id: board[0]!.id, vote: 'yes' }, { user_id: board[1]!.id, vote: 'abstain' }],
    }));
    expect(motion.result).toBe('passed');
    expect(Object.fromEntries(motion.votes.map((v) => [v.user_id, v.vote]))).toEqual({ [board[0]!.id]: 'yes', [board[1]!.id]: 'abstain', [board[2]!.id]: 'absent' });
    const tie = await ok<{ result: string }>(fn('recordMotion', manager.token, {
      meeting_id: meetingId, text: 'Repaint the gate', votes: [{ user_id: board[0]!.id, vote: 'yes' }, { user_id: board[1]!.id, vote: 'no' }, { user_id: board[2]!.id, vote: 'abstain' }],
    }));
    expect(tie.result).toBe('failed');
    const tabled = await ok<{ result: string; votes: unknown[] }>(fn('recordMotion', manager.token, { meeting_id: meetingId, text: 'Pool hours', votes: [], tabled: true }));
    expect(tabled).toMatchObject({ result: 'tabled', votes: [] });
    const listed = await ok<{ rows: Array<{ text: string; votes: unknown[] }> }>(t.call('GET', `/meetings/${meetingId}/motions`, { token: board[2]!.token }));
    expect(listed.rows.map((r) => [r.text, r.votes.length])).toEqual([['Approve the landscaping contract', 3], ['Repaint the gate', 3], ['Pool hours', 0]]);
  });
  it('a vote, mover or seconder who is not a director is refused; so is a director named twice', async () => {
    await refused(fn('recordMotion', manager.token, { meeting_id: meetingId, text: 'X', votes: [{ user_id: owner.id, vote: 'yes' }] }), 400, /^Votes: no such director: /);
    await refused(fn('recordMotion', manager.token, { meeting_id: meetingId, text: 'X', moved_by: manager.id, votes: [] }), 400, /^Moved by: no such director/);
    await refused(fn('recordMotion', manager.token, { meeting_id: meetingId, text: 'X', seconded_by: owner.id, votes: [] }), 400, /^Seconded by: no such director/);
    await refused(fn('recordMotion', manager.token, { meeting_id: meetingId, text: 'X', votes: [{ user_id: board[0]!.id, vote: 'yes' }, { user_id: board[0]!.id, vote: 'no' }] }), 400, /named twice/);
    await refused(fn('recordMotion', manager.token, { meeting_id: meetingId, text: 'X', votes: [{ user_id: board[0]!.id, vote: 'maybe' }] }), 400, /Vote must be one of: yes, no, abstain, absent/);
  });
  it('members\' meetings take no directors\' votes; owners and directors cannot record motions', async () => {
    const annual = await create(meeting({ kind: 'annual' }));
    await refused(fn('recordMotion', manager.token, { meeting_id: annual.id, text: 'X', votes: [] }), 409, /members decide through Votes/);
    expect((await fn('recordMotion', board[0]!.token, { meeting_id: meetingId, text: 'X', votes: [] })).statusCode).toBe(403);
    expect((await fn('recordMotion', owner.token, { meeting_id: meetingId, text: 'X', votes: [] })).statusCode).toBe(403);
  });
});

describe('minutes: approved at a later meeting, then a document, then fixed', () => {
  it('board minutes: refused at an earlier or a future meeting; approved at a later one, a board document, then immutable', async () => {
    const earlier = await create(meeting({ title: 'March board meeting', starts_at: inHours(-24 * 40), minutes: 'Called to order at 7 pm. Reserves reviewed.', attendee_ids: [board[0]!.id] }));
    const first = await create(meeting({ title: 'April board meeting', starts_at: inHours(-24 * 10) }));
    const later = await create(meeting({ title: 'May board meeting', starts_at: inHours(-1) }));
    const future = await create(meeting({ title: 'June board meeting', starts_at: inDays(20) }));
    await refused(fn('approveMinutes', admin.token, { meeting_id: first.id, approved_at_meeting_id: later.id }), 400, /^The minutes are empty/);
    await refused(fn('approveMinutes', admin.token, { meeting_id: first.id, approved_at_meeting_id: earlier.id }), 400, /^Minutes are approved at a later meeting/);
    await refused(fn('approveMinutes', admin.token, { meeting_id: earlier.id, approved_at_meeting_id: earlier.id }), 400, /^Minutes are approved at a later meeting/);
    await refused(fn('approveMinutes', admin.token, { meeting_id: earlier.id, approved_at_meeting_id: future.id }), 400, /has not started yet/);
    expect((await fn('approveMinutes', board[0]!.token, { meeting_id: earlier.id, approved_at_meeting_id: later.id })).statusCode).toBe(403);
    const approved = await ok<{ minutes_status: string; minutes_document_id: string; minutes_approved_at_meeting_id: string }>(fn('approveMinutes', admin.token, { meeting_id: earlier.id, approved_at_meeting_id: later.id }));
    expect(approved).toMatchObject({ minutes_status: 'approved', minutes_approved_at_meeting_id: later.id, minutes_document_id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const docs = (token: string) => ok<{ rows: Array<{ id: string; category: string; visibility: string; title: string }> }>(t.call('GET', '/documents?category=minutes', { token }));
    expect((await docs(board[0]!.token)).rows.find((d) => d.id === approved.minutes_document_id)).toMatchObject({ category: 'minutes', visibility: 'board', title: 'Minutes: March board meeting' });
    expect((await docs(owner.token)).rows.map((d) => d.id)).not.toContain(approved.minutes_document_id);
    const file = await t.call('GET', `/documents/${approved.minutes_document_id}/file`, { token: board[1]!.token });
    expect([file.statusCode, file.rawPayload.subarray(0, 5).toString('latin1')]).toEqual([200, '%PDF-']);
    expect((await t.call('GET', `/documents/${approved.minutes_document_id}/file`, { token: owner.token })).statusCode).toBe(404);
    await refused(t.call('PUT', `/entities/Meeting/${earlier.id}`, { token: admin.token, body: { minutes: 'Rewritten' } }), 409, /^These minutes were approved and can no longer be edited$/);
    await refused(fn('approveMinutes', admin.token, { meeting_id: earlier.id, approved_at_meeting_id: later.id }), 409, /^These minutes were approved/);
    await refused(t.call('PUT', `/entities/Meeting/${earlier.id}`, { token: admin.token, body: { attendee_ids: [board[0]!.id, board[1]!.id] } }), 409, /the attendance they record can no longer change/);
    // Other fields stay editable; the minutes as approved stay.
    await ok(t.call('PUT', `/entities/Meeting/${earlier.id}`, { token: admin.token, body: { location: 'Clubhouse, room B' } }));
    expect((await ok<{ minutes: string }>(t.call('GET', `/entities/Meeting/${earlier.id}`, { token: admin.token }))).minutes).toBe('Called to order at 7 pm. Reserves reviewed.');
  });
  it('members\' meeting minutes become an owners\' document the owner reads', async () => {
    const annual = await create(meeting({ kind: 'annual', title: 'Annual meeting 2025', starts_at: inHours(-24 * 300), minutes: 'Quorum present. Directors elected.' }));
    const next = await create(meeting({ kind: 'annual', title: 'Annual meeting 2026', starts_at: inHours(-2) }));
    const approved = await ok<{ minutes_document_id: string }>(fn('approveMinutes', manager.token, { meeting_id: annual.id, approved_at_meeting_id: next.id }));
    const ownerDocs = await ok<{ rows: Array<{ id: string; visibility: string }> }>(t.call('GET', '/documents?category=minutes', { token: owner.token }));
    expect(ownerDocs.rows.find((d) => d.id === approved.minutes_document_id)).toMatchObject({ visibility: 'owners' });
  });
});
