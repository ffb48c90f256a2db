import { RESOURCE_KEYS } from '@covenant/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, outbox, PASSWORD, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: { id: string; email: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
});
afterAll(async () => t?.close());

const otpFrom = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

describe('login and logout', () => {
  it('returns access_token and user; bad password is 401; unknown email is 401', async () => {
    const ok = await t.call('POST', '/auth/login', { body: { email: admin.email, password: PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toEqual(expect.any(String));
    expect(ok.json().user).toMatchObject({ id: admin.id, email: admin.email, role: 'admin' });
    expect(JSON.stringify(ok.json().user)).not.toMatch(/password/i);
    const bad = await t.call('POST', '/auth/login', { body: { email: admin.email, password: 'wrong-password' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Invalid email or password');
    expect((await t.call('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'whatever1' } })).statusCode).toBe(401);
  });

  it('email is case-insensitive', async () => {
    const res = await t.call('POST', '/auth/login', { body: { email: admin.email.toUpperCase(), password: PASSWORD } });
    expect(res.statusCode).toBe(200);
  });

  it('logout revokes the session on the server', async () => {
    const token = await signIn(t, admin.email);
    expect((await t.call('GET', '/entities/User/me', { token })).statusCode).toBe(200);
    expect((await t.call('POST', '/auth/logout', { token })).json()).toEqual({ success: true });
    expect((await t.call('GET', '/entities/User/me', { token })).statusCode).toBe(401);
    expect((await t.call('POST', '/auth/logout', { token })).statusCode).toBe(401);
  });

  it('a garbage or missing bearer is anonymous', async () => {
    expect((await t.call('GET', '/entities/User/me', { token: 'nope' })).statusCode).toBe(401);
    expect((await t.call('GET', '/entities/User/me')).statusCode).toBe(401);
  });
});

describe('User/me', () => {
  it('reads the caller and lets them change only phone and photo', async () => {
    const owner = await createUser(t, 'owner');
    const me = await t.call('GET', '/entities/User/me', { token: owner.token });
    expect(me.json()).toMatchObject({ id: owner.id, email: owner.email, user_role: 'owner', role: 'user', owner_id: null });
    const upd = await t.call('PUT', '/entities/User/me', { token: owner.token, body: { phone: '555-0100', photo_url: 'https://x/p.png' } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ phone: '555-0100', photo_url: 'https://x/p.png' });
    for (const body of [{ user_role: 'admin' }, { role: 'admin' }, { full_name: 'New' }, { email: 'x@y.z' }, { owner_id: 'a'.repeat(24) }]) {
      const res = await t.call('PUT', '/entities/User/me', { token: owner.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const after = (await t.call('GET', '/entities/User/me', { token: owner.token })).json();
    expect(after).toMatchObject({ user_role: 'owner', role: 'user', full_name: 'Test owner', email: owner.email });
  });
});

describe('invitation, registration and email OTP', () => {
  it('registration without an invitation is refused while open registration is off', async () => {
    const res = await t.call('POST', '/auth/register', { body: { email: 'stranger@example.com', password: 'long-enough-1' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('invitation_required');
  });

  it('invite → register → unverified login 403 → OTP → signed in with the invited role', async () => {
    const invite = await t.call('POST', '/users/invite-user', { token: admin.token, body: { user_email: 'New.Owner@Example.com', role: 'owner' } });
    expect(invite.statusCode).toBe(200);
    const mail = (await outbox(t, admin.token))[0]!;
    expect(mail.to).toBe('new.owner@example.com');
    expect(mail.text).toContain('/register?email=new.owner%40example.com');

    const reg = await t.call('POST', '/auth/register', { body: { email: 'new.owner@example.com', password: 'long-enough-1', full_name: 'New Owner' } });
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toEqual({ success: true, email: 'new.owner@example.com' });

    const early = await t.call('POST', '/auth/login', { body: { email: 'new.owner@example.com', password: 'long-enough-1' } });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('email_not_verified');

    const wrong = await t.call('POST', '/auth/verify-otp', { body: { email: 'new.owner@example.com', otp_code: '000000' } });
    expect(wrong.statusCode).toBe(400);

    expect((await t.call('POST', '/auth/resend-otp', { body: { email: 'new.owner@example.com' } })).statusCode).toBe(200);
    const codeMail = (await outbox(t, admin.token)).find((m) => m.to === 'new.owner@example.com' && /code/i.test(m.subject))!;
    const code = otpFrom(codeMail.text)!;
    const verified = await t.call('POST', '/auth/verify-otp', { body: { email: 'new.owner@example.com', otp_code: code } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email: 'new.owner@example.com', user_role: 'owner', role: 'user', full_name: 'New Owner' });
    expect(verified.json().access_token).toEqual(expect.any(String));

    const login = await t.call('POST', '/auth/login', { body: { email: 'new.owner@example.com', password: 'long-enough-1' } });
    expect(login.statusCode).toBe(200);
    const again = await t.call('POST', '/auth/register', { body: { email: 'new.owner@example.com', password: 'long-enough-1' } });
    expect(again.statusCode).toBe(403);
  });

  it('resend-otp answers the same for unknown emails', async () => {
    const res = await t.call('POST', '/auth/resend-otp', { body: { email: 'ghost@example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });

  it('open registration lets anyone register, with no application role (user_not_registered)', async () => {
    const settings = await t.call('POST', '/entities/OrgSettings', { token: admin.token, body: { company_name: 'Maple HOA', open_registration: true } });
    expect(settings.statusCode).toBe(200);
    const reg = await t.call('POST', '/auth/register', { body: { email: 'walkin@example.com', password: 'long-enough-2' } });
    expect(reg.statusCode).toBe(200);
    const code = otpFrom((await outbox(t, admin.token)).find((m) => m.to === 'walkin@example.com')!.text)!;
    const verified = await t.call('POST', '/auth/verify-otp', { body: { email: 'walkin@example.com', otp_code: code } });
    const token = verified.json().access_token as string;
    const pub = await t.call('GET', `/api/apps/public/prod/public-settings/by-id/${t.services.config.appId}`, { token });
    expect(pub.statusCode).toBe(403);
    expect(pub.json().extra_data).toEqual({ reason: 'user_not_registered' });
    await t.call('PUT', `/entities/OrgSettings/${settings.json().id}`, { token: admin.token, body: { open_registration: false } });
  });

  it('only an administrator may switch open registration', async () => {
    const pm = await createUser(t, 'property_manager');
    const [row] = (await t.call('GET', '/entities/OrgSettings', { token: admin.token })).json();
    const res = await t.call('PUT', `/entities/OrgSettings/${row.id}`, { token: pm.token, body: { open_registration: true } });
    expect(res.statusCode).toBe(403);
  });

  it('invite-user: staff only; property managers cannot invite administrators; existing accounts refused', async () => {
    const pm = await createUser(t, 'property_manager');
    const owner = await createUser(t, 'owner');
    expect((await t.call('POST', '/users/invite-user', { token: pm.token, body: { user_email: 'r1@example.com', role: 'renter' } })).statusCode).toBe(200);
    expect((await t.call('POST', '/users/invite-user', { token: pm.token, body: { user_email: 'a1@example.com', role: 'admin' } })).statusCode).toBe(403);
    expect((await t.call('POST', '/users/invite-user', { token: owner.token, body: { user_email: 'x1@example.com', role: 'owner' } })).statusCode).toBe(403);
    expect((await t.call('POST', '/users/invite-user', { body: { user_email: 'x2@example.com', role: 'owner' } })).statusCode).toBe(401);
    expect((await t.call('POST', '/users/invite-user', { token: admin.token, body: { user_email: owner.email, role: 'owner' } })).statusCode).toBe(409);
    const bad = await t.call('POST', '/users/invite-user', { token: admin.token, body: { user_email: 'x3@example.com', role: 'superuser' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('role must be one of');
  });

  it('an invited administrator registers as a system administrator', async () => {
    await t.call('POST', '/users/invite-user', { token: admin.token, body: { user_email: 'second.admin@example.com', role: 'admin' } });
    await t.call('POST', '/auth/register', { body: { email: 'second.admin@example.com', password: 'long-enough-3', full_name: 'Second' } });
    const code = otpFrom((await outbox(t, admin.token)).find((m) => m.to === 'second.admin@example.com' && /code/i.test(m.subject))!.text)!;
    const verified = await t.call('POST', '/auth/verify-otp', { body: { email: 'second.admin@example.com', otp_code: code } });
    expect(verified.json().user).toMatchObject({ role: 'admin', user_role: 'admin' });
  });
});

describe('password reset and change', () => {
  it('reset request emails a token; reset sets the new password and revokes sessions', async () => {
    const user = await createUser(t, 'renter');
    expect((await t.call('POST', '/auth/reset-password-request', { body: { email: user.email } })).json()).toEqual({ success: true });
    expect((await t.call('POST', '/auth/reset-password-request', { body: { email: 'ghost2@example.com' } })).json()).toEqual({ success: true });
    const mail = (await outbox(t, admin.token)).find((m) => m.to === user.email && /reset/i.test(m.subject))!;
    const token = /reset-password\?token=([^\s]+)/.exec(mail.text)![1]!;
    expect((await t.call('POST', '/auth/reset-password', { body: { reset_token: 'bogus', new_password: 'brand-new-pass' } })).statusCode).toBe(400);
    const short = await t.call('POST', '/auth/reset-password', { body: { reset_token: decodeURIComponent(token), new_password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('at least 8');
    const ok = await t.call('POST', '/auth/reset-password', { body: { reset_token: decodeURIComponent(token), new_password: 'brand-new-pass' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.call('GET', '/entities/User/me', { token: user.token })).statusCode).toBe(401);
    expect((await t.call('POST', '/auth/login', { body: { email: user.email, password: PASSWORD } })).statusCode).toBe(401);
    expect((await t.call('POST', '/auth/login', { body: { email: user.email, password: 'brand-new-pass' } })).statusCode).toBe(200);
    // The token is single use.
    expect((await t.call('POST', '/auth/reset-password', { body: { reset_token: decodeURIComponent(token), new_password: 'another-pass-1' } })).statusCode).toBe(400);
  });

  it('change-password needs the current password and only for oneself', async () => {
    const user = await createUser(t, 'household_member');
    const other = await createUser(t, 'household_member');
    expect((await t.call('POST', '/auth/change-password', { body: { current_password: PASSWORD, new_password: 'whatever-123' } })).statusCode).toBe(401);
    const wrong = await t.call('POST', '/auth/change-password', { token: user.token, body: { user_id: user.id, current_password: 'not-it-123', new_password: 'whatever-123' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const foreign = await t.call('POST', '/auth/change-password', { token: user.token, body: { user_id: other.id, current_password: PASSWORD, new_password: 'whatever-123' } });
    expect(foreign.statusCode).toBe(403);
    const ok = await t.call('POST', '/auth/change-password', { token: user.token, body: { user_id: user.id, current_password: PASSWORD, new_password: 'whatever-123' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.call('POST', '/auth/login', { body: { email: user.email, password: 'whatever-123' } })).statusCode).toBe(200);
  });
});

describe('first-run setup', () => {
  it('is refused once any user exists', async () => {
    expect((await t.call('GET', '/setup/status')).json()).toEqual({ needs_setup: false });
    const res = await t.call('POST', '/setup', { body: { full_name: 'X', email: 'x@example.com', password: 'long-enough-9' } });
    expect(res.statusCode).toBe(409);
  });

  it('on an empty instance creates a signed-in administrator, once', async () => {
    const fresh = await createTestApp();
    try {
      expect((await fresh.call('GET', '/setup/status')).json()).toEqual({ needs_setup: true });
      const bad = await fresh.call('POST', '/setup', { body: { full_name: '', email: 'nope', password: 'short' } });
      expect(bad.statusCode).toBe(400);
      const [a, b] = await Promise.all([
        fresh.call('POST', '/setup', { body: { full_name: 'First Admin', email: 'first@example.com', password: 'long-enough-9' } }),
        fresh.call('POST', '/setup', { body: { full_name: 'Racer', email: 'racer@example.com', password: 'long-enough-9' } }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? a : b;
      expect(winner.json().user).toMatchObject({ role: 'admin', user_role: 'admin', email_verified: true });
      expect((await fresh.call('GET', '/setup/status')).json()).toEqual({ needs_setup: false });
    } finally {
      await fresh.close();
    }
  });

  it('ADMIN_EMAIL and ADMIN_PASSWORD create the administrator at start', async () => {
    const headless = await createTestApp({ adminEmail: 'boot@example.com', adminPassword: 'boot-password-1' });
    try {
      const res = await headless.call('POST', '/auth/login', { body: { email: 'boot@example.com', password: 'boot-password-1' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe('admin');
    } finally {
      await headless.close();
    }
  });
});

describe('userPrivileges on User/me', () => {
  it('lists the caller’s resolved level on every resource', async () => {
    const owner = await createUser(t, 'owner');
    const me = (await t.call('GET', '/entities/User/me', { token: owner.token })).json();
    const levels = Object.fromEntries(me.userPrivileges.map((p: { resource_name: string; permission_level: string }) => [p.resource_name, p.permission_level]));
    expect(levels).toMatchObject({ dashboard: 'read', invoices: 'own_records', users: 'own_records', owners: 'none', role_management: 'none' });
    // The spec's fifteen resources, the community's five and governance's three.
    expect(me.userPrivileges).toHaveLength(23);
    expect(me.userPrivileges.map((p: { resource_name: string }) => p.resource_name).sort()).toEqual([...RESOURCE_KEYS].sort());
    expect(me.userPrivileges.find((p: { resource_name: string }) => p.resource_name === 'users')).toMatchObject({ can_read: true, can_update: true, can_create: false, can_delete: false });
    const adminMe = (await t.call('GET', '/entities/User/me', { token: admin.token })).json();
    expect(adminMe.userPrivileges.every((p: { permission_level: string }) => p.permission_level === 'read_write')).toBe(true);
  });
});
