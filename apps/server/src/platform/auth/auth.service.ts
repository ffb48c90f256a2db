import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { APP_ROLES, RESOURCE_KEYS } from '@covenant/contracts/constants';
import { deriveFlags } from '@covenant/contracts/permissions';
import { userSelfUpdateInput } from '@covenant/contracts/entities';
import { authFailures, invitations } from '@covenant/db/schema/auth';
import { orgSettings, users } from '@covenant/db/schema/community';
import { withTransaction, type Actor, type Ctx } from '../../lib/context.ts';
import { ConflictError, ForbiddenError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { assertNoForbiddenKeys } from '../../lib/safe-json.ts';
import { isAdmin, permissionLevel, requirePermission, requireSignedIn } from '../access/access.service.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { serialize } from '../entities/query.ts';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;

const email = z.email({ error: 'Enter a valid email address' }).max(254).transform((s) => s.trim().toLowerCase());
const password = z.string({ error: 'Password is required' }).min(8, 'Password must be at least 8 characters').max(128, 'Password must be at most 128 characters');

export const loginInput = z.object({ email, password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128), turnstile_token: z.string().optional() });
export const registerInput = z.object({ email, password, full_name: z.string().trim().min(1, 'Full name is required').max(200).optional() });
export const verifyOtpInput = z.object({ email, otp_code: z.string().trim().regex(/^\d{6}$/, 'The code is 6 digits') });
export const emailOnlyInput = z.object({ email });
export const resetPasswordInput = z.object({ reset_token: z.string().min(1, 'Reset token is required').max(500), new_password: password });
export const changePasswordInput = z.object({ user_id: z.string().optional(), current_password: z.string().min(1, 'Current password is required').max(128), new_password: password });
export const inviteUserInput = z.object({ user_email: email, role: z.enum([...APP_ROLES, 'user'], { error: `role must be one of: ${[...APP_ROLES, 'user'].join(', ')}` }) });
export const setupInput = z.object({ full_name: z.string().trim().min(1, 'Full name is required').max(200), email, password });


interface BetterAuthErrorLike {
  statusCode?: number;
  body?: { message?: string; code?: string };
  message?: string;
}

function authStatus(err: unknown): number | undefined {
  const e = err as BetterAuthErrorLike;
  return typeof e?.statusCode === 'number' ? e.statusCode : undefined;
}

const userDef = (ctx: Ctx) => ctx.services.registry.requireEntity('User');

async function loadUser(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user record as the API shows it. */
export async function publicUser(ctx: Ctx, id: string): Promise<Record<string, unknown>> {
  const row = await loadUser(ctx, id);
  if (!row) throw new UnauthorizedError();
  return serialize(userDef(ctx), row as Record<string, unknown>);
}

/** The caller's resolved privilege on every resource (spec: "userPrivileges" read for the current user). */
async function userPrivileges(ctx: Ctx) {
  const out = [];
  for (const resource of RESOURCE_KEYS) {
    const level = await permissionLevel(ctx, resource);
    out.push({ resource_name: resource, permission_level: level, ...deriveFlags(level) });
  }
  return out;
}

/** GET User/me: the caller's record with their privileges. */
export async function me(ctx: Ctx) {
  const actor = requireSignedIn(ctx);
  return { ...(await publicUser(ctx, actor.id)), userPrivileges: await userPrivileges(ctx) };
}

async function recentFailures(ctx: Ctx, address: string): Promise<number> {
  const since = new Date(Date.now() - FAILURE_WINDOW_MS);
  const [row] = await ctx.db.select({ n: count() }).from(authFailures).where(and(eq(authFailures.email, address), gte(authFailures.failed_at, since)));
  return Number(row?.n ?? 0);
}

/** Email and password sign-in; the per-account failure limit holds whatever address the caller claims. */
export async function login(ctx: Ctx, body: unknown) {
  const input = parseInput(loginInput, body);
  const limit = ctx.services.config.failedLoginLimit;
  if ((await recentFailures(ctx, input.email)) >= limit) {
    throw new TooManyRequestsError('Too many failed sign-in attempts for this account. Try again in 15 minutes.');
  }
  try {
    const result = await ctx.services.auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers: new Headers() });
    await ctx.db.delete(authFailures).where(eq(authFailures.email, input.email));
    return { access_token: result.token, user: await publicUser(ctx, result.user.id) };
  } catch (err) {
    const status = authStatus(err);
    if (status === 401) {
      await ctx.db.delete(authFailures).where(and(eq(authFailures.email, input.email), lt(authFailures.failed_at, new Date(Date.now() - FAILURE_WINDOW_MS))));
      await ctx.db.insert(authFailures).values({ email: input.email });
      throw new UnauthorizedError('Invalid email or password', 'invalid_credentials');
    }
    if (status === 403) throw new ForbiddenError('Please verify your email address before signing in', 'email_not_verified');
    throw err;
  }
}

export async function logout(ctx: Ctx, token: string | undefined) {
  if (!ctx.actor || !token) throw new UnauthorizedError();
  await ctx.services.auth.api.signOut({ headers: new Headers({ authorization: `Bearer ${token}` }) });
  ctx.services.changes.revokeSession(token);
  return { success: true };
}

async function openRegistration(ctx: Ctx): Promise<boolean> {
  const [row] = await ctx.db.select({ open: orgSettings.open_registration }).from(orgSettings).limit(1);
  return row?.open ?? false;
}

async function pendingInvitation(ctx: Ctx, address: string) {
  const [row] = await ctx.db.select().from(invitations).where(sql`lower(${invitations.email}) = ${address}`).limit(1);
  return row && !row.accepted_date ? row : undefined;
}

async function userByEmail(ctx: Ctx, address: string) {
  const [row] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${address}`).limit(1);
  return row;
}

/** Registration is for invited emails, or for anyone once an administrator opens it; it sends an email code. */
export async function register(ctx: Ctx, body: unknown) {
  const input = parseInput(registerInput, body);
  const invitation = await pendingInvitation(ctx, input.email);
  if (!invitation && !(await openRegistration(ctx))) {
    throw new ForbiddenError('Registration is by invitation only. Ask an administrator to invite you.', 'invitation_required');
  }
  if (await userByEmail(ctx, input.email)) throw new ConflictError('An account with this email already exists', 'email_taken');
  const created = await ctx.services.auth.api.signUpEmail({
    body: { email: input.email, password: input.password, name: input.full_name ?? input.email.split('@')[0]! },
    headers: new Headers(),
  });
  const userId = created.user.id;
  if (invitation) {
    await ctx.db
      .update(users)
      .set({ user_role: invitation.user_role, role: invitation.system_role === 'admin' ? 'admin' : 'user', created_by: invitation.invited_by })
      .where(eq(users.id, userId));
    await ctx.db.update(invitations).set({ accepted_date: new Date() }).where(eq(invitations.id, invitation.id));
  }
  await ctx.services.auth.api.sendVerificationOTP({ body: { email: input.email, type: 'email-verification' } });
  return { success: true, email: input.email };
}

export async function verifyOtp(ctx: Ctx, body: unknown) {
  const input = parseInput(verifyOtpInput, body);
  try {
    const result = await ctx.services.auth.api.verifyEmailOTP({ body: { email: input.email, otp: input.otp_code } });
    const token = (result as { token?: string | null }).token;
    return { success: true, access_token: token ?? null, user: await publicUser(ctx, result.user.id) };
  } catch (err) {
    if (authStatus(err) && authStatus(err)! < 500) throw new ValidationError('The code is invalid or has expired');
    throw err;
  }
}

/** Always answers the same, so it does not reveal which emails have accounts. */
export async function resendOtp(ctx: Ctx, body: unknown) {
  const input = parseInput(emailOnlyInput, body);
  const user = await userByEmail(ctx, input.email);
  if (user && !user.email_verified) {
    await ctx.services.auth.api.sendVerificationOTP({ body: { email: input.email, type: 'email-verification' } });
  }
  return { success: true };
}

export async function resetPasswordRequest(ctx: Ctx, body: unknown) {
  const input = parseInput(emailOnlyInput, body);
  await ctx.services.auth.api.requestPasswordReset({ body: { email: input.email, redirectTo: '/reset-password' } });
  return { success: true };
}

export async function resetPassword(ctx: Ctx, body: unknown) {
  const input = parseInput(resetPasswordInput, body);
  try {
    await ctx.services.auth.api.resetPassword({ body: { token: input.reset_token, newPassword: input.new_password } });
  } catch (err) {
    if (authStatus(err) && authStatus(err)! < 500) throw new ValidationError('The reset link is invalid or has expired');
    throw err;
  }
  return { success: true };
}

export async function changePassword(ctx: Ctx, body: unknown, token: string | undefined) {
  const actor = requireSignedIn(ctx);
  const input = parseInput(changePasswordInput, body);
  if (input.user_id && input.user_id !== actor.id) throw new ForbiddenError('You can change only your own password');
  try {
    await ctx.services.auth.api.changePassword({
      body: { currentPassword: input.current_password, newPassword: input.new_password, revokeOtherSessions: true },
      headers: new Headers({ authorization: `Bearer ${token}` }),
    });
  } catch (err) {
    const status = authStatus(err);
    if (status === 400 || status === 401) throw new ValidationError('Current password is incorrect');
    throw err;
  }
  return { success: true };
}

/** Invites an email with an application role; staff may invite, only administrators may invite administrators. */
export async function inviteUser(ctx: Ctx, body: unknown) {
  await requirePermission(ctx, 'users', 'create');
  const actor = ctx.actor!;
  const input = parseInput(inviteUserInput, body);
  if (input.role === 'admin' && !isAdmin(actor)) throw new ForbiddenError('Only an administrator can invite an administrator');
  if (await userByEmail(ctx, input.user_email)) throw new ConflictError('This email already has an account', 'email_taken');
  const userRole = input.role === 'user' ? null : input.role;
  // One invitation per email: a new one replaces the old.
  await withTransaction(ctx, async (tx) => {
    await tx.db.delete(invitations).where(sql`lower(${invitations.email}) = ${input.user_email}`);
    await tx.db.insert(invitations).values({ email: input.user_email, user_role: userRole, system_role: input.role === 'admin' ? 'admin' : 'user', invited_by: actor.email });
  });
  const link = `${ctx.services.config.publicUrl}/register?email=${encodeURIComponent(input.user_email)}`;
  await ctx.services.mailer.send({
    to: input.user_email,
    subject: 'You are invited to Covenant',
    text: `${actor.full_name || actor.email} invited you to your homeowners association on Covenant.\n\nCreate your account here:\n${link}`,
  });
  return { success: true, email: input.user_email, role: input.role };
}

let setupInFlight: Promise<unknown> | null = null;

export async function needsSetup(ctx: Ctx): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0) === 0;
}

/** Creates a verified administrator (first-run screen, or ADMIN_EMAIL/ADMIN_PASSWORD at start). */
export async function createAdministrator(ctx: Ctx, input: { email: string; password: string; full_name: string }): Promise<string> {
  const created = await ctx.services.auth.api.signUpEmail({
    body: { email: input.email, password: input.password, name: input.full_name },
    headers: new Headers(),
  });
  await ctx.db.update(users).set({ email_verified: true, role: 'admin', user_role: 'admin' }).where(eq(users.id, created.user.id));
  return created.user.id;
}

/** First-run setup: allowed only while no user exists; signs the new administrator in. */
export async function setupFirstAdministrator(ctx: Ctx, body: unknown) {
  const input = parseInput(setupInput, body);
  if (setupInFlight) await setupInFlight.catch(() => undefined);
  const job = (async () => {
    if (!(await needsSetup(ctx))) throw new ConflictError('Setup is already complete', 'setup_complete');
    await createAdministrator(ctx, input);
    return login(ctx, { email: input.email, password: input.password });
  })();
  setupInFlight = job;
  try {
    return await job;
  } finally {
    if (setupInFlight === job) setupInFlight = null;
  }
}

/** The caller changes their own phone and photo, whatever the users privilege says; nothing else. */
export async function updateMe(ctx: Ctx, body: unknown) {
  const actor = requireSignedIn(ctx);
  assertNoForbiddenKeys(body);
  const changes = parseInput(userSelfUpdateInput, body);
  const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined).map(([k, v]) => [k, v === '' ? null : v]));
  if (Object.keys(values).length) await ctx.db.update(users).set(values).where(eq(users.id, actor.id));
  const record = await publicUser(ctx, actor.id);
  ctx.services.changes.publish({ entity: 'User', type: 'update', id: actor.id, record, timestamp: new Date().toISOString() });
  return record;
}

/** Resolves the bearer token to the signed-in actor, or null. */
export async function actorFromToken(ctx: Ctx, token: string | undefined): Promise<Actor | null> {
  if (!token || token.length > 500) return null;
  const session = await ctx.services.auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) }).catch(() => null);
  if (!session) return null;
  const row = await loadUser(ctx, session.user.id);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    user_role: row.user_role,
    owner_id: row.owner_id,
    property_id: row.property_id,
  };
}

