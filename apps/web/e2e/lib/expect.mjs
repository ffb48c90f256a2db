// Web-first assertions on top of Playwright's auto-waiting: each waits up to the timeout, never sleeps.

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Waits until the locator matches a visible element.
 * @param {import('playwright-core').Locator} locator
 */
export async function expectVisible(locator, { timeout = DEFAULT_TIMEOUT_MS } = {}) {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    throw new Error(`Expected ${locator} to be visible within ${timeout} ms`, { cause: error });
  }
}

/**
 * Waits until no element the locator matches is visible.
 * @param {import('playwright-core').Locator} locator
 */
export async function expectHidden(locator, { timeout = DEFAULT_TIMEOUT_MS } = {}) {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout });
  } catch (error) {
    throw new Error(`Expected ${locator} to be hidden within ${timeout} ms`, { cause: error });
  }
}

/**
 * Waits until the page's address matches: a path (`/login`, compared with pathname only) or a predicate on the URL.
 * @param {import('playwright-core').Page} page
 * @param {string | ((url: URL) => boolean)} expected
 */
export async function expectURL(page, expected, { timeout = DEFAULT_TIMEOUT_MS } = {}) {
  const matches = typeof expected === 'string' ? (/** @type {URL} */ url) => url.pathname === expected : expected;
  try {
    await page.waitForURL(matches, { timeout, waitUntil: 'commit' });
  } catch (error) {
    throw new Error(`Expected the address to match ${expected} within ${timeout} ms, but it is ${page.url()}`, { cause: error });
  }
}

/**
 * A plain assertion for values already in hand, compared as JSON.
 * @param {unknown} actual
 * @param {unknown} expected
 */
export function expectEqual(actual, expected, message = 'values differ') {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${message}: expected ${e}, got ${a}`);
}

/**
 * Waits until the locator matches exactly `count` elements (the last one present, the next one gone).
 * @param {import('playwright-core').Locator} locator
 * @param {number} count
 */
export async function expectCount(locator, count, { timeout = DEFAULT_TIMEOUT_MS } = {}) {
  try {
    if (count > 0) await locator.nth(count - 1).waitFor({ state: 'attached', timeout });
    await locator.nth(count).waitFor({ state: 'detached', timeout });
  } catch (error) {
    throw new Error(`Expected ${locator} to match ${count} element(s) within ${timeout} ms`, { cause: error });
  }
}

/**
 * Waits until the (first) input the locator matches holds exactly this value.
 * @param {import('playwright-core').Locator} locator
 * @param {string} value
 */
export async function expectValue(locator, value, { timeout = DEFAULT_TIMEOUT_MS } = {}) {
  const input = locator.first();
  try {
    await input.waitFor({ state: 'attached', timeout });
    const handle = await input.elementHandle({ timeout });
    await input.page().waitForFunction(([el, expected]) => /** @type {HTMLInputElement} */ (el).value === expected, [handle, value], { timeout });
  } catch (error) {
    throw new Error(`Expected ${locator} to hold '${value}' within ${timeout} ms, but it holds '${await input.inputValue().catch(() => '?')}'`, { cause: error });
  }
}

/**
 * Waits until the element the locator matches carries the attribute with this value (a state the page sets after
 * rendering, e.g. aria-sort once a new order is shown).
 * @param {import('playwright-core').Locator} locator
 * @param {string} name
 * @param {string} value
 */
export async function expectAttribute(locator, name, value, { timeout = DEFAULT_TIMEOUT_MS } = {}) {
  const carrying = locator.and(locator.page().locator(`[${name}="${value.replace(/"/g, '\\"')}"]`));
  try {
    await carrying.first().waitFor({ state: 'attached', timeout });
  } catch (error) {
    throw new Error(`Expected ${locator} to have ${name}="${value}" within ${timeout} ms, but it has ${JSON.stringify(await locator.first().getAttribute(name).catch(() => null))}`, { cause: error });
  }
}
