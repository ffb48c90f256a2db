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

/**
 * A signed-in member of the given application role: invited by the admin, registered and verified
 * through the API on first use, signed in again on later calls (specs share one server).
 * @param {import('./api.mjs').ServerApi} api
 * @param {{ email: string, full_name: string, role: string, password?: string }} member
 * @returns {Promise<{ token: string, user: any }>}
 */
export async function memberToken(api, member) {
  const password = member.password ?? 'Member-e2e-2024!';
  const existing = await api.login(member.email, password).catch(() => null);
  if (existing) return { token: existing, user: await api.me(existing) };
  const admin = await adminToken(api);
  await api.inviteUser(admin, member.email, member.role);
  await api.app('POST', '/auth/register', { body: { email: member.email, password, full_name: member.full_name } });
  const message = await api.latestEmail(admin, member.email, /verification code/i);
  const code = message.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no 6-digit code in the email:\n${message.text}`);
  const verified = await api.app('POST', '/auth/verify-otp', { body: { email: member.email, otp_code: code } });
  const token = verified.access_token ?? (await api.login(member.email, password));
  return { token, user: await api.me(token) };
}

export const PROPERTY_MANAGER = Object.freeze({ email: 'pat.manager@example.com', full_name: 'Pat Manager', role: 'property_manager' });
export const OWNER = Object.freeze({ email: 'oscar.owner@example.com', full_name: 'Oscar Owner', role: 'owner' });

/** A 1×1 PNG, a real image the upload endpoint accepts by content. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
