/** The Opening Balances wizard: account balances, owners and vendors (CSV files), the tie-out preview and the import. */
export class OpeningBalancesPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Opening Balances', exact: true, level: 1 });
    this.asOf = page.getByLabel('As of');
    this.accountsFile = page.getByLabel('Account balances CSV');
    this.ownersFile = page.getByLabel('Owners CSV');
    this.vendorsFile = page.getByLabel('Vendors CSV');
    this.lines = page.getByRole('list', { name: 'Lines' }).getByRole('listitem');
    this.balance = page.getByRole('status', { name: 'Balance' });
    this.tieOut = page.getByRole('table', { name: 'Tie-out' });
    this.problems = page.getByRole('list', { name: 'Problems' });
    this.importButton = page.getByRole('button', { name: 'Import', exact: true });
    this.currentStep = page.getByRole('list', { name: 'Steps' }).locator('[aria-current="step"]');
  }

  /**
   * Chooses a CSV file with the given text in a file field.
   * @param {import('playwright-core').Locator} field
   * @param {string} name
   * @param {string} text
   */
  async upload(field, name, text) {
    // The file input is enabled once the accounts and funds its rows are read against have loaded.
    await field.page().waitForFunction((input) => input instanceof HTMLInputElement && !input.disabled, await field.elementHandle(), { timeout: 15_000 });
    await field.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  }

  /** @param {string} name a button of the current step */
  async next(name) {
    await this.page.getByRole('button', { name, exact: true }).click();
  }

  /** A row of the tie-out as its cells' texts. @param {string} figure */
  async check(figure) {
    return (await this.tieOut.getByRole('row', { name: figure, exact: true }).getByRole('cell').allInnerTexts()).map((c) => c.trim());
  }
}
