import { expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { ArchitecturalRequestsPage } from '../pages/architectural-requests-page.mjs';

export default [
  spec('architectural requests: an owner submits from My Account, staff deny with a reason, the owner appeals, the board reconsiders with conditions', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const settings = await api.app('GET', '/entities/OrgSettings', { token });
    if (settings[0]) await api.app('PUT', `/entities/OrgSettings/${settings[0].id}`, { token, body: { state: 'CA', arc_response_days: 30 } });
    const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: '916001', first_name: 'Arlo', last_name: 'Cedar', email: 'arlo.cedar@example.com' } });
    const unit = await api.app('POST', '/entities/Property', { token, body: { property_id: '926001', unit_number: 'AR-3' } });
    await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: owner.id, property_id: unit.id } });
    const member = await memberToken(api, { email: 'arlo.cedar.user@example.com', full_name: 'Arlo Cedar', role: 'owner' });
    await api.app('PUT', `/entities/User/${member.user.id}`, { token, body: { owner_id: owner.id } });
    const ownerToken = await api.login(member.user.email, 'Member-e2e-2024!');
    const screen = new ArchitecturalRequestsPage(page);
    const status = (/** @type {string} */ text) => screen.table.getByRole('row', { name: 'Unit AR-3 Fence' }).getByText(text, { exact: true });

    // The owner asks on My Account.
    await signInWithToken(page, ownerToken, '/myaccount');
    const mine = page.getByRole('region', { name: 'Architectural Requests' });
    await expectVisible(mine.getByText('You have not submitted any architectural requests'));
    await mine.getByRole('button', { name: 'New Architectural Request' }).click();
    await screen.choose('Unit *', 'AR-3');
    await screen.choose('Category *', 'Fence');
    await screen.fillForm({ 'Description *': 'A 6 ft cedar fence along the back line' });
    await snap('my-account-arc-dialog');
    await screen.submit('Submit Request');
    await expectVisible(screen.toast('Architectural request submitted'));
    await expectVisible(status('Submitted'));

    // Staff deny it: a denial without a reason is refused in words, then recorded with one.
    await signInWithToken(page, token, '/ArchitecturalRequests');
    await expectVisible(screen.heading);
    await snap('architectural-requests');
    await screen.open('AR-3', 'Fence');
    await screen.decide('Denied');
    await expectVisible(screen.dialog.getByText(/A denial must explain why the request is denied/));
    await snap('architectural-request-dialog');
    await screen.decide('Denied', { reason: 'Fences over 5 ft are not allowed (CC&R 7.2)' });
    await expectVisible(screen.toast('Decision recorded'));
    await expectVisible(status('Denied'));

    // The owner reads the denial and appeals it once.
    await signInWithToken(page, ownerToken, '/myaccount');
    await expectVisible(status('Denied'));
    await screen.open('AR-3', 'Fence');
    await expectVisible(screen.dialog.getByText('Fences over 5 ft are not allowed (CC&R 7.2)'));
    await expectVisible(screen.dialog.getByRole('button', { name: 'Decision Letter' }));
    await screen.dialog.getByLabel('Why should the board reconsider?').fill('The neighbours on both sides have 6 ft fences');
    await snap('my-account-arc-appeal');
    await screen.dialog.getByRole('button', { name: 'Appeal', exact: true }).click();
    await expectVisible(screen.toast('Appeal sent to the board'));
    await expectVisible(status('Appealed'));

    // The board reconsiders: approved with conditions.
    await signInWithToken(page, token, '/ArchitecturalRequests');
    await screen.open('AR-3', 'Fence');
    await screen.decide('Approved with Conditions', { conditions: 'At most 6 ft, natural cedar' });
    await expectVisible(screen.toast('Decision recorded'));
    await expectVisible(status('Reconsidered'));

    await signInWithToken(page, ownerToken, '/myaccount');
    await expectVisible(status('Reconsidered'));
    await snap('my-account-arc');
  }),
];
