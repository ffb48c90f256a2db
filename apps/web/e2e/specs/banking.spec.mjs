import { readFile } from 'node:fs/promises';
import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { BankingPage } from '../pages/banking-page.mjs';

/** A statement fixture of the server's tests (files made for them, in the repository). @param {string} name */
const fixture = (name) => readFile(new URL(`../../../server/src/features/banking/fixtures/${name}`, import.meta.url));

export default [
  spec('banking: the seeded bank accounts, an account number kept sealed, a CSV statement mapped and imported, a re-import refused, an import undone', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    await signInWithToken(page, token, '/banking');
    const banking = new BankingPage(page);
    await expectVisible(banking.heading);
    const operating = banking.account('Operating checking');
    await expectVisible(operating);
    await expectVisible(banking.account('Reserve checking'));
    await snap('banking');

    // The bank's details: a wrong routing number is refused in words; the account number comes back as its last four.
    await operating.getByRole('button', { name: 'Edit Operating checking' }).click();
    const dialog = banking.accountDialog;
    await dialog.getByLabel('Bank name', { exact: true }).fill('First Federal Bank');
    await dialog.getByLabel('Routing number', { exact: true }).fill('021000022');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectVisible(dialog.getByText(/Routing number 021000022 is not valid: its last digit should be 1 by the ABA check/));
    await dialog.getByLabel('Routing number', { exact: true }).fill('021000021');
    await dialog.getByLabel('Account number', { exact: true }).fill('000123456789');
    await snap('bank-account-edit');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectHidden(dialog);
    await expectVisible(operating.getByText('First Federal Bank · Checking · •••• 6789'));
    const [saved] = await api.app('GET', `/entities/BankAccount?q=${encodeURIComponent(JSON.stringify({ system_key: 'operating' }))}`, { token });
    expectEqual([saved.account_last4, 'account_number' in saved], ['6789', false], 'the number is answered only as its last four');

    // A CSV from the bank: the mapping step reads its columns under the account summary.
    await operating.getByRole('button', { name: 'Import Statement into Operating checking' }).click();
    const importing = banking.importDialog;
    const csv = await fixture('csv-debit-credit-bom.csv');
    await importing.getByLabel('Statement file').setInputFiles({ name: 'november.csv', mimeType: 'text/csv', buffer: csv });
    await expectVisible(importing.getByRole('group', { name: 'Which column holds what (a CSV file)' }));
    await banking.pick('Date', 'Posting Date');
    await importing.getByRole('radio', { name: 'Debit and credit columns' }).click();
    await banking.pick('Debit (money out)', 'Debit');
    await banking.pick('Credit (money in)', 'Credit');
    await banking.pick('Description', 'Description');
    await banking.pick('Check number', 'Check Number');
    await snap('import-mapping');
    await importing.getByRole('button', { name: 'Import', exact: true }).click();
    await expectVisible(importing.getByRole('status').getByText('7 lines imported, 0 already there'));
    await snap('import-result');
    await importing.getByRole('button', { name: 'Close' }).first().click();
    await expectVisible(banking.lines.getByRole('row').filter({ hasText: 'CHECK 1042' }).getByText('-$1,200.00'));
    await expectVisible(banking.statements.getByRole('row').filter({ hasText: '2026-11-02 to 2026-11-30' }));

    // The same file again: refused, saying so; the saved mapping is offered.
    await operating.getByRole('button', { name: 'Import Statement into Operating checking' }).click();
    await importing.getByLabel('Statement file').setInputFiles({ name: 'november-again.csv', mimeType: 'text/csv', buffer: csv });
    await importing.getByRole('button', { name: 'Import', exact: true }).click();
    await expectVisible(importing.getByText(/This file was imported before/));
    await importing.getByRole('button', { name: 'Cancel' }).click();

    // An OFX file needs no mapping.
    await operating.getByRole('button', { name: 'Import Statement into Operating checking' }).click();
    await importing.getByLabel('Statement file').setInputFiles({ name: 'bank.ofx', mimeType: 'application/x-ofx', buffer: await fixture('ofx2-xml.ofx') });
    await expectHidden(importing.getByRole('group', { name: 'Which column holds what (a CSV file)' }));
    await importing.getByRole('button', { name: 'Import', exact: true }).click();
    await expectVisible(importing.getByRole('status').getByText(/lines imported/));
    await importing.getByRole('button', { name: 'Close' }).first().click();

    // Undoing the CSV import: the statement goes with its lines, and the file can come in again.
    await banking.statements.getByRole('button', { name: 'Delete the statement of 2026-11-02 to 2026-11-30' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectHidden(banking.statements.getByRole('row').filter({ hasText: '2026-11-02 to 2026-11-30' }));
    await expectHidden(banking.lines.getByRole('row').filter({ hasText: 'CHECK 1042' }));
  }),
];
