/** The frame and home of a signed-in user. */
export class AppShell {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.welcome = page.getByText('Welcome to the HOA management system');
    this.logoutButton = page.getByRole('button', { name: 'Logout' });
  }

  /**
   * The signed-in user's name in the welcome card.
   * @param {string} name
   */
  userName(name) {
    return this.page.getByRole('heading', { name: `Welcome, ${name}` });
  }

  /** @param {string} label e.g. 'Administrator' */
  roleLabel(label) {
    return this.page.getByRole('main').getByText(label, { exact: true });
  }

  async logout() {
    await this.logoutButton.click();
  }
}
