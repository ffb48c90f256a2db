/**
 * The audit log: what is recorded (who, when, what, before and after, from which address), the
 * administrators' read endpoint with its filters and CSV, and the database refusing any change to it.
 */
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '@covenant/contracts/audit';
import { auditLog } from '@covenant/db/schema/platform';
import { APP_ID, PASSWORD, createTestApp, createUser, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: { id: string; email: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
});
afterAll(async () => t?.close());

/** Entries as the API returns them; before, after and detail are objects in every entry these tests read. */
type Entry = AuditLogEntry & { before: Record<string, unknown> | null; after: Record<string, unknown> | null };

async function auditPage(query: Record<string, string | number> = {}, token = admin.token) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await t.call('GET', `/audit-log${qs ? `?${qs}` : ''}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: Entry[]; total: number };
}

const latest = async (action: string) => (await auditPage({ action, limit: 1 })).rows[0];

describe('what is recorded', () => {
  it('sign-in success and failure, with the client address', async () => {
    const user = await createUser(t, 'owner');
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: `/api/apps/${APP_ID}/auth/login`, remoteAddress, headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' }, payload: JSON.stringify({ email: user.email, password }) });
    expect((await from('192.0.2.10', 'wrong-password')).statusCode).toBe(401);
    expect((await from('192.0.2.11', PASSWORD)).statusCode).toBe(200);
    expect(await latest('auth.sign_in_failed')).toMatchObject({ actor_id: null, actor_email: user.email, ip_address: '192.0.2.10', detail: { reason: 'wrong_password' } });
    expect(await latest('auth.sign_in')).toMatchObject({ actor_id: user.id, actor_email: user.email, ip_address: '192.0.2.11', target_id: user.id, detail: { method: 'password' } });
  });

  it('invitations, and user changes with before and after', async () => {
    expect((await t.call('POST', '/users/invite-user', { token: admin.token, body: { user_email: 'new.manager@example.com', role: 'property_manager' } })).statusCode).toBe(200);
    expect(await latest('user.invited')).toMatchObject({ actor_id: admin.id, actor_email: admin.email, detail: { email: 'new.manager@example.com', role: 'property_manager' } });

    const renter = await createUser(t, 'renter');
    const res = await t.call('PUT', `/entities/User/${renter.id}`, { token: admin.token, body: { user_role: 'owner', phone: '555-0101' } });
    expect(res.statusCode).toBe(200);
    expect(await latest('user.updated')).toMatchObject({
      actor_id: admin.id,
      target_type: 'User',
      target_id: renter.id,
      before: { user_role: 'renter', phone: null },
      after: { user_role: 'owner', phone: '555-0101' },
    });
    // Only what changed is kept.
    expect(Object.keys((await latest('user.updated'))!.after!).sort()).toEqual(['phone', 'user_role']);
    // The user's own change of their phone too.
    await t.call('PUT', '/entities/User/me', { token: renter.token, body: { phone: '555-0102' } });
    expect(await latest('user.updated')).toMatchObject({ actor_id: renter.id, target_id: renter.id, before: { phone: '555-0101' }, after: { phone: '555-0102' } });
    // A write that changes nothing records nothing.
    const before = (await auditPage({ action: 'user.updated' })).total;
    await t.call('PUT', `/entities/User/${renter.id}`, { token: admin.token, body: { phone: '555-0102' } });
    expect((await auditPage({ action: 'user.updated' })).total).toBe(before);

    await t.call('DELETE', `/entities/User/${renter.id}`, { token: admin.token });
    expect(await latest('user.deleted')).toMatchObject({ target_id: renter.id, before: { email: renter.email }, after: null });
  });

  it('role and privilege changes, the reset to defaults, and settings changes', async () => {
    const role = (await t.call('POST', '/entities/Role', { token: admin.token, body: { role_name: 'treasurer', display_name: 'Treasurer' } })).json();
    expect(await latest('role.created')).toMatchObject({ target_type: 'Role', target_id: role.id, before: null, after: { role_name: 'treasurer' } });
    const privilege = (await t.call('POST', '/entities/Privilege', { token: admin.token, body: { role_name: 'owner', resource_name: 'reports', permission_level: 'read' } })).json();
    await t.call('PUT', `/entities/Privilege/${privilege.id}`, { token: admin.token, body: { permission_level: 'read_write' } });
    expect(await latest('privilege.updated')).toMatchObject({ target_id: privilege.id, before: { permission_level: 'read', can_create: false }, after: { permission_level: 'read_write', can_create: true } });

    expect((await t.call('POST', '/functions/initializeDefaultRoles', { token: admin.token, body: {} })).statusCode).toBe(200);
    expect(await latest('privilege.reset')).toMatchObject({ actor_id: admin.id, before: { 'owner/reports': 'read_write' }, after: { 'owner/reports': 'none' } });

    const settings = (await t.call('POST', '/entities/OrgSettings', { token: admin.token, body: { company_name: 'Maple HOA' } })).json();
    await t.call('PUT', `/entities/OrgSettings/${settings.id}`, { token: admin.token, body: { company_name: 'Maple Grove HOA', open_registration: true } });
    expect(await latest('org_settings.updated')).toMatchObject({ before: { company_name: 'Maple HOA', open_registration: false }, after: { company_name: 'Maple Grove HOA', open_registration: true } });
    await t.call('PUT', `/entities/OrgSettings/${settings.id}`, { token: admin.token, body: { open_registration: false } });
  });

  it('backups and restores; a refused restore leaves no entry', async () => {
    const backup = await t.call('POST', '/functions/createBackup', { token: admin.token, body: {} });
    expect(backup.statusCode).toBe(200);
    expect(await latest('backup.created')).toMatchObject({ actor_id: admin.id });
    const restoresBefore = (await auditPage({ action: 'backup.restored' })).total;
    const broken = structuredClone(backup.json());
    broken.data.owners = [{ id: 'a'.repeat(24), owner_id: 'not-six-digits', first_name: 'Broken', last_name: 'Record' }];
    const refused = await t.call('POST', '/functions/restoreBackup', { token: admin.token, body: { backup: broken } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((await auditPage({ action: 'backup.restored' })).total).toBe(restoresBefore);
    const restored = await t.call('POST', '/functions/restoreBackup', { token: admin.token, body: { backup: backup.json() } });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await latest('backup.restored')).toMatchObject({ actor_id: admin.id, detail: { records_in_file: expect.any(Object) } });
  });

  it('password changes', async () => {
    const user = await createUser(t, 'household_member');
    await t.call('POST', '/auth/change-password', { token: user.token, body: { current_password: PASSWORD, new_password: 'changed-pass-2' } });
    expect(await latest('auth.password_changed')).toMatchObject({ actor_id: user.id, target_id: user.id });
  });
});

describe('GET /audit-log', () => {
  it('administrators only', async () => {
    const pm = await createUser(t, 'property_manager');
    expect((await t.call('GET', '/audit-log', { token: pm.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/audit-log')).statusCode).toBe(401);
    expect((await t.call('GET', '/audit-log?format=csv', { token: pm.token })).statusCode).toBe(403);
  });

  it('filters by actor, action (exact or area) and dates; pages newest first with the total', async () => {
    const all = await auditPage({ limit: 500 });
    expect(all.total).toBe(all.rows.length);
    const times = all.rows.map((r) => r.created_date);
    expect([...times].sort().reverse()).toEqual(times);

    const mine = await auditPage({ actor: admin.email.toUpperCase().slice(0, 12), limit: 500 });
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((r) => r.actor_email === admin.email)).toBe(true);
    expect((await auditPage({ actor: admin.id, limit: 500 })).total).toBe(mine.total);

    const auth = await auditPage({ action: 'auth', limit: 500 });
    expect(auth.rows.every((r) => r.action.startsWith('auth.'))).toBe(true);
    expect(auth.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['auth.sign_in', 'auth.sign_in_failed']));
    expect((await auditPage({ action: 'auth.sign_in', limit: 500 })).rows.every((r) => r.action === 'auth.sign_in')).toBe(true);
    expect((await auditPage({ action: 'auth.sign' })).total).toBe(0);

    const page1 = await auditPage({ limit: 3 });
    const page2 = await auditPage({ limit: 3, skip: 3 });
    expect(page1.rows.map((r) => r.id)).toEqual(all.rows.slice(0, 3).map((r) => r.id));
    expect(page2.rows.map((r) => r.id)).toEqual(all.rows.slice(3, 6).map((r) => r.id));
    expect(page1.total).toBe(all.total);

    const today = new Date().toISOString().slice(0, 10);
    expect((await auditPage({ from: '2000-01-01', to: '2000-12-31' })).total).toBe(0);
    expect((await auditPage({ from: new Date(Date.now() + 60_000).toISOString() })).total).toBe(0);
    // Whole days in the association's time zone: today (there) holds everything just written.
    const localToday = new Intl.DateTimeFormat('en-CA', { timeZone: t.services.config.timeZone }).format(new Date());
    expect((await auditPage({ from: localToday, to: localToday, limit: 500 })).total).toBe(all.total);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const bad = await t.call('GET', '/audit-log?from=yesterday', { token: admin.token });
    expect(bad.statusCode).toBe(400);
  });

  it('CSV: every matching entry, formula cells neutralised', async () => {
    // A sign-in attempt with an address a spreadsheet would read as a formula.
    await t.call('POST', '/auth/login', { body: { email: '-2+3@example.com', password: 'whatever-1' } });
    const res = await t.call('GET', '/audit-log?format=csv&action=auth.sign_in_failed&limit=1', { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('audit-log.csv');
    const rows = Papa.parse<string[]>(res.body.trim()).data;
    expect(rows[0]).toEqual(['created_date', 'actor_email', 'actor_id', 'action', 'target_type', 'target_id', 'ip_address', 'before', 'after', 'detail']);
    const failures = (await auditPage({ action: 'auth.sign_in_failed', limit: 500 })).total;
    expect(rows.length - 1).toBe(failures);
    expect(rows.map((r) => r[1])).toContain("'-2+3@example.com");
    expect(rows.slice(1).every((r) => r[3] === 'auth.sign_in_failed')).toBe(true);
  });

  it('no route changes or deletes an entry', async () => {
    const [entry] = (await auditPage({ limit: 1 })).rows;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/audit-log', `/audit-log/${entry!.id}`]) {
        const res = await t.call(method, url, { token: admin.token, body: method === 'DELETE' ? undefined : { action: 'x' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await auditPage({ limit: 1 })).rows[0]).toEqual(entry);
  });
});

describe('the database refuses to change the audit log', () => {
  it('UPDATE, DELETE and TRUNCATE are refused; rows are unchanged', async () => {
    const [before] = await t.db.db.select().from(auditLog).orderBy(auditLog.created_date).limit(1);
    expect(before).toBeDefined();
    const countRows = async () => ((await t.db.db.execute(sql`select count(*)::int as n from audit_log`)).rows as Array<{ n: number }>)[0]!.n;
    const countBefore = await countRows();
    const attempts = [
      sql`update audit_log set action = 'auth.sign_in', actor_email = 'forged@example.com' where id = ${before!.id}`,
      sql`update audit_log set ip_address = null`,
      sql`delete from audit_log where id = ${before!.id}`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ];
    for (const attempt of attempts) {
      const error = await t.db.db.execute(attempt).then(() => null, (err: unknown) => err as Error & { cause?: Error });
      expect(error, 'the database accepted a change to the audit log').not.toBeNull();
      expect(`${error!.message} ${error!.cause?.message ?? ''}`).toMatch(/append-only/);
    }
    const [after] = await t.db.db.select().from(auditLog).where(eq(auditLog.id, before!.id));
    expect(after).toEqual(before);
    expect(await countRows()).toBe(countBefore);
  });
});
