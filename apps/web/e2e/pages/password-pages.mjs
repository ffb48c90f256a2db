export class ForgotPasswordPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Forgot password' });
    this.email = page.getByLabel('Email');
    this.submit = page.getByRole('button', { name: 'Send reset link' });
    this.confirmation = page.getByRole('heading', { name: 'Check your email' });
  }

  /** @param {string} email */
  async requestReset(email) {
    await this.email.fill(email);
    await this.submit.click();
  }
}

export class ResetPasswordPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Reset password' });
    this.newPassword = page.getByLabel('New password', { exact: true });
    this.confirmPassword = page.getByLabel('Confirm new password');
    this.submit = page.getByRole('button', { name: 'Reset password' });
  }

  /** @param {string} password */
  async setPassword(password) {
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(password);
    await this.submit.click();
  }
}
