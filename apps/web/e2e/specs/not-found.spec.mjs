import { expectEqual, expectURL, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AppShell } from '../pages/app-shell.mjs';
import { NotFoundPage } from '../pages/not-found-page.mjs';

export default [
  spec('not found: an unknown path quotes the path, and Go Home goes back to the dashboard', async ({ page, api, snap }) => {
    await signInWithToken(page, await adminToken(api));

    await page.goto('/no-such-page');
    const notFound = new NotFoundPage(page);
    await expectVisible(notFound.heading);
    await expectVisible(notFound.quotedPath('/no-such-page'));
    await expectVisible(notFound.adminNote);
    await snap('page-not-found');

    // Each visit to a named page of a signed-in user is posted to the app log.
    const logged = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/log-user-in-app/Dashboard'),
    );
    await notFound.goHome.click();
    await expectURL(page, '/');
    await expectVisible(new AppShell(page).welcome);
    expectEqual((await logged).status(), 200, 'the Dashboard visit is logged');
  }),
];
