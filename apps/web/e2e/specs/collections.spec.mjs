import { expectEqual, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { CollectionsPage } from '../pages/collections-page.mjs';

const OWNER = 'Colin Lector (#914001)';

export default [
  spec('collections: stages from the screen, a preview and two posted runs, the approval queue, a payment plan, the stage on the owner card', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const chart = await api.app('GET', '/entities/ChartOfAccount', { token });
    const income = chart.find((/** @type {any} */ a) => a.account_number === '4100').id;
    await api.app('POST', '/entities/Product', { token, body: { product_code: 'E2E-LIEN', description: 'Final notice fee', unit_price: 40, account_id: income } });
    const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: '914001', first_name: 'Colin', last_name: 'Lector', email: 'colin.lector@example.com' } });
    await api.app('POST', '/functions/saveInvoice', { token, body: { owner_id: owner.id, invoice_date: '2031-01-01', due_date: '2031-01-16', status: 'sent', lines: [{ description: 'Dues', quantity: 1, unit_price: 500 }] } });

    await signInWithToken(page, token, '/Collections');
    const screen = new CollectionsPage(page);
    await expectVisible(screen.heading);
    await expectVisible(screen.stages.getByText('No collection stages yet'));
    await expectVisible(screen.queue.getByText('No letters waiting for approval'));
    await snap('collections-empty');

    // A letter with a placeholder the server does not know is refused before it is saved, in words.
    await page.getByRole('button', { name: 'Add Stage' }).click();
    await screen.fillForm({ 'Name *': 'E2E reminder', 'Letter body *': 'Dear {{owner}}' });
    await screen.submit('Add Stage');
    await expectVisible(screen.dialog.getByText(/Letter body: unknown placeholder \{\{owner\}\}/));
    await screen.fillForm({ 'Letter body *': 'Dear {{owner_name}}, {{past_due_balance}} is {{days_past_due}} days past due.' });
    await snap('collections-stage-dialog');
    await screen.submit('Add Stage');
    await expectVisible(screen.toast('Collection stage added'));
    await screen.addStage({ 'Name *': 'E2E final notice', 'Days past due *': '60', 'Letter subject *': 'Final notice' }, { feeItem: 'E2E-LIEN - Final notice fee', approval: true });
    await expectVisible(screen.stages.getByRole('row', { name: 'E2E final notice' }).getByText('Required'));

    // 35 days past due: the reminder, emailed on posting.
    await screen.runPreview('2031-02-20');
    const first = screen.previewRows.getByRole('row').filter({ hasText: OWNER });
    await expectVisible(first);
    expectEqual((await first.getByRole('cell').allInnerTexts()).slice(2, 6), ['E2E reminder', '35', '$500.00', ''], 'the preview row');
    await snap('collections-preview');
    await screen.postButton.click();
    await expectVisible(screen.toast('Posted'));
    await screen.expectLetter([OWNER], 'In outbox');

    // 68 days, 33 since the reminder: the final notice waits in the queue.
    await screen.runPreview('2031-03-25');
    await expectVisible(screen.previewRows.getByRole('row').filter({ hasText: OWNER }).getByText('Waits for approval'));
    await screen.postButton.click();
    await expectVisible(screen.toast('Posted'));
    const queued = screen.queue.getByRole('row', { name: OWNER });
    await expectVisible(queued.getByText('$40.00'));
    await snap('collections-queue');
    await queued.getByRole('checkbox', { name: `Select ${OWNER}` }).check();
    await page.getByRole('button', { name: 'Approve Selected' }).click();
    await expectVisible(screen.toast('Approved 1 letter'));
    await screen.expectLetter(['E2E final notice', OWNER], 'In outbox');
    const fees = await api.app('GET', `/entities/Invoice?q=${encodeURIComponent(JSON.stringify({ owner_id: owner.id, total_amount: 40 }))}`, { token });
    expectEqual(fees.length, 1, 'the final notice fee invoice');

    // A payment plan for the owner: collection steps and late fees pause while it is kept.
    await page.getByRole('button', { name: 'Add Plan' }).click();
    await screen.chooseOwner('Lector', OWNER);
    await screen.fillForm({ 'Start date *': '2031-04-01', 'Installment 1 due': '2031-05-01', 'Installment 1 amount': '200', 'Installment 2 due': '2031-06-01', 'Installment 2 amount': '200', 'Installment 3 due': '2031-07-01', 'Installment 3 amount': '140' });
    await expectVisible(screen.dialog.getByText('$540.00'));
    await snap('collections-plan-dialog');
    await screen.submit('Add Plan');
    await expectVisible(screen.toast('Payment plan added'));
    await expectVisible(screen.plans.getByRole('row', { name: OWNER }).getByText('Active'));
    await snap('collections-after');

    // The owner's card shows the stage; their account dialog the stage, the plan and the letters.
    await page.goto('/Owners');
    await page.getByLabel('Search owners').fill('Lector');
    const card = page.getByRole('article', { name: 'Colin Lector' });
    await expectVisible(card.getByText('Collections: E2E final notice'));
    await card.getByRole('button', { name: 'Statements and emails of Colin Lector' }).click();
    const section = page.getByRole('dialog').getByRole('region', { name: 'Collections' });
    await expectVisible(section.getByText('E2E final notice', { exact: true }).first());
    await expectVisible(section.getByText(/Payment plan from 2031-04-01: \$540\.00 in 3 installments/));
    await snap('owner-collections');

    // The owner, signed in, sees the same on My Account: the stage, the plan and the letters released to them.
    const member = await memberToken(api, { email: 'colin.lector.user@example.com', full_name: 'Colin Lector', role: 'owner' });
    await api.app('PUT', `/entities/User/${member.user.id}`, { token, body: { owner_id: owner.id } });
    await signInWithToken(page, await api.login(member.user.email, 'Member-e2e-2024!'), '/myaccount');
    const mine = page.getByRole('region', { name: 'Collections' });
    await expectVisible(mine.getByText('E2E final notice', { exact: true }).first());
    await expectVisible(mine.getByText(/Payment plan from 2031-04-01: \$540\.00 in 3 installments/));
    await expectVisible(mine.getByRole('button', { name: /^Letter PDF, E2E final notice, / }));
    await snap('my-account-collections');
  }),
];
