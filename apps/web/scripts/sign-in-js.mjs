// The JavaScript the sign-in page loads, as a browser loads it: a first visit to /login in Chromium, with an empty
// cache, counting every script the page requests until the sign-in form can be used (issue 16, item 7).
import { gzipSync } from 'node:zlib';

export const SIGN_IN_JS_BUDGET_BYTES = 200 * 1024;

/**
 * @typedef {{ url: string, bytes: number, compressed: boolean }} ScriptLoad
 *   `bytes`: what went over the wire when the server compressed it, else the body gzipped with zlib
 * @typedef {{ scripts: ScriptLoad[], total: number, later: ScriptLoad[] }} SignInJavaScript
 *   `scripts`: requested before the form was usable (counted); `later`: requested after it, until the network
 *   was idle (listed, not counted)
 */

/**
 * Opens `/login` in a fresh browser context and measures its scripts. The instance must have its administrator
 * already, or the page sends the visitor to the first-run setup instead.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseURL the running server
 * @returns {Promise<SignInJavaScript>}
 */
export async function measureSignInJavaScript(browser, baseURL) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    /** Every request of the visit, and whether the form was usable when the page sent it. */
    const sent = /** @type {Array<{ request: import('playwright-core').Request, isLate: boolean }>} */ ([]);
    let isUsable = false;
    page.on('request', (request) => sent.push({ request, isLate: isUsable }));

    await page.goto('/login');
    // Usable: the email field takes input and the submit button is there to press.
    const email = page.getByLabel('Email');
    await email.waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ state: 'visible', timeout: 30_000 });
    if (!(await email.isEditable())) throw new Error('the email field of /login is not editable');
    if (new URL(page.url()).pathname !== '/login') throw new Error(`/login went to ${page.url()}`);
    isUsable = true;
    await page.waitForLoadState('networkidle');

    /** @type {ScriptLoad[]} */
    const scripts = [];
    /** @type {ScriptLoad[]} */
    const later = [];
    for (const { request, isLate } of sent) {
      const load = await scriptLoad(request);
      if (load) (isLate ? later : scripts).push(load);
    }
    return { scripts, total: scripts.reduce((sum, s) => sum + s.bytes, 0), later };
  } finally {
    await context.close();
  }
}

/**
 * The gzipped size of a script the page requested; null for anything else.
 * @param {import('playwright-core').Request} request
 * @returns {Promise<ScriptLoad | null>}
 */
async function scriptLoad(request) {
  const response = await request.response();
  const type = response?.headers()['content-type'] ?? '';
  if (request.resourceType() !== 'script' && !type.includes('javascript')) return null;
  if (!response || !response.ok()) throw new Error(`${request.url()}: ${response ? `answered ${response.status()}` : request.failure()?.errorText}`);
  const encoding = response.headers()['content-encoding'];
  if (encoding && encoding !== 'identity') return { url: request.url(), bytes: (await request.sizes()).responseBodySize, compressed: true };
  return { url: request.url(), bytes: gzipSync(await response.body()).length, compressed: false };
}

/**
 * Prints the measurement, one line a script, and the total against the budget.
 * @param {SignInJavaScript} measured
 * @param {(line: string) => void} [log]
 */
export function printSignInJavaScript({ scripts, total, later }, log = console.log) {
  const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
  for (const { url, bytes } of scripts) log(`${kb(bytes)}  ${new URL(url).pathname}`);
  log(`${kb(total)}  sign-in page JS in ${scripts.length} scripts, gzipped, before the form is usable (budget ${SIGN_IN_JS_BUDGET_BYTES / 1024} KB)`);
  for (const { url, bytes } of later) log(`${kb(bytes)}  ${new URL(url).pathname} (requested after the form was usable; not counted)`);
}
