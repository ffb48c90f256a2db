import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, OWNER, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { downloadOf } from '../pages/owners-page.mjs';
import { ReportsPage } from '../pages/reports-page.mjs';

// Everything is dated in 2011 so other specs' documents (dated today) stay out of the period and the as-of date.
const PERIOD = { from: '2011-01-01', to: '2011-12-31' };
const AS_OF = '2011-04-20';

/** @param {import('../lib/api.mjs').ServerApi} api @param {string} token */
async function seedBooks(api, token) {
  const owner = await api.app('POST', '/entities/Owner', {
    token,
    body: { owner_id: String(700000 + (Date.now() % 99999)), first_name: 'Rita', last_name: 'Receivable' },
  });
  const invoice = await api.app('POST', '/entities/Invoice', {
    token,
    body: { owner_id: owner.id, invoice_date: '2011-03-15', due_date: '2011-03-30', status: 'sent' },
  });
  await api.app('POST', '/entities/InvoiceLineItem', { token, body: { invoice_id: invoice.id, description: 'Dues', quantity: 1, unit_price: 100 } });
  await api.app('POST', '/functions/recordPayment', {
    token,
    body: { owner_id: owner.id, amount: 40, payment_date: '2011-04-01', invoice_ids: [invoice.id] },
  });
  const vendor = await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: 'Poolside Services' } });
  const [expense] = await api.app('GET', `/entities/ChartOfAccount?q=${encodeURIComponent(JSON.stringify({ account_type: 'expense' }))}&sort=account_number`, { token });
  await api.app('POST', '/functions/saveBill', {
    token,
    body: {
      vendor_id: vendor.id, bill_number: `PS-${Date.now()}`, bill_date: '2011-04-05', due_date: '2011-05-05', tax_amount: 0,
      lines: [{ description: 'Pool service', quantity: 1, unit_price: 30, account_id: expense.id }],
    },
  });
}

export default [
  spec('reports: cards, a balanced balance sheet, the A/R and A/P agings by bucket, and the CSV export', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    await seedBooks(api, token);
    await signInWithToken(page, token, '/Reports');
    const reports = new ReportsPage(page);
    await expectVisible(reports.heading);
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    expectEqual([await reports.from.inputValue(), await reports.to.inputValue()], [`${today.slice(0, 4)}-01-01`, today], 'the period is this year');

    await reports.setPeriod(PERIOD.from, PERIOD.to);
    await reports.asOf.fill(AS_OF);
    await expectVisible(reports.card('Total Revenue').getByText('$100.00'));
    await expectVisible(reports.card('Total Expenses').getByText('$30.00'));
    await expectVisible(reports.card('Net Income').getByText('$70.00'));

    const income = await reports.openTab('Income Statement');
    await expectVisible(income.getByRole('row').filter({ hasText: 'Total Revenue' }).getByText('$100.00'));
    await expectVisible(income.getByRole('row').filter({ hasText: 'Net Income' }).getByText('$70.00'));
    await snap('income-statement');

    const balance = await reports.openTab('Balance Sheet');
    await expectVisible(reports.balanceCheck);
    await expectVisible(balance.getByRole('row').filter({ hasText: 'Total Assets' }).getByText('$100.00'));
    await expectVisible(balance.getByRole('row').filter({ hasText: 'Total Liabilities' }).first().getByText('$30.00'));
    await expectVisible(balance.getByRole('row').filter({ hasText: 'Total Equity' }).getByText('$70.00'));
    await snap('balance-sheet');

    await reports.openTab('A/R Report');
    const owner = reports.agingRow('A/R Aging', 'Rita Receivable');
    await expectVisible(owner);
    const cells = owner.getByRole('cell');
    expectEqual(await cells.allInnerTexts(), ['Rita Receivable', '$0.00', '$60.00', '$0.00', '$0.00', '$0.00', '$60.00'], 'the open $60 is 21 days past due: 1-30');
    for (const column of ['Current', '1-30', '31-60', '61-90', 'Over 90', 'Total']) {
      await expectVisible(page.getByRole('columnheader', { name: column, exact: true }));
    }
    await expectVisible(page.getByRole('table', { name: 'A/R Aging' }).getByRole('row', { name: 'Total' }));
    await snap('ar-aging');
    const file = await downloadOf(page, () => reports.exportButton.click());
    expectEqual(file.fileName, `ar-aging-${AS_OF}.csv`, 'the server names the file');
    const lines = file.text.trim().split(/\r?\n/);
    expectEqual(lines[0], 'owner_id,owner_name,current,days_1_30,days_31_60,days_61_90,days_over_90,total', 'the CSV header');
    if (!lines.some((line) => line.includes('Rita Receivable') && line.endsWith(',60'))) throw new Error(`the owner's row is missing:\n${file.text}`);

    await reports.openTab('A/P Report');
    const vendor = reports.agingRow('A/P Aging', 'Poolside Services');
    expectEqual(await vendor.getByRole('cell').allInnerTexts(), ['Poolside Services', '$30.00', '$0.00', '$0.00', '$0.00', '$0.00', '$30.00'], 'the bill is not yet due: current');
    const apFile = await downloadOf(page, () => reports.exportButton.click());
    expectEqual(apFile.text.split(/\r?\n/)[0], 'vendor_id,vendor_name,current,days_1_30,days_31_60,days_61_90,days_over_90,total', 'the A/P CSV header');
    await snap('ap-aging');
  }),

  spec('reports: an owner cannot open the financial reports', async ({ page, api }) => {
    const { token } = await memberToken(api, OWNER);
    await signInWithToken(page, token, '/Reports');
    await expectVisible(page.getByRole('heading', { name: 'You do not have access to this page' }));
    await expectHidden(new ReportsPage(page).heading);
  }),
];
