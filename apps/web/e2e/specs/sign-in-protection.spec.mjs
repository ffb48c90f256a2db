import { expectEqual, expectURL, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AppShell } from '../pages/app-shell.mjs';
import { LoginPage } from '../pages/login-page.mjs';

const OWNER = Object.freeze({ email: 'lena.lockout@example.com', full_name: 'Lena Lockout', role: 'owner', password: 'Lockout-e2e-2024!' });

/**
 * Ten wrong passwords for the account, as an attacker would send them.
 * @param {import('../lib/api.mjs').ServerApi} api
 * @param {string} email
 * @param {number} count
 */
async function guess(api, email, count) {
  const answers = [];
  for (let i = 0; i < count; i += 1) {
    answers.push(await api.app('POST', '/auth/login', { body: { email, password: `attacker-guess-${i}` } }).then(() => 200, (error) => error.status));
  }
  return answers;
}

export default [
  spec('sign-in protection: while an attacker guesses, the real user signs in with the password and the emailed code', async ({ page, api, snap }) => {
    const admin = await adminToken(api);
    await memberToken(api, OWNER);
    // Wrong passwords are checked until the account's ten are used (setting the member up may have used one).
    const answers = await guess(api, OWNER.email, 12);
    const checked = answers.filter((status) => status === 401).length;
    expectEqual(answers, [...Array(checked).fill(401), ...Array(12 - checked).fill(429)], 'guesses are checked, then refused unchecked');
    if (checked > 10 || checked < 9) throw new Error(`${checked} of the guesses were checked; the budget is 10`);

    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(OWNER.email, OWNER.password);
    await expectVisible(login.signInCodeHeading);
    await expectVisible(page.getByText(`we emailed a sign-in code to ${OWNER.email}`));
    await snap('sign-in-code');

    // The attacker keeps going; the code already emailed stays valid.
    await guess(api, OWNER.email, 5);
    const message = await api.latestEmail(admin, OWNER.email, /sign-in code/i);
    const code = message.text.match(/\b[A-Z2-9]{4}-[A-Z2-9]{4}\b/)?.[0];
    if (!code) throw new Error(`no sign-in code in the email:\n${message.text}`);

    await login.enterSignInCode('ZZZZ-ZZZZ');
    await expectVisible(login.error.filter({ hasText: 'The sign-in code is wrong or has expired' }));
    await login.enterSignInCode(code);
    await expectURL(page, '/');
    await expectVisible(new AppShell(page).userName(OWNER.full_name));
  }),
];
