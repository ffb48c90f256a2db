/**
 * The restore drill of the README, on the database of this pass (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a real instance with owners, invoices, a payment and a file; `ops.js backup`;
 * the instance wiped (data directory, database, bucket); `ops.js restore`; the same figures and file.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_ID, freshDatabase, HEAVY_TEST_TIMEOUT_MS } from './helpers.ts';
import { runOps, startServerProcess, type ServerProcess } from './processes.ts';
import { startS3Server, type TestS3 } from './s3-server.ts';

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const ADMIN = { email: 'drill-admin@example.com', password: 'drill-admin-password-1' };
const onPostgres = !!(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

/** What must survive: owners, invoices, payments, account balances, the balance sheet and the file. */
async function snapshot(server: ServerProcess, token: string, fileUrl: string) {
  const get = async (path: string) => {
    const res = await fetch(`${server.baseUrl}/api/apps/${APP_ID}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const file = await fetch(`${server.baseUrl}${new URL(fileUrl).pathname}`);
  expect(file.status).toBe(200);
  return {
    owners: await get('/entities/Owner?sort=owner_id'),
    invoices: await get('/entities/Invoice?sort=invoice_number'),
    payments: await get('/entities/Payment?sort=payment_number'),
    accounts: ((await get('/entities/ChartOfAccount?sort=account_number')) as Array<{ account_number: string; balance: unknown }>).map((a) => [a.account_number, a.balance]),
    balanceSheet: await get('/reports/balance-sheet?as_of=2030-12-31'),
    file: { type: file.headers.get('content-type'), bytes: Buffer.from(await file.arrayBuffer()).toString('base64') },
  };
}

async function post(server: ServerProcess, token: string, path: string, body: unknown) {
  const res = await fetch(`${server.baseUrl}/api/apps/${APP_ID}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json as Record<string, unknown> & { id: string };
}

async function signIn(server: ServerProcess) {
  const res = await fetch(`${server.baseUrl}/api/apps/${APP_ID}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Recreates a database empty, as a lost server would be replaced. */
async function wipeDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL || process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}

describe(`backup and restore drill on ${onPostgres ? 'PostgreSQL (files in S3)' : 'the embedded database (files on disk)'}`, () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('backup, wipe, restore: the same owners, invoices, payments, ledger totals and files', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'covenant-drill-'));
    const backupDir = join(await mkdtemp(join(tmpdir(), 'covenant-drill-backup-')), 'backup');
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }), () => rm(join(backupDir, '..'), { recursive: true, force: true }));
    const database = onPostgres ? await freshDatabase() : null;
    if (database) cleanups.push(() => database.drop());
    let s3: TestS3 | undefined = onPostgres ? await startS3Server() : undefined;
    cleanups.push(async () => s3?.close());
    const env = () => ({ APP_ID, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DATA_DIR: dataDir, DATABASE_URL: database?.url, ...(s3?.env ?? {}) });

    // A working instance.
    let server = await startServerProcess(env(), { dataDir });
    cleanups.push(() => server.stop());
    let token = await signIn(server);
    const a = await post(server, token, '/entities/Owner', { owner_id: '510001', first_name: 'Ada', last_name: 'Drill', email: 'ada@example.com' });
    await post(server, token, '/entities/Owner', { owner_id: '510002', first_name: 'Ben', last_name: 'Drill' });
    const invoice = await post(server, token, '/functions/saveInvoice', { owner_id: a.id, invoice_date: '2026-10-01', status: 'sent', lines: [{ description: 'October dues', quantity: 1, unit_price: 325.5 }] });
    await post(server, token, '/functions/saveInvoice', { owner_id: a.id, invoice_date: '2026-11-01', status: 'sent', lines: [{ description: 'November dues', quantity: 2, unit_price: 162.75 }] });
    await post(server, token, '/functions/recordPayment', { owner_id: a.id, amount: 400, payment_date: '2026-11-05', payment_method: 'check', invoice_ids: [invoice.id] });
    const form = new FormData();
    form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${server.baseUrl}/api/apps/${APP_ID}/integration-endpoints/Core/UploadFile`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const fileUrl = ((await uploaded.json()) as { file_url: string }).file_url;
    const before = await snapshot(server, token, fileUrl);
    expect(before.invoices).toHaveLength(2);
    expect(before.payments).toHaveLength(1);

    // Restore refuses while a server runs on the configured port (so does a backup of the embedded database).
    const refused = await runOps(['restore', backupDir], { ...env(), PORT: String(server.port) });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`A server answers on port ${server.port}: stop it before restoring`);

    expect((await server.stop({ keepData: true })).code).toBe(0);
    const backup = await runOps(['backup', backupDir], env());
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Done: ${onPostgres ? 'postgres' : 'pglite'} database and 1 files`);
    expect((await readdir(join(backupDir, 'files'))).length).toBe(1);
    const manifest = JSON.parse(await readFile(join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'covenant-instance-backup', database: onPostgres ? 'postgres' : 'pglite', app_id: APP_ID });

    // Everything lost: the data directory, the database, the bucket.
    await rm(dataDir, { recursive: true, force: true });
    if (database) await wipeDatabase(database.url);
    if (s3) {
      await s3.close();
      s3 = await startS3Server('covenant-replacement');
    }

    const restore = await runOps(['restore', backupDir], env());
    expect(restore.code, restore.output).toBe(0);
    server = await startServerProcess(env(), { dataDir });
    token = await signIn(server);
    const after = await snapshot(server, token, fileUrl);
    expect(after).toEqual(before);
    expect((await server.stop({ keepData: true })).code).toBe(0);
  }, HEAVY_TEST_TIMEOUT_MS);
});
