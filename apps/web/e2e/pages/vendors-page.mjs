import { FinancialScreen } from './items-page.mjs';

/** The Vendors screen: cards, search, vendor dialog. */
export class VendorsPage extends FinancialScreen {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    super(page, '/Vendors', 'Vendors');
    this.addButton = page.getByRole('button', { name: 'Add Vendor' });
    this.search = page.getByRole('textbox', { name: 'Search vendors' });
    this.cards = page.getByTestId('vendor-card');
  }

  /** @param {string} name */
  card(name) {
    return this.page.getByRole('article', { name, exact: true });
  }
}
