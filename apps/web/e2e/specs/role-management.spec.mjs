import { expectEqual, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { RoleManagementPage } from '../pages/role-management-page.mjs';

/** @param {import('../lib/api.mjs').ServerApi} api @param {string} token */
async function reportsForOwner(api, token) {
  const q = encodeURIComponent(JSON.stringify({ role_name: 'owner', resource_name: 'reports' }));
  return api.app('GET', `/entities/Privilege?q=${q}`, { token });
}

export default [
  spec('role management: a changed cell is highlighted and counted, Save Changes persists it; the administrator column is locked', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    await signInWithToken(page, token, '/rolemanagement');
    const roles = new RoleManagementPage(page);
    await expectVisible(roles.matrix);
    await expectVisible(roles.cell('Reports', 'Owner'));
    expectEqual(await roles.cell('Dashboard', 'Administrator').isDisabled(), true, 'the administrator column is locked');
    await expectVisible(roles.cell('Dashboard', 'Administrator').getByText('Read & Write'));
    expectEqual(await roles.initialize.count(), 0, "'Initialize Default Roles' only shows when no roles exist");
    // The seventh role and the community's resources: a board member reads the books and the community, no backups.
    await expectVisible(roles.cell('Violations', 'Board Member').getByText('Read', { exact: true }));
    await expectVisible(roles.cell('Reports', 'Board Member').getByText('Read', { exact: true }));
    await expectVisible(roles.cell('Backup & Restore', 'Board Member').getByText('None', { exact: true }));
    await expectVisible(roles.cell('Work Orders', 'Owner').getByText('Own Records', { exact: true }));
    await snap('matrix');

    await roles.choose('Reports', 'Owner', 'Read');
    await expectVisible(roles.unsaved(1));
    expectEqual(await roles.cell('Reports', 'Owner').locator('xpath=ancestor::td').getAttribute('data-changed'), 'true', 'the changed cell is highlighted');
    await snap('unsaved');
    await roles.save.click();
    await expectVisible(roles.saved);
    const [saved] = await reportsForOwner(api, token);
    expectEqual([saved?.permission_level, saved?.can_read, saved?.can_create], ['read', true, false], 'the privilege is replaced on the server');

    await page.reload();
    await expectVisible(roles.cell('Reports', 'Owner').getByText('Read', { exact: true }));

    // Leave the defaults as they were for the other specs.
    await roles.choose('Reports', 'Owner', 'None');
    await expectVisible(roles.unsaved(1));
    await roles.save.click();
    await expectVisible(roles.saved);
    const [restored] = await reportsForOwner(api, token);
    expectEqual(restored?.permission_level, 'none', 'restored');
  }),
];
