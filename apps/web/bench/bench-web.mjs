#!/usr/bin/env node
// The browser bench: `npm run bench:web [units]` (builds the web app and the server bundle first).
// Seeds a large association into a fresh PostgreSQL database (BENCH_DATABASE_URL's server), starts the production
// server on it, and in Chromium times every list screen from navigation, a sort, a tab or a search to its first rows.
// Prints a markdown table against the budget (1 s a screen) and the initial JavaScript against its budget (200 KB);
// exits 1 when anything is over or a row never appears. The database and the server are always removed.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { ServerApi } from '../e2e/lib/api.mjs';
import { signInWithToken } from '../e2e/lib/fixtures.mjs';
import { startServer } from '../e2e/lib/server.mjs';
import { BillsPage } from '../e2e/pages/bills-page.mjs';
import { DataTable } from '../e2e/pages/data-table.mjs';
import { InvoicesPage } from '../e2e/pages/invoices-page.mjs';
import { OwnersPage } from '../e2e/pages/owners-page.mjs';
import { PaymentsPage } from '../e2e/pages/payments-page.mjs';
import { PropertiesPage } from '../e2e/pages/properties-page.mjs';
import { UsersPage } from '../e2e/pages/users-page.mjs';
import { VendorsPage } from '../e2e/pages/vendors-page.mjs';
import { INITIAL_JS_BUDGET_BYTES, initialJavaScript } from '../scripts/bundle-size.mjs';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(webDir, '../..');
const UNITS = Number(process.argv[2] ?? 5000);
const MONTHS = Number(process.env.BENCH_MONTHS ?? 36);
const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const APP_ID = 'covenant-bench';
const ADMIN = { email: 'bench.admin@example.com', password: 'Covenant-bench-2024!' };
const WARM_UP = 1;
const RUNS = 5;
const BUDGET_MS = 1000;
/** Longest wait for anything in the browser; a row that takes longer counts as never shown. */
const WAIT_MS = 15_000;
const SEED_TIMEOUT_MS = 30 * 60_000;

/**
 * @typedef {import('playwright-core').Page} Page
 * @typedef {import('playwright-core').Locator} Locator
 * @typedef {{ rows: any[], total: number }} ListPage
 */
/**
 * A change made on a screen: `open` (not timed, e.g. opening a menu), then `act` (timed); the screen then shows the
 * list `query` asks for (added to the query before it).
 * @typedef {{ name: string, query: Record<string, string | number>, open?: (page: Page) => Promise<unknown>, act: (page: Page) => Promise<unknown> }} Step
 */
/**
 * A list screen: `query` is what it asks `GET /lists/{list}` for on arrival; `firstRow` its first row showing an API
 * row; `total` the count it shows, if any; `steps` the cases after the navigation, each a sequence whose last step
 * is timed.
 * @typedef {{
 *   screen: string, path: string, list: string, query: Record<string, string | number>,
 *   firstRow: (page: Page, row: any) => Locator, total?: (page: Page, list: ListPage) => Locator | null,
 *   steps: Step[][],
 * }} Screen
 */

/**
 * Choosing a sort: opening the menu and waiting until the option can be clicked (a trial click: visible and stable
 * once the menu's animation ends) is not timed; the click on the option is.
 * @param {(page: Page) => Locator} menu @param {string} name @param {Record<string, string>} query @returns {Step}
 */
function sortStep(menu, name, query) {
  /** @param {Page} page */
  const option = (page) => page.getByRole('option', { name, exact: true });
  return {
    name, query,
    open: async (page) => {
      await menu(page).click();
      await option(page).click({ trial: true });
    },
    act: (page) => option(page).click(),
  };
}

/**
 * A click on a sortable header of a screen's DataTable (timed); `query` is the order it asks the server for.
 * @param {string} table the table's name @param {string} title the column's title @param {Record<string, string>} query @returns {Step}
 */
function headerSortStep(table, title, query) {
  return { name: `sort by ${title}`, query, act: (page) => new DataTable(page, table).sortButton(title).click() };
}

/** Typing a search (timed). @param {(page: Page) => Locator} box @param {string} text @returns {Step} */
function searchStep(box, text) {
  return { name: `search "${text}"`, query: { search: text }, act: (page) => box(page).fill(text) };
}

/** @type {Screen[]} */
const SCREENS = [
  {
    screen: 'Owners', path: '/owners', list: 'owners', query: { sort: 'last_name', limit: 48 },
    firstRow: (page, row) => new OwnersPage(page).cards.first().and(new OwnersPage(page).card(`${row.first_name} ${row.last_name}`)),
    total: (page, list) => page.getByText(`Showing ${list.rows.length} of ${list.total} owners`, { exact: true }),
    steps: [
      [sortStep((page) => new OwnersPage(page).sort, 'Sort by Unit Number', { sort: 'unit' })],
      [searchStep((page) => new OwnersPage(page).search, 'smith')],
    ],
  },
  {
    screen: 'Properties', path: '/properties', list: 'properties', query: { sort: 'unit', limit: 48 },
    firstRow: (page, row) => page.getByTestId('property-card').first().and(new PropertiesPage(page).card(row.unit_number)),
    total: (page, list) => page.getByText(`Showing ${list.rows.length} of ${list.total} properties`, { exact: true }),
    steps: [
      [sortStep((page) => new PropertiesPage(page).sort, 'Sort by Owner Last Name', { sort: 'owner' })],
      [searchStep((page) => new PropertiesPage(page).search, `${Math.floor(UNITS / 400)}-`)],
    ],
  },
  {
    screen: 'Invoices', path: '/invoices', list: 'invoices', query: { tab: 'outstanding', limit: 50, skip: 0 },
    firstRow: (page, row) => new InvoicesPage(page).rows.first().and(new InvoicesPage(page).row(row.invoice_number)),
    total: (page, list) => pagerRange(page, list, 50),
    steps: [
      [allInvoicesTab()],
      [{ name: 'Cancelled tab', query: { tab: 'cancelled' }, act: (page) => new InvoicesPage(page).tab('Cancelled') }],
      [allInvoicesTab(), { name: 'All Invoices, Last Month', query: { period: 'last_month' }, act: (page) => new InvoicesPage(page).quickFilter('Last Month').click() }],
      [searchStep((page) => new InvoicesPage(page).search, 'smith')],
      [allInvoicesTab(), headerSortStep('Invoices', 'Billed To', { sort: 'owner' })],
      [allInvoicesTab(), headerSortStep('Invoices', 'Status', { sort: 'status' })],
    ],
  },
  {
    screen: 'Payments', path: '/payments', list: 'payments', query: { limit: 50, skip: 0 },
    firstRow: (page, row) => new PaymentsPage(page).rows.first().and(page.getByRole('row', { name: row.payment_number, exact: true })),
    total: (page, list) => pagerRange(page, list, 50),
    steps: [
      [searchStep((page) => new PaymentsPage(page).search, 'smith')],
      [headerSortStep('Payments', 'Owner', { sort: 'owner' })],
      [headerSortStep('Payments', 'Method', { sort: 'payment_method' })],
    ],
  },
  {
    screen: 'Bills', path: '/bills', list: 'bills', query: { limit: 50, skip: 0 },
    firstRow: (page, row) => new BillsPage(page).table.getByRole('row').nth(1).and(new BillsPage(page).row(row.bill_number)),
    steps: [[headerSortStep('Bills', 'Vendor', { sort: 'vendor_name' })]],
  },
  {
    screen: 'Vendors', path: '/vendors', list: 'vendors', query: { limit: 48 },
    firstRow: (page, row) => new VendorsPage(page).cards.first().and(new VendorsPage(page).card(row.vendor_name)),
    total: (page, list) => (list.rows.length < list.total ? page.getByText(`Showing ${list.rows.length} of ${list.total} vendors`, { exact: true }) : null),
    steps: [[searchStep((page) => new VendorsPage(page).search, 'garcia')]],
  },
  {
    screen: 'Users', path: '/users', list: 'users', query: { limit: 100 },
    firstRow: (page, row) => new UsersPage(page).cards.first().and(new UsersPage(page).card(row.full_name || row.email)),
    steps: [[searchStep((page) => new UsersPage(page).search, 'manager')]],
  },
];

/** @returns {Step} */
function allInvoicesTab() {
  return { name: 'All Invoices tab', query: { tab: 'all' }, act: (page) => new InvoicesPage(page).tab('All Invoices') };
}

/**
 * The kit's pager under a paged table, "Showing 1–50 of 180000" (none when the list is empty).
 * @param {import('playwright-core').Page} page @param {ListPage} list @param {number} pageSize
 */
function pagerRange(page, list, pageSize) {
  if (list.total === 0) return null;
  return page.getByRole('navigation', { name: 'Pages' }).getByText(`Showing 1–${Math.min(list.total, pageSize)} of ${list.total}`, { exact: true });
}

/** What the run made (temporary folders, the database, the seeding, the server, the browser), removed last first. */
const cleanups = /** @type {Array<() => Promise<unknown>>} */ ([]);
/** Cleanups of things made after the cleanup began (a signal came while they were being made). */
const late = /** @type {Promise<unknown>[]} */ ([]);
/** @type {Promise<void> | undefined} */
let cleaning;
/** @param {unknown} error */
const reportCleanup = (error) => console.error(`cleanup: ${error instanceof Error ? error.message : error}`);

/** Registers how to remove something just made; once the cleanup has begun, removes it at once and stops the run. @param {() => Promise<unknown>} step */
function addCleanup(step) {
  if (!cleaning) return void cleanups.push(step);
  late.push(step().catch(reportCleanup));
  throw new Error('stopped');
}

/** Removes everything the run made, once, whether it ends or a signal stops it. */
async function cleanUp() {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) await step().catch(reportCleanup);
  })();
  await cleaning;
  await Promise.all(late);
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/**
 * A child process bounded in time, in its own process group (so stopping it stops what it started); resolves
 * with its standard output, rejects on a non-zero exit or the timeout.
 * @param {string[]} args @param {NodeJS.ProcessEnv} env @param {number} timeoutMs
 * @returns {{ done: Promise<string>, kill(): void }}
 */
function run(args, env, timeoutMs) {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  let timedOut = false;
  const kill = () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, timeoutMs);
  const done = new Promise((resolveRun, rejectRun) => {
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolveRun(out);
      else rejectRun(new Error(`${args.join(' ')}: ${timedOut ? `stopped after ${timeoutMs / 60_000} min` : signal ? `stopped (${signal})` : `exited with ${code}`}\n${out.slice(-2000)}`));
    });
  });
  return { done, kill };
}

/** A fresh database on the PostgreSQL server, dropped by `drop` (which also ends its connections). */
async function createDatabase() {
  const name = `covenant_benchweb_${randomBytes(4).toString('hex')}`;
  const admin = async (/** @type {string} */ statement) => {
    const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * Waits until every locator shows; a timeout names what never appeared.
 * @param {Locator[]} locators
 */
async function waitShown(locators) {
  await Promise.all(
    locators.map((l) =>
      l.waitFor({ state: 'visible', timeout: WAIT_MS }).catch((error) => {
        throw new Error(`not shown within ${WAIT_MS / 1000} s: ${l}`, { cause: error });
      }),
    ),
  );
}

/**
 * The next list request the page finishes (its timing tells where the time went). Handled from the start: a case
 * that fails before awaiting it must not end the process with an unhandled rejection.
 * @param {Page} page @param {string} list
 */
function nextListRequest(page, list) {
  const request = page.waitForEvent('requestfinished', { predicate: (r) => r.url().includes(`/lists/${list}`), timeout: WAIT_MS });
  request.catch(() => undefined);
  return request;
}

/**
 * Times the cases of one screen: the navigation to it, then each sequence of steps (the last one timed), each
 * WARM_UP + RUNS times from a fresh load. A result holds the times, or the reason no row appeared.
 * @param {Page} page @param {ServerApi} api @param {string} token @param {Screen} screen
 */
async function timeScreen(page, api, token, screen) {
  /** @param {Record<string, string | number>} query @returns {Promise<ListPage>} */
  const listOf = (query) => api.app('GET', `/lists/${screen.list}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { token });
  /** What the screen must show for a list: its first row (the one the API puts first) and its count. @param {ListPage} list */
  const shown = (list) => {
    if (list.rows.length === 0) throw new Error(`the API lists no ${screen.list} for this case: nothing to wait for`);
    return [screen.firstRow(page, list.rows[0]), screen.total?.(page, list)].filter((l) => !!l);
  };
  /** @param {ListPage} a @param {ListPage} b */
  const sameScreen = (a, b) => JSON.stringify(a.rows[0]) === JSON.stringify(b.rows[0]) && a.total === b.total;

  const arrival = await listOf(screen.query);
  const cases = [{ name: `${screen.screen} (navigation)`, steps: /** @type {Step[]} */ ([]) }, ...screen.steps.map((steps) => ({ name: `${screen.screen} · ${steps.map((s) => s.name).join(' → ')}`, steps }))];
  const results = [];
  for (const c of cases) {
    if (cleaning) throw new Error('stopped');
    /** @type {{ name: string, times: number[], request: { start: number[], took: number[] }, error?: string }} */
    const result = { name: c.name, times: [], request: { start: [], took: [] } };
    results.push(result);
    try {
      // Each step's list builds on the one before (a search keeps the tab), as on the screen.
      let query = screen.query;
      let previous = arrival;
      const lists = [];
      for (const step of c.steps) {
        query = { ...query, ...step.query };
        const list = await listOf(query);
        if (sameScreen(list, previous)) throw new Error(`"${step.name}" shows the same first row and count as before it: nothing tells the new rows apart`);
        lists.push(list);
        previous = list;
      }
      for (let i = 0; i < WARM_UP + RUNS; i++) {
        const listRequest = nextListRequest(page, screen.list);
        let started = performance.now();
        let startedAt = Date.now();
        await page.goto(screen.path, { waitUntil: 'commit', timeout: WAIT_MS });
        await waitShown(shown(arrival));
        let request = await listRequest;
        for (const [s, step] of c.steps.entries()) {
          await step.open?.(page);
          const next = nextListRequest(page, screen.list);
          started = performance.now();
          startedAt = Date.now();
          await step.act(page);
          await waitShown(shown(/** @type {ListPage} */ (lists[s])));
          request = await next;
        }
        const ms = performance.now() - started;
        if (i < WARM_UP) continue;
        result.times.push(ms);
        const timing = request.timing();
        result.request.start.push(timing.startTime - startedAt);
        result.request.took.push(timing.responseEnd);
      }
    } catch (error) {
      result.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
    }
  }
  return results;
}

/**
 * Switching association from the header's switcher to the other one's dashboard (its figures shown): from the
 * seeded association to a new, small one and back to the seeded one. Timed from the click on the switcher's link
 * (a page load of the other address) to the dashboard's Total Owners figure of that association.
 * @param {Page} page @param {ServerApi} api @param {string} token
 */
async function timeSwitching(page, api, token) {
  const other = { name: 'Switch Bench Towers', app_id: 'switch-bench' };
  await api.request('POST', '/portfolio/associations', { token, body: { ...other, state: 'FL', time_zone: 'America/New_York', fiscal_year_start_month: 1 } });
  const { name: seededName } = await api.request('GET', '/app-config');
  const cases = [
    { name: `Switch association: to a new association's dashboard`, from: `/a/${APP_ID}/`, to: other, toName: other.name },
    { name: `Switch association: back to the ${UNITS}-unit association's dashboard`, from: `/a/${other.app_id}/`, to: { app_id: APP_ID }, toName: seededName },
  ];
  const results = [];
  for (const c of cases) {
    const result = { name: c.name, times: /** @type {number[]} */ ([]), request: { start: /** @type {number[]} */ ([]), took: /** @type {number[]} */ ([]) }, error: /** @type {string | undefined} */ (undefined) };
    results.push(result);
    try {
      for (let i = 0; i < WARM_UP + RUNS; i++) {
        await page.goto(c.from);
        await page.getByRole('button', { name: /: switch association$/ }).click({ timeout: WAIT_MS });
        const link = page.getByRole('list', { name: 'Your associations' }).locator(`a[href="/a/${c.to.app_id}/"]`);
        await link.waitFor({ timeout: WAIT_MS });
        const started = performance.now();
        await link.click();
        await page.getByTestId('organization-name').getByText(c.toName, { exact: true }).waitFor({ timeout: WAIT_MS });
        await page.getByRole('link', { name: /^Total Owners / }).waitFor({ timeout: WAIT_MS });
        if (i >= WARM_UP) result.times.push(performance.now() - started);
      }
    } catch (error) {
      result.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
    }
  }
  return results;
}

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH.`);
  if (!existsSync(join(webDir, 'dist/index.html')) || !existsSync(join(repoRoot, 'apps/server/dist/main.js'))) {
    throw new Error('apps/web/dist or apps/server/dist is missing: npm run build (npm run bench:web does).');
  }
  if (!(UNITS >= 400)) throw new Error(`at least 400 units (got ${process.argv[2]})`);
  const js = await initialJavaScript(join(webDir, 'dist'));

  try {
    const work = await mkdtemp(join(tmpdir(), 'covenant-bench-web-'));
    addCleanup(() => rm(work, { recursive: true, force: true }));
    const database = await createDatabase();
    addCleanup(() => database.drop());
    console.log(`Seeding ${UNITS} units, ${MONTHS} months into ${database.name}…`);
    const seedStarted = performance.now();
    const seeding = run(['--import', 'tsx', 'apps/server/bench/seed-web.ts', String(UNITS)], {
      ...process.env, DATABASE_URL: database.url, DATA_DIR: join(work, 'seed'), APP_ID, BENCH_MONTHS: String(MONTHS),
      BENCH_ADMIN_EMAIL: ADMIN.email, BENCH_ADMIN_PASSWORD: ADMIN.password,
    }, SEED_TIMEOUT_MS);
    addCleanup(async () => seeding.kill());
    const seeded = JSON.parse((await seeding.done).trim().split('\n').at(-1) ?? '{}');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`Seeded in ${seedSeconds.toFixed(0)} s: ${JSON.stringify(seeded)}`);

    const server = await startServer({ repoRoot, logFile: join(work, 'server.log'), appId: APP_ID, env: { DATABASE_URL: database.url, SCHEDULER: 'off', LOG_LEVEL: 'warn', NODE_ENV: 'production' } });
    addCleanup(() => server.stop());
    const api = new ServerApi(server.baseURL, APP_ID);
    const token = await api.login(ADMIN.email, ADMIN.password);

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
      timeout: WAIT_MS * 2,
      // Our cleanup closes it; Playwright's own handlers would exit the process before the server and database are gone.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    addCleanup(() => browser.close());
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(WAIT_MS);
    context.setDefaultNavigationTimeout(WAIT_MS);
    const page = await context.newPage();
    await signInWithToken(page, token);

    const results = [];
    for (const screen of SCREENS) {
      console.log(`Timing ${screen.screen}…`);
      results.push(...(await timeScreen(page, api, token, screen)));
    }
    console.log('Timing association switching…');
    results.push(...(await timeSwitching(page, api, token)));

    let failures = 0;
    const lines = [
      `\nCovenant bench:web: ${UNITS} units, ${MONTHS} months on PostgreSQL (${seeded.owners} owners, ${seeded.invoices} invoices, ${seeded.payments} payments, ${seeded.journal_lines} journal lines, ${seeded.bills} bills, ${seeded.users} users; seeded in ${seedSeconds.toFixed(0)} s). Chromium, 1280×800; ${WARM_UP} warm-up + ${RUNS} runs a case, each from a fresh page load; time from the navigation, click or typing to the first row shown.\n`,
      '| screen / case | median ms | worst ms | budget ms | ok/OVER |',
      '|---|---|---|---|---|',
    ];
    for (const r of results) {
      if (r.error) {
        failures++;
        lines.push(`| ${r.name} | – | – | ${BUDGET_MS} | OVER: ${r.error.replaceAll('|', '\\|')} |`);
        continue;
      }
      const worst = Math.max(...r.times);
      if (worst > BUDGET_MS) failures++;
      lines.push(`| ${r.name} | ${median(r.times).toFixed(0)} | ${worst.toFixed(0)} | ${BUDGET_MS} | ${worst <= BUDGET_MS ? 'ok' : 'OVER'} |`);
    }
    const jsOk = js.total <= INITIAL_JS_BUDGET_BYTES;
    if (!jsOk) failures++;
    lines.push(`\nInitial JavaScript, gzipped: ${(js.total / 1024).toFixed(1)} KB (${js.files.length} files; budget ${INITIAL_JS_BUDGET_BYTES / 1024} KB): ${jsOk ? 'ok' : 'OVER'}`);
    lines.push('\nWhere the time went (medians): when the list request started after the timer, and how long it took (server and transfer).\n');
    lines.push('| screen / case | list request starts at ms | list request takes ms |', '|---|---|---|');
    for (const r of results) if (!r.error && r.request.start.length) lines.push(`| ${r.name} | ${median(r.request.start).toFixed(0)} | ${median(r.request.took).toFixed(0)} |`);
    console.log(lines.join('\n'));
    if (failures) console.log(`\nServer log tail (warnings and errors):\n${await server.logTail(20)}`);
    return failures;
  } finally {
    await cleanUp();
  }
}

const running = main().then(
  (failures) => (failures ? 1 : 0),
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    return 1;
  },
);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    // What is being made when the signal comes is removed as soon as it exists (every step of the run is bounded).
    void cleanUp()
      .then(() => running)
      .then(cleanUp)
      .finally(() => process.exit(130));
  });
}
process.exit(await running);
