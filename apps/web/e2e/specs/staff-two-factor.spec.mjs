import { expectURL, expectVisible } from '../lib/expect.mjs';
import { ADMIN, adminToken, memberToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { totpCode } from '../lib/totp.mjs';
import { AppShell, TwoFactorPanel } from '../pages/app-shell.mjs';
import { LoginPage } from '../pages/login-page.mjs';
import { OrgSettingsPage } from '../pages/org-settings-page.mjs';

/**
 * A session of a user with two-factor on: the password, then a code.
 * @param {import('../lib/api.mjs').ServerApi} api
 * @param {{ email: string, password: string }} user
 * @param {string} otpauthUri
 */
async function signInWithCode(api, user, otpauthUri) {
  const { challenge } = await api.app('POST', '/auth/login', { body: { email: user.email, password: user.password } });
  return (await api.app('POST', '/auth/two-factor/login', { body: { challenge, code: totpCode(otpauthUri) } })).access_token;
}

const MANAGER = Object.freeze({ email: 'sam.staff@example.com', full_name: 'Sam Staff', role: 'property_manager', password: 'Staff-e2e-2024!' });

export default [
  spec('two-factor for staff: the administrator requires it; a property manager without it is asked to set it up after the password', async ({ page, api, snap }) => {
    await memberToken(api, MANAGER);
    let token = await adminToken(api);
    // The administrator is staff too: they enrol first (through the API), so the requirement does not stop them.
    const enrolment = await api.app('POST', '/auth/two-factor/enable', { token, body: { password: ADMIN.password } });
    token = (await api.app('POST', '/auth/two-factor/verify', { token, body: { code: totpCode(enrolment.totp_uri) } })).access_token;
    try {
      // The browser gets its own session: signing out there must not end the one this spec cleans up with.
      await signInWithToken(page, await signInWithCode(api, ADMIN, enrolment.totp_uri), '/orgsettings');
      const settings = new OrgSettingsPage(page);
      const requirement = page.getByRole('switch', { name: 'Require two-factor authentication for staff' });
      // Run alone, the instance has no settings yet: the form then needs a company name.
      await expectVisible(settings.companyName);
      if (!(await settings.companyName.inputValue())) await settings.companyName.fill('Maple Grove HOA');
      await requirement.click();
      await settings.save.click();
      await expectVisible(settings.saved);

      await new AppShell(page).logout();
      const login = new LoginPage(page);
      await login.signIn(MANAGER.email, MANAGER.password);
      await expectVisible(page.getByRole('heading', { name: 'Set up two-factor authentication' }));
      await snap('enrolment-required');
      const panel = new TwoFactorPanel(page.getByRole('main'));
      await panel.password.fill(MANAGER.password);
      await panel.continue.click();
      await expectVisible(panel.qrCode);
      await panel.code.fill(totpCode(await panel.otpauthUri()));
      await panel.turnOn.click();
      await expectURL(page, '/');
      await expectVisible(new AppShell(page).userName(MANAGER.full_name));
    } finally {
      // Put the shared state back: no requirement, and the administrator signs in with the password alone.
      const settings = await api.app('GET', '/entities/OrgSettings', { token });
      if (settings[0]) await api.app('PUT', `/entities/OrgSettings/${settings[0].id}`, { token, body: { require_two_factor_for_staff: false } });
      await api.app('POST', '/auth/two-factor/disable', { token, body: { password: ADMIN.password } });
    }
  }),
];
