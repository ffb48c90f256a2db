import { expectEqual, expectURL, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AccessRestrictedPage } from '../pages/access-restricted-page.mjs';
import { AppShell } from '../pages/app-shell.mjs';
import { LoginPage } from '../pages/login-page.mjs';
import { RegisterPage } from '../pages/register-page.mjs';

/**
 * The 6-digit code of the newest verification email to an address.
 * @param {import('../lib/api.mjs').ServerApi} api
 * @param {string} token
 * @param {string} email
 */
async function verificationCode(api, token, email) {
  const message = await api.latestEmail(token, email, /verification code/i);
  const code = message.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no 6-digit code in the email:\n${message.text}`);
  return code;
}

export default [
  spec('invitation: an invited owner creates the account, verifies the emailed code and lands signed in', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const owner = { full_name: 'Olivia Owner', email: 'olivia.owner@example.com', password: 'Owner-e2e-2024!' };
    await api.inviteUser(token, owner.email, 'owner');
    const invitation = await api.latestEmail(token, owner.email, /invite/i);
    const link = invitation.text.match(/https?:\/\/\S*\/register\?email=\S+/)?.[0];
    if (!link) throw new Error(`no /register?email= link in the invitation:\n${invitation.text}`);

    await page.goto(link);
    const register = new RegisterPage(page);
    await expectVisible(register.heading);
    expectEqual(await register.email.inputValue(), owner.email, 'the invitation link fills in the email');
    await snap('register');
    await register.createAccount(owner);

    await expectVisible(register.verifyHeading);
    await snap('verify-email');
    await register.enterCode('000000');
    await expectVisible(register.error.filter({ hasText: 'invalid' }));
    await register.enterCode(await verificationCode(api, token, owner.email));

    const shell = new AppShell(page);
    // The invitation names its association (/a/{app id}/register): the owner lands in it, on My Account.
    await expectURL(page, (url) => url.pathname.startsWith(`/a/${api.appId}/`));
    await expectVisible(shell.userName(owner.full_name));
    await expectVisible(shell.roleLabel('Owner'));
  }),

  spec('access restricted: an account without an application role sees the Access Restricted screen and can log out', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const user = { full_name: 'Uma Unassigned', email: 'uma.unassigned@example.com', password: 'Nobody-e2e-2024!' };
    await api.inviteUser(token, user.email, 'user');
    await api.app('POST', '/auth/register', { body: user });
    const verified = await api.app('POST', '/auth/verify-otp', {
      body: { email: user.email, otp_code: await verificationCode(api, token, user.email) },
    });
    const userToken = verified.access_token ?? (await api.login(user.email, user.password));

    await signInWithToken(page, userToken);
    const restricted = new AccessRestrictedPage(page);
    await expectVisible(restricted.heading);
    await expectVisible(restricted.message);
    expectEqual(await restricted.hints.count(), 3, 'three hints');
    await snap('access-restricted');

    await restricted.logoutButton.click();
    await expectURL(page, '/login');
    await expectVisible(new LoginPage(page).heading);
  }),

  spec('unverified sign-in: signing in before verifying asks for the emailed code, and a resent code signs in', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const renter = { full_name: 'Remy Renter', email: 'remy.renter@example.com', password: 'Renter-e2e-2024!' };
    await api.inviteUser(token, renter.email, 'renter');
    await api.app('POST', '/auth/register', { body: renter });
    const firstCode = await verificationCode(api, token, renter.email);

    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(renter.email, renter.password);
    const register = new RegisterPage(page);
    await expectVisible(register.verifyHeading);
    await snap('login-verify-email');

    await page.getByRole('button', { name: 'Resend code' }).click();
    await expectVisible(page.getByText(`A new code was sent to ${renter.email}.`));
    const newCode = await verificationCode(api, token, renter.email);
    if (newCode === firstCode) throw new Error('resending did not send a new code');
    await register.enterCode(newCode);

    const shell = new AppShell(page);
    // A renter lands on My Account (not linked to an owner record yet: the page says so).
    await expectURL(page, '/myaccount');
    await expectVisible(shell.userName(renter.full_name));
    await expectVisible(shell.roleLabel('Renter'));
  }),
];
