import { expectHidden, expectURL, expectVisible } from '../lib/expect.mjs';
import { ADMIN } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AppShell } from '../pages/app-shell.mjs';
import { SetupPage } from '../pages/setup-page.mjs';

export default [
  spec('first run: a fresh instance opens on setup, which creates the administrator and signs them in', async ({ page, api, snap }) => {
    const setup = new SetupPage(page);

    // Every address leads to setup while no user exists.
    await page.goto('/login');
    await expectURL(page, '/setup');
    await expectVisible(setup.heading);
    await snap('setup');

    await setup.submit.click();
    await expectVisible(page.getByText('Full name is required'));
    await snap('setup-validation');

    await setup.createAdministrator(ADMIN);

    const shell = new AppShell(page);
    await expectURL(page, '/');
    await expectVisible(shell.welcome);
    await expectVisible(shell.userName(ADMIN.full_name));
    await expectVisible(shell.roleLabel('Administrator'));
    await expectVisible(shell.userMenu);
    await snap('home');

    if (await api.needsSetup()) throw new Error('the server still reports needs_setup after the first administrator was created');

    // Setup is a one-time screen.
    await page.goto('/setup');
    await expectURL(page, '/');
    await expectVisible(shell.welcome);
    await expectHidden(setup.heading);
  }),
];
