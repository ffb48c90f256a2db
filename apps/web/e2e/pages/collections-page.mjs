import { expectVisible } from '../lib/expect.mjs';
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

  /**
   * Waits for the letter row with every text to show the status, paging forward through the letters (newest first,
   * a page at a time: other owners' letters of the same date can come first).
   * @param {string[]} texts @param {string} status
   */
  async expectLetter(texts, status) {
    const pages = this.page.locator('div', { has: this.letters }).filter({ has: this.page.getByRole('navigation', { name: 'Pages' }) }).last().getByRole('navigation', { name: 'Pages' });
    let row = this.letters.getByRole('row');
    for (const t of texts) row = row.filter({ hasText: t });
    await expectVisible(this.letters.getByRole('row').nth(1));
    // From the first page.
    for (let back = 0; back < 100; back += 1) {
      const previous = pages.getByRole('button', { name: 'Previous' });
      if (!(await previous.isVisible()) || (await previous.isDisabled())) break;
      await previous.click();
    }
    if (await pages.isVisible()) await expectVisible(pages.getByText(/^Showing 1–/));
    for (let start = 1; start < 2000; ) {
      if ((await row.count()) > 0) return expectVisible(row.getByText(status));
      const next = pages.getByRole('button', { name: 'Next' });
      if (!(await next.isVisible()) || (await next.isDisabled())) break;
      const shown = (await pages.getByText(/^Showing /).innerText()).match(/^Showing (\d+)–(\d+)/);
      start = Number(shown?.[2] ?? start) + 1;
      await next.click();
      await expectVisible(pages.getByText(new RegExp(`^Showing ${start}–`)));
    }
    return expectVisible(row.getByText(status));
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
