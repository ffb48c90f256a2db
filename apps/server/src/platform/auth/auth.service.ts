import { count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { APP_ROLES, RESOURCE_KEYS } from '@covenant/contracts/constants';
import { deriveFlags, isStaffRole } from '@covenant/contracts/permissions';
import { userSelfUpdateInput } from '@covenant/contracts/entities';
import { invitations } from '@covenant/db/schema/auth';
import { orgSettings, owners, users } from '@covenant/db/schema/community';
import { people } from '@covenant/db/schema/shared';
import { withTransaction, type Actor, type Ctx } from '../../lib/context.ts';
import { AppError, ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { assertNoForbiddenKeys } from '../../lib/safe-json.ts';
import { isAdmin, permissionLevel, requirePermission, requireSignedIn } from '../access/access.service.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { serialize } from '../entities/query.ts';
import { recordAudit, recordChange } from '../audit/audit.service.ts';
import { countWrongPassword, findSignInCode, offerSignInCode, releasePasswordAttempt, reservePasswordAttempt, useSignInCode } from './sign-in-guard.ts';

const email = z.email({ error: 'Enter a valid email address' }).max(254).transform((s) => s.trim().toLowerCase());
const password = z.string({ error: 'Password is required' }).min(8, 'Password must be at least 8 characters').max(128, 'Password must be at most 128 characters');

export const loginInput = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  /** The emailed one-time code, needed with the password once the account's password budget is spent. */
  sign_in_code: z.string().trim().max(20).optional(),
  turnstile_token: z.string().optional(),
});
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

export function authStatus(err: unknown): number | undefined {
  const e = err as BetterAuthErrorLike;
  return typeof e?.statusCode === 'number' ? e.statusCode : undefined;
}

/** Better Auth's error code (INVALID_PASSWORD, INVALID_CODE, ...), if the error is one of its refusals. */
export function authCode(err: unknown): string | undefined {
  return (err as BetterAuthErrorLike)?.body?.code;
}

export const bearerHeaders = (token: string | undefined) => new Headers({ authorization: `Bearer ${token ?? ''}` });

/** The new session token Better Auth hands out when it replaces a session (raw form, as login returns it). */
export function rotatedToken(headers: Headers): string | undefined {
  const signed = headers.get('set-auth-token');
  return signed ? decodeURIComponent(signed).split('.')[0] : undefined;
}

const userDef = (ctx: Ctx) => ctx.services.registry.requireEntity('User');

/** The member of the association (person and membership), or undefined when the person is not one. */
async function loadUser(ctx: Ctx, id: string) {
  if (!ctx.association) return undefined;
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** A person (the shared sign-in), whatever association they belong to. */
async function loadPerson(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select().from(people).where(eq(people.id, id)).limit(1);
  return row;
}

/**
 * Makes a person a member of the request's association, with an application role and optionally the owner record
 * they are. A portfolio administrator is an administrator of every association without a membership of their own.
 */
export async function addMember(
  ctx: Ctx,
  personId: string,
  m: { user_role: string | null; role?: 'admin' | 'user'; owner_id?: string | null; property_id?: string | null; created_by?: string | null },
): Promise<void> {
  await ctx.db.execute(sql`insert into users (id, user_role, role, owner_id, property_id, created_by)
    values (${personId}, ${m.user_role}, ${m.role ?? (m.user_role === 'admin' ? 'admin' : 'user')}, ${m.owner_id ?? null}, ${m.property_id ?? null}, ${m.created_by ?? null})`);
}

/** Whether the organization makes staff members use a second factor. */
export async function staffNeedTwoFactor(ctx: Ctx): Promise<boolean> {
  const [row] = await ctx.db.select({ required: orgSettings.require_two_factor_for_staff }).from(orgSettings).limit(1);
  return row?.required ?? false;
}

/**
 * The user record as the API shows it: the member of this association; a person who is not one shows with no
 * role (a portfolio administrator as an administrator of it).
 */
export async function publicUser(ctx: Ctx, id: string): Promise<Record<string, unknown>> {
  const row = await loadUser(ctx, id);
  if (row) return serialize(userDef(ctx), row as Record<string, unknown>);
  const person = await loadPerson(ctx, id);
  if (!person) throw new UnauthorizedError();
  const portfolioAdmin = person.portfolio_role === 'portfolio_admin';
  const { portfolio_role: _p, ...fields } = person;
  return serialize(userDef(ctx), {
    ...fields, owner_id: null, property_id: null, user_role: portfolioAdmin ? 'admin' : null, role: portfolioAdmin ? 'admin' : 'user',
  } as Record<string, unknown>);
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
  const record = await publicUser(ctx, actor.id);
  if (actor.two_factor_enrollment_required) return { ...record, two_factor_enrollment_required: true, userPrivileges: [] };
  return { ...record, userPrivileges: await userPrivileges(ctx) };
}

/** Neither the password nor whether the account exists is revealed by this answer. */
function signInCodeRequired(): AppError {
  return new AppError(
    429,
    'sign_in_code_required',
    'Too many wrong passwords were entered for this account. We emailed it a sign-in code: enter the code with your password.',
  );
}

const invalidCredentials = () => new UnauthorizedError('Invalid email or password', 'invalid_credentials');

export type SignInResult =
  | { access_token: string; user: Record<string, unknown>; two_factor_enrollment_required?: true }
  | { two_factor_required: true; challenge: string };

/** A session exists: the caller gets its token and user; staff who must enrol a second factor are told so. */
export async function completeSignIn(ctx: Ctx, token: string, userId: string, method: string): Promise<SignInResult> {
  const user = await publicUser(ctx, userId);
  await recordAudit(ctx, { action: 'auth.sign_in', actor: { id: userId, email: user.email as string }, target_type: 'User', target_id: userId, detail: { method } });
  const mustEnrol = isStaffRole(user as { role?: string; user_role?: string | null }) && !user.two_factor_enabled && (await staffNeedTwoFactor(ctx));
  return mustEnrol ? { access_token: token, user, two_factor_enrollment_required: true } : { access_token: token, user };
}

/** The password check itself (Better Auth); an enrolled second factor turns it into a challenge. */
async function passwordSignIn(ctx: Ctx, input: { email: string; password: string }, method: string): Promise<SignInResult> {
  let signedIn;
  try {
    signedIn = await ctx.services.auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers: new Headers(), returnHeaders: true });
  } catch (err) {
    const status = authStatus(err);
    if (status === 401) throw invalidCredentials();
    if (status === 403) throw new ForbiddenError('Please verify your email address before signing in', 'email_not_verified');
    throw err;
  }
  const response = signedIn.response as { token?: string; user?: { id: string }; twoFactorRedirect?: boolean };
  if (response.twoFactorRedirect) return { two_factor_required: true, challenge: await twoFactorChallengeOf(ctx, signedIn.headers) };
  return completeSignIn(ctx, response.token!, response.user!.id, method);
}

/** The signed two-factor cookie Better Auth sets after a right password; the client sends it back as the challenge. */
async function twoFactorChallengeOf(ctx: Ctx, headers: Headers): Promise<string> {
  const name = (await ctx.services.auth.$context).createAuthCookie('two_factor').name;
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!cookie) throw new Error('Better Auth asked for a second factor without a challenge cookie');
  return cookie.slice(name.length + 1).split(';')[0]!;
}

async function auditFailure(ctx: Ctx, emailAddress: string, reason: string) {
  await recordAudit(ctx, { action: 'auth.sign_in_failed', actor: { email: emailAddress }, detail: { reason } });
}

/**
 * Email and password sign-in under the per-account password budget (docs/decisions.md): within it, the
 * password alone signs in; once it is spent, only the password with an emailed sign-in code does.
 */
export async function login(ctx: Ctx, body: unknown): Promise<SignInResult> {
  const input = parseInput(loginInput, body);
  if (input.sign_in_code) return loginWithSignInCode(ctx, { ...input, sign_in_code: input.sign_in_code });
  const attempt = await reservePasswordAttempt(ctx, input.email);
  if (!attempt) {
    await offerSignInCode(ctx, input.email);
    throw signInCodeRequired();
  }
  try {
    const result = await passwordSignIn(ctx, input, 'password');
    await releasePasswordAttempt(ctx, attempt);
    return result;
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'invalid_credentials')) {
      await releasePasswordAttempt(ctx, attempt);
      throw err;
    }
    await auditFailure(ctx, input.email, 'wrong_password');
    if (attempt.isLastGuess) {
      await recordAudit(ctx, { action: 'auth.lockout', actor: { email: input.email }, detail: { failures: ctx.services.config.failedLoginLimit, window_minutes: 15 } });
    }
    throw err;
  }
}

/** The code proves the mailbox before the password is checked, so a guesser without it learns nothing. */
async function loginWithSignInCode(ctx: Ctx, input: { email: string; password: string; sign_in_code: string }): Promise<SignInResult> {
  const codeId = await findSignInCode(ctx, input.email, input.sign_in_code);
  if (!codeId) {
    await auditFailure(ctx, input.email, 'wrong_sign_in_code');
    throw new UnauthorizedError('The sign-in code is wrong or has expired. Sign in again to get a new one.', 'invalid_sign_in_code');
  }
  try {
    const result = await passwordSignIn(ctx, input, 'password_and_sign_in_code');
    await useSignInCode(ctx, codeId);
    return result;
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_credentials') {
      await countWrongPassword(ctx, input.email);
      await auditFailure(ctx, input.email, 'wrong_password');
    }
    throw err;
  }
}

export async function logout(ctx: Ctx, token: string | undefined) {
  if (!ctx.actor || !token) throw new UnauthorizedError();
  await ctx.services.auth.api.signOut({ headers: bearerHeaders(token) });
  await recordAudit(ctx, { action: 'auth.sign_out', target_type: 'User', target_id: ctx.actor.id });
  ctx.services.changes.sessionsEnded(ctx.actor.id);
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

/** The person (the shared sign-in) with this email, if any. */
async function userByEmail(ctx: Ctx, address: string) {
  const [row] = await ctx.db.select().from(people).where(sql`lower(${people.email}) = ${address}`).limit(1);
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
    await addMember(ctx, userId, { user_role: invitation.user_role, role: invitation.system_role === 'admin' ? 'admin' : 'user', created_by: invitation.invited_by, owner_id: invitation.owner_id });
    await ctx.db.update(invitations).set({ accepted_date: new Date() }).where(eq(invitations.id, invitation.id));
  } else {
    // Open registration: a member with no role until staff give one.
    await addMember(ctx, userId, { user_role: null });
  }
  await recordAudit(ctx, {
    action: 'user.registered',
    actor: { id: userId, email: input.email },
    target_type: 'User',
    target_id: userId,
    detail: invitation ? { invited_by: invitation.invited_by, user_role: invitation.user_role, system_role: invitation.system_role } : { open_registration: true },
  });
  // The Users list and the owner cards (sign-in status) of staff who watch refresh.
  ctx.services.changes.publish({ entity: 'User', type: 'create', id: userId, record: await publicUser(ctx, userId), timestamp: new Date().toISOString() });
  await ctx.services.mailer.outboxFor(ctx.db, () => ctx.services.auth.api.sendVerificationOTP({ body: { email: input.email, type: 'email-verification' } }));
  return { success: true, email: input.email };
}

export async function verifyOtp(ctx: Ctx, body: unknown) {
  const input = parseInput(verifyOtpInput, body);
  try {
    const result = await ctx.services.auth.api.verifyEmailOTP({ body: { email: input.email, otp: input.otp_code } });
    const token = (result as { token?: string | null }).token;
    const user = await publicUser(ctx, result.user.id);
    ctx.services.changes.publish({ entity: 'User', type: 'update', id: result.user.id, record: user, timestamp: new Date().toISOString() });
    return { success: true, access_token: token ?? null, user };
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
    await ctx.services.mailer.outboxFor(ctx.db, () => ctx.services.auth.api.sendVerificationOTP({ body: { email: input.email, type: 'email-verification' } }));
  }
  return { success: true };
}

export async function resetPasswordRequest(ctx: Ctx, body: unknown) {
  const input = parseInput(emailOnlyInput, body);
  await ctx.services.mailer.outboxFor(ctx.db, () => ctx.services.auth.api.requestPasswordReset({ body: { email: input.email, redirectTo: '/reset-password' } }));
  await recordAudit(ctx, { action: 'auth.password_reset_requested', actor: { email: input.email } });
  return { success: true };
}

/** The user a reset token was issued to (Better Auth keeps it as a verification value). */
async function resetTokenOwner(ctx: Ctx, token: string): Promise<string | undefined> {
  const found = await (await ctx.services.auth.$context).internalAdapter.findVerificationValue(`reset-password:${token}`);
  return found?.value;
}

/** Sets a new password from the emailed token; every session of the user ends, realtime sockets included. */
export async function resetPassword(ctx: Ctx, body: unknown) {
  const input = parseInput(resetPasswordInput, body);
  const userId = await resetTokenOwner(ctx, input.reset_token);
  try {
    await ctx.services.auth.api.resetPassword({ body: { token: input.reset_token, newPassword: input.new_password } });
  } catch (err) {
    if (authStatus(err) && authStatus(err)! < 500) throw new ValidationError('The reset link is invalid or has expired');
    throw err;
  }
  if (userId) {
    const user = await loadUser(ctx, userId);
    await recordAudit(ctx, { action: 'auth.password_reset', actor: { id: userId, email: user?.email ?? null }, target_type: 'User', target_id: userId });
    ctx.services.changes.sessionsEnded(userId);
  }
  return { success: true };
}

/**
 * Changes the caller's own password. Better Auth ends every session of the user, the caller's too, and
 * opens a new one for the caller: its token is in the answer, and sockets of the ended sessions close.
 */
export async function changePassword(ctx: Ctx, body: unknown, token: string | undefined) {
  const actor = requireSignedIn(ctx);
  const input = parseInput(changePasswordInput, body);
  if (input.user_id && input.user_id !== actor.id) throw new ForbiddenError('You can change only your own password');
  let result;
  try {
    result = await ctx.services.auth.api.changePassword({
      body: { currentPassword: input.current_password, newPassword: input.new_password, revokeOtherSessions: true },
      headers: bearerHeaders(token),
    });
  } catch (err) {
    const status = authStatus(err);
    if (status === 400 || status === 401) throw new ValidationError('Current password is incorrect');
    throw err;
  }
  await recordAudit(ctx, { action: 'auth.password_changed', target_type: 'User', target_id: actor.id });
  ctx.services.changes.sessionsEnded(actor.id);
  return { success: true, access_token: result.token };
}

/** The one owner record whose email this is, or null when none or several have it. */
async function soleOwnerWithEmail(ctx: Ctx, address: string): Promise<string | null> {
  const rows = await ctx.db.select({ id: owners.id }).from(owners).where(sql`lower(${owners.email}) = ${address}`).limit(2);
  return rows.length === 1 ? rows[0]!.id : null;
}

export interface NewInvitation {
  email: string;
  role: (typeof APP_ROLES)[number] | 'user';
  /** The owner record the new user is linked to when they register. */
  owner_id: string | null;
}

/** Writes invitations (one per email: a new one replaces the old) and audits each, inside the caller's transaction. */
export async function writeInvitations(ctx: Ctx, list: readonly NewInvitation[]): Promise<void> {
  const actor = ctx.actor!;
  await withTransaction(ctx, async (tx) => {
    for (const inv of list) {
      await tx.db.delete(invitations).where(sql`lower(${invitations.email}) = ${inv.email}`);
      await tx.db.insert(invitations).values({
        email: inv.email, user_role: inv.role === 'user' ? null : inv.role, system_role: inv.role === 'admin' ? 'admin' : 'user', invited_by: actor.email, owner_id: inv.owner_id,
      });
      await recordAudit(tx, { action: 'user.invited', target_type: 'Invitation', target_id: inv.email, detail: { email: inv.email, role: inv.role, ...(inv.owner_id ? { owner_id: inv.owner_id } : {}) } });
    }
  });
}

/** The web app's address of a page of the request's association (links in emails open the right one). */
export function associationLink(ctx: Ctx, path: string): string {
  return `${ctx.services.config.publicUrl}/a/${ctx.association!.app_id}${path}`;
}

/** The email to a person with a sign-in already, made a member of another association. */
function memberAddedEmail(ctx: Ctx, address: string) {
  const actor = ctx.actor!;
  return {
    to: address,
    subject: `You now have access to ${ctx.association!.name} on Covenant`,
    text: `${actor.full_name || actor.email} gave you access to ${ctx.association!.name} on Covenant.\n\nSign in with your existing email and password:\n${associationLink(ctx, '/login')}`,
  };
}

/** The invitation email with its registration link. */
export function invitationEmail(ctx: Ctx, address: string) {
  const actor = ctx.actor!;
  const link = associationLink(ctx, `/register?email=${encodeURIComponent(address)}`);
  return {
    to: address,
    subject: 'You are invited to Covenant',
    text: `${actor.full_name || actor.email} invited you to your homeowners association on Covenant.\n\nCreate your account here:\n${link}`,
  };
}

/**
 * Invites an email with an application role; staff may invite, only administrators may invite administrators.
 * An email that belongs to exactly one owner record links the new user to that owner when they register.
 */
export async function inviteUser(ctx: Ctx, body: unknown) {
  await requirePermission(ctx, 'users', 'create');
  const actor = ctx.actor!;
  const input = parseInput(inviteUserInput, body);
  if (input.role === 'admin' && !isAdmin(actor)) throw new ForbiddenError('Only an administrator can invite an administrator');
  const ownerId = await soleOwnerWithEmail(ctx, input.user_email);
  const person = await userByEmail(ctx, input.user_email);
  if (person) {
    // One sign-in per person: someone who already has one (another association's) becomes a member here at once.
    if (await loadUser(ctx, person.id)) throw new ConflictError('This email already has an account', 'email_taken');
    await withTransaction(ctx, async (tx) => {
      await addMember(tx, person.id, { user_role: input.role === 'user' ? null : input.role, role: input.role === 'admin' ? 'admin' : 'user', owner_id: ownerId, created_by: actor.email });
      await recordAudit(tx, { action: 'user.invited', target_type: 'User', target_id: person.id, detail: { email: input.user_email, role: input.role, existing_sign_in: true } });
    });
    ctx.services.changes.publish({ entity: 'User', type: 'create', id: person.id, record: await publicUser(ctx, person.id), timestamp: new Date().toISOString() });
    await ctx.services.mailer.send(memberAddedEmail(ctx, input.user_email), ctx.db);
    return { success: true, email: input.user_email, role: input.role };
  }
  await writeInvitations(ctx, [{ email: input.user_email, role: input.role, owner_id: ownerId }]);
  await ctx.services.mailer.send(invitationEmail(ctx, input.user_email), ctx.db);
  return { success: true, email: input.user_email, role: input.role };
}

let setupInFlight: Promise<unknown> | null = null;

/** No person has a sign-in yet: the instance opens on its first-run screen. */
export async function needsSetup(ctx: Ctx): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(people);
  return Number(row?.n ?? 0) === 0;
}

/**
 * Creates a verified person with a password, a member of the request's association with an application role and
 * optionally the owner record they are (setup, ADMIN_EMAIL, the demo, tests).
 */
export async function createVerifiedUser(
  ctx: Ctx,
  input: { email: string; password: string; full_name: string; user_role: (typeof APP_ROLES)[number]; owner_id?: string | null; portfolio_admin?: boolean },
): Promise<string> {
  const created = await ctx.services.auth.api.signUpEmail({
    body: { email: input.email, password: input.password, name: input.full_name },
    headers: new Headers(),
  });
  await ctx.db.update(people).set({ email_verified: true, portfolio_role: input.portfolio_admin ? 'portfolio_admin' : null }).where(eq(people.id, created.user.id));
  await addMember(ctx, created.user.id, { user_role: input.user_role, owner_id: input.owner_id ?? null });
  return created.user.id;
}

/**
 * Creates a verified administrator (first-run screen, or ADMIN_EMAIL/ADMIN_PASSWORD at start): the instance's first
 * person, who runs the portfolio (portfolio_admin) and administers the first association.
 */
export async function createAdministrator(ctx: Ctx, input: { email: string; password: string; full_name: string }): Promise<string> {
  return createVerifiedUser(ctx, { ...input, user_role: 'admin', portfolio_admin: true });
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
  const before = await publicUser(ctx, actor.id);
  const record = await withTransaction(ctx, async (tx) => {
    // Phone and photo are the person's: the same in every association they belong to.
    if (Object.keys(values).length) await tx.db.update(people).set(values).where(eq(people.id, actor.id));
    const after = await publicUser(tx, actor.id);
    await recordChange(tx, { action: 'user.updated', target_type: 'User', target_id: actor.id, before, after });
    return after;
  });
  ctx.services.changes.publish({ entity: 'User', type: 'update', id: actor.id, record, timestamp: new Date().toISOString() });
  return record;
}

/**
 * Resolves the bearer token to the signed-in actor, or null: the person, and their membership of the request's
 * association (role, owner record). A person who is not a member has no role there (is_member false), except a
 * portfolio administrator, an administrator of every association.
 */
export async function actorFromToken(ctx: Ctx, token: string | undefined): Promise<Actor | null> {
  if (!token || token.length > 500) return null;
  const session = await ctx.services.auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) }).catch(() => null);
  if (!session) return null;
  return actorOfPerson(ctx, session.user.id);
}

/** A person as the context's association sees them (see actorFromToken); null when there is no such person. */
export async function actorOfPerson(ctx: Ctx, personId: string): Promise<Actor | null> {
  const person = await loadPerson(ctx, personId);
  if (!person) return null;
  const portfolioAdmin = person.portfolio_role === 'portfolio_admin';
  const actor: Actor = {
    id: person.id, email: person.email, full_name: person.full_name, role: portfolioAdmin ? 'admin' : 'user', user_role: portfolioAdmin ? 'admin' : null,
    owner_id: null, property_id: null, is_member: portfolioAdmin, portfolio_role: person.portfolio_role ?? null,
  };
  if (!ctx.association) return actor;
  // One query: the membership and whether the organization makes staff enrol a second factor.
  const [row] = await ctx.db
    .select({ user: users, staffNeedTwoFactor: sql<boolean>`coalesce((select ${orgSettings.require_two_factor_for_staff} from ${orgSettings} limit 1), false)` })
    .from(users)
    .where(eq(users.id, person.id))
    .limit(1);
  if (row) {
    const { user } = row;
    Object.assign(actor, { role: portfolioAdmin ? 'admin' : user.role, user_role: portfolioAdmin ? 'admin' : user.user_role, owner_id: user.owner_id, property_id: user.property_id, is_member: true });
  }
  if (actor.is_member && !person.two_factor_enabled && isStaffRole(actor) && (row?.staffNeedTwoFactor ?? (await staffNeedTwoFactor(ctx)))) actor.two_factor_enrollment_required = true;
  return actor;
}
