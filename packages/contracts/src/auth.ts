import { z } from 'zod';
import { APP_ROLES, PERMISSION_LEVELS, RESOURCE_KEYS, SYSTEM_ROLES } from './constants.ts';
import { entityRecordSchema } from './records.ts';
import { recordId } from './fields.ts';

// Answers of the auth routes. A user is a loose record: a column a later migration adds reaches the client unchanged.

/** A user as the auth routes and User/me show it. */
export const userSchema = entityRecordSchema.extend({
  email: z.string(),
  full_name: z.string(),
  role: z.enum(SYSTEM_ROLES),
  user_role: z.enum(APP_ROLES).nullable(),
  owner_id: z.string().nullable(),
  property_id: z.string().nullable(),
  phone: z.string().nullable(),
  photo_url: z.string().nullable(),
  two_factor_enabled: z.boolean().optional(),
});
/** The caller's resolved privilege on one resource. */
export const userPrivilegeSchema = z.object({
  resource_name: z.enum(RESOURCE_KEYS),
  permission_level: z.enum(PERMISSION_LEVELS),
  can_read: z.boolean(),
  can_create: z.boolean(),
  can_update: z.boolean(),
  can_delete: z.boolean(),
});
/** GET User/me: the caller's record with their privileges (none while a required second factor is missing). */
export const meSchema = userSchema.extend({
  userPrivileges: z.array(userPrivilegeSchema),
  two_factor_enrollment_required: z.literal(true).optional(),
});
/** A session: its bearer token and user; staff who must enrol a second factor are told so. */
export const sessionSchema = z.object({
  access_token: z.string(),
  user: userSchema,
  two_factor_enrollment_required: z.literal(true).optional(),
});
/** A password accepted for an account with a second factor: the challenge to complete with a code. */
export const twoFactorChallengeSchema = z.object({ two_factor_required: z.literal(true), challenge: z.string() });
/** POST auth/login (and setup): a session, or a second-factor challenge. */
export const signInResultSchema = z.union([sessionSchema, twoFactorChallengeSchema]);
/** POST auth/verify-otp: the email is verified; the token is null when no session was started. */
export const verifiedEmailSchema = z.object({ success: z.boolean(), access_token: z.string().nullable(), user: userSchema });
/** POST auth/register: a code was sent to the email. */
export const registeredSchema = z.object({ success: z.boolean(), email: z.string() });
/** POST users/invite-user. */
export const invitedUserSchema = z.object({ success: z.boolean(), email: z.string(), role: z.string() });
/** POST auth/change-password and two-factor/verify|disable: the caller's session was replaced by this one. */
export const replacedSessionSchema = z.object({ success: z.boolean(), access_token: z.string().nullable().optional() });
/** POST auth/two-factor/enable: the authenticator URI and the recovery codes (shown once). */
/** An administrator's reset of another user's second factor: whether they had one enrolled. */
export const twoFactorResetSchema = z.object({ success: z.boolean(), was_enrolled: z.boolean() });

export const twoFactorEnrollmentSchema = z.object({ totp_uri: z.string(), backup_codes: z.array(z.string()) });

export type User = z.infer<typeof userSchema>;
export type UserPrivilege = z.infer<typeof userPrivilegeSchema>;
export type Me = z.infer<typeof meSchema>;
export type Session = z.infer<typeof sessionSchema>;
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
export type SignInResult = z.infer<typeof signInResultSchema>;
export type VerifiedEmail = z.infer<typeof verifiedEmailSchema>;
export type Registered = z.infer<typeof registeredSchema>;
export type InvitedUser = z.infer<typeof invitedUserSchema>;
export type ReplacedSession = z.infer<typeof replacedSessionSchema>;
export type TwoFactorEnrollment = z.infer<typeof twoFactorEnrollmentSchema>;
export type TwoFactorReset = z.infer<typeof twoFactorResetSchema>;

/** inviteOwners: the owners to invite to the portal (record ids); omitted means every active owner with an email. */
export const inviteOwnersInput = z.strictObject({
  owner_ids: z.array(recordId('owner_ids')).min(1, 'owner_ids: give at least one owner, or leave it out for every active owner with an email').max(20_000).optional(),
});
/** What inviteOwners did: how many invitations it sent, and each owner it skipped (record id, name) with the reason in words. */
export const inviteOwnersResultSchema = z.object({
  invited: z.number().int(),
  skipped: z.array(z.object({ owner_id: z.string(), name: z.string(), reason: z.string() })),
});
export type InviteOwnersResult = z.infer<typeof inviteOwnersResultSchema>;
