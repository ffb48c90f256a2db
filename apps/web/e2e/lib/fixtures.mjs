import { expectEqual, expectURL } from './expect.mjs';

/** The administrator the first-run spec creates; later specs sign in as them. */
export const ADMIN = Object.freeze({
  full_name: 'Avery Admin',
  email: 'avery.admin@example.com',
  password: 'Covenant-e2e-2024!',
});

/**
 * Creates the administrator when the instance is still empty (a spec run on its own), and signs them in through the API.
 * @param {import('./api.mjs').ServerApi} api
 * @returns {Promise<string>} an access token
 */
export async function adminToken(api) {
  if (await api.needsSetup()) await api.setup(ADMIN);
  return api.login(ADMIN.email, ADMIN.password);
}

/**
 * Signs the browser in the way the platform hands a session over: an `access_token` URL parameter,
 * which the app stores under both keys and removes from the address.
 * @param {import('playwright-core').Page} page
 * @param {string} token
 * @param {string} [path]
 */
export async function signInWithToken(page, token, path = '/') {
  const url = new URL(path, 'http://placeholder');
  url.searchParams.set('access_token', token);
  await page.goto(`${url.pathname}${url.search}`);
  await expectURL(page, (current) => current.pathname === url.pathname && !current.searchParams.has('access_token'));
  expectEqual(await storedTokens(page), [token, token], 'the URL token is stored under both keys');
}

/**
 * What the app keeps under its two token keys.
 * @param {import('playwright-core').Page} page
 */
export async function storedTokens(page) {
  return page.evaluate(() => [localStorage.getItem('base44_access_token'), localStorage.getItem('token')]);
}
