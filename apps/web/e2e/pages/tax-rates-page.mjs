import { FinancialScreen } from './items-page.mjs';

/** The Tax Rates screen. */
export class TaxRatesPage extends FinancialScreen {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    super(page, '/TaxRates', 'Tax Rates');
    this.subtitle = page.getByText('Manage sales tax rates', { exact: true });
    this.addButton = page.getByRole('button', { name: 'Add Tax Rate' });
    this.empty = page.getByText('No tax rates found', { exact: true });
  }
}
