export class RegisterPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Create your account' });
    this.fullName = page.getByLabel('Full name');
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Create account' });
    this.verifyHeading = page.getByRole('heading', { name: 'Verify your email' });
    this.code = page.getByLabel('Verification code');
    this.verify = page.getByRole('button', { name: 'Verify email' });
    this.error = page.getByRole('alert');
  }

  /** @param {{ full_name: string, password: string }} user */
  async createAccount(user) {
    await this.fullName.fill(user.full_name);
    await this.password.fill(user.password);
    await this.submit.click();
  }

  /** @param {string} code */
  async enterCode(code) {
    await this.code.fill(code);
    await this.verify.click();
  }
}
