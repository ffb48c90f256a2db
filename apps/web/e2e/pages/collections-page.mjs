import { FinancialScreen } from './items-page.mjs';

/** The Collections screen: stages, the run (preview, post), the approval queue, the letters and the payment plans. */
export class CollectionsPage extends FinancialScreen {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    super(page, '/Collections', 'Collections');
    this.stages = page.getByRole('table', { name: 'Collection stages' });
    this.asOf = page.getByLabel('As of', { exact: true });
    this.preview = page.getByRole('region', { name: 'Preview' });
    this.previewRows = page.getByRole('table', { name: 'Preview letters' });
    this.queue = page.getByRole('table', { name: 'Approval queue' });
    this.letters = page.getByRole('table', { name: 'Collection letters' });
    this.plans = page.getByRole('table', { name: 'Payment plans' });
    this.postButton = page.getByRole('button', { name: 'Post', exact: true });
  }

  /** @param {Record<string, string>} fields by label @param {{ feeItem?: string; approval?: boolean }} options */
  async addStage(fields, { feeItem, approval } = {}) {
    await this.page.getByRole('button', { name: 'Add Stage' }).click();
    await this.fillForm(fields);
    if (feeItem) await this.choose('Collection fee item', feeItem);
    if (approval) await this.dialog.getByRole('switch', { name: 'Letters wait for approval' }).click();
    await this.submit('Add Stage');
  }

  /** @param {string} asOf */
  async runPreview(asOf) {
    await this.asOf.fill(asOf);
    await this.page.getByRole('button', { name: 'Preview Collections' }).click();
  }

  /** @param {string} search @param {string} option the owner as the picker lists them */
  async chooseOwner(search, option) {
    await this.dialog.getByRole('combobox', { name: 'Owner' }).click();
    await this.page.getByRole('textbox', { name: 'Search owner' }).fill(search);
    await this.page.getByRole('option', { name: option }).click();
  }
}
