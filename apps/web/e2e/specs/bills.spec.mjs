import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { BillsPage } from '../pages/bills-page.mjs';

/** @param {string} iso @param {number} days */
const addDays = (iso, days) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export default [
  spec('bills: create a bill with two lines and tax, view its details, pay part then the rest (partial, then paid)', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const vendorName = `Evergreen Landscaping ${Date.now()}`;
    await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: vendorName } });
    const expense = await api.app('GET', `/entities/ChartOfAccount?q=${encodeURIComponent(JSON.stringify({ account_type: 'expense' }))}&sort=account_number`, { token });
    if (expense.length < 2) throw new Error('the chart of accounts has fewer than two expense accounts');
    const [first, second] = expense.map((/** @type {any} */ a) => `${a.account_number} - ${a.account_name}`);
    const billNumber = `EL-${Date.now()}`;

    await signInWithToken(page, token, '/Bills');
    const bills = new BillsPage(page);
    await expectVisible(bills.heading);
    for (const column of ['Bill #', 'Vendor', 'Date', 'Due Date', 'Amount', 'Balance', 'Status']) {
      await expectVisible(page.getByRole('columnheader', { name: column, exact: true }).or(bills.empty));
    }

    const form = await bills.openForm();
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    expectEqual(await form.getByLabel('Bill Date').inputValue(), today, 'the bill date defaults to today');
    expectEqual(await form.getByLabel('Due Date').inputValue(), addDays(today, 30), 'the due date defaults to 30 days after today');

    await form.getByRole('button', { name: 'Create Bill' }).click();
    await expectVisible(form.getByText('Vendor is required'));
    await expectVisible(form.getByText('Bill number is required'));

    await bills.chooseVendor(vendorName);
    await form.getByLabel('Bill Number').fill(billNumber);
    await expectHidden(form.getByText('Vendor is required'));
    await expectHidden(form.getByText('Bill number is required'));
    await bills.fillLine(1, { description: 'Lawn mowing', quantity: '2', unitPrice: '150.25', account: first });
    await bills.fillLine(2, { description: 'Mulch', quantity: '3', unitPrice: '45.10', account: second });
    await expectVisible(form.getByLabel('Line 2 total').getByText('$135.30'));
    await form.getByLabel('Tax Amount').fill('12.34');
    await expectVisible(bills.totals(form).getByText('$435.80'));
    await expectVisible(bills.totals(form).getByText('$448.14'));
    await snap('bill-form');
    await form.getByRole('button', { name: 'Create Bill' }).click();
    await expectHidden(form);

    const row = bills.row(billNumber);
    await expectVisible(row);
    await expectVisible(row.getByText(vendorName));
    await expectVisible(row.getByText(addDays(today, 30)));
    await expectVisible(row.getByText('pending'));
    expectEqual(await row.getByText('$448.14').count(), 2, 'amount and balance are the total');
    await snap('bills');

    const details = await bills.view(billNumber);
    await expectVisible(details.getByText('Lawn mowing'));
    await expectVisible(details.getByText('Mulch'));
    await expectVisible(details.getByText(first));
    await expectVisible(bills.totals(details).getByText('$12.34'));
    await expectVisible(details.getByText('No payments made yet'));
    await details.getByRole('button', { name: 'Pay Bill' }).click();
    expectEqual(await bills.payForm.getByLabel('Amount').inputValue(), '448.14', 'the amount defaults to the balance');
    await snap('pay-bill');
    await bills.payForm.getByLabel('Amount').fill('1000');
    await bills.payForm.getByRole('button', { name: 'Record Payment' }).click();
    await expectVisible(bills.payForm.getByText('Amount cannot exceed the balance due of $448.14'));
    await bills.payForm.getByLabel('Amount').fill('200');
    await bills.payForm.getByLabel('Reference Number').fill('CHK-1001');
    await bills.payForm.getByRole('button', { name: 'Record Payment' }).click();
    await expectHidden(bills.payForm);
    await expectVisible(details.getByRole('table', { name: 'Bill payments' }).getByText('CHK-1001'));
    await expectVisible(details.getByText('partial', { exact: true }));
    await expectVisible(bills.totals(details).getByText('$248.14'));

    await bills.pay({ reference: 'CHK-1002' });
    await expectVisible(details.getByRole('table', { name: 'Bill payments' }).getByText('CHK-1002'));
    await expectVisible(details.getByText('paid', { exact: true }));
    await expectVisible(bills.totals(details).getByText('$0.00'));
    await expectHidden(details.getByRole('button', { name: 'Pay Bill' }));
    await snap('bill-details-paid');
    await page.keyboard.press('Escape');
    await expectVisible(row.getByText('paid', { exact: true }));

    const [saved] = await api.app('GET', `/entities/Bill?q=${encodeURIComponent(JSON.stringify({ bill_number: billNumber }))}`, { token });
    expectEqual([saved.status, Number(saved.total_amount), Number(saved.amount_paid), Number(saved.balance_due)], ['paid', 448.14, 448.14, 0], 'the server has the bill paid');
  }),
];
