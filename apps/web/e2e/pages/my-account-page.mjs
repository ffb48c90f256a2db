/** My Account, the owner's landing page. */
export class MyAccountPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'My Account', exact: true, level: 1 });
    this.openCharges = page.getByRole('table', { name: 'Open charges' });
    this.recentPayments = page.getByRole('table', { name: 'Recent payments' });
    this.from = page.getByLabel('From', { exact: true });
    this.to = page.getByLabel('To', { exact: true });
    this.downloadStatement = page.getByRole('button', { name: 'Download Statement (PDF)' });
    this.phone = page.getByLabel('Phone', { exact: true });
    this.savePhone = page.getByRole('button', { name: 'Save', exact: true });
  }

  /** A headline figure card: 'Current Balance', 'Next Due', 'Past Due'. @param {string} title */
  figure(title) {
    return this.page.getByRole('group', { name: title, exact: true });
  }

  /** @param {string} unitNumber */
  unit(unitNumber) {
    return this.page.getByRole('group', { name: `Unit ${unitNumber}`, exact: true });
  }
}
