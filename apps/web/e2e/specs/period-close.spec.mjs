import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, PROPERTY_MANAGER, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { BillsPage } from '../pages/bills-page.mjs';
import { JournalEntriesPage } from '../pages/journal-entries-page.mjs';
import { ReportsPage } from '../pages/reports-page.mjs';

// The closes are in 2028-2029, where no other spec dates anything; every spec here leaves the books open.

/** Specs share one server: whatever happens, no period stays closed for the next spec. @param {import('../lib/api.mjs').ServerApi} api @param {string} token */
async function reopenAll(api, token) {
  const status = await api.app('GET', '/ledger/status', { token });
  if (status.closed_through) await api.app('POST', '/functions/reopenPeriod', { token, body: { through: null, reason: 'Left open by the browser tests' } });
}

/** Fills the Create Bill form with one line dated `date`. @param {BillsPage} bills @param {string} vendor @param {string} number @param {string} date @param {string} account */
async function fillBill(bills, vendor, number, date, account) {
  await bills.openForm();
  await bills.chooseVendor(vendor);
  await bills.form.getByLabel('Bill Number').fill(number);
  await bills.form.getByLabel('Bill Date').fill(date);
  await bills.fillLine(1, { description: 'June pool repair', quantity: '1', unitPrice: '240', account });
  await bills.form.getByRole('button', { name: 'Create Bill' }).click();
}

export default [
  spec('period close: close through a date after confirming, a bill dated in the closed period is refused with the server\'s message, reopen with a reason', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const vendor = `Closed Period Pools ${Date.now()}`;
    await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: vendor } });
    const [expense] = await api.app('GET', `/entities/ChartOfAccount?q=${encodeURIComponent(JSON.stringify({ account_type: 'expense' }))}&sort=account_number`, { token });
    const account = `${expense.account_number} - ${expense.account_name}`;
    const billNumber = `JUNE-${Date.now()}`;
    try {
      await signInWithToken(page, token, '/Reports');
      const reports = new ReportsPage(page);
      await expectVisible(reports.books.getByText('No period is closed'));

      await reports.books.getByRole('button', { name: 'Close Period' }).click();
      const dialog = page.getByRole('dialog', { name: 'Close Period' });
      await dialog.getByLabel('Close through').fill('2029-06-30');
      await dialog.getByRole('button', { name: 'Close Period' }).click();
      const confirm = page.getByRole('alertdialog');
      await expectVisible(confirm.getByText(/^Close the books through 2029-06-30\?/));
      await snap('confirm-close');
      await confirm.getByRole('button', { name: 'Close Period' }).click();
      await expectHidden(dialog);
      await expectVisible(reports.books.getByText('Books closed through 2029-06-30'));
      await snap('closed');

      const bills = new BillsPage(page);
      await bills.goto();
      await fillBill(bills, vendor, billNumber, '2029-06-15', account);
      await expectVisible(page.locator('[data-sonner-toast]').filter({ hasText: 'Nothing can be posted on 2029-06-15: the books are closed through 2029-06-30' }));
      await snap('bill-refused');
      await bills.form.getByRole('button', { name: 'Cancel' }).click();
      await expectHidden(bills.form);
      await expectHidden(bills.row(billNumber));

      await reports.goto();
      await reports.books.getByRole('button', { name: 'Reopen Period' }).click();
      const reopen = page.getByRole('dialog', { name: 'Reopen Period' });
      await reopen.getByRole('button', { name: 'Reopen Period' }).click();
      await expectVisible(reopen.getByText('Reason is required'));
      await reopen.getByLabel('Reason').fill('A June pool repair bill was found');
      await snap('reopen');
      await reopen.getByRole('button', { name: 'Reopen Period' }).click();
      await expectHidden(reopen);
      await expectVisible(reports.books.getByText('No period is closed'));

      await bills.goto();
      await fillBill(bills, vendor, billNumber, '2029-06-15', account);
      await expectHidden(bills.form);
      await expectVisible(bills.row(billNumber).getByText(vendor));

      const audit = await api.app('GET', '/audit-log?action=period.reopened&limit=1', { token });
      expectEqual([audit.rows[0].before, audit.rows[0].after, audit.rows[0].detail], [{ closed_through: '2029-06-30' }, { closed_through: null }, { reason: 'A June pool repair bill was found' }], 'the reopening and its reason are audited');
    } finally {
      await reopenAll(api, token);
    }
  }),

  spec('period close: closing the year moves revenue and expenses into fund balance by a closing entry, then reopening keeps an earlier date closed', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    // Interest earned in 2028: revenue for the year-end close to move into the Operating fund's balance.
    const byNumber = async (/** @type {string} */ n) => (await api.app('GET', `/entities/ChartOfAccount?q=${encodeURIComponent(JSON.stringify({ account_number: n }))}`, { token }))[0].id;
    const [operating] = await api.app('GET', `/entities/Fund?q=${encodeURIComponent(JSON.stringify({ code: 'OP' }))}`, { token });
    await api.app('POST', '/functions/postJournalEntry', {
      token,
      body: {
        date: '2028-11-30', memo: 'Interest November 2028',
        lines: [{ account_id: await byNumber('1000'), fund_id: operating.id, debit: 40 }, { account_id: await byNumber('4900'), fund_id: operating.id, credit: 40 }],
      },
    });
    try {
      await signInWithToken(page, token, '/Reports');
      const reports = new ReportsPage(page);
      await expectVisible(reports.books.getByText('No period is closed'));
      await reports.books.getByRole('button', { name: 'Close Year' }).click();
      const dialog = page.getByRole('dialog', { name: 'Close Year' });
      await expectVisible(dialog.getByText(/into that fund's Fund Balance/));
      await dialog.getByLabel('Fiscal year end').fill('2028-12-31');
      await dialog.getByRole('button', { name: 'Close Year' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Close Year' }).click();
      await expectHidden(dialog);
      await expectVisible(reports.books.getByText('Books closed through 2028-12-31'));

      const journal = new JournalEntriesPage(page);
      await journal.goto();
      await journal.chooseType('Year-end closing');
      const closing = journal.entry('Year-end close 2028-12-31');
      await expectVisible(closing);
      await expectVisible(closing.getByRole('cell', { name: '4900 - Other Income', exact: true }));
      await expectVisible(closing.getByRole('cell', { name: '3000 - Fund Balance', exact: true }).first());
      await snap('closing-entry');

      // A journal entry in the closed year is refused in the server's words.
      await journal.open({ date: '2028-12-15', memo: 'Late accrual' });
      await journal.fillLine(journal.dialog, 1, { account: '5200 - Utilities', debit: '5' });
      await journal.fillLine(journal.dialog, 2, { account: '1000 - Operating Cash', credit: '5' });
      await journal.dialog.getByRole('button', { name: 'Post Entry' }).click();
      await expectVisible(journal.dialog.getByText('The entry date (2028-12-15) falls in a closed period: the books are closed through 2028-12-31'));
      await journal.dialog.getByRole('button', { name: 'Cancel' }).click();

      await reports.goto();
      await reports.books.getByRole('button', { name: 'Reopen Period' }).click();
      const reopen = page.getByRole('dialog', { name: 'Reopen Period' });
      await reopen.getByLabel('Keep the books closed through an earlier date').click();
      await reopen.getByLabel('Closed through', { exact: true }).fill('2028-06-30');
      await reopen.getByLabel('Reason').fill('December needs an accrual');
      await reopen.getByRole('button', { name: 'Reopen Period' }).click();
      await expectHidden(reopen);
      await expectVisible(reports.books.getByText('Books closed through 2028-06-30'));
    } finally {
      await reopenAll(api, token);
    }
  }),

  spec('period close: a property manager sees the closed-through date and can verify the ledger, but not the period controls', async ({ page, api }) => {
    const { token } = await memberToken(api, PROPERTY_MANAGER);
    await signInWithToken(page, token, '/Reports');
    const reports = new ReportsPage(page);
    await expectVisible(reports.books.getByText('No period is closed'));
    await reports.books.getByRole('button', { name: 'Verify Ledger' }).click();
    await expectVisible(reports.books.getByRole('status').getByText(/^Ledger verified: \d+ entries sealed, the hash chain is intact/));
    for (const name of ['Close Period', 'Close Year', 'Reopen Period']) await expectHidden(reports.books.getByRole('button', { name }));
  }),
];
