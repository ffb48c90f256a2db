import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { people } from '@covenant/db/schema/shared';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { addMember } from '../src/platform/auth/auth.service.ts';

export const APP_ID = 'covenant-test';
export const PASSWORD = 'correct-horse-9';
/** For tests that start processes or move whole backups: a slow, loaded machine must not fail them (a bound, not a speed check). */
export const HEAVY_TEST_TIMEOUT_MS = 240_000;

/** PostgreSQL server URL when the suite runs against a real server (CI); otherwise in-memory PGlite. */
const SERVER_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';

export interface TestApp extends BuiltApp {
  base: string;
  /** Calls the app with JSON in and out; token adds the bearer header. */
  call(method: string, url: string, opts?: { token?: string | undefined; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
}

/** A new empty database on the PostgreSQL server of TEST_DATABASE_URL; null when the suite runs on PGlite. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (!SERVER_URL) return null;
  const name = `covenant_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: SERVER_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A whole app on its own empty database, as production builds it. */
export async function createTestApp(overrides: Partial<AppConfig> = {}, opts: { logStream?: { write(line: string): void } } = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const config: AppConfig = {
    ...loadConfig({ APP_ID, LOG_LEVEL: 'silent', DATA_DIR: `/tmp/covenant-test-${randomBytes(6).toString('hex')}`, PUBLIC_URL: 'http://127.0.0.1:3999' }),
    databaseUrl: database?.url,
    inMemoryDb: !database,
    webDistDir: undefined,
    authRateLimitPerMinute: 10_000,
    // Scheduled runs are driven by the tests that test them (runDueJobs with a chosen instant).
    schedulerEnabled: false,
    ...overrides,
  };
  const built = await buildApp(config, opts);
  const base = `/api/apps/${APP_ID}`;
  return {
    ...built,
    base,
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let payload: string | undefined;
      if (opts.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        payload = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      }
      return built.app.inject({ method: method as 'GET', url: url.startsWith('/api') ? url : `${base}${url}`, headers, payload });
    },
    async close() {
      await built.close();
      await database?.drop();
    },
  };
}

export type Role = 'admin' | 'property_manager' | 'owner' | 'renter' | 'household_member' | 'guest_contact' | 'board_member';

/** Creates a verified user with an application role (and optionally linked to an owner) and signs them in. */
export async function createUser(
  t: TestApp,
  role: Role | null,
  opts: { email?: string; owner_id?: string | null; property_id?: string | null; systemAdmin?: boolean; appId?: string; portfolioAdmin?: boolean } = {},
): Promise<{ id: string; email: string; token: string }> {
  const email = opts.email ?? `${role ?? 'norole'}-${randomBytes(4).toString('hex')}@example.com`;
  const created = await t.services.auth.api.signUpEmail({ body: { email, password: PASSWORD, name: `Test ${role}` }, headers: new Headers() });
  await t.db.db.update(people).set({ email_verified: true, portfolio_role: opts.portfolioAdmin ? 'portfolio_admin' : null }).where(eq(people.id, created.user.id));
  // A member of the test's association (the first one), as an invitation would make them.
  await addMember(opts.appId ? t.systemCtx(opts.appId) : t.systemCtx(), created.user.id, {
    user_role: role, role: opts.systemAdmin || role === 'admin' ? 'admin' : 'user', owner_id: opts.owner_id ?? null, property_id: opts.property_id ?? null,
  });
  const token = await signIn(t, email);
  return { id: created.user.id, email, token };
}

export async function signIn(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await t.call('POST', '/auth/login', { body: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode}: ${res.body}`);
  return res.json().access_token as string;
}

let ownerSeq = 100000;
/** Factory: an Owner record created through the API by the given token (admin by default). */
export async function makeOwner(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/entities/Owner', {
    token,
    body: { owner_id: String(ownerSeq++), first_name: 'Pat', last_name: `Owner${ownerSeq}`, email: `owner${ownerSeq}@example.com`, ...overrides },
  });
  if (res.statusCode !== 200) throw new Error(`makeOwner ${res.statusCode}: ${res.body}`);
  return res.json() as Record<string, unknown> & { id: string };
}

let propertySeq = 200000;
export async function makeProperty(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/entities/Property', {
    token,
    body: { property_id: String(propertySeq++), unit_number: `U${propertySeq}`, monthly_hoa_fee: 250.5, ...overrides },
  });
  if (res.statusCode !== 200) throw new Error(`makeProperty ${res.statusCode}: ${res.body}`);
  return res.json() as Record<string, unknown> & { id: string };
}

export async function outbox(t: TestApp, adminToken: string) {
  const res = await t.call('GET', '/outbox', { token: adminToken });
  return res.json() as Array<{ to: string; subject: string; text: string; created_date: string }>;
}

export { multipartForm } from '../src/lib/multipart-form.ts';
