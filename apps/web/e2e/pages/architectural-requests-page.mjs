import { FinancialScreen } from './items-page.mjs';

/** The Architectural Requests screen (and My Account's section of the same name): a table, each request's dialog. */
export class ArchitecturalRequestsPage extends FinancialScreen {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    super(page, '/ArchitecturalRequests', 'Architectural Requests');
    this.table = page.getByRole('table', { name: 'Architectural requests' });
  }

  /** @param {string} unit @param {string} category as shown, e.g. "Fence" */
  async open(unit, category) {
    await this.page.getByRole('button', { name: `Open request for unit ${unit}, ${category}` }).click();
  }

  /** @param {string} decision @param {{ reason?: string; conditions?: string }} texts */
  async decide(decision, { reason, conditions } = {}) {
    await this.choose('Decision', decision);
    if (conditions) await this.field('Conditions').fill(conditions);
    if (reason) await this.field('Reason').fill(reason);
    await this.dialog.getByRole('button', { name: 'Record Decision' }).click();
  }
}
