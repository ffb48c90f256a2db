import { expectVisible } from '../lib/expect.mjs';
import { expectCardHeadings } from './owners-page.mjs';

/** The Properties screen: unit cards, search, sorts, the property form and the assign dialog. */
export class PropertiesPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Properties', exact: true, level: 1 });
    this.addButton = page.getByRole('button', { name: 'Add Property' });
    this.templateButton = page.getByRole('button', { name: 'Download Template' });
    this.importInput = page.getByTestId('properties-import-input');
    this.exportButton = page.getByRole('button', { name: 'Export CSV' });
    this.search = page.getByRole('textbox', { name: 'Search properties' });
    this.sort = page.getByRole('combobox', { name: 'Sort properties' });
    this.empty = page.getByText('No properties found. Add your first property to get started.');
    this.dialog = page.getByRole('dialog');
    this.confirm = page.getByRole('alertdialog');
  }

  async goto(path = '/properties') {
    await this.page.goto(path);
    await expectVisible(this.heading);
  }

  /** @param {string} unit */
  card(unit) {
    return this.page.getByRole('article', { name: `Unit ${unit}`, exact: true });
  }

  /** @param {string} label */
  field(label) {
    return this.dialog.getByLabel(label, { exact: true });
  }

  get saveButton() {
    return this.dialog.getByRole('button', { name: /^(Create Property|Update Property|Saving\.\.\.)$/ });
  }

  /** @param {'Sort by Unit Number' | 'Sort by Owner Last Name'} option */
  async sortBy(option) {
    await this.sort.click();
    await this.page.getByRole('option', { name: option }).click();
  }

  /** @param {string[]} units in order */
  async expectOrder(units) {
    await expectCardHeadings(this.page, '[data-testid="property-card"]', units.map((u) => `Unit ${u}`));
  }

  /** @param {string} unit */
  async openAssign(unit) {
    await this.page.getByRole('button', { name: `Assign owners to unit ${unit}` }).click();
    await expectVisible(this.page.getByRole('dialog', { name: `Assign Owners to Unit ${unit}` }));
  }

  /** Owners offered in the assign dialog. */
  offeredOwners() {
    return this.dialog.getByRole('list', { name: 'Owners to assign' }).getByRole('listitem');
  }

  /** @param {string} fileName @param {string} text */
  async importFile(fileName, text) {
    await this.importInput.setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  }

  /** @param {string} confirmLabel */
  async acceptConfirm(confirmLabel) {
    await this.confirm.getByRole('button', { name: confirmLabel, exact: true }).click();
  }
}
