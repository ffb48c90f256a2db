import { FinancialScreen } from './items-page.mjs';

/** The Work Orders board: a column per status, a card per order, the order's dialog (moves, vendor, bill, comments). */
export class WorkOrdersPage extends FinancialScreen {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    super(page, '/WorkOrders', 'Work Orders');
  }

  /** @param {string} status the column's title, e.g. "In Progress" */
  column(status) {
    return this.page.getByRole('list', { name: `${status} work orders` });
  }

  /** @param {string} status @param {string} title */
  card(status, title) {
    return this.column(status).getByRole('button').filter({ hasText: title });
  }

  /** The comment box of the open dialog, and its button. @param {string} text @param {{ shared?: boolean }} options */
  async comment(text, { shared = false } = {}) {
    await this.dialog.getByLabel('New comment').fill(text);
    if (shared) await this.dialog.getByRole('checkbox', { name: 'Share with the requester' }).check();
    await this.dialog.getByRole('button', { name: 'Add Comment' }).click();
  }
}
