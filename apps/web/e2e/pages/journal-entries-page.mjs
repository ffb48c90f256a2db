import { chooseOption } from '../lib/select.mjs';

/** The Journal Entries screen: the type filter, the entries with their lines, New Journal Entry and Reverse Entry. */
export class JournalEntriesPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Journal Entries', exact: true, level: 1 });
    this.newButton = page.getByRole('button', { name: 'New Journal Entry' });
    this.openingLink = page.getByRole('link', { name: 'Opening Balances' });
    this.type = page.getByRole('combobox', { name: 'Type' });
    this.empty = page.getByText('No journal entries yet');
    this.dialog = page.getByRole('dialog', { name: 'New Journal Entry' });
    this.reverseDialog = page.getByRole('dialog', { name: 'Reverse Entry' });
    /** The live indicator: balanced, or off by an amount in a fund. */
    this.balance = this.dialog.getByRole('status', { name: 'Balance' });
    this.totals = this.dialog.getByRole('table', { name: 'Totals by fund' });
  }

  async goto() {
    await this.page.goto('/JournalEntries');
  }

  /** @param {string} label e.g. 'All entries' */
  async chooseType(label) {
    await chooseOption(this.page, this.type, label);
  }

  /** An entry of the list, by its memo. @param {string} memo */
  entry(memo) {
    return this.page.getByRole('article', { name: memo, exact: true });
  }

  /** The rows of an entry's lines as their cells' texts. @param {string} memo */
  async lines(memo) {
    const rows = this.entry(memo).getByRole('table', { name: `Lines of ${memo}` }).getByRole('row');
    const out = [];
    for (const row of await rows.all()) {
      const cells = await row.getByRole('cell').allInnerTexts();
      if (cells.length) out.push(cells.map((c) => c.trim()));
    }
    return out;
  }

  /** @param {{ date: string, memo: string }} entry */
  async open({ date, memo }) {
    await this.newButton.click();
    await this.dialog.getByLabel('Date').fill(date);
    await this.dialog.getByLabel('Memo', { exact: true }).fill(memo);
  }

  /**
   * Fills line n (1-based) of a lines grid, adding it when it is not there yet.
   * @param {import('playwright-core').Locator} scope the dialog or the wizard step
   * @param {number} n
   * @param {{ account?: string, fund?: string, debit?: string, credit?: string, memo?: string }} line
   */
  async fillLine(scope, n, line) {
    const item = scope.getByRole('listitem', { name: `Line ${n}`, exact: true });
    if (!(await item.count())) await scope.getByRole('button', { name: 'Add Line' }).click();
    if (line.account) await chooseOption(this.page, item.getByRole('combobox', { name: 'Account' }), line.account);
    if (line.fund) await chooseOption(this.page, item.getByRole('combobox', { name: 'Fund' }), line.fund);
    if (line.debit !== undefined) await item.getByLabel('Debit').fill(line.debit);
    if (line.credit !== undefined) await item.getByLabel('Credit', { exact: true }).fill(line.credit);
    if (line.memo !== undefined) await item.getByLabel('Line memo').fill(line.memo);
  }

  /** @param {string} memo @param {{ date: string, reason: string }} reversal */
  async reverse(memo, { date, reason }) {
    await this.entry(memo).getByRole('button', { name: `Reverse ${memo}` }).click();
    await this.reverseDialog.getByLabel('Reversal date').fill(date);
    await this.reverseDialog.getByLabel('Reason').fill(reason);
    await this.reverseDialog.getByRole('button', { name: 'Reverse Entry' }).click();
  }
}
