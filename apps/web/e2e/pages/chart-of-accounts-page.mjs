import { FinancialScreen } from './items-page.mjs';

/** The Chart of Accounts screen. */
export class ChartOfAccountsPage extends FinancialScreen {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    super(page, '/ChartOfAccounts', 'Chart of Accounts');
    this.addButton = page.getByRole('button', { name: 'Add Account' });
    this.exportButton = page.getByRole('button', { name: 'Export CSV' });
  }

  /** Account numbers of the table's rows, in order. */
  async accountNumbers() {
    return this.page.locator('table tbody tr td:first-child').allTextContents();
  }
}
