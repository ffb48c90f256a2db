import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { ChartOfAccountsPage } from '../pages/chart-of-accounts-page.mjs';
import { downloadOf } from '../pages/items-page.mjs';

/** A number unlikely to clash with the seeded accounts. */
const number = () => `9${String(Date.now()).slice(-5)}`;

/** @param {import('../lib/api.mjs').ServerApi} api @param {string} token */
async function systemAccount(api, token) {
  const q = encodeURIComponent(JSON.stringify({ account_name: 'Operating Cash' }));
  const [account] = await api.app('GET', `/entities/ChartOfAccount?q=${q}`, { token });
  if (!account) throw new Error('Operating Cash is not seeded');
  return account;
}

export default [
  spec('chart of accounts: sorted by number; add with validation and subtype following the type; edit; delete', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const n = number();
    await signInWithToken(page, token, '/ChartOfAccounts');
    const coa = new ChartOfAccountsPage(page);
    await expectVisible(coa.row('Operating Cash'));
    const numbers = await coa.accountNumbers();
    expectEqual(numbers, [...numbers].sort(), 'sorted by account number');

    await coa.addButton.click();
    await expectVisible(coa.dialog.getByRole('heading', { name: 'Add New Account' }));
    await coa.submit('Create Account');
    await expectVisible(coa.dialog.getByText('Account number is required'));
    await expectVisible(coa.dialog.getByText('Account name is required'));
    await expectVisible(coa.dialog.getByText('Account type is required'));
    await snap('account-form-validation');

    await coa.fillForm({ 'Account Number': n, 'Account Name': `Landscaping ${n}` });
    await coa.choose('Account Type', 'Expense');
    await expectVisible(coa.field('Account Subtype').getByText('Operating Expense'));
    await coa.choose('Account Subtype', 'Non Operating Expense');
    await coa.choose('Account Type', 'Revenue');
    await expectVisible(coa.field('Account Subtype').getByText('Operating Revenue'));
    await coa.choose('Account Type', 'Expense');
    await expectVisible(coa.field('Account Subtype').getByText('Operating Expense'));
    await coa.submit('Create Account');
    await expectHidden(coa.dialog);

    const row = coa.row(`Landscaping ${n}`);
    await expectVisible(row.getByText(n, { exact: true }));
    await expectVisible(row.getByText('Expense', { exact: true }));
    await expectVisible(row.getByText('Operating Expense', { exact: true }));
    await expectVisible(row.getByText('$0.00'));
    await expectVisible(row.getByText('Active', { exact: true }));
    await snap('chart-of-accounts');

    await row.getByRole('button', { name: `Edit Landscaping ${n}` }).click();
    await expectVisible(coa.dialog.getByRole('heading', { name: 'Edit Account' }));
    await coa.fillForm({ 'Account Name': `Grounds ${n}` });
    await coa.submit('Update Account');
    await expectHidden(coa.dialog);
    const renamed = coa.row(`Grounds ${n}`);
    await expectVisible(renamed);

    await renamed.getByRole('button', { name: `Delete Grounds ${n}` }).click();
    await expectVisible(coa.confirm.getByText('Are you sure you want to delete this account?'));
    await coa.acceptConfirm('Delete');
    await expectHidden(renamed);
  }),

  spec('chart of accounts: a system account cannot be deleted or retyped, with the server message', async ({ page, api }) => {
    const token = await adminToken(api);
    const cash = await systemAccount(api, token);
    const refused = await api.app('DELETE', `/entities/ChartOfAccount/${cash.id}`, { token }).then(() => null, (e) => e);
    expectEqual(refused !== null && /A system account cannot be deleted/.test(String(refused.message ?? refused)), true, `the server refuses: ${refused}`);

    await signInWithToken(page, token, '/ChartOfAccounts');
    const coa = new ChartOfAccountsPage(page);
    const row = coa.row('Operating Cash');
    expectEqual(await row.getByRole('button', { name: 'Delete Operating Cash' }).isDisabled(), true, 'delete is disabled for a system account');

    await row.getByRole('button', { name: 'Edit Operating Cash' }).click();
    await coa.choose('Account Type', 'Expense');
    await coa.submit('Update Account');
    await expectVisible(coa.toast('A system account cannot change type'));
    await expectVisible(coa.dialog);
    const after = await api.app('GET', `/entities/ChartOfAccount/${cash.id}`, { token });
    expectEqual(after.account_type, 'asset', 'the type is unchanged');
  }),

  spec('chart of accounts: Export CSV downloads chart_of_accounts.csv in account number order', async ({ page, api }) => {
    const token = await adminToken(api);
    const n = number();
    await api.app('POST', '/entities/ChartOfAccount', { token, body: { account_number: n, account_name: `Reserve, "Roof" ${n}`, account_type: 'asset', is_active: false } });
    await signInWithToken(page, token, '/ChartOfAccounts');
    const coa = new ChartOfAccountsPage(page);
    await expectVisible(coa.row(`Reserve, "Roof" ${n}`));
    const file = await downloadOf(page, () => coa.exportButton.click());
    expectEqual(file.fileName, 'chart_of_accounts.csv', 'file name');
    const lines = file.text.trimEnd().split('\r\n');
    expectEqual(lines[0], 'account_number,account_name,account_type,account_subtype,description,balance,active', 'header');
    expectEqual(lines.includes(`${n},"Reserve, ""Roof"" ${n}",asset,current_asset,,0,No`), true, `the row in:\n${file.text}`);
    const nums = lines.slice(1).map((l) => l.split(',')[0]);
    expectEqual(nums, [...nums].sort(), 'sorted by account number');
  }),
];
