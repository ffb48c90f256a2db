import { expectEqual, expectHidden, expectURL, expectVisible } from '../lib/expect.mjs';
import { ADMIN, adminToken, memberToken, signInWithToken, storedTokens } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AppShell } from '../pages/app-shell.mjs';
import { LoginPage } from '../pages/login-page.mjs';

export default [
  spec('sign-in: logout ends the session; a wrong password shows an error; the right one returns to from_url', async ({ page, api, baseURL, snap }) => {
    const token = await adminToken(api);
    await signInWithToken(page, token);
    const shell = new AppShell(page);
    await expectVisible(shell.userName(ADMIN.full_name));

    await shell.logout();
    await expectURL(page, (url) => url.pathname === '/login' && !url.searchParams.has('from_url'));
    const login = new LoginPage(page);
    await expectVisible(login.heading);
    expectEqual(await storedTokens(page), [null, null], 'both stored tokens are removed on logout');
    const revoked = await api.me(token).then(
      () => 'still valid',
      (error) => error.status,
    );
    expectEqual(revoked, 401, 'the logout endpoint revoked the session');
    await snap('login');

    // A signed-out visit to an app page goes to the login page, which remembers the address.
    await page.goto('/owners?view=all');
    await expectURL(page, (url) => url.pathname === '/login' && url.searchParams.get('from_url') === `${baseURL}/owners?view=all`);

    await login.signIn(ADMIN.email, 'not-the-password');
    await expectVisible(login.error.filter({ hasText: 'Invalid email or password' }));
    await snap('login-error');

    await login.password.fill(ADMIN.password);
    await login.submit.click();
    await expectURL(page, (url) => url.pathname === '/owners' && url.search === '?view=all');
    await expectVisible(shell.userMenu);
    const [stored] = await storedTokens(page);
    if (!stored) throw new Error('no token stored after signing in');
  }),

  spec('sign-in: a token that is no longer valid sends the visitor to the login page', async ({ page, api }) => {
    const token = await adminToken(api);
    await api.app('POST', '/auth/logout', { token });
    await page.goto(`/?access_token=${encodeURIComponent(token)}`);
    await expectURL(page, '/login');
    await expectVisible(new LoginPage(page).heading);
    expectEqual(await storedTokens(page), [null, null], 'the rejected token is dropped');
  }),

  spec('sign-in: changing the password keeps this tab signed in with a new session; the old password and session end', async ({ page, api }) => {
    const member = { email: 'cora.change@example.com', full_name: 'Cora Change', role: 'property_manager', password: 'Change-e2e-2024!' };
    const { token } = await memberToken(api, member);
    await signInWithToken(page, token);
    const shell = new AppShell(page);
    const dialog = await shell.openChangePassword();
    await dialog.getByLabel('Current password').fill(member.password);
    await dialog.getByLabel('New password', { exact: true }).fill('Changed-e2e-2024!');
    await dialog.getByLabel('Confirm new password').fill('Changed-e2e-2024!');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(page.getByText('Password changed successfully'));
    await expectHidden(dialog);
    const [stored] = await storedTokens(page);
    if (!stored || stored === token) throw new Error('the tab did not keep the new session token');
    expectEqual(await api.me(token).then(() => 'still valid', (error) => error.status), 401, 'the old session ended');
    await page.reload();
    await expectVisible(shell.userName(member.full_name));
    expectEqual(await api.app('POST', '/auth/login', { body: { email: member.email, password: member.password } }).then(() => 200, (error) => error.status), 401, 'the old password is refused');
  }),
];
