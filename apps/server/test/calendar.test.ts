import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeed } from '../src/features/calendar/calendar.feature.ts';
import { createTestApp, createUser, makeOwner, makeProperty, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let owner: string;
let board: string;
let ownerA: string;
const ids: Record<string, string> = {};

const call = (method: string, url: string, body?: unknown, token = admin) => t.call(method, url, { token, body });
async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await call(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
const summaries = (ics: string) => [...ics.matchAll(/^SUMMARY:(.*)$/gm)].map((m) => m[1]!.trim()).sort();

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, 'admin')).token;
  await ok('POST', '/entities/OrgSettings', { company_name: 'Maple Grove HOA', state: 'CA', time_zone: 'America/Los_Angeles' });
  const unit = await makeProperty(t, admin);
  const other = await makeProperty(t, admin);
  ownerA = (await makeOwner(t, admin)).id;
  await ok('POST', '/entities/OwnerProperty', { owner_id: ownerA, property_id: unit.id });
  owner = (await createUser(t, 'owner', { owner_id: ownerA })).token;
  board = (await createUser(t, 'board_member')).token;
  const past = '2026-01-01T00:00:00Z';
  ids.picnic = (await ok<{ id: string }>('POST', '/announcements', { title: 'Summer picnic', body: 'At the pool', audience: 'owners', publish_at: past, event_on: '2026-07-04' })).id;
  await ok('POST', '/announcements', { title: 'Board workshop', body: 'Budget', audience: 'board', publish_at: past, event_on: '2026-08-01' });
  await ok('POST', '/announcements', { title: 'Other unit paving', body: 'x', audience: 'owners', property_ids: [other.id], publish_at: past, event_on: '2026-09-01' });
  await ok('POST', '/announcements', { title: 'Not yet published', body: 'x', audience: 'owners', publish_at: '2099-01-01T00:00:00Z', event_on: '2099-02-01' });
  await ok('POST', '/announcements', { title: 'No date', body: 'x', audience: 'owners', publish_at: past });
  ids.request = (await ok<{ id: string }>('POST', '/records-requests', { requested_by: 'Ana Owner', description: 'Minutes', received_on: '2026-11-20' })).id;
  // Hearings: one on the owner's violation, one on another owner's.
  const otherOwner = (await makeOwner(t, admin)).id;
  await ok('POST', '/entities/OwnerProperty', { owner_id: otherOwner, property_id: other.id });
  const vt = await ok<{ id: string }>('POST', '/entities/ViolationType', { name: 'Boat in the driveway', cure_days: 10, fine_amount: 100 });
  const hearingOn = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  for (const property of [unit, other]) {
    const v = await ok<{ id: string }>('POST', '/functions/recordViolation', { property_id: property.id, violation_type_id: vt.id });
    const h = await ok<{ id: string }>('POST', '/functions/scheduleHearing', { violation_id: v.id, scheduled_for: hearingOn });
    ids[property === unit ? 'ownHearing' : 'otherHearing'] = h.id;
  }
  ids.hearingOn = hearingOn.replaceAll('-', '');
  ids.ownUnit = (await ok<{ unit_number: string }>('GET', `/entities/Property/${unit.id}`)).unit_number;
  ids.otherUnit = (await ok<{ unit_number: string }>('GET', `/entities/Property/${other.id}`)).unit_number;
  await ok('PUT', `/records-requests/${(await ok<{ id: string }>('POST', '/records-requests', { requested_by: 'Done Already', description: 'x', received_on: '2026-11-02' })).id}`, { fulfilled_on: '2026-11-03' });
}, 120_000);
afterAll(async () => t?.close());

describe('GET /calendar.ics', () => {
  it('serves staff every dated announcement and the open records-request deadlines, as iCalendar', async () => {
    const res = await call('GET', '/calendar.ics');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR/);
    expect(res.body).toContain('X-WR-TIMEZONE:America/Los_Angeles');
    expect(summaries(res.body)).toEqual([
      'Board workshop', 'Other unit paving', 'Records request due: Ana Owner', 'Summer picnic',
      `Violation hearing: Boat in the driveway at unit ${ids.ownUnit}`, `Violation hearing: Boat in the driveway at unit ${ids.otherUnit}`,
    ].sort());
    expect(res.body).toContain('DTSTART;VALUE=DATE:20260704');
    expect(res.body).toContain('DTSTART;VALUE=DATE:20261207');
    expect(res.body).toContain(`UID:event-${ids.picnic}@127.0.0.1`);
    expect(res.body).toContain(`UID:deadline-${ids.request}@127.0.0.1`);
    expect(res.body).toContain(`UID:hearing-${ids.ownHearing}@127.0.0.1`);
    expect(res.body).toContain(`DTSTART;VALUE=DATE:${ids.hearingOn}`);
  });

  it('serves hearings to staff and the board (all) and to an owner (their own violations\' only)', async () => {
    const hearingsOf = (ics: string) => summaries(ics).filter((s) => s.startsWith('Violation hearing'));
    const all = [`Violation hearing: Boat in the driveway at unit ${ids.ownUnit}`, `Violation hearing: Boat in the driveway at unit ${ids.otherUnit}`].sort();
    expect(hearingsOf((await call('GET', '/calendar.ics', undefined, board)).body)).toEqual(all);
    const ownerIcs = (await call('GET', '/calendar.ics', undefined, owner)).body;
    expect(hearingsOf(ownerIcs)).toEqual([`Violation hearing: Boat in the driveway at unit ${ids.ownUnit}`]);
    expect(ownerIcs).not.toContain(ids.otherHearing);
  });

  it('serves each reader only what their role and units may see', async () => {
    const notHearings = (ics: string) => summaries(ics).filter((s) => !s.startsWith('Violation hearing'));
    expect(notHearings((await call('GET', '/calendar.ics', undefined, owner)).body)).toEqual(['Summer picnic']);
    expect(notHearings((await call('GET', '/calendar.ics', undefined, board)).body)).toEqual(['Board workshop', 'Other unit paving', 'Summer picnic']);
    // A guest contact has no privilege on announcements or documents: an empty calendar, not an error.
    const guest = (await createUser(t, 'guest_contact')).token;
    const res = await call('GET', '/calendar.ics', undefined, guest);
    expect(res.statusCode).toBe(200);
    expect(summaries(res.body)).toEqual([]);
    expect((await call('GET', '/calendar.ics', undefined, '')).statusCode).toBe(401);
  });

  it('takes its events from a list of sources, so other features can add theirs', async () => {
    const ctx = { ...t.systemCtx(), actor: null };
    await expect(calendarFeed(ctx)).rejects.toThrow();
    const adminCtx = t.systemCtx();
    const meeting = { name: 'meetings', events: async () => [{ kind: 'meeting' as const, id: 'm1', title: 'Annual meeting', starts_at: '2026-06-10T18:00:00-07:00' }] };
    const ics = await calendarFeed({ ...adminCtx, actor: { id: 'x', email: 'x@example.com', full_name: 'X', role: 'admin', user_role: 'admin', owner_id: null, property_id: null, is_member: true, portfolio_role: null } }, [meeting]);
    expect(summaries(ics)).toEqual(['Annual meeting']);
    expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20260610T180000');
  });
});
