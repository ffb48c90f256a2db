export class AccessRestrictedPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Access Restricted' });
    this.message = page.getByText(
      'You are not registered to use this application. Please contact the app administrator to request access.',
      { exact: true },
    );
    this.hints = page.getByRole('listitem');
    this.logoutButton = page.getByRole('button', { name: 'Logout' });
  }
}
