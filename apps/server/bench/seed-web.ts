/**
 * The association the browser bench (npm run bench:web) measures, written into an empty database:
 * `tsx apps/server/bench/seed-web.ts [units]` with DATABASE_URL, DATA_DIR, APP_ID, BENCH_ADMIN_EMAIL and
 * BENCH_ADMIN_PASSWORD; BENCH_MONTHS months of dues (default 36) up to the current month. Prints one JSON line:
 * what it wrote and how long it took.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { today } from '../src/lib/context.ts';
import { actorFromToken, setupFirstAdministrator } from '../src/platform/auth/auth.service.ts';
import { runMonthlyBilling } from '../src/features/billing/billing.service.ts';
import { cancelInvoice } from '../src/features/invoices/invoice.commands.ts';
import { addCoOwners, addUser, monthStarts, payMostInvoices, seedUnits, seedVendorsAndBills } from './seed.ts';

const units = Number(process.argv[2] ?? 5000);
const months = Number(process.env.BENCH_MONTHS ?? 36);
const admin = { full_name: 'Bench Admin', email: process.env.BENCH_ADMIN_EMAIL ?? 'bench@example.com', password: process.env.BENCH_ADMIN_PASSWORD ?? 'bench-password' };
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is required: the browser bench seeds a PostgreSQL database');
if (!(units >= 100 && months >= 2)) throw new Error(`at least 100 units and 2 months (got ${units} units, ${months} months)`);

const config = loadConfig({ LOG_LEVEL: 'silent', SCHEDULER: 'off', APP_ID: process.env.APP_ID, DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
const built = await buildApp({ ...config, webDistDir: undefined });
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;
try {
  const sys = built.systemCtx();
  const t0 = performance.now();
  const owners = await seedUnits(sys, units);
  const coOwners = await addCoOwners(sys, units, 10);
  // Units and owners are written by SQL here, standing in for a CSV import, which analyzes what it wrote.
  await sys.db.execute(sql`analyze owners, properties, owner_properties`);
  const { access_token: token } = (await setupFirstAdministrator(sys, admin)) as { access_token: string };
  const ctx = { ...sys, actor: await actorFromToken(sys, token) };
  const unitsSeconds = seconds(t0);

  // Dues for every unit up to this month; all but the last two months paid; a few of the open ones cancelled.
  const t1 = performance.now();
  const thisMonth = (await today(ctx)).slice(0, 7);
  const [y, m] = thisMonth.split('-').map(Number) as [number, number];
  const dates = monthStarts(months, new Date(Date.UTC(y, m - months, 1)).toISOString().slice(0, 10));
  for (const month of dates) {
    // The run analyzes what it wrote (after its commit); nothing else here does, as on a database without autovacuum.
    await runMonthlyBilling(ctx, { invoice_date: month });
  }
  await payMostInvoices(ctx, dates[months - 2]!);
  const toCancel = (await ctx.db.execute(sql`select id from invoices where status = 'sent' order by invoice_date, invoice_number limit 25`)).rows as Array<{ id: string }>;
  for (const { id } of toCancel) await cancelInvoice(ctx, id, { reason: 'Billed in error' });
  const financeSeconds = seconds(t1);

  const t2 = performance.now();
  await seedVendorsAndBills(ctx, dates);
  // A few staff and owners who sign in.
  for (let i = 0; i < 4; i++) await addUser(sys, built.services.auth, { email: `manager${i}@example.com`, password: admin.password, name: `Manager ${i}`, user_role: 'property_manager' });
  for (let i = 0; i < 16; i++) {
    const n = Math.floor((i * units) / 16);
    await addUser(sys, built.services.auth, { email: `owner${n}@example.com`, password: admin.password, name: `First${n} Owner`, user_role: 'owner', owner_id: owners[n] });
  }
  const counts = (await ctx.db.execute(sql`select
    (select count(*) from owners)::int as owners, (select count(*) from properties)::int as units,
    (select count(*) from invoices)::int as invoices, (select count(*) from payments)::int as payments,
    (select count(*) from journal_lines)::int as journal_lines, (select count(*) from vendors)::int as vendors,
    (select count(*) from bills)::int as bills, (select count(*) from users)::int as users`)).rows[0];
  console.log(JSON.stringify({ ...counts, co_owners: coOwners, months, seconds: { units: unitsSeconds, invoices_and_payments: financeSeconds, bills_and_users: seconds(t2), total: seconds(t0) } }));
} finally {
  await built.close();
}
