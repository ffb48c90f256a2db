import { readFile } from 'node:fs/promises';
import { expectEqual, expectURL, expectVisible } from '../lib/expect.mjs';
import { ADMIN, adminToken, memberToken, OWNER, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AppShell } from '../pages/app-shell.mjs';
import { AuditLogPage } from '../pages/audit-log-page.mjs';

export default [
  spec('audit log: the administrator filters sign-in failures, pages through them and exports them as CSV', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    // 55 failed sign-ins under addresses of one made-up domain: more than one page of the screen.
    const domain = `probe${Date.now().toString(36)}.example.com`;
    for (let i = 0; i < 55; i += 1) {
      await api.app('POST', '/auth/login', { body: { email: `p${String(i).padStart(2, '0')}@${domain}`, password: 'wrong-password' } }).catch(() => undefined);
    }
    await signInWithToken(page, token);
    const shell = new AppShell(page);
    await expectVisible(shell.section('Admin'));
    await shell.menuLink('Audit Log').click();
    await expectURL(page, '/auditlog');
    const audit = new AuditLogPage(page);
    await expectVisible(audit.heading);
    await expectVisible(audit.table);
    await snap('audit-log');

    await audit.user.fill(domain);
    await audit.chooseAction('Sign-in failed');
    await expectVisible(audit.showing('Showing 1–50 of 55'));
    await expectVisible(audit.table.getByRole('cell', { name: `p54@${domain}` }));
    await snap('audit-log-filtered');
    await audit.next.click();
    await expectVisible(audit.showing('Showing 51–55 of 55'));
    await expectVisible(audit.table.getByRole('cell', { name: `p00@${domain}` }));
    await audit.previous.click();
    await expectVisible(audit.showing('Showing 1–50 of 55'));

    const [download] = await Promise.all([page.waitForEvent('download'), audit.exportCsv.click()]);
    expectEqual(download.suggestedFilename(), 'audit-log.csv', 'the file name');
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expectEqual(lines[0], 'created_date,actor_email,actor_id,action,target_type,target_id,ip_address,before,after,detail', 'the header row');
    expectEqual(lines.length, 56, 'the header and every matching entry, not only the page shown');
    if (!lines.slice(1).every((line) => line.includes(`@${domain}`) && line.includes('auth.sign_in_failed'))) throw new Error(`unexpected rows:\n${csv}`);

    await audit.chooseAction('Signed in');
    await expectVisible(audit.empty);
    await audit.user.fill(ADMIN.email);
    await expectVisible(audit.table.getByRole('cell', { name: ADMIN.email }).first());
    await audit.clear.click();
    expectEqual(await audit.user.inputValue(), '', 'the filters are cleared');
    await expectVisible(audit.table.getByRole('cell', { name: `p54@${domain}` }));
  }),

  spec('audit log: not in the menu and not open for anyone but administrators', async ({ page, api }) => {
    const { token } = await memberToken(api, OWNER);
    await signInWithToken(page, token, '/dashboard');
    const shell = new AppShell(page);
    await expectVisible(shell.userMenu);
    const titles = await shell.menuTitles();
    if (titles.includes('Audit Log')) throw new Error(`an owner's menu shows the Audit Log: ${titles.join(', ')}`);
    await page.goto('/auditlog');
    await expectVisible(shell.noAccess);
  }),
];
