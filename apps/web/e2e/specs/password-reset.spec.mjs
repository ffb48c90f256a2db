import { expectURL, expectVisible } from '../lib/expect.mjs';
import { ADMIN, adminToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AppShell } from '../pages/app-shell.mjs';
import { LoginPage } from '../pages/login-page.mjs';
import { ForgotPasswordPage, ResetPasswordPage } from '../pages/password-pages.mjs';

export default [
  spec('forgot password: the request from the login page shows a confirmation', async ({ page, api, snap }) => {
    await adminToken(api);
    const login = new LoginPage(page);
    await login.goto();
    await login.forgotPassword.click();
    await expectURL(page, '/forgot-password');

    const forgot = new ForgotPasswordPage(page);
    await expectVisible(forgot.heading);
    await snap('forgot-password');
    await forgot.requestReset(ADMIN.email);
    await expectVisible(forgot.confirmation);
    await expectVisible(page.getByText(`If an account exists for ${ADMIN.email}`));
    await snap('forgot-password-sent');
  }),

  spec('reset password: the emailed link sets a new password that signs in', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const forgot = new ForgotPasswordPage(page);
    await page.goto('/forgot-password');
    await forgot.requestReset(ADMIN.email);
    await expectVisible(forgot.confirmation);

    const email = await api.latestEmail(token, ADMIN.email, /reset/i);
    const link = email.text.match(/https?:\/\/\S*\/reset-password\?token=[^\s]+/)?.[0];
    if (!link) throw new Error(`no /reset-password?token= link in the email:\n${email.text}`);
    await page.goto(link);

    const reset = new ResetPasswordPage(page);
    await expectVisible(reset.heading);
    await snap('reset-password');
    const newPassword = 'Renewed-e2e-2024!';
    await reset.setPassword(newPassword);
    try {
      await expectURL(page, '/login');
      await expectVisible(page.getByText('Your password has been reset'));
      await snap('reset-password-done');
      const login = new LoginPage(page);
      await login.signIn(ADMIN.email, newPassword);
      await expectURL(page, '/');
      await expectVisible(new AppShell(page).welcome);
    } finally {
      // Put the shared administrator's password back for the specs that follow.
      const renewed = await api.login(ADMIN.email, newPassword).catch(() => null);
      if (renewed) await api.changePassword(renewed, newPassword, ADMIN.password);
    }
  }),
];
