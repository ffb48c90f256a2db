/**
 * The portfolio bench (npm run bench with BENCH_ASSOCIATIONS=N): N associations of BENCH_UNITS units (250) each on one
 * PostgreSQL database (BENCH_DATABASE_URL's server; a fresh database is created and dropped), made the way a
 * management company makes them: POST /api/portfolio/associations, then units and owners, a year of monthly billing
 * runs and payments in each. Then, against the budgets: a new association under 3 s, the portfolio summary under
 * 1 s, the production bundle serving within 10 s of a start with nothing to migrate, and idle under 300 MB resident.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { associationCtx } from '../src/lib/context.ts';
import { actorOfPerson } from '../src/platform/auth/auth.service.ts';
import { monthStarts, payMostInvoices, seedUnits } from './seed.ts';

const ASSOCIATIONS = Number(process.env.BENCH_ASSOCIATIONS);
const UNITS = Number(process.env.BENCH_UNITS ?? 250);
const MONTHS = Number(process.env.BENCH_PORTFOLIO_MONTHS ?? 12);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const name = `covenant_portfolio_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const dataDir = await mkdtemp(join(tmpdir(), 'covenant-portfolio-'));
const rows: string[] = [];
let failures = 0;
const row = (what: string, figure: string, budget: string, ok: boolean | null) => {
  if (ok === false) failures++;
  rows.push(`| ${what} | ${figure} | ${budget} | ${ok === null ? '' : ok ? 'ok' : 'OVER'} |`);
};

try {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', APP_ID: 'assoc-000', DATA_DIR: dataDir, NODE_ENV: 'production' }), databaseUrl: url.toString(), webDistDir: undefined, schedulerEnabled: false };
  let built = await buildApp(config, {});
  const setup = await built.app.inject({ method: 'POST', url: '/api/apps/assoc-000/setup', payload: { full_name: 'Portfolio Admin', email: 'portfolio@example.com', password: 'bench-password' } });
  const token = setup.json().access_token as string;
  const post = (path: string, payload: unknown) => built.app.inject({ method: 'POST', url: path, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

  // The associations, each created through the portfolio route, then filled.
  const createMs: number[] = [];
  const months = monthStarts(MONTHS, '2025-01-01');
  const seeded = performance.now();
  for (let i = 0; i < ASSOCIATIONS; i++) {
    const appId = `assoc-${String(i).padStart(3, '0')}`;
    if (i > 0) {
      const s = performance.now();
      const res = await post('/api/portfolio/associations', { name: `Association ${i}`, app_id: appId, state: i % 2 ? 'FL' : 'CA', time_zone: 'America/New_York', fiscal_year_start_month: 1 });
      createMs.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(`create ${appId}: ${res.statusCode} ${res.body}`);
    }
    const association = (await built.services.tenancy.get(appId))!;
    const ctx = associationCtx(built.services, association);
    ctx.actor = await actorOfPerson(ctx, (await built.app.inject({ method: 'GET', url: `/api/apps/${appId}/entities/User/me`, headers: { authorization: `Bearer ${token}` } })).json().id);
    await seedUnits(ctx, UNITS);
    const billing = built.services.registry.functions.get('runMonthlyBilling')!.handler;
    for (const month of months) await billing(ctx, { invoice_date: month });
    await payMostInvoices(ctx, months[MONTHS - 3]!);
    if (i % 20 === 19) console.log(`  ${i + 1} associations seeded (${((performance.now() - seeded) / 1000).toFixed(0)} s)`);
  }
  createMs.sort((a, b) => a - b);
  const p50 = createMs[Math.floor(createMs.length / 2)] ?? 0;
  const worst = createMs.at(-1) ?? 0;
  row(`Create an association (POST /api/portfolio/associations), ${createMs.length} creations`, `median ${p50.toFixed(0)} ms, worst ${worst.toFixed(0)} ms`, '3000 ms', worst <= 3000);
  // One more, at full scale.
  {
    const s = performance.now();
    const res = await post('/api/portfolio/associations', { name: 'One more', app_id: 'one-more', state: 'TX', time_zone: 'America/Chicago', fiscal_year_start_month: 7 });
    const ms = performance.now() - s;
    if (res.statusCode !== 200) throw new Error(`create one-more: ${res.statusCode} ${res.body}`);
    row(`Create association number ${ASSOCIATIONS + 1}`, `${ms.toFixed(0)} ms`, '3000 ms', ms <= 3000);
  }
  // The portfolio summary, from each association's ledger.
  {
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const s = performance.now();
      const res = await built.app.inject({ method: 'GET', url: '/api/portfolio/summary?as_of=2025-12-31', headers: { authorization: `Bearer ${token}` } });
      times.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(`summary: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i === 0) {
        const totals = res.json().totals as { associations: number; units: number; receivables: number; past_due_90: number; cash: number };
        rows.push(`| Portfolio as of 2025-12-31 | ${totals.associations} associations, ${totals.units} units, receivables ${totals.receivables.toFixed(2)}, past due 90+ ${totals.past_due_90.toFixed(2)}, cash ${totals.cash.toFixed(2)} | | |`);
      }
    }
    times.sort((a, b) => a - b);
    const median = times[3]!;
    row('GET /api/portfolio/summary (median of 7)', `${median.toFixed(0)} ms (worst ${times[6]!.toFixed(0)})`, '1000 ms', median <= 1000);
  }
  await built.close();
  built = undefined as never;

  // A start with nothing to migrate, as production runs it: the bundle until /api/health answers, then idle memory.
  const main = fileURLToPath(new URL('./main.js', import.meta.url));
  const port = 40000 + Math.floor(Math.random() * 10000);
  const started = performance.now();
  const child = spawn(process.execPath, ['--max-semi-space-size=16', main], {
    env: { ...process.env, DATABASE_URL: url.toString(), APP_ID: 'assoc-000', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', SCHEDULER: 'off', MALLOC_TRIM_THRESHOLD_: '131072' },
    stdio: 'ignore',
  });
  let servingMs = -1;
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) {
      servingMs = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  row(`Start with ${ASSOCIATIONS + 1} up-to-date associations, until /api/health answers`, servingMs < 0 ? 'never' : `${(servingMs / 1000).toFixed(1)} s`, '10 s', servingMs >= 0 && servingMs <= 10_000);
  await new Promise((r) => setTimeout(r, 10_000));
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  row('Idle server resident memory (10 s after start)', `${(rssKb / 1024).toFixed(0)} MiB`, '300 MiB', rssKb / 1024 <= 300);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));

  console.log(`\nCovenant portfolio bench: ${ASSOCIATIONS} associations of ${UNITS} units on PostgreSQL, ${MONTHS} months of billing each (seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s)\n`);
  console.log('| case | figure | budget | |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(r);
  process.exitCode = failures ? 1 : 0;
} finally {
  await rm(dataDir, { recursive: true, force: true });
  const d = new pg.Client({ connectionString: serverUrl });
  await d.connect();
  await d.query(`drop database if exists ${name} with (force)`);
  await d.end();
}
