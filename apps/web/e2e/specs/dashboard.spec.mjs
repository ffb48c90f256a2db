import { expectEqual, expectHidden, expectURL, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, OWNER, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AppShell } from '../pages/app-shell.mjs';
import { DashboardPage } from '../pages/dashboard-page.mjs';

export default [
  spec('dashboard: the four tiles link to their pages, the balance cards and empty recent lists show for a fresh instance', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const summary = await api.app('GET', '/dashboard/summary', { token });
    await signInWithToken(page, token);
    const dashboard = new DashboardPage(page);
    await expectVisible(dashboard.heading);
    await expectVisible(dashboard.tile('Total Owners'));
    await expectVisible(dashboard.summary.getByText(String(summary.total_owners), { exact: true }).first());
    await expectVisible(dashboard.tile('Total Revenue').getByText('$0.00'));
    await expectVisible(dashboard.tile('Payments Received').getByText('$0.00'));
    await expectVisible(dashboard.noInvoices);
    await expectVisible(dashboard.noPayments);
    expectEqual(await dashboard.outstandingBalance.innerText(), '$0.00', 'no balance outstanding');
    expectEqual(await dashboard.outstandingCount.innerText(), '0 invoices with a balance due', 'no invoice with a balance');
    expectEqual(await dashboard.overdueCount.innerText(), '0', 'no overdue invoice');
    await snap('admin');

    for (const [title, path] of /** @type {const} */ ([['Total Owners', '/owners'], ['Total Properties', '/properties'], ['Total Revenue', '/invoices'], ['Payments Received', '/payments']])) {
      await dashboard.goto();
      await dashboard.tile(title).click();
      await expectURL(page, path);
    }
  }),

  spec('dashboard: debug mode, kept in this browser, shows the debug status card; re-initializing privileges reports success and reloads', async ({ page, api, snap }) => {
    await signInWithToken(page, await adminToken(api));
    const shell = new AppShell(page);
    const dashboard = new DashboardPage(page);
    await expectVisible(dashboard.heading);
    await expectHidden(dashboard.debugCard);
    await shell.debugToggle.click();
    await expectVisible(dashboard.debugCard);
    await page.reload();
    await expectVisible(dashboard.debugCard);
    // The variables panel shows under every screen while debug mode is on.
    const panel = page.getByText('Debug variables');
    await expectVisible(panel);
    await panel.click();
    await expectVisible(page.getByText('"path": "/"'));
    await page.goto('/owners');
    await expectVisible(page.getByText('Debug variables'));
    await page.goto('/');
    await snap('debug');
    await shell.debugToggle.click();
    await expectHidden(dashboard.debugCard);
    await expectHidden(page.getByText('Debug variables'));

    const reloaded = page.waitForEvent('load');
    await dashboard.reinitializeButton.click();
    await expectVisible(dashboard.privilegesSuccess);
    await reloaded;
    await expectVisible(dashboard.heading);
  }),

  spec('dashboard: an owner sees their own figures (their units, invoices, payments), without the owner count or the privileges card', async ({ page, api, snap }) => {
    const { token } = await memberToken(api, OWNER);
    // Owners land on My Account; the Dashboard stays in their menu.
    await signInWithToken(page, token, '/dashboard');
    const dashboard = new DashboardPage(page);
    await expectVisible(dashboard.tile('Total Revenue'));
    await expectHidden(dashboard.tile('Total Owners'));
    // Owners have own_records on properties: the tile counts only their units.
    await expectVisible(dashboard.tile('Total Properties').getByText('0', { exact: true }));
    await expectHidden(dashboard.reinitializeButton);
    await expectVisible(dashboard.noInvoices);
    await expectVisible(dashboard.noPayments);
    await snap('owner');
  }),
];
