import { chooseOption } from '../lib/select.mjs';
import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { downloadOf } from '../pages/owners-page.mjs';
import { ReportsPage } from '../pages/reports-page.mjs';

// A fund of its own, dated in 2033: its reports hold exactly what this spec posts.
const PERIOD = { from: '2033-01-01', to: '2033-12-31' };
const AS_OF = '2033-02-28';

/** @param {import('../lib/api.mjs').ServerApi} api @param {string} token */
async function seedTrialFund(api, token) {
  const code = `T${Date.now() % 100000}`;
  const q = (/** @type {object} */ filter) => encodeURIComponent(JSON.stringify(filter));
  const account = async (/** @type {string} */ n) => (await api.app('GET', `/entities/ChartOfAccount?q=${q({ account_number: n })}`, { token }))[0].id;
  const fund = await api.app('POST', '/entities/Fund', { token, body: { code, name: 'Trial Fund', kind: 'other' } });
  const number = String(1100 + (Date.now() % 800));
  const cash = await api.app('POST', '/entities/ChartOfAccount', { token, body: { account_number: number, account_name: 'Trial Fund Cash', account_type: 'asset', account_subtype: 'current_asset', fund_id: fund.id } });
  await api.app('PUT', `/entities/Fund/${fund.id}`, { token, body: { cash_account_id: cash.id } });
  const [operating] = await api.app('GET', `/entities/Fund?q=${q({ code: 'OP' })}`, { token });
  await api.app('POST', '/functions/transferBetweenFunds', { token, body: { date: '2033-02-01', from_fund_id: operating.id, to_fund_id: fund.id, amount: 700, memo: 'Seed the trial fund' } });
  await api.app('POST', '/functions/postJournalEntry', {
    token,
    body: { date: '2033-02-15', memo: 'Trial fund interest', lines: [{ account_id: cash.id, fund_id: fund.id, debit: 12.34, memo: 'February interest' }, { account_id: await account('4900'), fund_id: fund.id, credit: 12.34 }] },
  });
  const vendor = await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: `Trial Repairs ${code}` } });
  const billNumber = `TR-${code}`;
  await api.app('POST', '/functions/saveBill', {
    token,
    body: { vendor_id: vendor.id, bill_number: billNumber, bill_date: '2033-02-20', due_date: '2033-03-20', tax_amount: 0, status: 'pending', lines: [{ description: 'Gate repair', quantity: 1, unit_price: 100, account_id: await account('5100'), fund_id: fund.id }] },
  });
  return { code, cashLabel: `${number} - Trial Fund Cash`, billNumber };
}

export default [
  spec('ledger reports: the trial balance of one fund and with a column per fund, its CSV, the general ledger of an account with running balances and document numbers, print, verify and export', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const { code, cashLabel, billNumber } = await seedTrialFund(api, token);
    await signInWithToken(page, token, '/Reports');
    const reports = new ReportsPage(page);
    await expectVisible(reports.heading);
    await reports.setPeriod(PERIOD.from, PERIOD.to);
    await reports.asOf.fill(AS_OF);
    await reports.chooseFunds(`Only ${code} - Trial Fund`);

    // Trial balance of the fund: cash 700 + 12.34 and the repair 100 on the debit side; transfers in, interest and the payable on the credit side.
    const trial = await reports.openTab('Trial Balance');
    const table = page.getByRole('table', { name: 'Trial Balance' });
    const row = async (/** @type {string} */ name) => (await table.getByRole('row', { name, exact: true }).getByRole('cell').allInnerTexts()).map((c) => c.trim());
    await expectVisible(table.getByRole('row', { name: cashLabel, exact: true }));
    expectEqual(await row(cashLabel), [cashLabel, 'Asset', '$712.34', ''], 'the fund\'s bank account');
    expectEqual(await row('2000 - Accounts Payable'), ['2000 - Accounts Payable', 'Liability', '', '$100.00'], 'the unpaid bill');
    expectEqual(await row('3100 - Interfund Transfers'), ['3100 - Interfund Transfers', 'Equity', '', '$700.00'], 'the transfer in');
    expectEqual(await row('4900 - Other Income'), ['4900 - Other Income', 'Revenue', '', '$12.34'], 'the interest');
    expectEqual(await row('5100 - Repairs & Maintenance'), ['5100 - Repairs & Maintenance', 'Expense', '$100.00', ''], 'the repair');
    expectEqual(await row('Total'), ['Total', '$812.34', '$812.34'], 'debits equal credits');
    await expectVisible(trial.getByRole('status').getByText('Debits = Credits'));
    await expectVisible(trial.getByText(`As of ${AS_OF} · Trial Fund fund`));
    await snap('trial-balance-one-fund');
    const file = await downloadOf(page, () => reports.exportButton.click());
    expectEqual(file.fileName, `trial-balance-${AS_OF}.csv`, 'the server names the file');
    const csv = file.text.trim().split(/\r?\n/);
    expectEqual(csv[0], 'account_number,account_name,account_type,debit,credit', 'the CSV header');
    if (!csv.includes(',Total,,812.34,812.34')) throw new Error(`the CSV of the one fund lacks its totals:\n${file.text}`);

    // Printing shows the report alone: the app's frame and the controls are hidden.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await trial.getByRole('button', { name: 'Print' }).click();
    expectEqual(await page.locator('body').getAttribute('data-printed'), 'yes', 'Print opens the browser\'s print dialog');
    await page.emulateMedia({ media: 'print' });
    await expectVisible(table);
    await expectHidden(reports.heading);
    await expectHidden(page.getByRole('navigation', { name: 'Main menu' }));
    await expectHidden(trial.getByRole('button', { name: 'Export CSV' }));
    await page.emulateMedia({ media: 'screen' });

    // A column per fund: the fund's own debit column next to every other fund's.
    await reports.chooseFunds('A column per fund');
    await expectVisible(table.getByRole('columnheader', { name: `${code} Debit`, exact: true }));
    const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
    const cells = await row(cashLabel);
    expectEqual(cells[headers.indexOf(`${code} Debit`)], '$712.34', 'the fund column of its bank account');
    // Transfers net to zero overall but not within the funds: the row stays, so each fund's columns balance.
    const transfers = await row('3100 - Interfund Transfers');
    expectEqual([transfers[headers.indexOf(`${code} Credit`)], transfers.at(-2), transfers.at(-1)], ['$700.00', '', ''], 'the transfer in, in the fund\'s column only');
    const totals = await row('Total');
    // The Total row's first cell spans the account and type columns.
    expectEqual([totals[headers.indexOf(`${code} Debit`) - 1], totals[headers.indexOf(`${code} Credit`) - 1]], ['$812.34', '$812.34'], 'the fund balances on its own');
    await snap('trial-balance-by-fund');
    const sheet = await reports.openTab('Balance Sheet');
    await expectVisible(sheet.getByRole('columnheader', { name: code, exact: true }));
    await expectVisible(reports.balanceCheck);

    // General ledger of the fund's bank account: opening, the two lines with running balances, closing.
    await reports.chooseFunds(`Only ${code} - Trial Fund`);
    const ledger = await reports.openTab('General Ledger');
    await chooseOption(page, ledger.getByRole('combobox', { name: 'Account' }), cashLabel);
    const gl = page.getByRole('table', { name: `General ledger ${cashLabel}` });
    await expectVisible(gl);
    const glRows = async () => (await gl.getByRole('row').all()).slice(1);
    const texts = [];
    for (const r of await glRows()) texts.push((await r.getByRole('cell').allInnerTexts()).map((c) => c.trim()));
    expectEqual(texts, [
      [PERIOD.from, 'Opening balance', '', '$0.00'],
      ['2033-02-01', 'Seed the trial fund', code, '', '$700.00', '', '$700.00'],
      ['2033-02-15', 'February interest', code, '', '$12.34', '', '$712.34'],
      [PERIOD.to, 'Closing balance', '', '$712.34', '$0.00', '$712.34'],
    ], 'opening, running and closing balances');
    await snap('general-ledger');

    // The expense account shows the bill's number.
    await chooseOption(page, ledger.getByRole('combobox', { name: 'Account' }), '5100 - Repairs & Maintenance');
    await expectVisible(page.getByRole('table', { name: 'General ledger 5100 - Repairs & Maintenance' }).getByRole('row').filter({ hasText: `Bill ${billNumber}` }).getByText('$100.00').first());
    const glFile = await downloadOf(page, () => reports.exportButton.click());
    if (!glFile.text.includes(billNumber)) throw new Error(`the general ledger CSV lacks the bill number:\n${glFile.text}`);

    // A column per fund: the account's ledger is kept per fund, each with its own balances.
    await reports.chooseFunds('A column per fund');
    const perFund = page.getByRole('table', { name: 'General ledger 5100 - Repairs & Maintenance · Trial Fund fund' });
    await expectVisible(perFund.getByRole('row').filter({ hasText: `Bill ${billNumber}` }));
    await expectVisible(perFund.getByRole('row', { name: 'Opening balance' }).getByText('$0.00'));
    await snap('general-ledger-per-fund');

    // The books: the hash chain verifies, and the ledger of the period exports as an hledger journal.
    await reports.books.getByRole('button', { name: 'Verify Ledger' }).click();
    await expectVisible(reports.books.getByRole('status').getByText(/the hash chain is intact/));
    const journal = await downloadOf(page, () => reports.books.getByRole('button', { name: 'Export Ledger' }).click());
    expectEqual(journal.fileName, `ledger-${PERIOD.from}-${PERIOD.to}.journal`, 'the server names the journal');
    if (!journal.text.includes('Trial fund interest')) throw new Error(`the hledger journal lacks the entry:\n${journal.text.slice(0, 2000)}`);
  }),
];
