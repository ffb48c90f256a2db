export class NotFoundPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Page Not Found' });
    this.adminNote = page.getByText('this page may not be built yet');
    this.goHome = page.getByRole('button', { name: 'Go Home' });
  }

  /**
   * The quoted path in the message.
   * @param {string} path
   */
  quotedPath(path) {
    return this.page.getByText(`"${path}"`);
  }
}
