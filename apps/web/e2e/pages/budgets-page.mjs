import { chooseOption } from '../lib/select.mjs';
import { FinancialScreen } from './items-page.mjs';

/** The Budgets screen: the list, the grid of the open budget, Budget vs Actual and the assessment calculator. */
export class BudgetsPage extends FinancialScreen {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    super(page, '/Budgets', 'Budgets');
    this.newButton = page.getByRole('button', { name: 'New Budget' });
    this.list = page.getByRole('table', { name: 'Budgets', exact: true });
    this.grid = page.getByRole('table', { name: 'Budget grid' });
    this.addAccountButton = page.getByRole('button', { name: 'Add Account' });
    this.saveButton = page.getByRole('button', { name: 'Save Budget' });
    this.adoptButton = page.getByRole('button', { name: 'Adopt Budget' });
    this.unadoptButton = page.getByRole('button', { name: 'Un-adopt' });
    this.vsActual = page.getByRole('table', { name: 'Budget vs Actual' });
  }

  /** @param {{ name: string, fiscalYear: string, fund?: string }} budget */
  async create({ name, fiscalYear, fund }) {
    await this.newButton.click();
    await this.fillForm({ 'Name *': name, 'Fiscal Year *': fiscalYear });
    if (fund) await this.choose('Fund *', fund);
    await this.submit('Create Budget');
  }

  /** @param {string} name */
  async open(name) {
    await this.list.getByRole('button', { name: `Open ${name}`, exact: true }).click();
  }

  /** @param {string} account e.g. '4000 - Assessment Income' */
  async addAccount(account) {
    await chooseOption(this.page, this.page.getByLabel('Account to add'), account);
    await this.addAccountButton.click();
  }

  /** A month cell of an account's row. @param {string} account @param {string} month e.g. 'Jan 2012' */
  cell(account, month) {
    return this.grid.getByLabel(`${account} ${month}`, { exact: true });
  }

  /** @param {string} account @param {string} annual */
  async spread(account, annual) {
    await this.grid.getByLabel(`${account} annual amount`, { exact: true }).fill(annual);
    await this.grid.getByRole('button', { name: `Spread evenly: ${account}`, exact: true }).click();
  }

  /** @param {string} account */
  annualTotal(account) {
    return this.grid.getByRole('row', { name: account, exact: true }).getByRole('cell').nth(13);
  }

  /** A footer row of the grid. @param {'Total Revenue' | 'Total Expenses' | 'Net'} label */
  totalRow(label) {
    return this.grid.locator('tfoot tr').filter({ hasText: label });
  }

  /** @param {'Budgets' | 'Budget vs Actual' | 'Assessment Calculator'} name */
  async openTab(name) {
    await this.page.getByRole('tab', { name, exact: true }).click();
  }

  /** The cells of a Budget vs Actual row. @param {string} name an account ('4000 - Assessment Income') or a total ('Net') */
  async varianceRow(name) {
    const row = this.vsActual.getByRole('row', { name, exact: true });
    await row.waitFor();
    return row.getByRole('cell').allInnerTexts();
  }
}
