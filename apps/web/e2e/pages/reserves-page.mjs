import { FinancialScreen } from './items-page.mjs';

/** The Reserves screen: the three figures, the components, the projection's assumptions, chart and table. */
export class ReservesPage extends FinancialScreen {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    super(page, '/Reserves', 'Reserves');
    this.addButton = page.getByRole('button', { name: 'Add Component' });
    this.components = page.getByRole('table', { name: 'Reserve components' });
    this.contribution = page.getByLabel('Annual Contribution');
    this.interest = page.getByLabel('Interest Rate (% a year)');
    this.recalculate = page.getByRole('button', { name: 'Recalculate' });
    this.chart = page.getByRole('img', { name: 'Reserve balance, fully funded balance and replacements over 30 years' });
    this.projection = page.getByRole('table', { name: 'Projection table' });
  }

  /** The value a figure card shows. @param {'Reserve Fund Balance' | 'Fully Funded Balance' | 'Percent Funded'} title */
  figure(title) {
    return this.page.getByRole('group', { name: title, exact: true });
  }

  /** @param {Record<string, string>} values by field label */
  async addComponent(values) {
    await this.addButton.click();
    await this.fillForm(values);
    await this.submit('Add Component');
  }

  /** The cells of a projection year. @param {number} year */
  async year(year) {
    const row = this.projection.getByRole('row', { name: String(year), exact: true });
    await row.waitFor();
    return row.getByRole('cell').allInnerTexts();
  }
}
