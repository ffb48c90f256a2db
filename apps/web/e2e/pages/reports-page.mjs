import { chooseOption } from '../lib/select.mjs';
/** The Financial Reports screen: period and as-of pickers, the three cards and the four tabs. */
export class ReportsPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Financial Reports', level: 1 });
    this.from = page.getByLabel('From');
    this.to = page.getByLabel('To', { exact: true });
    this.asOf = page.getByLabel('As of');
    this.exportButton = page.getByRole('tabpanel').getByRole('button', { name: 'Export CSV' });
    this.balanceCheck = page.getByRole('status').filter({ hasText: 'Assets = Liabilities + Equity' });
  }

  async goto() {
    await this.page.goto('/Reports');
  }

  /** The figure a summary card shows. @param {'Net Income' | 'Total Revenue' | 'Total Expenses'} title */
  card(title) {
    return this.page.getByRole('group', { name: title, exact: true });
  }

  /** @param {'Income Statement' | 'Balance Sheet' | 'A/R Report' | 'A/P Report' | 'Trial Balance' | 'General Ledger'} name */
  async openTab(name) {
    await this.page.getByRole('tab', { name, exact: true }).click();
    return this.page.getByRole('tabpanel');
  }

  /** @param {string} from @param {string} to */
  async setPeriod(from, to) {
    await this.from.fill(from);
    await this.to.fill(to);
  }

  /** Which funds every report covers. @param {string} option 'All funds', 'A column per fund' or 'Only CODE - Name' */
  async chooseFunds(option) {
    await chooseOption(this.page, this.page.getByRole('combobox', { name: 'Funds' }), option);
  }

  /** The Books panel: closed-through date, verify, export, and the administrators' period commands. */
  get books() {
    return this.page.getByRole('region', { name: 'Books' });
  }

  /** A party's row of an aging table. @param {'A/R Aging' | 'A/P Aging'} table @param {string} name */
  agingRow(table, name) {
    return this.page.getByRole('table', { name: table }).getByRole('row', { name, exact: true });
  }
}
