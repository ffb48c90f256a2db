/** A bar chart with its table alternative (components/bar-chart-with-table.tsx). */
export class ChartWithTable {
  /** @param {import('playwright-core').Page} page @param {string} title what the chart shows, also the table's name */
  constructor(page, title) {
    this.page = page;
    this.image = page.getByRole('img', { name: `${title} (chart; the figures are in the table below)`, exact: true });
    this.figure = page.getByRole('figure').filter({ has: this.image });
    this.showTable = this.figure.getByText('Show the figures as a table', { exact: true });
    this.table = page.getByRole('table', { name: title, exact: true });
  }

  /** Opens the table alternative from the keyboard (the summary of a details element) and returns it. */
  async openTable() {
    await this.showTable.focus();
    await this.page.keyboard.press('Enter');
    return this.table;
  }

  /** The amounts of a category's row, as shown. @param {string} category e.g. 'Feb 2012' or 'Current' */
  async row(category) {
    const cells = this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: category, exact: true }) }).getByRole('cell');
    return cells.allInnerTexts();
  }
}
