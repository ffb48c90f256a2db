import { expectEqual, expectHidden, expectURL, expectVisible } from '../lib/expect.mjs';
import { ADMIN, adminToken, memberToken, OWNER, PROPERTY_MANAGER, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AppShell } from '../pages/app-shell.mjs';

const ALL_SECTIONS = ['Overview', 'Community', 'Financial', 'Vendors & Bills', 'Governance', 'Reports', 'Admin'];

export default [
  spec('frame: an administrator sees every menu section and item, and the header shows the name, role and initials', async ({ page, api, snap }) => {
    await signInWithToken(page, await adminToken(api));
    const shell = new AppShell(page);
    await expectVisible(shell.menuLink('Dashboard'));
    // The administrator setup made is the instance's portfolio administrator: the management company's section too.
    await expectVisible(shell.menuLink('Portfolio'));
    expectEqual(await shell.sectionTitles(), [...ALL_SECTIONS, 'Management company'], 'the admin sees every section');
    expectEqual(
      await shell.menuTitles(),
      ['Dashboard', 'Owners', 'Properties', 'Violations', 'Announcements', 'Documents', 'Work Orders', 'Architectural Requests', 'Invoices', 'Payments', 'Assessments', 'Collections', 'Items', 'Tax Rates', 'Funds', 'Banking', 'ACH', 'Journal Entries', 'Chart of Accounts', 'Budgets', 'Reserves', 'Vendors', 'Bills', 'Meetings', 'Votes', 'Estoppel Requests', 'Reports',
        'Users', 'Organization Settings', 'Backup & Restore', 'Themes', 'Role Management', 'Audit Log', 'Portfolio'],
      'the admin sees every item',
    );
    await expectVisible(shell.userName(ADMIN.full_name));
    await expectVisible(shell.roleLabel('Administrator'));
    // The initials are drawn by CSS from data-initials, so that they are not part of the button's text.
    await expectVisible(shell.userMenu.locator('[data-initials="AA"]'));
    await snap('admin-menu');

    // Pages are matched case-insensitively on the first segment.
    await page.goto('/USERS');
    await expectVisible(page.getByRole('heading', { name: 'User Management', level: 1 }));
    await shell.menuLink('Dashboard').click();
    await expectURL(page, '/');

    // The financial menu items open their screens.
    await shell.menuLink('Invoices').click();
    await expectVisible(page.getByRole('heading', { name: 'Invoices', level: 1 }));
    await expectURL(page, '/invoices');
  }),

  spec('frame: a property manager sees the staff menu by privilege, without the admin-only items', async ({ page, api, snap }) => {
    const { token } = await memberToken(api, PROPERTY_MANAGER);
    await signInWithToken(page, token);
    const shell = new AppShell(page);
    await expectVisible(shell.menuLink('Owners'));
    await expectVisible(shell.roleLabel('Property Manager'));
    expectEqual(await shell.sectionTitles(), ALL_SECTIONS, 'a property manager sees every section');
    const titles = await shell.menuTitles();
    for (const title of ['Owners', 'Properties', 'Invoices', 'Users', 'Backup & Restore', 'Role Management']) {
      if (!titles.includes(title)) throw new Error(`the property manager's menu lacks ${title}: ${titles.join(', ')}`);
    }
    for (const title of ['Organization Settings', 'Themes', 'User Profile', 'Audit Log']) {
      if (titles.includes(title)) throw new Error(`the property manager's menu shows ${title}`);
    }
    await snap('property-manager-menu');

    await page.goto('/themes');
    await expectVisible(shell.noAccess);
  }),

  spec('frame: an owner sees only Dashboard, My Account, Properties, Invoices, Payments and User Profile; forbidden pages show no data', async ({ page, api, snap }) => {
    const { token } = await memberToken(api, OWNER);
    await signInWithToken(page, token, '/dashboard');
    const shell = new AppShell(page);
    await expectVisible(shell.menuLink('User Profile'));
    await expectVisible(shell.roleLabel('Owner'));
    expectEqual(await shell.menuTitles(), ['Dashboard', 'My Account', 'Properties', 'Invoices', 'Payments', 'User Profile'], 'the owner menu');
    expectEqual(await shell.sectionTitles(), ['Overview', 'Community', 'Financial', 'Admin'], 'the owner sections');
    await snap('owner-menu');

    /** @type {string[]} */
    const refused = [];
    page.on('response', (response) => {
      if (/\/entities\/(Role|Privilege|OrgSettings)\b/.test(response.url()) && response.ok()) refused.push(response.url());
    });
    for (const path of ['/RoleManagement', '/OrgSettings', '/owners', '/backup']) {
      await page.goto(path);
      await expectVisible(shell.noAccess);
    }
    await snap('no-access');
    expectEqual(refused, [], 'no role, privilege or settings data reached the owner');
    await expectHidden(page.getByRole('table'));
  }),

  spec('frame: Ctrl+B collapses the sidebar, the state survives a reload in the sidebar_state cookie', async ({ page, context, api }) => {
    await signInWithToken(page, await adminToken(api));
    const shell = new AppShell(page);
    await expectVisible(shell.menuLink('Dashboard'));
    expectEqual(await shell.sidebarState(), 'expanded', 'expanded at first');

    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('[data-slot="sidebar"][data-state]')?.getAttribute('data-state') === 'collapsed');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expectEqual(cookie?.value, 'false', 'the cookie holds the collapsed state');
    const days = Math.round(((cookie?.expires ?? 0) - Date.now() / 1000) / 86400);
    expectEqual(days, 7, 'the cookie lasts 7 days');

    await page.reload();
    await expectVisible(shell.userMenu);
    expectEqual(await shell.sidebarState(), 'collapsed', 'still collapsed after a reload');

    await shell.toggleSidebarButton.click();
    await page.waitForFunction(() => document.querySelector('[data-slot="sidebar"][data-state]')?.getAttribute('data-state') === 'expanded');
  }),

  spec('frame: at 390 px the menu is a sheet opened from the header, and choosing an item closes it', async ({ page, api, snap }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithToken(page, await adminToken(api));
    const shell = new AppShell(page);
    await expectVisible(shell.userMenu);
    await expectHidden(shell.mobileSidebar);
    await shell.toggleSidebarButton.click();
    await expectVisible(shell.mobileSidebar);
    await expectVisible(shell.mobileSidebar.getByRole('link', { name: 'Users', exact: true }));
    await page.screenshot({ path: new URL('../screenshots/frame--mobile-menu--mobile.png', import.meta.url).pathname, fullPage: true });
    await shell.mobileSidebar.getByRole('link', { name: 'Users', exact: true }).click();
    await expectURL(page, '/users');
    await expectHidden(shell.mobileSidebar);
    await page.setViewportSize({ width: 1280, height: 800 });
    await snap('users-after-mobile-menu');
  }),

  spec('frame: Change password from the user menu refuses a wrong current password', async ({ page, api }) => {
    await signInWithToken(page, await adminToken(api));
    const shell = new AppShell(page);
    const dialog = await shell.openChangePassword();
    await dialog.getByLabel('Current password').fill('not-the-password');
    await dialog.getByLabel('New password', { exact: true }).fill('Another-e2e-2024!');
    await dialog.getByLabel('Confirm new password').fill('Another-e2e-2024!');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expectVisible(dialog.getByText('Current password is incorrect'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);
  }),
];
