import { expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { WorkOrdersPage } from '../pages/work-orders-page.mjs';

export default [
  spec('work orders: an owner submits from My Account, staff move it on the board, assign the vendor and link the bill, comments internal and shared', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: '917001', first_name: 'Wanda', last_name: 'Orders', email: 'wanda.orders@example.com' } });
    const unit = await api.app('POST', '/entities/Property', { token, body: { property_id: '925001', unit_number: 'WO-7' } });
    await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: owner.id, property_id: unit.id } });
    const vendor = await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: 'E2E Plumbing Co' } });
    const chart = await api.app('GET', '/entities/ChartOfAccount', { token });
    const expense = chart.find((/** @type {any} */ a) => a.account_type === 'expense').id;
    await api.app('POST', '/functions/saveBill', { token, body: { vendor_id: vendor.id, bill_number: 'PLB-77', bill_date: '2031-05-02', lines: [{ description: 'Faucet repair', quantity: 1, unit_price: 180, account_id: expense }] } });
    const member = await memberToken(api, { email: 'wanda.orders.user@example.com', full_name: 'Wanda Orders', role: 'owner' });
    await api.app('PUT', `/entities/User/${member.user.id}`, { token, body: { owner_id: owner.id } });
    const ownerToken = await api.login(member.user.email, 'Member-e2e-2024!');

    // The owner submits a request for their unit on My Account.
    await signInWithToken(page, ownerToken, '/myaccount');
    const requests = page.getByRole('region', { name: 'Requests' });
    await expectVisible(requests.getByText('You have not submitted any requests'));
    await requests.getByRole('button', { name: 'New Request' }).click();
    const screen = new WorkOrdersPage(page);
    await screen.fillForm({ 'Title *': 'Leaking kitchen faucet', Description: 'Drips all night' });
    await screen.choose('Unit', 'WO-7');
    await snap('my-account-request-dialog');
    await screen.submit('Submit Request');
    await expectVisible(screen.toast('Work order submitted'));
    await expectVisible(requests.getByRole('row', { name: 'Leaking kitchen faucet' }).getByText('Open'));
    await snap('my-account-requests');

    // Staff: the board, the card in Open; start work, assign the vendor, link their bill, an internal and a shared comment.
    await signInWithToken(page, token, '/WorkOrders');
    await expectVisible(screen.heading);
    await screen.card('Open', 'Leaking kitchen faucet').click();
    await expectVisible(screen.dialog.getByText('Unit WO-7 · submitted'));
    await screen.dialog.getByRole('button', { name: 'Start Work' }).click();
    await expectVisible(screen.toast('Work order In Progress'));
    await screen.choose('Vendor', 'E2E Plumbing Co');
    await expectVisible(screen.toast('Vendor assigned'));
    await screen.choose("Vendor's bill", 'PLB-77 (2031-05-02)');
    await expectVisible(screen.toast('Bill linked'));
    await screen.comment('Quote approved by the manager');
    await expectVisible(screen.dialog.getByRole('listitem').filter({ hasText: 'Quote approved by the manager' }).getByText('Internal'));
    await screen.comment('The plumber comes Tuesday morning', { shared: true });
    await expectVisible(screen.dialog.getByRole('listitem').filter({ hasText: 'The plumber comes Tuesday morning' }).getByText('Shared with requester'));
    await snap('work-order-dialog');
    await page.keyboard.press('Escape');
    await expectVisible(screen.card('In Progress', 'Leaking kitchen faucet'));
    await snap('work-orders-board');

    // The owner follows it: the status, the shared comments only; their reply is shared.
    await signInWithToken(page, ownerToken, '/myaccount');
    await expectVisible(requests.getByRole('row', { name: 'Leaking kitchen faucet' }).getByText('In Progress'));
    await requests.getByRole('button', { name: 'Open Leaking kitchen faucet' }).click();
    await expectVisible(screen.dialog.getByText('The plumber comes Tuesday morning'));
    await expectVisible(screen.dialog.getByText('Status changed from Open to In Progress.'));
    await expectHidden(screen.dialog.getByText('Quote approved by the manager'));
    await expectHidden(screen.dialog.getByRole('button', { name: 'Start Work' }));
    await screen.comment('Thank you, I will be home');
    await expectVisible(screen.dialog.getByText('Thank you, I will be home'));
    await snap('my-account-request');
  }),
];
