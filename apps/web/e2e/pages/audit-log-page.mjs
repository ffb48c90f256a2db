import { chooseOption } from '../lib/select.mjs';
export class AuditLogPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Audit Log', level: 1 });
    this.user = page.getByLabel('User', { exact: true });
    this.action = page.getByRole('combobox', { name: 'Action' });
    this.from = page.getByLabel('From');
    this.to = page.getByLabel('To');
    this.clear = page.getByRole('button', { name: 'Clear filters' });
    this.exportCsv = page.getByRole('button', { name: 'Export CSV' });
    this.table = page.getByRole('table', { name: 'Audit log entries' });
    this.rows = this.table.getByRole('row');
    this.empty = page.getByText('No entries match these filters');
    this.pages = page.getByRole('navigation', { name: 'Pages' });
    this.next = this.pages.getByRole('button', { name: 'Next' });
    this.previous = this.pages.getByRole('button', { name: 'Previous' });
  }

  async goto() {
    await this.page.goto('/auditlog');
  }

  /** @param {string} label an action as the filter names it, e.g. 'Sign-in failed' */
  async chooseAction(label) {
    await chooseOption(this.page, this.action, label);
  }

  /** @param {string} text e.g. 'Showing 1–50 of 55' */
  showing(text) {
    return this.pages.getByText(text);
  }
}
