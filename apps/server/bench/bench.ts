/**
 * Performance figures against the budgets of the architecture. Seeds a large association straight into
 * the database, then times the API through the real app (server time, app.inject, no network).
 * BENCH_DATABASE_URL runs it on a PostgreSQL database (a fresh one is created and dropped); else PGlite.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { newId } from '@covenant/db/ids';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const UNITS = Number(process.argv[2] ?? 5000);
const RUNS = 20;
const serverUrl = process.env.BENCH_DATABASE_URL;

/** A fresh PostgreSQL database, or an empty PGlite data directory as production uses (not an in-memory one). */
async function freshDb(): Promise<{ url?: string; dataDir: string; drop(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'covenant-bench-'));
  if (!serverUrl) return { dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
  const name = `covenant_bench_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    async drop() {
      await rm(dataDir, { recursive: true, force: true });
      const d = new pg.Client({ connectionString: serverUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

const database = await freshDb();
const config = { ...loadConfig({ LOG_LEVEL: 'silent', APP_ID: 'bench', DATA_DIR: database.dataDir }), databaseUrl: database.url, webDistDir: undefined };
const built = await buildApp(config, {});
const db = built.db.db;
const residentMiB = () => process.memoryUsage().rss / 1024 / 1024;
// Idle: the started server, settled, before any data or request, as production runs it (npm run bench runs the bundle).
await new Promise((resolve) => setTimeout(resolve, 10_000));
const idleRss = residentMiB();
const rssBudget = built.db.kind === 'postgres' ? 250 : 400;
const base = '/api/apps/bench';

try {
  const t0 = performance.now();
  const owners: string[] = [];
  const last = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez'];
  for (let start = 0; start < UNITS; start += 1000) {
    const ownerRows = [];
    const propertyRows = [];
    const links = [];
    for (let i = start; i < Math.min(start + 1000, UNITS); i++) {
      const oid = newId();
      const pid = newId();
      owners.push(oid);
      ownerRows.push(sql`(${oid}, ${String(100000 + i)}, ${`First${i}`}, ${`${last[i % 10]}${i}`}, ${`owner${i}@example.com`})`);
      propertyRows.push(sql`(${pid}, ${String(200000 + i)}, ${`${Math.floor(i / 100)}-${i % 100}`}, ${'350.00'})`);
      links.push(sql`(${newId()}, ${oid}, ${pid})`);
    }
    await db.execute(sql`insert into owners (id, owner_id, first_name, last_name, email) values ${sql.join(ownerRows, sql`, `)}`);
    await db.execute(sql`insert into properties (id, property_id, unit_number, monthly_hoa_fee) values ${sql.join(propertyRows, sql`, `)}`);
    await db.execute(sql`insert into owner_properties (id, owner_id, property_id) values ${sql.join(links, sql`, `)}`);
  }
  await db.execute(sql`analyze`);
  const seedMs = performance.now() - t0;

  const admin = await built.app.inject({ method: 'POST', url: `${base}/setup`, payload: { full_name: 'Bench', email: 'bench@example.com', password: 'bench-password' } });
  const token = admin.json().access_token as string;
  const ownerUserEmail = 'owner-bench@example.com';
  await built.services.auth.api.signUpEmail({ body: { email: ownerUserEmail, password: 'bench-password', name: 'Owner' }, headers: new Headers() });
  await db.execute(sql`update users set email_verified = true, user_role = 'owner', owner_id = ${owners[Math.floor(UNITS / 2)]} where email = ${ownerUserEmail}`);
  const ownerToken = (await built.app.inject({ method: 'POST', url: `${base}/auth/login`, payload: { email: ownerUserEmail, password: 'bench-password' } })).json().access_token as string;

  const q = (f: unknown) => encodeURIComponent(JSON.stringify(f));

  async function actorFor(bearer: string) {
    const { actorFromToken } = await import('../src/platform/auth/auth.service.ts');
    return actorFromToken(built.systemCtx(), bearer);
  }

  /** Pays every invoice dated before `until` in full, 10 days after it, with the postings the services write. */
  async function payMostInvoices(until: string) {
    await db.execute(sql`
      with paid as (
        select i.id as invoice_id, i.owner_id, i.total_amount as amount, i.invoice_date + 10 as payment_date, substr(md5(i.id || 'p'), 1, 24) as payment_id,
               substr(md5(i.id || 'a'), 1, 24) as link_id, substr(md5(i.id || 'e1'), 1, 24) as pay_entry, substr(md5(i.id || 'e2'), 1, 24) as app_entry
        from invoices i where i.invoice_date < ${until} and i.status = 'sent'
      ), p as (
        insert into payments (id, payment_number, payment_date, amount, owner_id, payment_method)
        select payment_id, 'PMT-BENCH-' || invoice_id, payment_date, amount, owner_id, 'online' from paid returning id
      ), l as (
        insert into payment_invoices (id, payment_id, invoice_id, amount_applied, applied_date) select link_id, payment_id, invoice_id, amount, payment_date from paid returning id
      ), e as (
        insert into journal_entries (id, entry_date, memo, source_type, source_id)
        select pay_entry, payment_date, 'Payment', 'payment', payment_id from paid
        union all select app_entry, payment_date, 'Payment applied', 'payment_application', link_id from paid returning id
      ), jl as (
        insert into journal_lines (id, entry_id, line_no, account_id, debit, credit, owner_id, document_type, document_id, entry_date)
        select substr(md5(pay_entry || '1'), 1, 24), pay_entry, 1, (select id from chart_of_accounts where system_key = 'cash'), amount, 0, owner_id, 'payment', payment_id, payment_date from paid
        union all select substr(md5(pay_entry || '2'), 1, 24), pay_entry, 2, (select id from chart_of_accounts where system_key = 'owner_prepayments'), 0, amount, owner_id, 'payment', payment_id, payment_date from paid
        union all select substr(md5(app_entry || '1'), 1, 24), app_entry, 1, (select id from chart_of_accounts where system_key = 'owner_prepayments'), amount, 0, owner_id, 'payment', payment_id, payment_date from paid
        union all select substr(md5(app_entry || '2'), 1, 24), app_entry, 2, (select id from chart_of_accounts where system_key = 'accounts_receivable'), 0, amount, owner_id, 'invoice', invoice_id, payment_date from paid
        returning id
      )
      update invoices i set amount_paid = i.total_amount, balance_due = 0, status = 'paid' from paid where paid.invoice_id = i.id`);
  }
  const cases: Array<{ name: string; url: string; token: string; budgetMs: number }> = [
    { name: 'Owner list, first page by last name', url: `/entities/Owner?sort=last_name&limit=50`, token, budgetMs: 300 },
    { name: 'Owner search (regex, case-insensitive)', url: `/entities/Owner?q=${q({ $or: [{ last_name: { $regex: 'mith12', $options: 'i' } }, { email: { $regex: 'mith12', $options: 'i' } }] })}&limit=50`, token, budgetMs: 300 },
    { name: 'Owner count', url: `/entities/Owner/count`, token, budgetMs: 300 },
    { name: 'Property list, newest first', url: `/entities/Property?sort=-created_date&limit=50`, token, budgetMs: 300 },
    { name: 'Property page 50 (skip 2450)', url: `/entities/Property?sort=unit_number&limit=50&skip=2450`, token, budgetMs: 300 },
    { name: 'Owner assignments of one unit', url: `/entities/OwnerProperty?q=${q({ owner_id: owners[7] })}`, token, budgetMs: 300 },
    { name: 'Owner (own records) sees their units', url: `/entities/Property`, token: ownerToken, budgetMs: 300 },
    { name: 'User/me', url: `/entities/User/me`, token, budgetMs: 300 },
  ];

  const rows: string[] = [];
  let failures = 0;
  const timeOnce = async (name: string, budgetMs: number, fn: () => Promise<unknown>) => {
    const s = performance.now();
    await fn();
    const ms = performance.now() - s;
    if (ms > budgetMs) failures++;
    rows.push(`| ${name} | ${ms.toFixed(0)} | ${ms.toFixed(0)} | ${budgetMs} | ${ms <= budgetMs ? 'ok' : 'OVER'} |`);
  };

  // Financial history: three years of monthly dues for every unit (the billing run is timed on its first month),
  // then most invoices paid, written set-wise in SQL with the same postings the services make.
  const months = Number(process.env.BENCH_MONTHS ?? 36);
  const monthDates = Array.from({ length: months }, (_, i) => {
    const d = new Date(Date.UTC(2024, 0, 1));
    d.setUTCMonth(d.getUTCMonth() + i);
    return d.toISOString().slice(0, 10);
  });
  const billingCtx = { ...built.systemCtx(), actor: (await actorFor(token)) };
  const { runMonthlyBilling } = await import('../src/features/billing/billing.service.ts');
  const f0 = performance.now();
  await timeOnce(`Monthly billing run (${UNITS} units)`, 5000, () => runMonthlyBilling(billingCtx, { invoice_date: monthDates[0] }));
  for (const month of monthDates.slice(1)) await runMonthlyBilling(billingCtx, { invoice_date: month });
  await payMostInvoices(monthDates[months - 3]!);
  await db.execute(sql`analyze`);
  const financeSeedMs = performance.now() - f0;
  const counts = (await db.execute(sql`select (select count(*) from journal_lines)::int as lines, (select count(*) from invoices)::int as invoices`)).rows[0] as { lines: number; invoices: number };
  const { lines: journalLineCount, invoices: invoiceCount } = counts;
  cases.push(
    { name: 'Invoice list, newest first', url: `/entities/Invoice?sort=-invoice_date&limit=50`, token, budgetMs: 300 },
    { name: 'Invoices of one owner', url: `/entities/Invoice?q=${q({ owner_id: owners[42] })}&sort=-invoice_date&limit=50`, token, budgetMs: 300 },
    { name: 'Open invoices (balance > 0)', url: `/entities/Invoice?q=${q({ balance_due: { $gt: 0 } })}&sort=-invoice_date&limit=50`, token, budgetMs: 300 },
    { name: 'Payment list, newest first', url: `/entities/Payment?sort=-payment_date&limit=50`, token, budgetMs: 300 },
    { name: 'Owner (own records) invoices', url: `/entities/Invoice?sort=-invoice_date&limit=50`, token: ownerToken, budgetMs: 300 },
    { name: 'Dashboard summary', url: `/dashboard/summary`, token, budgetMs: 200 },
    { name: 'Report: summary (one year)', url: `/reports/summary?from=2025-01-01&to=2025-12-31`, token, budgetMs: 500 },
    { name: 'Report: income statement', url: `/reports/income-statement?from=2025-01-01&to=2025-12-31`, token, budgetMs: 500 },
    { name: 'Report: balance sheet', url: `/reports/balance-sheet?as_of=2026-12-31`, token, budgetMs: 500 },
    { name: 'Report: A/R aging', url: `/reports/ar-aging?as_of=2026-12-31`, token, budgetMs: 500 },
    { name: 'Report: A/P aging', url: `/reports/ap-aging?as_of=2026-12-31`, token, budgetMs: 500 },
    { name: 'Chart of accounts with balances', url: `/entities/ChartOfAccount?sort=account_number`, token, budgetMs: 300 },
  );
  for (const c of cases) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const s = performance.now();
      const res = await built.app.inject({ method: 'GET', url: `${base}${c.url}`, headers: { authorization: `Bearer ${c.token}` } });
      const ms = performance.now() - s;
      if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i >= 2) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.floor(times.length * 0.95) - 1]!;
    const ok = p95 <= c.budgetMs;
    if (!ok) failures++;
    rows.push(`| ${c.name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${c.budgetMs} | ${ok ? 'ok' : 'OVER'} |`);
  }
  const afterRss = residentMiB();
  if (idleRss > rssBudget) failures++;
  console.log(`\nCovenant bench: ${UNITS} units on ${built.db.kind} (seeded in ${(seedMs / 1000).toFixed(1)} s), ${months} months of history: ${invoiceCount} invoices, ${journalLineCount} journal lines (written in ${(financeSeedMs / 1000).toFixed(1)} s); ${RUNS} runs each, server time via app.inject\n`);
  console.log('| case | p50 ms | p95 ms | budget ms | |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  console.log(`\nresident memory, idle server: ${idleRss.toFixed(0)} MiB (budget ${rssBudget} MiB on ${built.db.kind}: ${idleRss <= rssBudget ? 'ok' : 'OVER'})`);
  console.log(`resident memory after the bench: ${afterRss.toFixed(0)} MiB`);
  process.exitCode = failures ? 1 : 0;
} finally {
  await built.close();
  await database.drop();
}
