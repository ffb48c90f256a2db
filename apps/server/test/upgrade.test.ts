/**
 * Upgrading a database made by the single-association version (every table in `public`, drizzle's migrations
 * table) keeps every record under its app id: the schema becomes the first association's, people and sign-ins
 * move to the shared schema, and the ledger still verifies.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { freshDatabase, HEAVY_TEST_TIMEOUT_MS } from './helpers.ts';

const FIXTURE = readFileSync(new URL('./fixtures/single-association-0016.sql', import.meta.url), 'utf8');
const dataDir = `/tmp/covenant-upgrade-${randomBytes(6).toString('hex')}`;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let built: BuiltApp;

/** Loads the fixture into an empty database of the kind the suite runs on (a PGlite data folder, or a new PostgreSQL database). */
async function loadFixture(): Promise<void> {
  database = await freshDatabase();
  if (database) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(FIXTURE);
    await client.end();
    return;
  }
  await mkdir(join(dataDir, 'db'), { recursive: true });
  const client = new PGlite({ dataDir: join(dataDir, 'db') });
  await client.exec(FIXTURE);
  await client.close();
}

const call = (method: string, url: string, token?: string, body?: unknown) =>
  built.app.inject({
    method: method as 'GET', url: `/api/apps/covenant${url}`, payload: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });

beforeAll(async () => {
  await loadFixture();
  built = await buildApp({
    ...loadConfig({ APP_ID: 'covenant', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:3999' }),
    databaseUrl: database?.url, inMemoryDb: false, webDistDir: undefined, schedulerEnabled: false, authRateLimitPerMinute: 10_000,
  });
}, HEAVY_TEST_TIMEOUT_MS);
afterAll(async () => {
  await built?.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('upgrade of a single-association database', () => {
  it('keeps every record under the app id, in the association\'s own schema; public is empty', async () => {
    const shared = built.dbHandle.db;
    expect((await shared.execute(sql`select app_id, schema_name, name, schema_version from covenant.associations`)).rows).toEqual([
      { app_id: 'covenant', schema_name: 'app_covenant', name: 'Legacy Heights HOA', schema_version: expect.any(Number) },
    ]);
    const counts = (await built.db.db.execute(sql`select (select count(*) from owners)::int as owners, (select count(*) from invoices)::int as invoices,
      (select count(*) from payments)::int as payments, (select count(*) from journal_entries)::int as entries, (select count(*) from bills)::int as bills,
      (select count(*) from invitations)::int as invitations`)).rows[0];
    expect(counts).toEqual({ owners: 6, invoices: 18, payments: 4, entries: 32, bills: 1, invitations: 1 });
    const publicTables = (await shared.execute(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0] as { n: number };
    expect(publicTables.n).toBe(0);
    // What the migrations of the earlier version applied is recorded in the schema; the rest were applied now.
    const applied = (await shared.execute(sql`select count(*)::int as n from app_covenant.__migrations`)).rows[0] as { n: number };
    expect(applied.n).toBeGreaterThanOrEqual(18);
  });

  it('the administrator signs in with the old password, runs the portfolio, and the ledger verifies', async () => {
    const login = await call('POST', '/auth/login', undefined, { email: 'legacy.admin@example.com', password: 'legacy-password-1' });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().access_token as string;
    const me = await call('GET', '/entities/User/me', token);
    expect(me.json()).toMatchObject({ email: 'legacy.admin@example.com', role: 'admin', user_role: 'admin' });
    const verify = await call('GET', '/ledger/verify', token);
    expect(verify.json()).toMatchObject({ ok: true, entries: 32, first_broken: null });
    const owners = await call('GET', '/entities/Owner/count', token);
    expect(owners.json().count).toBe(6);
    const portfolio = await built.app.inject({ method: 'GET', url: '/api/portfolio/associations', headers: { authorization: `Bearer ${token}` } });
    expect(portfolio.json()).toMatchObject({ portfolio_admin: true, associations: [{ app_id: 'covenant', name: 'Legacy Heights HOA', role: 'admin' }] });

    // The books go on: a new month's run posts, and the chain still verifies with the new entries.
    const run = await call('POST', '/functions/runAssessments', token, { as_of: '2026-04-01' });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().count).toBe(6);
    await new Promise((r) => setTimeout(r, 600));
    expect((await call('GET', '/ledger/verify', token)).json()).toMatchObject({ ok: true, entries: 38 });
  });

  it('the pending invitation still registers the invited manager', async () => {
    const reg = await call('POST', '/auth/register', undefined, { email: 'legacy.manager@example.com', password: 'manager-password-1' });
    expect(reg.statusCode, reg.body).toBe(200);
    const users = (await built.db.db.execute(sql`select email, user_role::text as user_role from users order by email`)).rows;
    expect(users).toEqual([{ email: 'legacy.admin@example.com', user_role: 'admin' }, { email: 'legacy.manager@example.com', user_role: 'property_manager' }]);
  });
});
