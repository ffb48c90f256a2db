import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { auditAccessibility } from './a11y.mjs';

const SPEC_TIMEOUT_MS = 120_000;
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

/**
 * @typedef {object} SpecContext
 * @property {import('playwright-core').Page} page
 * @property {import('playwright-core').BrowserContext} context
 * @property {string} baseURL
 * @property {import('./api.mjs').ServerApi} api
 * @property {(screen: string) => Promise<void>} snap saves the current screen at desktop and phone width and checks
 *   it with axe-core at both (WCAG 2.2 A/AA); a serious or critical finding fails the spec
 */

/**
 * @typedef {object} Spec
 * @property {string} name
 * @property {(ctx: SpecContext) => Promise<void>} run
 * @property {string} [file] set by the loader
 */

/**
 * Declares a spec.
 * @param {string} name
 * @param {(ctx: SpecContext) => Promise<void>} run
 * @returns {Spec}
 */
export function spec(name, run) {
  return { name, run };
}

/** @param {string} text */
function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
}

/**
 * Runs each spec in a fresh browser context, one after another; a failure is reported and the run goes on.
 * @param {{ browser: import('playwright-core').Browser, specs: Spec[], baseURL: string, api: import('./api.mjs').ServerApi,
 *   screenshotsDir: string, resultsDir: string, log?: (line: string) => void }} options
 */
export async function runSpecs({ browser, specs, baseURL, api, screenshotsDir, resultsDir, log = console.log }) {
  await mkdir(screenshotsDir, { recursive: true });
  await mkdir(resultsDir, { recursive: true });
  let passed = 0;
  let failed = 0;
  /** @type {import('./a11y.mjs').AxeCount[]} */
  const axeCounts = [];

  for (const current of specs) {
    const context = await browser.newContext({ baseURL, viewport: DESKTOP });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    /** @type {string[]} */
    const pageErrors = [];
    /** @type {string[]} */
    const consoleErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    const prefix = current.file ? current.file.replace(/\.spec\.mjs$/, '') : slug(current.name);
    const snap = async (/** @type {string} */ screen) => {
      const base = join(screenshotsDir, `${prefix}--${slug(screen)}`);
      // From the top of the page: scrolled, the sticky header lies over rows further down, and axe would count a
      // button it half covers as a target too small (a position of the test, not of the screen).
      await page.evaluate(() => window.scrollTo(0, 0));
      const name = `${prefix}/${slug(screen)}`;
      await page.screenshot({ path: `${base}--desktop.png`, fullPage: true, animations: 'disabled' });
      const desktop = await auditAccessibility(page, name, 'desktop');
      await page.setViewportSize(MOBILE);
      await page.screenshot({ path: `${base}--mobile.png`, fullPage: true, animations: 'disabled' });
      const mobile = await auditAccessibility(page, name, 'mobile');
      await page.setViewportSize(DESKTOP);
      axeCounts.push(desktop.count, mobile.count);
      const problems = [...desktop.problems, ...mobile.problems];
      if (problems.length && process.env.AXE_REPORT_ONLY) log(indent(`axe-core on "${screen}":\n  ${problems.join('\n  ')}`));
      else if (problems.length) throw new Error(`Accessibility (axe-core) on "${screen}":\n  ${problems.join('\n  ')}`);
    };

    const started = Date.now();
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    try {
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Spec timed out after ${SPEC_TIMEOUT_MS / 1000} s`)), SPEC_TIMEOUT_MS);
      });
      await Promise.race([current.run({ page, context, baseURL, api, snap }), timeout]);
      if (pageErrors.length) throw new Error(`Uncaught error in the page:\n${pageErrors.join('\n')}`);
      passed += 1;
      log(`  ✓ ${current.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed += 1;
      log(`  ✗ ${current.name} (${Date.now() - started} ms)`);
      log(indent(describeError(error)));
      log(indent(`at ${page.url()}`));
      if (consoleErrors.length) log(indent(`browser console errors:\n${consoleErrors.join('\n')}`));
      const shot = join(resultsDir, `${prefix}--${slug(current.name)}--failure.png`);
      await page.screenshot({ path: shot, fullPage: true }).then(
        () => log(indent(`screenshot: ${shot}`)),
        () => undefined,
      );
    } finally {
      clearTimeout(timer);
      await context.close().catch(() => undefined);
    }
  }
  await writeFile(join(resultsDir, 'axe.json'), `${JSON.stringify(axeCounts, null, 2)}\n`);
  const screens = new Set(axeCounts.map((c) => c.screen)).size;
  const blocking = axeCounts.reduce((sum, c) => sum + c.blocking, 0);
  const other = axeCounts.reduce((sum, c) => sum + c.other, 0);
  log(`axe-core: ${screens} screens checked at desktop and phone width; ${blocking} serious or critical, ${other} minor or moderate findings (per screen: ${join(resultsDir, 'axe.json')})`);
  return { passed, failed };
}

/** @param {unknown} error */
function describeError(error) {
  if (!(error instanceof Error)) return String(error);
  let text = error.stack ?? error.message;
  if (error.cause instanceof Error) text += `\ncaused by: ${error.cause.message.split('\n').slice(0, 6).join('\n')}`;
  return text;
}

/** @param {string} text */
function indent(text) {
  return text
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n');
}
