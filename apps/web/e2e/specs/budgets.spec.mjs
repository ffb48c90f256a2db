import { expectEqual, expectHidden, expectValue, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { BudgetsPage } from '../pages/budgets-page.mjs';

// Fiscal year 2012 with the fiscal year starting in January: no other spec posts in 2012. Only a bill is posted: the
// dashboard spec, which runs later on the same server, expects no revenue (the server tests cover revenue actuals).
const ASSESSMENTS = '4000 - Assessment Income';
const LANDSCAPING = '5000 - Landscaping';

/** @param {import('../lib/api.mjs').ServerApi} api @param {string} token */
async function postJanuaryBill(api, token) {
  const accounts = await api.app('GET', '/entities/ChartOfAccount?sort=account_number', { token });
  const id = (/** @type {string} */ n) => accounts.find((/** @type {any} */ a) => a.account_number === n).id;
  const vendor = await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: 'Hedge & Lawn' } });
  await api.app('POST', '/functions/saveBill', { token, body: { vendor_id: vendor.id, bill_number: `HL-${Date.now()}`, bill_date: '2012-01-20', lines: [{ quantity: 1, unit_price: 450, account_id: id('5000') }] } });
}

export default [
  spec('budgets: the grid adds accounts, spreads an annual amount evenly, saves all lines, adopts; budget vs actual by whole months', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const [settings] = await api.app('GET', '/entities/OrgSettings?sort=created_date&limit=1', { token });
    if (settings && settings.fiscal_year_start_month !== 1) await api.app('PUT', `/entities/OrgSettings/${settings.id}`, { token, body: { fiscal_year_start_month: 1 } });
    await postJanuaryBill(api, token);
    await signInWithToken(page, token, '/Budgets');
    const budgets = new BudgetsPage(page);
    await expectVisible(budgets.heading);

    await budgets.create({ name: 'Operating 2012', fiscalYear: '2012', fund: 'OP - Operating' });
    await expectVisible(page.getByRole('heading', { name: 'Operating 2012', level: 2 }));
    await budgets.addAccount(ASSESSMENTS);
    await budgets.addAccount(LANDSCAPING);
    // 12,000.05 spread: 1,000.00 a month and the 5 odd cents on January to May.
    await budgets.spread(ASSESSMENTS, '12000.05');
    await expectValue(budgets.cell(ASSESSMENTS, 'Jan 2012'), '1000.01');
    await expectValue(budgets.cell(ASSESSMENTS, 'May 2012'), '1000.01');
    await expectValue(budgets.cell(ASSESSMENTS, 'Jun 2012'), '1000.00');
    await expectVisible(budgets.annualTotal(ASSESSMENTS).getByText('$12,000.05'));
    await budgets.cell(LANDSCAPING, 'Jan 2012').fill('500');
    await budgets.cell(LANDSCAPING, 'Jul 2012').fill('700');
    await expectVisible(budgets.annualTotal(LANDSCAPING).getByText('$1,200.00'));
    await expectVisible(budgets.totalRow('Net').getByText('$10,800.05'));
    await expectVisible(page.getByRole('status').filter({ hasText: 'Unsaved changes' }));
    await snap('budget-grid');
    await budgets.saveButton.click();
    await expectVisible(budgets.toast('Budget saved'));
    await expectHidden(page.getByRole('status').filter({ hasText: 'Unsaved changes' }));

    // Saved: a fresh load shows the same lines, and the list the totals.
    await page.reload();
    await expectVisible(budgets.list.getByRole('row', { name: 'Operating 2012' }).getByText('$12,000.05'));
    await budgets.open('Operating 2012');
    await expectValue(budgets.cell(ASSESSMENTS, 'May 2012'), '1000.01');
    await expectValue(budgets.cell(LANDSCAPING, 'Jul 2012'), '700.00');

    await budgets.adoptButton.click();
    await expectVisible(budgets.toast('Budget adopted'));
    await expectVisible(budgets.unadoptButton);
    if (await budgets.cell(ASSESSMENTS, 'Jan 2012').isEditable()) throw new Error('an adopted budget must be read-only');
    await expectVisible(budgets.list.getByRole('row', { name: 'Operating 2012' }).getByText('Adopted'));
    await snap('budget-adopted');

    // January: budget 1,000.01 of assessments (none billed) and 500.00 of landscaping against 450.00 billed.
    await budgets.openTab('Budget vs Actual');
    await page.getByLabel('From').fill('2012-01-01');
    await page.getByLabel('To', { exact: true }).fill('2012-01-31');
    await expectVisible(page.getByRole('status').filter({ hasText: 'Budget for 1 whole month (Jan 2012 to Jan 2012)' }));
    expectEqual(await budgets.varianceRow(ASSESSMENTS), [ASSESSMENTS, '$1,000.01', '$0.00', '-$1,000.01', '-100.00%'], 'revenue under budget');
    expectEqual(await budgets.varianceRow(LANDSCAPING), [LANDSCAPING, '$500.00', '$450.00', '$50.00', '10.00%'], 'expense under budget');
    // Net: 500.01 budgeted, −450.00 actual: 950.01 unfavourable, 190.00% of the budgeted net.
    expectEqual(await budgets.varianceRow('Net'), ['Net', '$500.01', '-$450.00', '-$950.01', '-190.00%'], 'net');
    await snap('budget-vs-actual');
  }),
];
