import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgSchema, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { newId } from '../ids.ts';

/**
 * What is shared by every association of the instance, in its own PostgreSQL schema: people and their sign-ins
 * (Better Auth's tables), memberships (person, association, role, linked owner), and the association registry.
 * Each association's records live in a schema of their own (`app_<app id>`); these tables are always named with
 * their schema, so a query reaches them whatever association the connection is working in.
 */
export const SHARED_SCHEMA = 'covenant';
export const covenant = pgSchema(SHARED_SCHEMA);

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A person: one sign-in across every association they belong to. */
export const people = covenant.table(
  'people',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    created_date: ts('created_date').notNull().defaultNow(),
    updated_date: ts('updated_date').notNull().defaultNow().$onUpdate(() => new Date()),
    created_by: text('created_by'),
    full_name: text('full_name').notNull().default(''),
    email: text('email').notNull(),
    email_verified: boolean('email_verified').notNull().default(false),
    phone: text('phone'),
    photo_url: text('photo_url'),
    /** Kept by Better Auth's two-factor plugin: true once an authenticator app is enrolled and verified. */
    two_factor_enabled: boolean('two_factor_enabled').notNull().default(false),
    /** The instance-level role: 'portfolio_admin' runs every association of the management company. */
    portfolio_role: text('portfolio_role'),
  },
  (t) => [
    uniqueIndex('people_email_key').on(sql`lower(${t.email})`),
    check('people_portfolio_role', sql`${t.portfolio_role} is null or ${t.portfolio_role} = 'portfolio_admin'`),
  ],
);

/** The associations of the instance: each is an app id and a PostgreSQL schema of its own. */
export const associations = covenant.table(
  'associations',
  {
    app_id: text('app_id').primaryKey(),
    /** The association's schema: `app_` and the app id with hyphens as underscores. */
    schema_name: text('schema_name').notNull(),
    name: text('name').notNull(),
    /** Two-letter US state code (its rules: notice days, fine caps, estoppel fees). */
    state: text('state'),
    created_date: ts('created_date').notNull().defaultNow(),
    created_by: text('created_by'),
    /** Read-only from then on: every write answers 409 association_archived. */
    archived_date: ts('archived_date'),
    /** How many association migrations its schema has (the migrations folder's count when up to date). */
    schema_version: integer('schema_version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('associations_schema_key').on(t.schema_name),
    check('associations_app_id_format', sql`${t.app_id} ~ '^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$'`),
  ],
);

/** A person's place in an association: the application role, the system role and the owner record they are. */
export const memberships = covenant.table(
  'memberships',
  {
    person_id: text('person_id').notNull().references(() => people.id, { onDelete: 'cascade' }),
    app_id: text('app_id').notNull().references(() => associations.app_id, { onDelete: 'cascade' }),
    user_role: text('user_role'),
    role: text('role').notNull().default('user'),
    /** The owner record (in the association's schema) the person is; kept in step by the association's triggers. */
    owner_id: text('owner_id'),
    property_id: text('property_id'),
    created_date: ts('created_date').notNull().defaultNow(),
    updated_date: ts('updated_date').notNull().defaultNow(),
    created_by: text('created_by'),
  },
  (t) => [
    primaryKey({ columns: [t.person_id, t.app_id] }),
    index('memberships_app_idx').on(t.app_id, t.person_id),
    index('memberships_owner_idx').on(t.app_id, t.owner_id),
    check('memberships_role', sql`${t.role} in ('admin', 'user')`),
  ],
);

export const sessions = covenant.table(
  'sessions',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    token: text('token').notNull(),
    user_id: text('user_id').notNull().references(() => people.id, { onDelete: 'cascade' }),
    expires_at: ts('expires_at').notNull(),
    ip_address: text('ip_address'),
    user_agent: text('user_agent'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token), index('sessions_user_idx').on(t.user_id)],
);

export const accounts = covenant.table(
  'auth_accounts',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    account_id: text('account_id').notNull(),
    provider_id: text('provider_id').notNull(),
    user_id: text('user_id').notNull().references(() => people.id, { onDelete: 'cascade' }),
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

export const verifications = covenant.table(
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

/** Failed sign-ins per account, for the account-level lockout (independent of the caller's address). */
export const authFailures = covenant.table(
  'auth_failures',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    email: text('email').notNull(),
    failed_at: ts('failed_at').notNull().defaultNow(),
  },
  (t) => [index('auth_failures_email_idx').on(t.email, t.failed_at)],
);

/** Emailed one-time sign-in codes, offered once an account's password budget is spent; only a hash is kept. */
export const signInCodes = covenant.table(
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

/** Better Auth's two-factor plugin: the encrypted TOTP secret and recovery codes of a person. */
export const twoFactors = covenant.table(
  'two_factors',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    user_id: text('user_id').notNull().references(() => people.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backup_codes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failed_verification_count: integer('failed_verification_count').notNull().default(0),
    locked_until: ts('locked_until'),
  },
  (t) => [uniqueIndex('two_factors_user_key').on(t.user_id)],
);
