/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { expectVisible } from '../lib/expect.mjs';

/**
 * Waits until a function of the page's DOM returns the expected JSON value (auto-waiting, no sleeps).
 * @param {import('playwright-core').Page} page
 * @param {string} selector cards
 * @param {string[]} expected text of each card's heading, in order
 */
export async function expectCardHeadings(page, selector, expected, { timeout = 15_000 } = {}) {
  try {
    await page.waitForFunction(
      ([sel, want]) => JSON.stringify([...document.querySelectorAll(`${sel} h2`)].map((h) => h.textContent)) === want,
      [selector, JSON.stringify(expected)],
      { timeout },
    );
  } catch (error) {
    const actual = await page.$$eval(`${selector} h2`, (hs) => hs.map((h) => h.textContent));
    throw new Error(`Expected cards ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`, { cause: error });
  }
}

/**
 * A download started by a click: its suggested file name and its text.
 * @param {import('playwright-core').Page} page
 * @param {() => Promise<unknown>} action
 */
export async function downloadOf(page, action) {
  const [download] = await Promise.all([page.waitForEvent('download'), action()]);
  const stream = await download.createReadStream();
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return { fileName: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

/** The Owners screen: card grid, search, sorts, CSV buttons and the owner form. */
export class OwnersPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Owners', exact: true, level: 1 });
    this.subtitle = page.getByText('Manage homeowner profiles and contact information');
    this.addButton = page.getByRole('button', { name: 'Add Owner' });
    this.templateButton = page.getByRole('button', { name: 'Download Template' });
    this.importButton = page.getByRole('button', { name: 'Import CSV' });
    this.importInput = page.getByTestId('owners-import-input');
    this.exportButton = page.getByRole('button', { name: 'Export CSV' });
    this.deleteAllButton = page.getByRole('button', { name: 'Delete All' });
    this.search = page.getByRole('textbox', { name: 'Search owners' });
    this.sort = page.getByRole('combobox', { name: 'Sort owners' });
    this.empty = page.getByText('No owners found. Add your first owner to get started.');
    this.dialog = page.getByRole('dialog');
    this.confirm = page.getByRole('alertdialog');
    this.cards = page.getByTestId('owner-card');
  }

  async goto() {
    await this.page.goto('/owners');
    await expectVisible(this.heading);
  }

  /** @param {string} name full name */
  card(name) {
    return this.page.getByRole('article', { name, exact: true });
  }

  /** @param {string} label */
  field(label) {
    return this.dialog.getByLabel(label, { exact: true });
  }

  get saveButton() {
    return this.dialog.getByRole('button', { name: /^(Create Owner|Update Owner|Saving\.\.\.)$/ });
  }

  /** @param {string} text */
  async searchFor(text) {
    await this.search.fill(text);
  }

  /** @param {'Sort by Last Name' | 'Sort by Unit Number'} option */
  async sortBy(option) {
    await this.sort.click();
    await this.page.getByRole('option', { name: option }).click();
  }

  /** @param {string[]} names in order */
  async expectOrder(names) {
    await expectCardHeadings(this.page, '[data-testid="owner-card"]', names);
  }

  /** @param {Record<string, string>} values by field label */
  async fillForm(values) {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  /** @param {string} fileName @param {string} text */
  async importFile(fileName, text) {
    await this.importInput.setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  }

  /** @param {string} text */
  toast(text) {
    return this.page.getByText(text, { exact: false });
  }

  /** @param {string} confirmLabel */
  async acceptConfirm(confirmLabel) {
    await this.confirm.getByRole('button', { name: confirmLabel, exact: true }).click();
  }
}
