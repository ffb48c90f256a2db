/**
 * Secrets never reach a log line: the server's own pino output is captured while the emailed reset
 * link is opened, a session is handed over in the URL, and the auth calls that carry tokens, codes
 * and passwords run (at the most verbose level).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, outbox, PASSWORD, type TestApp } from './helpers.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
let admin: { id: string; email: string; token: string };

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'trace' }, { logStream: sink });
  admin = await createUser(t, 'admin');
});
afterAll(async () => t?.close());

const logged = () => lines.join('\n');

describe('no token reaches the server log', () => {
  it('opening the emailed reset link logs the path, never the token', async () => {
    const user = await createUser(t, 'renter');
    await t.call('POST', '/auth/reset-password-request', { body: { email: user.email } });
    const mail = (await outbox(t, admin.token)).find((m) => m.to === user.email && /reset/i.test(m.subject))!;
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)![0]);
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(10);

    const before = lines.length;
    const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBeLessThan(500);
    const written = lines.slice(before).join('\n');
    // The request is logged (so the test would see the token if it were there)...
    expect(written).toContain('/reset-password');
    // ...without the token, in any encoding.
    expect(written).not.toContain(token);
    expect(written).not.toContain(encodeURIComponent(token));
    expect(written).toContain('token=[redacted]');

    const ok = await t.call('POST', '/auth/reset-password', { body: { reset_token: token, new_password: 'another-pass-9' } });
    expect(ok.statusCode).toBe(200);
    expect(logged()).not.toContain(token);
  });

  it('an access token handed over in the URL, a bearer header, OTP codes and passwords are not logged', async () => {
    const user = await createUser(t, 'owner');
    const before = lines.length;
    await t.app.inject({ method: 'GET', url: `/?access_token=${user.token}&from_url=%2Finvoices` });
    await t.app.inject({ method: 'GET', url: `/api/apps/${t.services.config.appId}/entities/User/me?token=${user.token}`, headers: { authorization: `Bearer ${user.token}` } });
    await t.call('POST', '/auth/login', { body: { email: user.email, password: PASSWORD } });
    await t.call('POST', '/auth/verify-otp', { body: { email: user.email, otp_code: '493817' } });
    await t.app.inject({ method: 'GET', url: '/register?email=invitee%40example.com&code=771133' });
    const written = lines.slice(before).join('\n');
    expect(written).toContain('/entities/User/me');
    expect(written).toContain('from_url=%2Finvoices');
    expect(written).not.toContain(user.token);
    expect(written).not.toContain(PASSWORD);
    expect(written).not.toContain('493817');
    expect(written).not.toContain('771133');
  });
});
