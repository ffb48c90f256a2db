/**
 * Two-factor authentication (Better Auth's plugin): enrol with the password and a first code, sign in
 * with a TOTP code or a single-use recovery code, turn it off with the password; an administrator can
 * require it of staff, who then must enrol before they can do anything else.
 */
import { and, eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactors } from '@covenant/db/schema/shared';
import { auditLog } from '@covenant/db/schema/platform';
import { totpCode } from '../../web/e2e/lib/totp.mjs';
import { APP_ID, PASSWORD, createTestApp, createUser, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: { id: string; email: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
});
afterAll(async () => t?.close());

const login = (email: string, password = PASSWORD) => t.call('POST', '/auth/login', { body: { email, password } });

/** Enrols a user: enable with the password, verify a first code; answers the URI, recovery codes and the new token. */
async function enrol(user: { token: string }) {
  const enabled = await t.call('POST', '/auth/two-factor/enable', { token: user.token, body: { password: PASSWORD } });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { totp_uri, backup_codes } = enabled.json() as { totp_uri: string; backup_codes: string[] };
  const verified = await t.call('POST', '/auth/two-factor/verify', { token: user.token, body: { code: totpCode(totp_uri) } });
  expect(verified.statusCode, verified.body).toBe(200);
  return { uri: totp_uri, backupCodes: backup_codes, token: verified.json().access_token as string };
}

async function challengeFor(email: string): Promise<string> {
  const res = await login(email);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
  return res.json().challenge;
}

async function auditOf(userId: string, action: string) {
  return t.db.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target_id, userId)));
}

describe('enrolment', () => {
  it('enable needs the password and answers an otpauth URI and ten recovery codes; nothing is on until verified', async () => {
    const user = await createUser(t, 'owner');
    const wrong = await t.call('POST', '/auth/two-factor/enable', { token: user.token, body: { password: 'not-my-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The password is incorrect');
    expect((await t.call('POST', '/auth/two-factor/enable', { body: { password: PASSWORD } })).statusCode).toBe(401);

    const enabled = await t.call('POST', '/auth/two-factor/enable', { token: user.token, body: { password: PASSWORD } });
    expect(enabled.statusCode).toBe(200);
    const { totp_uri, backup_codes } = enabled.json();
    expect(totp_uri).toMatch(/^otpauth:\/\/totp\/Covenant:.+\?secret=[A-Z2-7]+/);
    expect(decodeURIComponent(totp_uri)).toContain(user.email);
    expect(backup_codes).toHaveLength(10);
    expect(new Set(backup_codes).size).toBe(10);
    // Not on yet: the password alone still signs in.
    expect((await login(user.email)).json().access_token).toEqual(expect.any(String));

    const badCode = await t.call('POST', '/auth/two-factor/verify', { token: user.token, body: { code: '000000' } });
    expect(badCode.statusCode).toBe(400);
    const verified = await t.call('POST', '/auth/two-factor/verify', { token: user.token, body: { code: totpCode(totp_uri) } });
    expect(verified.statusCode).toBe(200);
    const fresh = verified.json().access_token as string;
    // Better Auth replaces the session on enrolment: the answer carries the new token, the old one ends.
    expect((await t.call('GET', '/entities/User/me', { token: fresh })).json()).toMatchObject({ id: user.id, two_factor_enabled: true });
    expect((await t.call('GET', '/entities/User/me', { token: user.token })).statusCode).toBe(401);

    const again = await t.call('POST', '/auth/two-factor/enable', { token: fresh, body: { password: PASSWORD } });
    expect(again.statusCode).toBe(409);
    expect(await auditOf(user.id, 'auth.two_factor_enabled')).toHaveLength(1);
  });

  it('verify without enable is refused', async () => {
    const user = await createUser(t, 'renter');
    const res = await t.call('POST', '/auth/two-factor/verify', { token: user.token, body: { code: '123456' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/turning two-factor authentication on/);
  });
});

describe('sign-in with a second factor', () => {
  it('the password alone answers a challenge; a TOTP code completes it; a wrong code does not', async () => {
    const user = await createUser(t, 'property_manager');
    const { uri } = await enrol(user);
    const challenge = await challengeFor(user.email);

    const wrong = await t.call('POST', '/auth/two-factor/login', { body: { challenge, code: totpCode(uri, Date.now() + 10 * 60_000) } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_two_factor_code');
    const forged = await t.call('POST', '/auth/two-factor/login', { body: { challenge: `${challenge}x`, code: totpCode(uri) } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('two_factor_challenge_expired');

    const ok = await t.call('POST', '/auth/two-factor/login', { body: { challenge, code: totpCode(uri) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: user.id });
    expect((await t.call('GET', '/entities/User/me', { token: ok.json().access_token })).statusCode).toBe(200);
    // A challenge completes once.
    expect((await t.call('POST', '/auth/two-factor/login', { body: { challenge, code: totpCode(uri) } })).json().code).toBe('two_factor_challenge_expired');

    const signIns = await auditOf(user.id, 'auth.sign_in');
    expect(signIns.map((r) => (r.detail as { method: string }).method)).toContain('password_and_totp');
    const failures = await t.db.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.sign_in_failed'), eq(auditLog.actor_id, user.id)));
    expect(failures.map((r) => (r.detail as { reason: string }).reason)).toContain('wrong_totp_code');
  });

  it('a recovery code signs in once', async () => {
    const user = await createUser(t, 'owner');
    const { backupCodes } = await enrol(user);
    const used = await t.call('POST', '/auth/two-factor/login', { body: { challenge: await challengeFor(user.email), code: backupCodes[0] } });
    expect(used.statusCode).toBe(200);
    expect(used.json().user.id).toBe(user.id);
    const reused = await t.call('POST', '/auth/two-factor/login', { body: { challenge: await challengeFor(user.email), code: backupCodes[0] } });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('invalid_two_factor_code');
    const another = await t.call('POST', '/auth/two-factor/login', { body: { challenge: await challengeFor(user.email), code: backupCodes[1] } });
    expect(another.statusCode).toBe(200);
  });

  it('a challenge allows five wrong codes, then it is over', async () => {
    const user = await createUser(t, 'owner');
    const { uri } = await enrol(user);
    const challenge = await challengeFor(user.email);
    for (let i = 0; i < 5; i++) {
      expect((await t.call('POST', '/auth/two-factor/login', { body: { challenge, code: String(100000 + i) } })).statusCode).toBe(401);
    }
    const after = await t.call('POST', '/auth/two-factor/login', { body: { challenge, code: totpCode(uri) } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('two_factor_challenge_expired');
  });
});

describe('turning it off', () => {
  it('needs the password; afterwards the password alone signs in', async () => {
    const user = await createUser(t, 'owner');
    const { token } = await enrol(user);
    const wrong = await t.call('POST', '/auth/two-factor/disable', { token, body: { password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(400);
    const off = await t.call('POST', '/auth/two-factor/disable', { token, body: { password: PASSWORD } });
    expect(off.statusCode).toBe(200);
    const next = off.json().access_token as string;
    expect((await t.call('GET', '/entities/User/me', { token: next })).json().two_factor_enabled).toBe(false);
    expect(await t.db.db.select().from(twoFactors).where(eq(twoFactors.user_id, user.id))).toHaveLength(0);
    expect((await login(user.email)).json().access_token).toEqual(expect.any(String));
    expect((await t.call('POST', '/auth/two-factor/disable', { token: next, body: { password: PASSWORD } })).statusCode).toBe(409);
    expect(await auditOf(user.id, 'auth.two_factor_disabled')).toHaveLength(1);
  });
});

describe('required for staff', () => {
  let settingsId: string;
  beforeAll(async () => {
    const existing = (await t.call('GET', '/entities/OrgSettings', { token: admin.token })).json() as Array<{ id: string }>;
    settingsId = existing[0]?.id ?? (await t.call('POST', '/entities/OrgSettings', { token: admin.token, body: { company_name: 'Maple HOA' } })).json().id;
  });
  const requireForStaff = async (on: boolean, token = admin.token) =>
    t.call('PUT', `/entities/OrgSettings/${settingsId}`, { token, body: { require_two_factor_for_staff: on } });

  it('only an administrator switches it', async () => {
    const pm = await createUser(t, 'property_manager');
    const res = await requireForStaff(true, pm.token);
    expect(res.statusCode).toBe(403);
    const row = (await t.call('GET', `/entities/OrgSettings/${settingsId}`, { token: admin.token })).json();
    expect(row.require_two_factor_for_staff).toBe(false);
  });

  it('a staff member without it signs in, is asked to enrol, and can do nothing else until then', async () => {
    const pm = await createUser(t, 'property_manager');
    const owner = await createUser(t, 'owner');
    // The administrator who switches it on enrols first (they are staff too).
    const adminFactor = await enrol(admin);
    admin.token = adminFactor.token;
    expect((await requireForStaff(true)).statusCode).toBe(200);
    try {
      const signedIn = await login(pm.email);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toMatchObject({ two_factor_enrollment_required: true, user: { id: pm.id } });
      const token = signedIn.json().access_token as string;

      const me = await t.call('GET', '/entities/User/me', { token });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: pm.id, two_factor_enrollment_required: true, userPrivileges: [] });
      for (const [method, url] of [['GET', '/entities/Owner'], ['GET', '/dashboard/summary'], ['GET', `/api/app-logs/${APP_ID}`], ['POST', '/functions/initializePrivileges']] as const) {
        const res = await t.call(method, url, { token, body: method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('two_factor_enrollment_required');
      }
      expect((await t.call('GET', `/api/apps/public/prod/public-settings/by-id/${APP_ID}`, { token })).statusCode).toBe(200);
      // No realtime either.
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = io(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, { path: '/ws-user-apps/socket.io/', transports: ['websocket'], query: { app_id: APP_ID, token }, reconnection: false });
      const outcome = await new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (err) => resolve(err.message));
      });
      socket.disconnect();
      expect(outcome).toBe('auth_required');
      // They cannot turn it off once on, while it is required.
      const { token: enrolled } = await enrol({ token });
      expect((await t.call('GET', '/entities/Owner', { token: enrolled })).statusCode).toBe(200);
      const off = await t.call('POST', '/auth/two-factor/disable', { token: enrolled, body: { password: PASSWORD } });
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('two_factor_required_for_staff');
      // Owners are not staff: nothing asked of them.
      const ownerLogin = await login(owner.email);
      expect(ownerLogin.json().two_factor_enrollment_required).toBeUndefined();
      expect((await t.call('GET', '/dashboard/summary', { token: ownerLogin.json().access_token })).statusCode).toBe(200);
    } finally {
      expect((await requireForStaff(false)).statusCode).toBe(200);
    }
  });
});

describe('an administrator resets another user\'s second factor', () => {
  it('removes the enrolment, ends the user\'s sessions and sockets, audits it; the user signs in with the password alone', async () => {
    const user = await createUser(t, 'owner');
    const { token } = await enrol(user);
    expect((await challengeFor(user.email)).length).toBeGreaterThan(0);
    // An open socket of the user, to see it closed by the reset.
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const socket = io(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, { path: '/ws-user-apps/socket.io/', transports: ['websocket'], query: { app_id: APP_ID, token }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const pm = await createUser(t, 'property_manager');
    const refused = await t.call('POST', `/users/${user.id}/two-factor/reset`, { token: pm.token });
    expect(refused.statusCode).toBe(403);
    expect((await t.call('POST', `/users/${user.id}/two-factor/reset`, { token })).statusCode).toBe(403);
    expect((await t.call('POST', `/users/${user.id}/two-factor/reset`)).statusCode).toBe(401);
    expect((await t.call('POST', `/users/${admin.id}/two-factor/reset`, { token: admin.token })).statusCode).toBe(409);

    const reset = await t.call('POST', `/users/${user.id}/two-factor/reset`, { token: admin.token });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ success: true, was_enrolled: true });
    expect(await closed).toBe('io server disconnect');
    expect((await t.call('GET', '/entities/User/me', { token })).statusCode).toBe(401);
    const [row] = await auditOf(user.id, 'auth.two_factor_reset');
    expect(row).toMatchObject({ actor_id: admin.id, target_id: user.id });
    expect(await t.db.db.select().from(twoFactors).where(eq(twoFactors.user_id, user.id))).toEqual([]);

    const again = await login(user.email);
    expect(again.statusCode).toBe(200);
    expect(again.json().access_token).toEqual(expect.any(String));
    expect((await t.call('GET', '/entities/User/me', { token: again.json().access_token })).json().two_factor_enabled).toBe(false);
  });
});
