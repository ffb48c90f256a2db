/** The management company's screen and the header's association switcher. */
export class PortfolioPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Portfolio', exact: true, level: 1 });
    this.table = page.getByRole('table', { name: 'Associations' });
    this.totals = page.getByRole('list', { name: 'Portfolio totals' });
    this.newAssociation = page.getByRole('button', { name: 'New Association' });
    this.createDialog = page.getByRole('dialog', { name: 'New Association' });
    this.switcher = page.getByRole('button', { name: /: switch association$/ });
    this.switcherSearch = page.getByRole('searchbox', { name: 'Search associations' });
    this.switcherList = page.getByRole('list', { name: 'Your associations' });
  }

  /** @param {string} name an association's name */
  row(name) {
    return this.table.getByRole('row').filter({ hasText: name });
  }

  /** Opens the header's switcher, searches and follows the association's link (a full page load). @param {string} search @param {string} name */
  async switchTo(search, name) {
    await this.switcher.click();
    await this.switcherSearch.fill(search);
    await this.switcherList.getByRole('link', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  }
}
