import { expectEqual, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { ChartWithTable } from '../pages/chart.mjs';
import { ReportsPage } from '../pages/reports-page.mjs';

// Dated in 2014 so other specs' documents (2011 in the reports spec, today elsewhere) stay out of the period; the file
// runs after the dashboard spec, which expects a fresh instance's revenue.
const PERIOD = { from: '2014-01-01', to: '2014-03-31' };

/** @param {import('../lib/api.mjs').ServerApi} api @param {string} token */
async function seed2014(api, token) {
  const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: String(800000 + (Date.now() % 99999)), first_name: 'Carla', last_name: 'Chart' } });
  await api.app('POST', '/functions/saveInvoice', {
    token,
    body: { owner_id: owner.id, invoice_date: '2014-02-10', due_date: '2014-02-25', status: 'sent', lines: [{ description: 'Dues', quantity: 1, unit_price: 250 }] },
  });
  const vendor = await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: 'Chart Gardening' } });
  const [expense] = await api.app('GET', `/entities/ChartOfAccount?q=${encodeURIComponent(JSON.stringify({ account_type: 'expense' }))}&sort=account_number`, { token });
  await api.app('POST', '/functions/saveBill', {
    token,
    body: { vendor_id: vendor.id, bill_number: `CG-${Date.now()}`, bill_date: '2014-03-05', due_date: '2014-04-05', lines: [{ description: 'Hedges', quantity: 1, unit_price: 80, account_id: expense.id }] },
  });
  return owner;
}

export default [
  spec('charts: revenue and expenses by month and receivables by age on Reports, each with its table', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    await seed2014(api, token);
    await signInWithToken(page, token, '/Reports');
    const reports = new ReportsPage(page);
    await expectVisible(reports.heading);
    await reports.setPeriod(PERIOD.from, PERIOD.to);
    await reports.asOf.fill('2014-02-20');

    const monthly = new ChartWithTable(page, 'Revenue and expenses by month');
    await expectVisible(monthly.image);
    await expectVisible(await monthly.openTable());
    expectEqual(await monthly.row('Jan 2014'), ['$0.00', '$0.00'], 'January: nothing');
    expectEqual(await monthly.row('Feb 2014'), ['$250.00', '$0.00'], 'February: the dues');
    expectEqual(await monthly.row('Mar 2014'), ['$0.00', '$80.00'], 'March: the bill');
    await snap('revenue-and-expenses-by-month');

    await reports.openTab('A/R Report');
    const aging = new ChartWithTable(page, 'Receivables by age');
    await expectVisible(aging.image);
    await expectVisible(await aging.openTable());
    expectEqual(await aging.row('Current'), ['$250.00'], 'not yet due on 20 February');
    expectEqual(await aging.row('1-30'), ['$0.00'], 'nothing 1-30 days late');
    await snap('receivables-by-age');

    await reports.asOf.fill('2014-03-20');
    await expectVisible(aging.table.getByRole('row').filter({ hasText: '1-30' }).getByText('$250.00'));
  }),

  spec('charts: collections by month on the Dashboard with its table, the same figures as the server', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const owner = await seed2014(api, token);
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    await api.app('POST', '/functions/recordPayment', { token, body: { owner_id: owner.id, amount: 37.25, payment_date: today, invoice_ids: [] } });
    const summary = await api.app('GET', '/dashboard/summary', { token });
    expectEqual(summary.collections_by_month.length, 12, 'twelve months');
    const current = summary.collections_by_month[11];

    await signInWithToken(page, token, '/');
    const chart = new ChartWithTable(page, 'Payments received by month');
    await expectVisible(chart.image);
    await expectVisible(await chart.openTable());
    const label = new Date(`${current.month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    const shown = await chart.row(label);
    expectEqual(shown, [new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(current.payments_received)], 'this month as the server counts it');
    expectEqual(current.payments_received >= 37.25, true, 'this month includes the payment');
    expectEqual(await chart.table.getByRole('row').count(), 13, 'a heading row and twelve months');
    await snap('collections-by-month');
  }),
];
