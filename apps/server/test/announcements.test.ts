import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementMailsSent, emailDueAnnouncements } from '../src/features/announcements/announcements.service.ts';
import { createTestApp, createUser, makeOwner, makeProperty, outbox, type Role, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
const unit: Record<'a' | 'b', string> = { a: '', b: '' };
const owner: Record<'a' | 'b', { id: string; email: string }> = {} as never;
const tokens = {} as Record<'owner_a' | 'owner_b' | 'renter_a' | 'household_b' | 'board' | 'manager' | 'guest', string>;
const made: Record<string, string> = {};

const call = (method: string, url: string, body?: unknown, token = admin) => t.call(method, url, { token, body });
async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await call(method, url, body, token);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
const feedTitles = async (token: string) => (await ok<{ rows: Array<{ title: string }> }>('GET', '/announcements/feed?limit=100', undefined, token)).rows.map((r) => r.title).sort();
const link = (owner_id: string, property_id: string) => ok('POST', '/entities/OwnerProperty', { owner_id, property_id });

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, 'admin')).token;
  unit.a = (await makeProperty(t, admin, { unit_number: 'A-1' })).id;
  unit.b = (await makeProperty(t, admin, { unit_number: 'B-2' })).id;
  for (const k of ['a', 'b'] as const) {
    const o = await makeOwner(t, admin, { first_name: `Owner${k.toUpperCase()}`, email: `owner-${k}@example.com` });
    owner[k] = { id: o.id, email: `owner-${k}@example.com` };
    await link(o.id, unit[k]);
  }
  const user = async (role: Role, opts: { owner_id?: string; property_id?: string; email?: string } = {}) => (await createUser(t, role, opts)).token;
  tokens.owner_a = await user('owner', { owner_id: owner.a.id });
  tokens.owner_b = await user('owner', { owner_id: owner.b.id });
  tokens.renter_a = await user('renter', { property_id: unit.a, email: 'renter-a@example.com' });
  tokens.household_b = await user('household_member', { property_id: unit.b });
  tokens.board = await user('board_member', { email: 'director@example.com' });
  tokens.manager = await user('property_manager');
  tokens.guest = await user('guest_contact');
  // Renters and household members read announcements once granted (they have no default privilege on them).
  for (const role of ['renter', 'household_member']) {
    const [p] = (await ok<Array<{ id: string }>>('GET', `/entities/Privilege?q=${encodeURIComponent(JSON.stringify({ role_name: role, resource_name: 'announcements' }))}`));
    if (p) await ok('PUT', `/entities/Privilege/${p.id}`, { permission_level: 'read' });
    else await ok('POST', '/entities/Privilege', { role_name: role, resource_name: 'announcements', permission_level: 'read' });
  }
  const past = '2026-01-01T09:00:00Z';
  const create = async (title: string, audience: string, property_ids: string[] = [], publish_at = past) =>
    (made[title] = (await ok<{ id: string }>('POST', '/announcements', { title, body: `About ${title}`, audience, property_ids, publish_at })).id);
  await create('Pool opens', 'owners');
  await create('Roof work on A', 'owners', [unit.a]);
  await create('Trash day', 'residents');
  await create('Parking on B', 'residents', [unit.b]);
  await create('Board retreat', 'board');
  await create('Staff rota', 'staff');
  await create('Future assessment', 'owners', [], '2099-01-01T00:00:00Z');
}, 120_000);
afterAll(async () => t?.close());

describe('announcement bodies', () => {
  it('renders Markdown and strips scripts, event handlers and javascript: links, in the record and the preview', async () => {
    const body = '# Water shut-off\n\n**Tuesday** 9–12.\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) and [site](https://example.org)';
    const a = await ok<{ id: string; body: string; body_html: string }>('POST', '/announcements', { title: 'Sanitized', body, audience: 'staff' });
    expect(a.body).toBe(body);
    for (const html of [a.body_html, (await ok<{ html: string }>('POST', '/announcements/preview', { body })).html]) {
      expect(html).toContain('<h1>Water shut-off</h1>');
      expect(html).toContain('<strong>Tuesday</strong>');
      expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">site</a>');
      // Raw HTML is shown as text, never as markup; the javascript: link loses its href.
      expect(html).not.toMatch(/<script|<img|<[^>]*\son\w+=|href="javascript:/i);
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('<a rel="noopener noreferrer nofollow" target="_blank">click</a>');
    }
    await ok('DELETE', `/announcements/${a.id}`);
  });

  it('refuses what cannot be an announcement, in words', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ title: ' ', body: 'x', audience: 'owners' }, /Title is required/],
      [{ title: 'x', body: 'x', audience: 'everyone' }, /Audience must be owners, residents, board or staff/],
      [{ title: 'x', body: 'x', audience: 'owners', property_ids: ['0123456789abcdef01234567'] }, /Units: one of the units does not exist/],
      [{ title: 'x', body: 'x', audience: 'owners', publish_at: 'tomorrow' }, /Publish at must be a date and time/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/announcements', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('lets staff only write, list and preview; another id is a 404', async () => {
    for (const token of [tokens.owner_a, tokens.board, tokens.renter_a, tokens.guest]) {
      expect((await call('POST', '/announcements', { title: 'x', body: 'x', audience: 'owners' }, token)).statusCode).toBe(403);
      expect((await call('GET', '/announcements', undefined, token)).statusCode).toBe(403);
      expect((await call('POST', '/announcements/preview', { body: 'x' }, token)).statusCode).toBe(403);
      expect((await call('PUT', `/announcements/${made['Staff rota']}`, { title: 'hacked' }, token)).statusCode).toBe(403);
      expect((await call('DELETE', `/announcements/${made['Staff rota']}`, undefined, token)).statusCode).toBe(403);
    }
    expect((await call('PUT', '/announcements/0123456789abcdef01234567', { title: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/announcements/feed', undefined, '')).statusCode).toBe(401);
    const page = await ok<{ rows: Array<{ title: string; is_published: boolean }>; total: number }>('GET', '/announcements', undefined, tokens.manager);
    expect(page.total).toBe(7);
    expect(page.rows.find((r) => r.title === 'Future assessment')?.is_published).toBe(false);
  });
});

describe('who reads what', () => {
  it('filters the feed by audience and unit on the server, published only', async () => {
    const all = ['Board retreat', 'Parking on B', 'Pool opens', 'Roof work on A', 'Staff rota', 'Trash day'];
    expect(await feedTitles(admin)).toEqual(all);
    expect(await feedTitles(tokens.manager)).toEqual(all);
    expect(await feedTitles(tokens.board)).toEqual(['Board retreat', 'Parking on B', 'Pool opens', 'Roof work on A', 'Trash day']);
    expect(await feedTitles(tokens.owner_a)).toEqual(['Pool opens', 'Roof work on A', 'Trash day']);
    expect(await feedTitles(tokens.owner_b)).toEqual(['Parking on B', 'Pool opens', 'Trash day']);
    expect(await feedTitles(tokens.renter_a)).toEqual(['Trash day']);
    expect(await feedTitles(tokens.household_b)).toEqual(['Parking on B', 'Trash day']);
    // A guest contact has no privilege on announcements.
    expect((await call('GET', '/announcements/feed', undefined, tokens.guest)).statusCode).toBe(403);
  });

  it('gives readers the rendered body only, never the source or the mailing', async () => {
    const [row] = (await ok<{ rows: Array<Record<string, unknown>> }>('GET', '/announcements/feed', undefined, tokens.owner_a)).rows;
    expect(Object.keys(row!).sort()).toEqual(['audience', 'body_html', 'event_on', 'id', 'publish_at', 'title']);
  });

  it('shows a scheduled announcement from its publish time on, to its audience', async () => {
    expect(await feedTitles(tokens.owner_a)).not.toContain('Future assessment');
    const soon = new Date(Date.now() - 1000).toISOString();
    await ok('PUT', `/announcements/${made['Future assessment']}`, { publish_at: soon });
    expect(await feedTitles(tokens.owner_a)).toContain('Future assessment');
    expect(await feedTitles(tokens.renter_a)).not.toContain('Future assessment');
    await ok('PUT', `/announcements/${made['Future assessment']}`, { publish_at: '2099-01-01T00:00:00Z' });
    expect(await feedTitles(tokens.owner_b)).not.toContain('Future assessment');
  });
});

describe('emailing', () => {
  interface Job { status: string; total: number; done: number; sent: number; kind: string }
  const mailsAbout = async (subject: string) => (await outbox(t, admin)).filter((m) => m.subject.startsWith(subject)).map((m) => m.to).sort();

  it('emails a published announcement to its audience through a mailing job with progress', async () => {
    const a = await ok<{ id: string; mail_job_id: string | null; emailed_at: string | null }>('POST', '/announcements', { title: 'Water shut-off', body: 'Tuesday **9–12**', audience: 'residents', send_email: true });
    expect(a.mail_job_id).toMatch(/^[0-9a-f]{24}$/);
    expect(a.emailed_at).not.toBeNull();
    await announcementMailsSent();
    const job = await ok<Job>('GET', `/mail-jobs/${a.mail_job_id}`);
    expect(job).toMatchObject({ kind: 'announcement', status: 'done', total: 4, done: 4, sent: 4 });
    // Both owners, the renter and the household member (residents); never the board or staff.
    expect(await mailsAbout('Water shut-off')).toHaveLength(4);
    expect(await mailsAbout('Water shut-off')).toEqual(expect.arrayContaining(['owner-a@example.com', 'owner-b@example.com', 'renter-a@example.com']));
    const text = (await outbox(t, admin)).find((m) => m.subject.startsWith('Water shut-off'))!.text;
    expect(text).toContain('Tuesday **9–12**');
    // Sent once: a later change and the scheduled run leave it alone.
    await ok('PUT', `/announcements/${a.id}`, { title: 'Water shut-off' });
    expect(await emailDueAnnouncements(t.systemCtx(), new Date())).toBe(0);
    const refused = await call('PUT', `/announcements/${a.id}`, { send_email: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Send email: this announcement was already emailed');
  });

  it('emails a unit-limited announcement only to that unit\'s owners and residents', async () => {
    const a = await ok<{ mail_job_id: string }>('POST', '/announcements', { title: 'Balcony inspection', body: 'Unit A only', audience: 'residents', property_ids: [unit.a], send_email: true });
    await announcementMailsSent();
    expect((await ok<Job>('GET', `/mail-jobs/${a.mail_job_id}`)).sent).toBe(2);
    expect(await mailsAbout('Balcony inspection')).toEqual(['owner-a@example.com', 'renter-a@example.com']);
  });

  it('emails a scheduled announcement when the scheduled run finds its time has come, once', async () => {
    const publish_at = new Date(Date.now() + 3_600_000).toISOString();
    const a = await ok<{ id: string; mail_job_id: string | null }>('POST', '/announcements', { title: 'Board meeting notice', body: 'Agenda attached', audience: 'board', publish_at, send_email: true });
    expect(a.mail_job_id).toBeNull();
    expect(await emailDueAnnouncements(t.systemCtx(), new Date())).toBe(0);
    expect(await mailsAbout('Board meeting notice')).toEqual([]);
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await emailDueAnnouncements(t.systemCtx(), later)).toBe(1);
    expect(await emailDueAnnouncements(t.systemCtx(), later)).toBe(0);
    await announcementMailsSent();
    expect(await mailsAbout('Board meeting notice')).toEqual(['director@example.com']);
    const listed = (await ok<{ rows: Array<{ id: string; mail_job_id: string | null }> }>('GET', '/announcements?limit=500')).rows.find((r) => r.id === a.id)!;
    expect((await ok<Job>('GET', `/mail-jobs/${listed.mail_job_id}`)).status).toBe('done');
  });
});
