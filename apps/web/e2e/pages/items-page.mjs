import { chooseOption } from '../lib/select.mjs';
import { expectVisible } from '../lib/expect.mjs';

export { downloadOf } from './owners-page.mjs';

/** What the financial list screens share: heading, dialog, confirmation, toasts, rows and select fields. */
export class FinancialScreen {
  /**
   * @param {import('playwright-core').Page} page
   * @param {string} path
   * @param {string} title
   */
  constructor(page, path, title) {
    this.page = page;
    this.path = path;
    this.heading = page.getByRole('heading', { name: title, exact: true, level: 1 });
    this.dialog = page.getByRole('dialog');
    this.confirm = page.getByRole('alertdialog');
    this.deleteAllButton = page.getByRole('button', { name: 'Delete All' });
  }

  async goto() {
    await this.page.goto(this.path);
    await expectVisible(this.heading);
  }

  /** @param {string} text a cell's text, unique to the row */
  row(text) {
    return this.page.getByRole('row').filter({ hasText: text });
  }

  /** @param {string} label */
  field(label) {
    return this.dialog.getByLabel(label, { exact: true });
  }

  /** @param {string} label @param {string} option */
  async choose(label, option) {
    await chooseOption(this.page, this.field(label), option);
  }

  /** @param {Record<string, string>} values by field label */
  async fillForm(values) {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  /** @param {string} name */
  async submit(name) {
    await this.dialog.getByRole('button', { name, exact: true }).click();
  }

  /** @param {string} text */
  toast(text) {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text });
  }

  /** @param {string} confirmLabel */
  async acceptConfirm(confirmLabel) {
    await this.confirm.getByRole('button', { name: confirmLabel, exact: true }).click();
  }

  /** Turns debug mode on (kept in this browser) and reloads. */
  async enableDebug() {
    await this.page.evaluate(() => localStorage.setItem('debug_mode', 'true'));
    await this.page.reload();
    await expectVisible(this.heading);
  }
}

/** The Items screen: table, search, Export CSV, Add Item and the item dialog. */
export class ItemsPage extends FinancialScreen {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    super(page, '/Items', 'Items');
    this.addButton = page.getByRole('button', { name: 'Add Item' });
    this.exportButton = page.getByRole('button', { name: 'Export CSV' });
    this.search = page.getByPlaceholder('Search items...');
    this.empty = page.getByText('No items found', { exact: true });
  }
}
