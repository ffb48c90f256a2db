import { expectEqual, expectURL, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AppShell } from '../pages/app-shell.mjs';
import { MyAccountPage } from '../pages/my-account-page.mjs';
import { PortfolioPage } from '../pages/portfolio-page.mjs';

/** A word unique to this run (lowercase: it goes into app ids). */
const tag = () => `p${Date.now().toString(36)}`;

/**
 * @param {import('../lib/api.mjs').ServerApi} api @param {string} token @param {string} appId
 * @param {string} method @param {string} path @param {unknown} [body]
 */
const inAssociation = (api, token, appId, method, path, body) => api.request(method, `/apps/${appId}${path}`, { token, body });

export default [
  spec('portfolio: the management company creates an association, opens it from the switcher, and sees the portfolio\'s figures', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const first = await api.request('GET', '/app-config');
    await signInWithToken(page, token, '/');
    const shell = new AppShell(page);
    await shell.menuLink('Portfolio').click();
    const portfolio = new PortfolioPage(page);
    await expectVisible(portfolio.heading);
    await expectVisible(portfolio.row(first.name));
    await expectVisible(portfolio.totals);
    await snap('portfolio');

    // A new association from the standard template: the dialog refuses a bad app id in words, then makes it and opens it.
    await portfolio.newAssociation.click();
    const dialog = portfolio.createDialog;
    await dialog.getByLabel('Name', { exact: true }).fill(`Harbor Point ${t}`);
    await dialog.getByLabel('App ID', { exact: true }).fill('Harbor Point');
    await dialog.getByLabel('Time zone', { exact: true }).fill('America/New_York');
    await snap('portfolio-new-association');
    await dialog.getByRole('button', { name: 'Create Association' }).click();
    await expectVisible(dialog.getByText(/App ID must be 3 to 40 lowercase letters/));
    await dialog.getByLabel('App ID', { exact: true }).fill(`harbor-${t}`);
    await dialog.getByRole('button', { name: 'Create Association' }).click();
    await expectURL(page, (url) => url.pathname === `/a/harbor-${t}/`);
    await expectVisible(shell.organizationName.getByText(`Harbor Point ${t}`));
    await expectVisible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    const title = await page.title();
    if (!title.includes(`Harbor Point ${t}`)) throw new Error(`the browser title does not name the association: ${title}`);
    // Its books are its own: the new association has no owners yet.
    expectEqual(await inAssociation(api, token, `harbor-${t}`, 'GET', '/entities/Owner'), [], 'a new association starts with no owners');
    await snap('new-association-dashboard');

    // Back to the first association through the searchable switcher; a link keeps the association in the address.
    await portfolio.switcher.click();
    await expectVisible(portfolio.switcherList.getByRole('link', { name: new RegExp(`^Harbor Point ${t}`) }));
    await snap('association-switcher');
    await page.keyboard.press('Escape');
    await portfolio.switchTo(first.app_id, first.name);
    await expectURL(page, (url) => url.pathname === `/a/${first.app_id}/`);
    await expectVisible(shell.organizationName.getByText(first.name));
    await page.goto(`/a/harbor-${t}/owners`);
    await expectVisible(page.getByRole('heading', { name: 'Owners', level: 1 }));
    await expectVisible(shell.organizationName.getByText(`Harbor Point ${t}`));

    // Staffing from the portfolio: a property manager invited to the new association, then archiving it.
    await page.goto(`/a/harbor-${t}/portfolio`);
    await expectVisible(portfolio.row(`Harbor Point ${t}`));
    await portfolio.row(`Harbor Point ${t}`).getByRole('button', { name: `Members of Harbor Point ${t}` }).click();
    const members = page.getByRole('dialog', { name: `Members of Harbor Point ${t}` });
    await expectVisible(members.getByRole('cell', { name: 'avery.admin@example.com' }));
    await members.getByLabel('Email', { exact: true }).fill(`manager.${t}@example.com`);
    await members.getByRole('button', { name: 'Add Member' }).click();
    // A new person is invited; they join the association when they register.
    await expectVisible(page.getByText(`An invitation was emailed to manager.${t}@example.com`));
    await snap('association-members');
    await page.keyboard.press('Escape');
    await portfolio.row(`Harbor Point ${t}`).getByRole('button', { name: `Archive Harbor Point ${t}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
    await expectVisible(portfolio.row(`Harbor Point ${t}`).getByText('Archived'));
    const refused = await inAssociation(api, token, `harbor-${t}`, 'POST', '/entities/Owner', { owner_id: '1', first_name: 'A', last_name: 'B' }).catch((e) => e);
    expectEqual([refused.status, refused.data?.code], [409, 'association_archived'], 'an archived association refuses writes');
  }),

  spec('portfolio: an owner with units in two associations switches between their accounts on My Account', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const first = await api.request('GET', '/app-config');
    const second = `lakeside-${t}`;
    await api.request('POST', '/portfolio/associations', { token, body: { name: `Lakeside ${t}`, app_id: second, state: 'FL', time_zone: 'America/New_York', fiscal_year_start_month: 1 } });
    const email = `two.homes.${t}@example.com`;
    const password = 'Two-homes-2026!';
    // Their owner record in each association; invited in the first (linked by the owner record's email), registered once.
    const [top] = await api.app('GET', '/entities/Owner?sort=-owner_id&limit=1&fields=owner_id', { token });
    await api.app('POST', '/entities/Owner', { token, body: { owner_id: String(Math.max(Number(top?.owner_id ?? 0) + 1, 100000)), first_name: 'Robin', last_name: `Twohomes${t}`, email } });
    await api.inviteUser(token, email, 'owner');
    await api.app('POST', '/auth/register', { body: { email, password, full_name: `Robin Twohomes${t}` } });
    const code = (await api.latestEmail(token, email, /verification code/i)).text.match(/\b\d{6}\b/)?.[0];
    await api.app('POST', '/auth/verify-otp', { body: { email, otp_code: code } });
    const lakeOwner = await inAssociation(api, token, second, 'POST', '/entities/Owner', { owner_id: '500001', first_name: 'Robin', last_name: `Twohomes${t}`, email });
    await api.request('POST', `/portfolio/associations/${second}/members`, { token, body: { email, role: 'owner', owner_id: lakeOwner.id } });

    const ownerToken = await api.login(email, password);
    await signInWithToken(page, ownerToken, '/myaccount');
    const account = new MyAccountPage(page);
    await expectVisible(account.heading);
    const theirs = page.getByRole('list', { name: 'Your associations' });
    await expectVisible(theirs.getByText(first.name));
    await snap('my-account-two-associations');
    await theirs.getByRole('link', { name: `Open Lakeside ${t}` }).click();
    await expectURL(page, (url) => url.pathname === `/a/${second}/myaccount`);
    await expectVisible(account.heading);
    await expectVisible(new AppShell(page).organizationName.getByText(`Lakeside ${t}`));
    await expectVisible(theirs.getByRole('link', { name: `Open ${first.name}` }));
    // Under the other association's address they are that association's owner.
    const me = await inAssociation(api, ownerToken, second, 'GET', '/entities/User/me');
    expectEqual([me.user_role, me.owner_id], ['owner', lakeOwner.id], 'their role and owner record in the second association');
    await snap('my-account-second-association');
  }),
];
