import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { newId } from '../ids.ts';
import { owners, users } from './community.ts';
import { appRoleEnum } from './enums.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    token: text('token').notNull(),
    user_id: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expires_at: ts('expires_at').notNull(),
    ip_address: text('ip_address'),
    user_agent: text('user_agent'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token), index('sessions_user_idx').on(t.user_id)],
);

export const accounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    account_id: text('account_id').notNull(),
    provider_id: text('provider_id').notNull(),
    user_id: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    access_token: text('access_token'),
    refresh_token: text('refresh_token'),
    id_token: text('id_token'),
    access_token_expires_at: ts('access_token_expires_at'),
    refresh_token_expires_at: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.user_id)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expires_at: ts('expires_at').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Pending invitations: who may register, with which application role. */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    email: text('email').notNull(),
    user_role: appRoleEnum('user_role'),
    system_role: text('system_role').notNull().default('user'),
    invited_by: text('invited_by'),
    /** The owner record the new user is linked to when they register (an owner invited to the portal). */
    owner_id: text('owner_id').references(() => owners.id, { onDelete: 'set null' }),
    created_date: ts('created_date').notNull().defaultNow(),
    accepted_date: ts('accepted_date'),
  },
  (t) => [uniqueIndex('invitations_email_key').on(sql`lower(${t.email})`), index('invitations_owner_idx').on(t.owner_id)],
);

/** Failed sign-ins per account, for the account-level lockout (independent of the caller's address). */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    email: text('email').notNull(),
    failed_at: ts('failed_at').notNull().defaultNow(),
  },
  (t) => [index('auth_failures_email_idx').on(t.email, t.failed_at)],
);

/** Emailed one-time sign-in codes, offered once an account's password budget is spent; only a hash is kept. */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    email: text('email').notNull(),
    code_hash: text('code_hash').notNull(),
    created_date: ts('created_date').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('sign_in_codes_email_idx').on(t.email, t.expires_at)],
);

/** Better Auth's two-factor plugin: the encrypted TOTP secret and recovery codes of a user. */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    user_id: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backup_codes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failed_verification_count: integer('failed_verification_count').notNull().default(0),
    locked_until: ts('locked_until'),
  },
  (t) => [uniqueIndex('two_factors_user_key').on(t.user_id)],
);
