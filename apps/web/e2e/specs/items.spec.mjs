import { expectCount, expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { ItemsPage, downloadOf } from '../pages/items-page.mjs';

const tag = () => `Iq${Date.now().toString(36)}`;

/** An active revenue account to use as the default account. @param {import('../lib/api.mjs').ServerApi} api @param {string} token */
async function revenueAccount(api, token) {
  const q = encodeURIComponent(JSON.stringify({ account_type: 'revenue', is_active: true }));
  const [account] = await api.app('GET', `/entities/ChartOfAccount?q=${q}&sort=account_number&limit=1`, { token });
  if (!account) throw new Error('no revenue account seeded');
  return account;
}

export default [
  spec('items: add with validation, edit, delete with confirmation, sorted by product code', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const account = await revenueAccount(api, token);
    const label = `${account.account_number} - ${account.account_name}`;
    await api.app('POST', '/entities/Product', { token, body: { product_code: `${t}-B`, description: 'Second', unit_price: 5, account_id: account.id } });
    await signInWithToken(page, token, '/Items');
    const items = new ItemsPage(page);
    await expectVisible(items.heading);

    await items.addButton.click();
    await expectVisible(items.dialog.getByRole('heading', { name: 'Add New Item' }));
    await items.submit('Create Item');
    await expectVisible(items.dialog.getByText('Product code is required'));
    await expectVisible(items.dialog.getByText('Unit price is required'));
    await expectVisible(items.dialog.getByText('Description is required'));
    await expectVisible(items.dialog.getByText('Default account is required'));
    await items.fillForm({ 'Unit Price': '-1' });
    await items.submit('Create Item');
    await expectVisible(items.dialog.getByText('Unit price must be at least 0'));
    expectEqual(
      [await items.field('Unit Price').getAttribute('min'), await items.field('Unit Price').getAttribute('step')],
      ['0', '0.01'],
      'unit price is a number, min 0, step 0.01',
    );
    await snap('item-form-validation');

    await items.fillForm({ 'Product Code': `${t}-A`, 'Unit Price': '1234.5', Description: 'Monthly dues' });
    await items.choose('Default Account', label);
    await items.submit('Create Item');
    await expectHidden(items.dialog);
    await items.search.fill(t);
    const row = items.row(`${t}-A`);
    await expectVisible(row.getByText('$1,234.50'));
    await expectVisible(row.getByText(label));
    await expectVisible(row.getByText('Active', { exact: true }));
    // The search narrows the table to this spec's two items; wait for it before reading the order.
    await expectCount(page.locator('table tbody tr'), 2);
    const codes = await page.locator('table tbody tr td:first-child').allTextContents();
    expectEqual(codes, [`${t}-A`, `${t}-B`], 'sorted by product code');
    await snap('items');

    await row.getByRole('button', { name: `Edit ${t}-A` }).click();
    await expectVisible(items.dialog.getByRole('heading', { name: 'Edit Item' }));
    await items.fillForm({ 'Unit Price': '99.99' });
    await items.field('Active').click();
    await items.submit('Update Item');
    await expectHidden(items.dialog);
    await expectVisible(row.getByText('$99.99'));
    await expectVisible(row.getByText('Inactive', { exact: true }));

    await row.getByRole('button', { name: `Delete ${t}-A` }).click();
    await expectVisible(items.confirm.getByText('Are you sure you want to delete this item?'));
    await items.acceptConfirm('Delete');
    await expectHidden(row);
    await expectVisible(items.row(`${t}-B`));
  }),

  spec('items: search by product code or description, empty state', async ({ page, api }) => {
    const token = await adminToken(api);
    const t = tag();
    const account = await revenueAccount(api, token);
    await api.app('POST', '/entities/Product', { token, body: { product_code: `${t}-POOL`, description: `Pool key ${t}`, unit_price: 25, account_id: account.id } });
    await api.app('POST', '/entities/Product', { token, body: { product_code: `${t}-GATE`, description: `Gate remote ${t}x`, unit_price: 40, account_id: account.id } });
    await signInWithToken(page, token, '/Items');
    const items = new ItemsPage(page);
    await items.search.fill(`${t}-pool`);
    await expectVisible(items.row(`${t}-POOL`));
    await expectHidden(items.row(`${t}-GATE`));
    await items.search.fill(`gate remote ${t}`);
    await expectVisible(items.row(`${t}-GATE`));
    await expectHidden(items.row(`${t}-POOL`));
    await items.search.fill(`${t}-nothing-matches`);
    await expectVisible(items.empty);
  }),

  spec('items: Export CSV downloads items.csv with the account label, Yes/No, quoting and formula guard', async ({ page, api }) => {
    const token = await adminToken(api);
    const t = tag();
    const account = await revenueAccount(api, token);
    const label = `${account.account_number} - ${account.account_name}`;
    await api.app('POST', '/entities/Product', { token, body: { product_code: `${t}-Q`, description: 'Key, "fob"\nspare', unit_price: 12.5, account_id: account.id, is_active: false } });
    await api.app('POST', '/entities/Product', { token, body: { product_code: `${t}-F`, description: '=SUM(A1:A2)', unit_price: 3, account_id: account.id } });
    await signInWithToken(page, token, '/Items');
    const items = new ItemsPage(page);
    await expectVisible(items.row(`${t}-Q`));
    const file = await downloadOf(page, () => items.exportButton.click());
    expectEqual(file.fileName, 'items.csv', 'file name');
    expectEqual(file.text.split('\r\n')[0], 'product_code,description,unit_price,default_account,active', 'header');
    const cell = (/** @type {string} */ s) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    expectEqual(file.text.includes(`\r\n${t}-Q,"Key, ""fob""\nspare",12.50,${cell(label)},No\r\n`), true, `quoted row in:\n${file.text}`);
    expectEqual(file.text.includes(`\r\n${t}-F,'=SUM(A1:A2),3.00,${cell(label)},Yes\r\n`), true, `formula guarded in:\n${file.text}`);
  }),

  spec('items: debug mode reveals Delete All with its confirmation', async ({ page, api }) => {
    const token = await adminToken(api);
    const t = tag();
    const account = await revenueAccount(api, token);
    await api.app('POST', '/entities/Product', { token, body: { product_code: `${t}-DEL`, description: 'To delete', unit_price: 1, account_id: account.id } });
    await signInWithToken(page, token, '/Items');
    const items = new ItemsPage(page);
    await expectVisible(items.row(`${t}-DEL`));
    await expectHidden(items.deleteAllButton);
    await items.enableDebug();
    await items.deleteAllButton.click();
    await expectVisible(items.confirm.getByText('Are you sure you want to delete ALL items? This action cannot be undone.'));
    await items.acceptConfirm('Delete All');
    // Items used on invoices of other specs may be kept by the server; either outcome is reported.
    await expectVisible(items.toast('All items deleted successfully.').or(items.toast('Failed to delete all items:')));
    if (await items.toast('All items deleted successfully.').isVisible()) {
      await expectVisible(items.empty);
      // With none left it says so without asking.
      await items.deleteAllButton.click();
      await expectVisible(items.toast('No items to delete.'));
      await expectHidden(items.confirm);
    }
  }),
];
