#!/usr/bin/env node
// Browser tests against the real server: `npm run test:e2e` (builds apps/web first).
// Starts the server on a free port with a fresh embedded database, runs every spec in
// e2e/specs in a fresh browser context, stops the server and removes its data directory.
// `node apps/web/e2e/run.mjs <text>` runs only the specs whose name contains the text.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ServerApi } from './lib/api.mjs';
import { runSpecs } from './lib/runner.mjs';
import { startServer } from './lib/server.mjs';

const e2eDir = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(e2eDir, '..');
const repoRoot = resolve(webDir, '../..');
const specsDir = join(e2eDir, 'specs');
const screenshotsDir = join(e2eDir, 'screenshots');
const resultsDir = join(e2eDir, 'results');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The first-run spec needs the empty instance, so it goes before the rest (alphabetical).
const RUN_FIRST = ['first-run.spec.mjs'];
// Post charges and payments (ACH debits, charges for every owned unit of the shared instance: journal lines then
// refer to them): after the specs that delete or count those units or expect a fresh instance's figures.
const RUN_LAST = ['ach.spec.mjs', 'assessments.spec.mjs', 'collections.spec.mjs'];

const filter = process.argv[2]?.toLowerCase();

async function loadSpecs() {
  const files = (await readdir(specsDir)).filter((file) => file.endsWith('.spec.mjs'));
  files.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const specs = [];
  for (const file of files) {
    const module = await import(pathToFileURL(join(specsDir, file)).href);
    for (const current of module.default ?? []) specs.push({ ...current, file });
  }
  return filter ? specs.filter((s) => s.name.toLowerCase().includes(filter)) : specs;
}

/** @param {string} file */
function rank(file) {
  const index = RUN_FIRST.indexOf(file);
  if (index !== -1) return index;
  return RUN_FIRST.length + (RUN_LAST.includes(file) ? 1 + RUN_LAST.indexOf(file) : 0);
}

async function main() {
  const specs = await loadSpecs();
  if (specs.length === 0) {
    console.error(filter ? `No spec name contains "${filter}".` : `No specs in ${specsDir}.`);
    return { passed: 0, failed: 1 };
  }
  if (!existsSync(join(webDir, 'dist/index.html'))) {
    console.error('apps/web/dist is missing: build the web app first (npm run build), or use npm run test:e2e.');
    return { passed: 0, failed: specs.length };
  }
  if (!existsSync(chromiumPath)) {
    console.error(`Chromium is not at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
    return { passed: 0, failed: specs.length };
  }

  await rm(screenshotsDir, { recursive: true, force: true });
  await rm(resultsDir, { recursive: true, force: true });
  await mkdir(resultsDir, { recursive: true });

  /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
  let server;
  /** @type {import('playwright-core').Browser | undefined} */
  let browser;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
  };
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping`);
      void cleanUp().finally(() => process.exit(130));
    });
  }

  try {
    console.log('Starting the server…');
    server = await startServer({ repoRoot, logFile: join(resultsDir, 'server.log') });
    console.log(`Server ready at ${server.baseURL} (log: ${server.logFile})`);
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
    });
    console.log(`Running ${specs.length} spec(s)`);
    const result = await runSpecs({
      browser,
      specs,
      baseURL: server.baseURL,
      api: new ServerApi(server.baseURL, server.appId),
      screenshotsDir,
      resultsDir,
    });
    if (result.failed) console.log(`\nServer log tail:\n${await server.logTail(30)}`);
    return result;
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    return { passed: 0, failed: specs.length };
  } finally {
    await cleanUp();
  }
}

const { passed, failed } = await main();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
