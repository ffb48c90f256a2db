import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { JournalEntriesPage } from '../pages/journal-entries-page.mjs';
import { OpeningBalancesPage } from '../pages/opening-balances-page.mjs';
import { ReportsPage } from '../pages/reports-page.mjs';

// The association moves in on 2030-12-31, where no other spec reads the books.
const AS_OF = '2030-12-31';

/** The file of the server's hand-worked example: operating 11,200 = 300 + 800 + 10,100; reserve 50,000 = 50,000. */
const ACCOUNTS_CSV = [
  'account_number,fund_code,debit,credit',
  '1000,OP,10000,',
  '1010,RES,50000,',
  '1200,OP,1200,',
  '2100,OP,,300',
  '2000,OP,,800',
  '3000,OP,,10100',
  '3000,RES,,"50,000.00"',
].join('\r\n');

export default [
  spec('opening balances: CSV files with bad rows named, a preview that does not tie out, the fix, the import, and the figures on the balance sheet', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const stamp = Date.now() % 90000;
    const ids = [String(810000 + stamp).padStart(6, '0'), String(820000 + stamp), String(830000 + stamp)];
    const firstNames = ['Olivia', 'Omar', 'Ona'];
    for (const [i, id] of ids.entries()) {
      await api.app('POST', '/entities/Owner', { token, body: { owner_id: id, first_name: firstNames[i], last_name: 'Opening' } });
    }
    const vendor = `Old Landscaper ${stamp}`;
    await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: vendor } });

    await signInWithToken(page, token, '/JournalEntries');
    await new JournalEntriesPage(page).openingLink.click();
    const wizard = new OpeningBalancesPage(page);
    await expectVisible(wizard.heading);
    await expectVisible(wizard.currentStep.getByText('1. Account balances'));
    await wizard.asOf.fill(AS_OF);

    // A file naming an account and a fund that do not exist: each row is named, nothing is loaded.
    await wizard.upload(wizard.accountsFile, 'bad.csv', 'account_number,fund_code,debit,credit\n1000,OP,5,\n1999,OP,,5\n1000,XYZ,1,\n1000,OP,2,2\n');
    await expectVisible(page.getByRole('alert').getByText('Row 5: enter either a debit or a credit'));
    await wizard.upload(wizard.accountsFile, 'bad.csv', 'account_number,fund_code,debit,credit\n1000,OP,5,\n1999,OP,,5\n1000,XYZ,1,\n');
    await expectVisible(page.getByRole('alert').getByText('Row 3: no account numbered 1999; Row 4: no fund with the code XYZ'));

    await wizard.upload(wizard.accountsFile, 'accounts.csv', ACCOUNTS_CSV);
    await expectHidden(page.getByRole('alert'));
    await expectVisible(wizard.lines.nth(6));
    await expectVisible(wizard.balance.getByText('Balanced in every fund'));
    await snap('account-balances');
    await wizard.next('Next: Owners and vendors');

    // Owners: Ona's 200 is missing, so the receivables do not tie out.
    await wizard.upload(wizard.ownersFile, 'owners.csv', `owner_id,amount,memo\n${ids[0]},1000,Brought from the old system\n${ids[1]},-300,\n`);
    await expectVisible(page.getByRole('table', { name: 'Owner balances' }).getByText('Olivia Opening'));
    await wizard.upload(wizard.vendorsFile, 'vendors.csv', `vendor_name,amount,reference\n${vendor},800,OB-${stamp}\n`);
    await expectVisible(page.getByRole('table', { name: 'Vendor balances' }).getByText(vendor));
    await wizard.next('Next: Preview');
    await expectVisible(page.getByRole('status').getByText('Does not tie out'));
    await expectVisible(wizard.problems.getByText("Owners' balances owed (1000.00) must equal the Accounts Receivable line (1200.00)"));
    expectEqual(await wizard.check('Accounts Receivable'), ['Accounts Receivable', '$1,200.00', '$1,000.00', "Owners' balances owed", 'Differs'], 'the receivables line against the owners');
    expectEqual(await wizard.check('Accounts Payable'), ['Accounts Payable', '$800.00', '$800.00', "Vendors' balances", 'Agrees'], 'the payables agree');
    expectEqual(await wizard.importButton.isDisabled(), true, 'nothing can be imported until it ties out');
    await snap('preview-does-not-tie-out');

    // The fix: the owners file with Ona's 200.
    await wizard.next('Back to owners and vendors');
    await wizard.upload(wizard.ownersFile, 'owners.csv', `owner_id,amount,memo\n${ids[0]},1000,Brought from the old system\n${ids[1]},-300,\n${ids[2]},200,\n`);
    await expectVisible(page.getByRole('table', { name: 'Owner balances' }).getByText('Ona Opening'));
    await wizard.next('Next: Preview');
    await expectVisible(page.getByRole('status').getByText('Ties out: ready to import'));
    expectEqual(await wizard.check('Owner Prepayments'), ['Owner Prepayments', '$300.00', '$300.00', "Owners' credits", 'Agrees'], 'the credits agree');
    await snap('preview-ties-out');
    await wizard.importButton.click();
    await expectVisible(page.getByRole('heading', { name: 'Opening balances imported' }));
    const created = page.getByRole('list', { name: 'Created' });
    await expectVisible(created.getByText('2 opening charges (invoices) for what owners owed'));
    await expectVisible(created.getByText('1 opening credits (payments) for owners in credit'));
    await expectVisible(created.getByText('1 opening bills for what was owed to vendors'));
    await snap('imported');

    // The balance sheet as of the date: the reserve fund on its own holds exactly what was brought in.
    await page.getByRole('link', { name: 'Open the reports' }).click();
    const reports = new ReportsPage(page);
    await expectVisible(reports.heading);
    await reports.asOf.fill(AS_OF);
    await reports.chooseFunds('Only RES - Reserve');
    const sheet = await reports.openTab('Balance Sheet');
    await expectVisible(sheet.getByRole('row').filter({ hasText: '1010 - Reserve Cash' }).getByText('$50,000.00'));
    await expectVisible(sheet.getByRole('row').filter({ hasText: '3000 - Fund Balance' }).getByText('$50,000.00'));
    await expectVisible(reports.balanceCheck);
    await reports.chooseFunds('All funds');
    await reports.openTab('A/R Report');
    expectEqual((await reports.agingRow('A/R Aging', 'Olivia Opening').getByRole('cell').allInnerTexts()).at(-1), '$1,000.00', 'Olivia owes 1,000 from day one');
    expectEqual((await reports.agingRow('A/R Aging', 'Ona Opening').getByRole('cell').allInnerTexts()).at(-1), '$200.00', 'Ona owes 200');
    await reports.openTab('A/P Report');
    expectEqual((await reports.agingRow('A/P Aging', vendor).getByRole('cell').allInnerTexts()).at(-1), '$800.00', 'the vendor is owed 800');
    await snap('balance-sheet-after-import');
  }),
];
