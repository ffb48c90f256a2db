import { chooseOption } from '../lib/select.mjs';
import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AssessmentsPage } from '../pages/assessments-page.mjs';
import { OrgSettingsPage } from '../pages/org-settings-page.mjs';

/** The preview's figures: "N charges, total $X". @param {import('playwright-core').Locator} preview */
async function previewFigures(preview) {
  const text = await preview.getByRole('status').first().innerText();
  const m = /(\d+) charges?, total (\$[\d,.]+)/.exec(text);
  if (!m) throw new Error(`No figures in "${text}"`);
  return { count: Number(m[1]), total: m[2] };
}

export default [
  spec('assessments: a schedule from the screen, its preview, posting it, the history; a late-fee rule charged on the late dues', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const chart = await api.app('GET', '/entities/ChartOfAccount', { token });
    const account = (/** @type {string} */ n) => chart.find((/** @type {any} */ a) => a.account_number === n).id;
    await api.app('POST', '/entities/Product', { token, body: { product_code: 'E2E-DUES', description: 'Scheduled dues', unit_price: 0, account_id: account('4000') } });
    await api.app('POST', '/entities/Product', { token, body: { product_code: 'E2E-LATE', description: 'Late charge', unit_price: 0, account_id: account('4100') } });
    const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: '913001', first_name: 'Sched', last_name: 'Uler' } });
    const unit = await api.app('POST', '/entities/Property', { token, body: { property_id: '913001', unit_number: 'SCH-1', monthly_hoa_fee: 275.5 } });
    await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: owner.id, property_id: unit.id } });

    await signInWithToken(page, token, '/Assessments');
    const screen = new AssessmentsPage(page);
    await expectVisible(screen.heading);
    await expectVisible(screen.schedules.getByText('No assessment schedules yet'));

    // A fixed schedule is refused without its amount, in words; then added.
    await screen.addSchedule({ 'Name *': 'E2E dues', 'Start date *': '2031-01-01' }, { 'Item *': 'E2E-DUES - Scheduled dues', 'Amount basis *': 'Fixed amount per unit' });
    await expectVisible(screen.dialog.getByText('Enter the amount each unit is charged'));
    await snap('assessments-schedule-dialog');
    await screen.choose('Amount basis *', "Unit's monthly HOA fee");
    await screen.submit('Add Schedule');
    await expectVisible(screen.toast('Schedule added'));
    await expectVisible(screen.schedules.getByRole('row', { name: 'E2E dues' }).getByText('Active'));

    // Preview: the unit's fee, nothing written yet; the same figures post.
    await screen.runPreview('Preview Assessments', '2031-01-01');
    await expectVisible(screen.previewRows.getByRole('row').filter({ hasText: 'Sched Uler (#913001)' }).getByText('$275.50'));
    const previewed = await previewFigures(screen.preview);
    await snap('assessments-preview');
    await screen.postButton.click();
    await expectVisible(screen.toast(`Posted ${previewed.count} ${previewed.count === 1 ? 'charge' : 'charges'} totalling ${previewed.total}`));
    await expectHidden(screen.preview);
    const latest = screen.history.locator('tbody tr').first();
    await expectVisible(latest.getByRole('cell', { name: 'Assessments', exact: true }));
    expectEqual((await latest.getByRole('cell').allInnerTexts()).slice(2), ['2031-01-01', 'avery.admin@example.com', String(previewed.count), previewed.total], 'the history row');
    const invoices = await api.app('GET', `/entities/Invoice?q=${encodeURIComponent(JSON.stringify({ owner_id: owner.id }))}`, { token });
    expectEqual(invoices.map((/** @type {any} */ i) => [i.invoice_date, i.due_date, i.total_amount, i.status]), [['2031-01-01', '2031-01-16', 275.5, 'sent']], "the owner's invoice");

    // Running it again bills nothing more.
    await screen.runPreview('Preview Assessments', '2031-01-20');
    await expectVisible(screen.previewRows.getByText('Nothing to bill as of this date'));

    // A late-fee rule: 10% with a $20 minimum fee, on the scheduled dues, five grace days.
    await screen.addRule(
      { 'Name *': 'E2E late fee', 'Grace days *': '5', 'Fixed fee *': '20', 'Percent of balance *': '10', 'Annual interest rate (%)': '12' },
      { 'Fee type *': 'Greater of the two', 'Late fee item *': 'E2E-LATE - Late charge' },
      ['E2E-DUES - Scheduled dues'],
    );
    await expectVisible(screen.toast('Late fee rule added'));
    await expectVisible(screen.rules.getByRole('row', { name: 'E2E late fee' }).getByText('greater of $20.00 and 10%'));
    await screen.runPreview('Preview Late Fees', '2031-01-22');
    const mine = screen.previewRows.getByRole('row').filter({ hasText: 'Sched Uler (#913001)' });
    // 10% of 275.50 = 27.55 > 20; a month's interest at 12%: 2.76 (2.755 half up).
    await expectVisible(mine.filter({ hasText: 'Late fee' }).getByText('$27.55'));
    await expectVisible(mine.filter({ hasText: 'Interest' }).getByText('$2.76'));
    await snap('assessments-late-fees');
    await screen.postButton.click();
    await expectVisible(screen.toast('Posted'));
    await expectVisible(screen.history.locator('tbody tr').first().getByRole('cell', { name: 'Late fees', exact: true }));

    // Deactivated, the schedule stays listed and bills nothing.
    await screen.schedules.getByRole('row', { name: 'E2E dues' }).getByRole('button', { name: 'Deactivate' }).click();
    await expectVisible(screen.toast('E2E dues deactivated'));
    await expectVisible(screen.schedules.getByRole('row', { name: 'E2E dues' }).getByText('Inactive'));
  }),
  spec('assessments: the billing settings on Organization Settings (time zone, run hour, co-owners, payment order, credits)', async ({ page, api }) => {
    const token = await adminToken(api);
    const [before] = await api.app('GET', '/entities/OrgSettings', { token });
    await signInWithToken(page, token, '/OrgSettings');
    const settings = new OrgSettingsPage(page);
    await expectVisible(page.getByRole('heading', { name: 'Billing' }));
    if (!before) await settings.companyName.fill('Billing Settings HOA');
    await page.getByLabel('Time zone').fill('America/Denver');
    await chooseOption(page, page.getByRole('combobox', { name: 'Daily run hour' }), '05:00');
    await page.getByRole('combobox', { name: 'Co-owned units' }).click();
    await page.getByRole('option', { name: 'Split by ownership percentage' }).click();
    await page.getByRole('combobox', { name: 'Payment application order' }).click();
    await page.getByRole('option', { name: 'Interest, then late fees, other charges, then assessments' }).click();
    await page.getByRole('switch', { name: "Apply owners' credit to new charges automatically" }).click();
    await settings.save.click();
    await expectVisible(settings.saved);
    const [after] = await api.app('GET', '/entities/OrgSettings', { token });
    expectEqual(
      [after.time_zone, after.run_hour, after.co_owner_billing, after.payment_application_order, after.auto_apply_credits],
      ['America/Denver', 5, 'split', 'fees_first', true],
      'the saved billing settings',
    );
    // Put back what the other specs expect.
    if (!before) await api.app('DELETE', `/entities/OrgSettings/${after.id}`, { token });
    else await api.app('PUT', `/entities/OrgSettings/${after.id}`, { token, body: { time_zone: before?.time_zone ?? null, run_hour: 6, co_owner_billing: 'principal', payment_application_order: 'oldest_first', auto_apply_credits: false } });
  }),
];
