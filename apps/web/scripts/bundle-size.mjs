#!/usr/bin/env node
// Two checks of the built app's JavaScript, gzipped, each with a budget of 200 KB (the architecture allows 250 KB):
// - initial JS: the entry script and the chunks index.html preloads (issue "Web at scale");
// - sign-in JS: every script Chromium requests on a first visit to /login until the form is usable, with the real
//   server (apps/server/dist, started as the browser tests start it) answering (issue 16, item 7).
// Run after `npm run build`; prints both lists and exits 1 when either is over its budget.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ServerApi } from '../e2e/lib/api.mjs';
import { adminToken } from '../e2e/lib/fixtures.mjs';
import { startServer } from '../e2e/lib/server.mjs';
import { measureSignInJavaScript, printSignInJavaScript, SIGN_IN_JS_BUDGET_BYTES } from './sign-in-js.mjs';

export const INITIAL_JS_BUDGET_BYTES = 200 * 1024;

/**
 * The scripts a first visit loads before any page chunk, each with its gzipped size.
 * @param {string} dist the built app (apps/web/dist)
 * @returns {Promise<{ files: Array<{ file: string, bytes: number }>, total: number }>}
 */
export async function initialJavaScript(dist) {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g)].flatMap((m) => (m[1] ? [m[1]] : []));
  const files = [];
  for (const file of new Set(scripts)) files.push({ file, bytes: gzipSync(await readFile(join(dist, file))).length });
  return { files, total: files.reduce((sum, f) => sum + f.bytes, 0) };
}

/**
 * Starts the built server on a fresh database with its administrator (else /login sends to the first-run setup),
 * and measures the sign-in page in Chromium.
 * @param {string} repoRoot
 */
async function signInJavaScript(repoRoot) {
  const logDir = await mkdtemp(join(tmpdir(), 'covenant-size-'));
  const server = await startServer({ repoRoot, logFile: join(logDir, 'server.log') });
  /** @type {import('playwright-core').Browser | undefined} */
  let browser;
  try {
    await adminToken(new ServerApi(server.baseURL, server.appId));
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
    });
    return await measureSignInJavaScript(browser, server.baseURL);
  } catch (error) {
    console.error(`Server log tail:\n${await server.logTail(30)}`);
    throw error;
  } finally {
    await browser?.close().catch(() => undefined);
    await server.stop();
    await rm(logDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const { files, total } = await initialJavaScript(join(webDir, 'dist'));
  for (const { file, bytes } of files) console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  initial JS, gzipped (budget ${INITIAL_JS_BUDGET_BYTES / 1024} KB)\n`);
  const signIn = await signInJavaScript(resolve(webDir, '../..'));
  printSignInJavaScript(signIn);
  process.exitCode = total > INITIAL_JS_BUDGET_BYTES || signIn.total > SIGN_IN_JS_BUDGET_BYTES ? 1 : 0;
}
