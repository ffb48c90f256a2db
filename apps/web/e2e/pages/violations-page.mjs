/** The Violations screen: the list with its status filter, and one violation's timeline. */
export class ViolationsPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Violations', exact: true, level: 1 });
    this.status = page.getByLabel('Status');
    this.timeline = page.getByRole('list', { name: 'Violation timeline' });
  }

  /** @param {string} text a cell's text, unique to the row */
  row(text) {
    return this.page.getByRole('row').filter({ hasText: text });
  }

  /** @param {string} text */
  async openTimeline(text) {
    await this.row(text).getByRole('button', { name: /^Timeline of / }).click();
  }
}
