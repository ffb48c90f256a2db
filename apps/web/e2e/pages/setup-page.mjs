export class SetupPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Set up Covenant' });
    this.fullName = page.getByLabel('Full name');
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Create administrator' });
  }

  /** @param {{ full_name: string, email: string, password: string }} admin */
  async createAdministrator(admin) {
    await this.fullName.fill(admin.full_name);
    await this.email.fill(admin.email);
    await this.password.fill(admin.password);
    await this.submit.click();
  }
}
