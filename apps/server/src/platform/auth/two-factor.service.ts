import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isStaffRole } from '@covenant/contracts/permissions';
import { memberships, people, sessions, twoFactors } from '@covenant/db/schema/shared';
import { users } from '@covenant/db/schema/community';
import { withTransaction, type Actor, type Ctx } from '../../lib/context.ts';
import { AppError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { isAdmin } from '../access/access.service.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { authCode, bearerHeaders, completeSignIn, rotatedToken, staffNeedTwoFactor, type SignInResult } from './auth.service.ts';

/**
 * Two-factor authentication through Better Auth's plugin: TOTP (authenticator apps) with ten single-use
 * recovery codes. Enrolling is enable (password) then verify (a first code); sign-in with a second factor
 * is login (password) → challenge → twoFactorLogin (a TOTP or recovery code).
 */
export const enableTwoFactorInput = z.object({ password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128) });
export const verifyTwoFactorInput = z.object({ code: z.string({ error: 'Code is required' }).trim().regex(/^\d{6}$/, 'The code is 6 digits') });
export const twoFactorLoginInput = z.object({
  challenge: z.string({ error: 'Challenge is required' }).min(1, 'Challenge is required').max(1000),
  code: z.string({ error: 'Code is required' }).trim().min(6, 'Enter the 6-digit code or a recovery code').max(32),
});

const TOTP_CODE = /^\d{6}$/;

/** Signed in (staff still to enrol included: enrolling is what they are asked to do). */
function requireSession(ctx: Ctx): Actor {
  if (!ctx.actor) throw new UnauthorizedError();
  return ctx.actor;
}

async function enrolment(ctx: Ctx, userId: string) {
  const [row] = await ctx.db.select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.user_id, userId)).limit(1);
  return row;
}

const wrongPassword = () => new ValidationError('The password is incorrect');

/** Step 1: a new secret (as an otpauth:// URI for the QR code) and recovery codes; not active until verified. */
export async function enableTwoFactor(ctx: Ctx, body: unknown, token: string | undefined) {
  const actor = requireSession(ctx);
  const input = parseInput(enableTwoFactorInput, body);
  if ((await enrolment(ctx, actor.id))?.verified) throw new ConflictError('Two-factor authentication is already on', 'two_factor_already_enabled');
  try {
    const result = (await ctx.services.auth.api.enableTwoFactor({ body: { password: input.password }, headers: bearerHeaders(token) })) as { totpURI: string; backupCodes: string[] };
    return { totp_uri: result.totpURI, backup_codes: result.backupCodes };
  } catch (err) {
    if (authCode(err) === 'INVALID_PASSWORD') throw wrongPassword();
    throw err;
  }
}

/** Step 2: the first code from the app turns it on. Better Auth replaces the session: the new token is in the answer. */
export async function verifyTwoFactor(ctx: Ctx, body: unknown, token: string | undefined) {
  const actor = requireSession(ctx);
  const input = parseInput(verifyTwoFactorInput, body);
  const pending = await enrolment(ctx, actor.id);
  if (!pending) throw new ValidationError('Start by turning two-factor authentication on with your password');
  if (pending.verified) throw new ConflictError('Two-factor authentication is already on', 'two_factor_already_enabled');
  let verified;
  try {
    verified = await ctx.services.auth.api.verifyTOTP({ body: { code: input.code }, headers: bearerHeaders(token), returnHeaders: true });
  } catch (err) {
    if (authCode(err) === 'INVALID_CODE') throw new ValidationError('The code is not right. Check that the time on your phone is correct and try the current code.');
    throw err;
  }
  await recordAudit(ctx, { action: 'auth.two_factor_enabled', target_type: 'User', target_id: actor.id });
  ctx.services.changes.sessionsEnded(actor.id);
  return { success: true, access_token: rotatedToken(verified.headers) ?? token };
}

/** Turns it off with the password, unless the organization requires it of the caller's role. */
export async function disableTwoFactor(ctx: Ctx, body: unknown, token: string | undefined) {
  const actor = requireSession(ctx);
  const input = parseInput(enableTwoFactorInput, body);
  if (!(await enrolment(ctx, actor.id))) throw new ConflictError('Two-factor authentication is not on', 'two_factor_not_enabled');
  if (isStaffRole(actor) && (await staffNeedTwoFactor(ctx))) {
    throw new ForbiddenError('Your organization requires two-factor authentication for administrators and property managers', 'two_factor_required_for_staff');
  }
  let disabled;
  try {
    disabled = await ctx.services.auth.api.disableTwoFactor({ body: { password: input.password }, headers: bearerHeaders(token), returnHeaders: true });
  } catch (err) {
    if (authCode(err) === 'INVALID_PASSWORD') throw wrongPassword();
    throw err;
  }
  await recordAudit(ctx, { action: 'auth.two_factor_disabled', target_type: 'User', target_id: actor.id });
  ctx.services.changes.sessionsEnded(actor.id);
  return { success: true, access_token: rotatedToken(disabled.headers) ?? token };
}

/** Who a challenge belongs to (for the audit log), from Better Auth's verification record. */
async function challengeOwner(ctx: Ctx, challenge: string): Promise<{ id: string | null; email: string | null }> {
  let identifier: string;
  try {
    identifier = decodeURIComponent(challenge).split('.')[0]!;
  } catch {
    return { id: null, email: null };
  }
  const found = await (await ctx.services.auth.$context).internalAdapter.findVerificationValue(identifier);
  if (!found) return { id: null, email: null };
  const [user] = await ctx.db.select({ email: people.email }).from(people).where(eq(people.id, found.value)).limit(1);
  return { id: found.value, email: user?.email ?? null };
}

/** Completes a sign-in that answered two_factor_required: a 6-digit TOTP code, or a recovery code (each works once). */
export async function twoFactorLogin(ctx: Ctx, body: unknown): Promise<SignInResult> {
  const input = parseInput(twoFactorLoginInput, body);
  const context = await ctx.services.auth.$context;
  const headers = new Headers({ cookie: `${context.createAuthCookie('two_factor').name}=${input.challenge}` });
  const isTotp = TOTP_CODE.test(input.code);
  const owner = await challengeOwner(ctx, input.challenge);
  try {
    const result = (isTotp
      ? await ctx.services.auth.api.verifyTOTP({ body: { code: input.code }, headers })
      : await ctx.services.auth.api.verifyBackupCode({ body: { code: input.code }, headers })) as { token: string; user: { id: string } };
    return await completeSignIn(ctx, result.token, result.user.id, isTotp ? 'password_and_totp' : 'password_and_recovery_code');
  } catch (err) {
    const code = authCode(err);
    if (!code) throw err;
    if (code === 'INVALID_CODE' || code === 'INVALID_BACKUP_CODE') {
      await recordAudit(ctx, { action: 'auth.sign_in_failed', actor: owner, target_type: 'User', target_id: owner.id, detail: { reason: isTotp ? 'wrong_totp_code' : 'wrong_recovery_code' } });
      throw new UnauthorizedError(isTotp ? 'The code is not right' : 'That recovery code is not right or was already used', 'invalid_two_factor_code');
    }
    if (code === 'ACCOUNT_TEMPORARILY_LOCKED') {
      throw new AppError(429, 'two_factor_locked', 'Too many wrong codes. Try again in 15 minutes, or use a recovery code then.');
    }
    // INVALID_TWO_FACTOR_COOKIE, TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: this challenge is over.
    throw new UnauthorizedError('This sign-in has expired. Sign in again with your password.', 'two_factor_challenge_expired');
  }
}

/**
 * The second factor and the sessions are the person's in every association: an association's administrator may not
 * reset those of someone who also belongs where they are no administrator (an invitation makes anyone a member).
 */
async function assertAdministersEveryAssociationOf(ctx: Ctx, actor: Actor, personId: string): Promise<void> {
  if (actor.portfolio_role === 'portfolio_admin') return;
  const [person] = await ctx.db.select({ portfolio_role: people.portfolio_role }).from(people).where(eq(people.id, personId)).limit(1);
  const theirs = await ctx.db.select({ app_id: memberships.app_id }).from(memberships).where(eq(memberships.person_id, personId));
  const mine = await ctx.db.select({ app_id: memberships.app_id }).from(memberships).where(and(eq(memberships.person_id, actor.id), eq(memberships.role, 'admin')));
  const administered = new Set(mine.map((m) => m.app_id));
  if (person?.portfolio_role === 'portfolio_admin' || theirs.some((m) => !administered.has(m.app_id))) {
    throw new ForbiddenError('This person also belongs to an association you do not administer: a portfolio administrator can reset their two-factor authentication', 'member_elsewhere');
  }
}

/**
 * An administrator resets another user's second factor (a lost phone and lost recovery codes): the enrolment is
 * removed, every session of that user ends and their sockets close, and the reset is audited. They sign in with
 * the password alone and, where the organization requires it of their role, are asked to enrol again.
 */
export async function resetTwoFactor(ctx: Ctx, userId: string) {
  const actor = requireSession(ctx);
  if (!isAdmin(actor)) throw new ForbiddenError('Only an administrator can reset a user\'s two-factor authentication');
  if (userId === actor.id) throw new ConflictError('Turn your own two-factor authentication off in your profile, with your password', 'own_two_factor');
  const [user] = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new NotFoundError('User not found');
  await assertAdministersEveryAssociationOf(ctx, actor, userId);
  const had = await withTransaction(ctx, async (tx) => {
    const removed = await tx.db.delete(twoFactors).where(eq(twoFactors.user_id, userId)).returning({ id: twoFactors.id });
    await tx.db.update(users).set({ two_factor_enabled: false }).where(eq(users.id, userId));
    await tx.db.delete(sessions).where(eq(sessions.user_id, userId));
    await recordAudit(tx, { action: 'auth.two_factor_reset', target_type: 'User', target_id: userId, detail: { email: user.email, was_enrolled: removed.length > 0 } });
    return removed.length > 0;
  });
  ctx.services.changes.sessionsEnded(userId);
  return { success: true, was_enrolled: had };
}
