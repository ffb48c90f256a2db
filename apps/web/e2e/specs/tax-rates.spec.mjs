import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { TaxRatesPage } from '../pages/tax-rates-page.mjs';

const tag = () => `Tq${Date.now().toString(36)}`;

export default [
  spec('tax rates: add with validation (0 to 100), edit, delete with confirmation, sorted by name, N/A description', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    await api.app('POST', '/entities/TaxRate', { token, body: { tax_name: `${t} Zeta`, tax_rate: 1 } });
    await signInWithToken(page, token, '/TaxRates');
    const rates = new TaxRatesPage(page);
    await expectVisible(rates.heading);
    await expectVisible(rates.subtitle);

    await rates.addButton.click();
    await expectVisible(rates.dialog.getByRole('heading', { name: 'Add New Tax Rate' }));
    await rates.submit('Create Tax Rate');
    await expectVisible(rates.dialog.getByText('Tax name is required'));
    await expectVisible(rates.dialog.getByText('Tax rate is required'));
    await rates.fillForm({ 'Tax Name': `${t} Alpha`, 'Tax Rate (%)': '100.5' });
    await rates.submit('Create Tax Rate');
    await expectVisible(rates.dialog.getByText('Tax rate must be at most 100'));
    expectEqual(
      [await rates.field('Tax Rate (%)').getAttribute('min'), await rates.field('Tax Rate (%)').getAttribute('max'), await rates.field('Tax Rate (%)').getAttribute('step')],
      ['0', '100', '0.01'],
      'rate input bounds',
    );
    await snap('tax-rate-form-validation');
    await rates.fillForm({ 'Tax Rate (%)': '8.25' });
    await rates.submit('Create Tax Rate');
    await expectHidden(rates.dialog);

    const row = rates.row(`${t} Alpha`);
    await expectVisible(row.getByText('8.25%'));
    await expectVisible(row.getByText('N/A', { exact: true }));
    await expectVisible(row.getByText('Active', { exact: true }));
    const names = (await page.locator('table tbody tr td:first-child').allTextContents()).filter((n) => n.startsWith(t));
    expectEqual(names, [`${t} Alpha`, `${t} Zeta`], 'sorted by tax name');
    await snap('tax-rates');

    await row.getByRole('button', { name: `Edit ${t} Alpha` }).click();
    await expectVisible(rates.dialog.getByRole('heading', { name: 'Edit Tax Rate' }));
    await rates.fillForm({ 'Tax Rate (%)': '7', Description: 'County sales tax' });
    await rates.submit('Update Tax Rate');
    await expectHidden(rates.dialog);
    await expectVisible(row.getByText('7%'));
    await expectVisible(row.getByText('County sales tax'));

    await row.getByRole('button', { name: `Delete ${t} Alpha` }).click();
    await expectVisible(rates.confirm.getByText('Are you sure you want to delete this tax rate?'));
    await rates.acceptConfirm('Delete');
    await expectHidden(row);
  }),

  spec('tax rates: debug Delete All confirmation, empty state and "No tax rates to delete."', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    await api.app('POST', '/entities/TaxRate', { token, body: { tax_name: `${t} Gone`, tax_rate: 5 } });
    await signInWithToken(page, token, '/TaxRates');
    const rates = new TaxRatesPage(page);
    await expectVisible(rates.row(`${t} Gone`));
    await expectHidden(rates.deleteAllButton);
    await rates.enableDebug();
    await rates.deleteAllButton.click();
    await expectVisible(rates.confirm.getByText('Are you sure you want to delete ALL tax rates? This action cannot be undone.'));
    await snap('tax-rates-delete-all-confirm');
    await rates.acceptConfirm('Delete All');
    // Rates used by invoices of other specs may be kept by the server; either outcome is reported.
    const done = rates.toast('All tax rates deleted successfully.');
    await expectVisible(done.or(rates.toast('Failed to delete all tax rates:')));
    if (await done.isVisible()) {
      await expectVisible(rates.empty);
      await rates.deleteAllButton.click();
      await expectVisible(rates.toast('No tax rates to delete.'));
      await expectHidden(rates.confirm);
    }
  }),
];
