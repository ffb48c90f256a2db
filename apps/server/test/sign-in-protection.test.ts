/**
 * Sign-in protection that cannot be turned against the owner (docs/decisions.md): at most 10 wrong
 * passwords per account per 15 minutes whatever address or X-Forwarded-For the guesses use; after that
 * the password is checked only together with a code emailed to the account, so the owner still gets in
 * while an attacker hammers the account.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFailures } from '@covenant/db/schema/shared';
import { auditLog } from '@covenant/db/schema/platform';
import { totpCode } from '../../web/e2e/lib/totp.mjs';
import { APP_ID, PASSWORD, createTestApp, createUser, outbox, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: { id: string; email: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
});
afterAll(async () => t?.close());

let addressSeq = 0;
/** A sign-in from a new socket address with a new forwarded address each time, as a botnet would send it. */
function loginFromAnywhere(body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  addressSeq += 1;
  return t.app.inject({
    method: 'POST',
    url: `/api/apps/${APP_ID}/auth/login`,
    remoteAddress: `198.51.${Math.floor(addressSeq / 250)}.${(addressSeq % 250) + 1}`,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${addressSeq % 250}` },
    payload: JSON.stringify(body),
  });
}

async function failuresOf(email: string): Promise<number> {
  const [row] = await t.db.db.select({ n: count() }).from(authFailures).where(eq(authFailures.email, email));
  return Number(row?.n ?? 0);
}

const codeMails = async (email: string) => (await outbox(t, admin.token)).filter((m) => m.to === email && m.subject === 'Your sign-in code');
const codeIn = (text: string) => /\b([A-Z2-9]{4}-[A-Z2-9]{4})\b/.exec(text)?.[1];

async function auditActions(email: string): Promise<string[]> {
  const rows = await t.db.db.select({ action: auditLog.action }).from(auditLog).where(sql`lower(${auditLog.actor_email}) = ${email}`).orderBy(auditLog.created_date, auditLog.id);
  return rows.map((r) => r.action);
}

describe('the password budget: 10 wrong guesses per account per 15 minutes, from any address', () => {
  it('the 11th attempt is not checked, even with the right password, from a new address', async () => {
    const victim = await createUser(t, 'admin');
    for (let i = 1; i <= 10; i++) {
      const res = await loginFromAnywhere({ email: victim.email, password: `guess-${i}` });
      expect(res.statusCode, `guess ${i}`).toBe(401);
      expect(res.json().code).toBe('invalid_credentials');
    }
    // Right and wrong passwords now get the same answer: the password is no longer checked alone.
    for (const password of [PASSWORD, 'guess-11', PASSWORD.toUpperCase()]) {
      const res = await loginFromAnywhere({ email: victim.email.toUpperCase(), password });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'sign_in_code_required' });
      expect(res.json().access_token).toBeUndefined();
    }
    expect(await failuresOf(victim.email)).toBe(10);
    // Other accounts are not affected, and the victim's open session keeps working.
    expect((await loginFromAnywhere({ email: admin.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await t.call('GET', '/entities/User/me', { token: victim.token })).statusCode).toBe(200);
    const actions = await auditActions(victim.email);
    expect(actions.filter((a) => a === 'auth.sign_in_failed')).toHaveLength(10);
    expect(actions.filter((a) => a === 'auth.lockout')).toHaveLength(1);
  });

  it('concurrent guesses cannot overrun the budget', async () => {
    const victim = await createUser(t, 'property_manager');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => loginFromAnywhere({ email: victim.email, password: `parallel-${i}` })));
    const checked = answers.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect(await failuresOf(victim.email)).toBeLessThanOrEqual(10);
  });

  it('a right password inside the budget signs in and leaves the wrong guesses counted', async () => {
    const user = await createUser(t, 'owner');
    for (let i = 1; i <= 3; i++) expect((await loginFromAnywhere({ email: user.email, password: `typo-${i}` })).statusCode).toBe(401);
    const ok = await loginFromAnywhere({ email: user.email, password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toEqual(expect.any(String));
    // A success does not refill the budget (an attacker would get 10 more guesses after each real sign-in).
    expect(await failuresOf(user.email)).toBe(3);
  });

  it('the budget refills as guesses age out of the 15-minute window', async () => {
    const user = await createUser(t, 'renter');
    for (let i = 1; i <= 10; i++) await loginFromAnywhere({ email: user.email, password: `old-${i}` });
    expect((await loginFromAnywhere({ email: user.email, password: PASSWORD })).statusCode).toBe(429);
    await t.db.db.update(authFailures).set({ failed_at: sql`now() - interval '16 minutes'` }).where(eq(authFailures.email, user.email));
    expect((await loginFromAnywhere({ email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('the owner still gets in: password and an emailed sign-in code', () => {
  it('while an attacker keeps guessing, the emailed code with the password signs the owner in', async () => {
    const owner = await createUser(t, 'admin');
    for (let i = 1; i <= 10; i++) await loginFromAnywhere({ email: owner.email, password: `attack-${i}` });

    // The owner tries: told to use the code, which is emailed once.
    const asked = await loginFromAnywhere({ email: owner.email, password: PASSWORD });
    expect(asked.statusCode).toBe(429);
    expect(asked.json().code).toBe('sign_in_code_required');
    const mails = await codeMails(owner.email);
    expect(mails).toHaveLength(1);
    const code = codeIn(mails[0]!.text)!;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // The attacker keeps going: more guesses (no new email within 5 minutes), wrong codes, the code with a wrong password.
    for (let i = 0; i < 15; i++) expect((await loginFromAnywhere({ email: owner.email, password: `attack-more-${i}` })).statusCode).toBe(429);
    for (let i = 0; i < 15; i++) {
      const wrong = await loginFromAnywhere({ email: owner.email, password: PASSWORD, sign_in_code: `ABCD-${String(1000 + i).slice(0, 4)}` });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('invalid_sign_in_code');
    }
    const codeWrongPassword = await loginFromAnywhere({ email: owner.email, password: 'not-the-password', sign_in_code: code });
    expect(codeWrongPassword.statusCode).toBe(401);
    expect(codeWrongPassword.json().code).toBe('invalid_credentials');
    expect(await codeMails(owner.email)).toHaveLength(1);

    // The owner: code (typed loosely) and password.
    const inside = await loginFromAnywhere({ email: owner.email, password: PASSWORD, sign_in_code: ` ${code.toLowerCase().replace('-', ' ')} ` });
    expect(inside.statusCode).toBe(200);
    expect(inside.json().user).toMatchObject({ id: owner.id, email: owner.email });
    expect((await t.call('GET', '/entities/User/me', { token: inside.json().access_token })).statusCode).toBe(200);
    // A code signs in once.
    const reused = await loginFromAnywhere({ email: owner.email, password: PASSWORD, sign_in_code: code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('invalid_sign_in_code');

    const actions = await auditActions(owner.email);
    expect(actions).toContain('auth.sign_in_code_sent');
    const signIns = await t.db.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.actor_id, owner.id)));
    expect(signIns.map((r) => (r.detail as { method: string }).method)).toContain('password_and_sign_in_code');
  });

  it('a new code is emailed after 5 minutes, and the earlier one still works until it expires', async () => {
    const owner = await createUser(t, 'property_manager');
    for (let i = 1; i <= 10; i++) await loginFromAnywhere({ email: owner.email, password: `attack-${i}` });
    await loginFromAnywhere({ email: owner.email, password: PASSWORD });
    const first = codeIn((await codeMails(owner.email))[0]!.text)!;
    await t.dbHandle.db.execute(sql`update sign_in_codes set created_date = now() - interval '6 minutes' where email = ${owner.email}`);
    await loginFromAnywhere({ email: owner.email, password: 'attacker-again' });
    const mails = await codeMails(owner.email);
    expect(mails).toHaveLength(2);
    expect(codeIn(mails[0]!.text)).not.toBe(first);
    expect((await loginFromAnywhere({ email: owner.email, password: PASSWORD, sign_in_code: first })).statusCode).toBe(200);
    // An expired code is refused.
    const second = codeIn(mails[0]!.text)!;
    await t.dbHandle.db.execute(sql`update sign_in_codes set expires_at = now() - interval '1 second' where email = ${owner.email}`);
    expect((await loginFromAnywhere({ email: owner.email, password: PASSWORD, sign_in_code: second })).json().code).toBe('invalid_sign_in_code');
  });

  it('an unknown email gets the same answers and no email is sent', async () => {
    const ghost = 'nobody-here@example.com';
    for (let i = 1; i <= 10; i++) expect((await loginFromAnywhere({ email: ghost, password: `x-${i}-password` })).statusCode).toBe(401);
    const res = await loginFromAnywhere({ email: ghost, password: 'whatever-1' });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('sign_in_code_required');
    expect(await codeMails(ghost)).toHaveLength(0);
  });

  it('with two-factor authentication on, the password and code lead to the second-factor challenge', async () => {
    const user = await createUser(t, 'property_manager');
    const enabled = await t.call('POST', '/auth/two-factor/enable', { token: user.token, body: { password: PASSWORD } });
    expect(enabled.statusCode).toBe(200);
    const uri = enabled.json().totp_uri as string;
    expect((await t.call('POST', '/auth/two-factor/verify', { token: user.token, body: { code: totpCode(uri) } })).statusCode).toBe(200);
    for (let i = 1; i <= 10; i++) await loginFromAnywhere({ email: user.email, password: `attack-${i}` });
    await loginFromAnywhere({ email: user.email, password: PASSWORD });
    const code = codeIn((await codeMails(user.email))[0]!.text)!;
    const step = await loginFromAnywhere({ email: user.email, password: PASSWORD, sign_in_code: code });
    expect(step.statusCode).toBe(200);
    expect(step.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    const done = await t.call('POST', '/auth/two-factor/login', { body: { challenge: step.json().challenge, code: totpCode(uri) } });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(user.id);
  });
});
