import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { authFailures, people as users, signInCodes } from '@covenant/db/schema/shared';
import type { Ctx } from '../../lib/context.ts';
import { recordAudit } from '../audit/audit.service.ts';

/**
 * The sign-in protection (docs/decisions.md, "Sign-in protection"): each account has a budget of wrong
 * passwords per window, whatever address the guesses come from. Once it is spent, a password is checked
 * only together with a one-time code emailed to the account, so guessing stops but the owner gets in.
 */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const CODE_TTL_MS = 15 * 60 * 1000;
/** A new code is emailed at most this often per account; earlier codes stay valid until they expire. */
const CODE_RESEND_MS = 5 * 60 * 1000;
/** 32 symbols without 0/O and 1/I: eight of them are 40 bits, far beyond what rate limits let anyone try. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** One password check, counted in the account's budget until it proves right. */
export interface PasswordAttempt {
  id: string;
  /** This check, if wrong, spends the last guess of the window. */
  isLastGuess: boolean;
}

/**
 * Takes a place in the account's budget before the password is checked, so concurrent guesses cannot
 * overrun it; null when the budget is spent (the password must not be checked alone).
 */
export async function reservePasswordAttempt(ctx: Ctx, email: string): Promise<PasswordAttempt | null> {
  const since = new Date(Date.now() - FAILURE_WINDOW_MS);
  await ctx.db.delete(authFailures).where(and(eq(authFailures.email, email), lt(authFailures.failed_at, since)));
  const [row] = await ctx.db.insert(authFailures).values({ email }).returning({ id: authFailures.id });
  const [counted] = await ctx.db.select({ n: count() }).from(authFailures).where(and(eq(authFailures.email, email), gte(authFailures.failed_at, since)));
  const used = Number(counted?.n ?? 0);
  const limit = ctx.services.config.failedLoginLimit;
  if (used > limit) {
    await ctx.db.delete(authFailures).where(eq(authFailures.id, row!.id));
    return null;
  }
  return { id: row!.id, isLastGuess: used === limit };
}

/** The password was right (or never checked): the attempt was no wrong guess. */
export async function releasePasswordAttempt(ctx: Ctx, attempt: PasswordAttempt): Promise<void> {
  await ctx.db.delete(authFailures).where(eq(authFailures.id, attempt.id));
}

/** A wrong password entered together with a valid sign-in code still counts as a failure. */
export async function countWrongPassword(ctx: Ctx, email: string): Promise<void> {
  await ctx.db.insert(authFailures).values({ email });
}

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');
/** What the person typed, as stored: upper case, without spaces or dashes. */
const normalized = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * Emails a sign-in code to the account, unless one was sent in the last few minutes (that one is still
 * valid). Unknown or unverified emails get nothing; the caller answers the same either way.
 */
export async function offerSignInCode(ctx: Ctx, email: string): Promise<void> {
  const [user] = await ctx.db.select({ id: users.id, verified: users.email_verified }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  if (!user?.verified) return;
  const [recent] = await ctx.db
    .select({ id: signInCodes.id })
    .from(signInCodes)
    .where(and(eq(signInCodes.email, email), isNull(signInCodes.used_at), gt(signInCodes.created_date, new Date(Date.now() - CODE_RESEND_MS))))
    .orderBy(desc(signInCodes.created_date))
    .limit(1);
  if (recent) return;
  const code = newCode();
  await ctx.db.insert(signInCodes).values({ email, code_hash: hashOf(code), expires_at: new Date(Date.now() + CODE_TTL_MS) });
  await ctx.services.mailer.send({
    to: email,
    subject: 'Your sign-in code',
    text:
      `Too many wrong passwords were entered for your Covenant account, so signing in now also needs this code:\n\n` +
      `${code.slice(0, 4)}-${code.slice(4)}\n\n` +
      `Enter it on the sign-in page together with your password within 15 minutes.\n\n` +
      `If you were not trying to sign in, someone may be guessing your password. Your account stays protected; ` +
      `you may want to choose a new password once you are signed in.`,
  }, ctx.db);
  await recordAudit(ctx, { action: 'auth.sign_in_code_sent', actor: { id: user.id, email }, target_type: 'User', target_id: user.id });
}

/** The id of a live, unused sign-in code of the account matching what was typed, or null. */
export async function findSignInCode(ctx: Ctx, email: string, typed: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: signInCodes.id })
    .from(signInCodes)
    .where(and(eq(signInCodes.email, email), eq(signInCodes.code_hash, hashOf(normalized(typed))), isNull(signInCodes.used_at), gt(signInCodes.expires_at, new Date())))
    .limit(1);
  return row?.id ?? null;
}

/** A code signs in once. */
export async function useSignInCode(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.update(signInCodes).set({ used_at: new Date() }).where(eq(signInCodes.id, id));
}
