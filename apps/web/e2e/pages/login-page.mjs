export class LoginPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Sign in' });
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Sign in', exact: true });
    this.forgotPassword = page.getByRole('link', { name: 'Forgot password?' });
    this.error = page.getByRole('alert');
    // After too many wrong passwords: the emailed code.
    this.signInCodeHeading = page.getByRole('heading', { name: 'Enter your sign-in code' });
    this.signInCode = page.getByLabel('Sign-in code');
    this.newCode = page.getByRole('button', { name: 'Email me a new code' });
    // The second factor.
    this.twoFactorHeading = page.getByRole('heading', { name: 'Two-factor authentication' });
    this.authenticationCode = page.getByLabel('Authentication code');
    this.recoveryCode = page.getByLabel('Recovery code');
    this.useRecoveryCode = page.getByRole('button', { name: 'Use a recovery code instead' });
    this.verify = page.getByRole('button', { name: 'Verify' });
  }

  async goto() {
    await this.page.goto('/login');
  }

  /** @param {string} email @param {string} password */
  async signIn(email, password) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** @param {string} code the emailed sign-in code */
  async enterSignInCode(code) {
    await this.signInCode.fill(code);
    await this.submit.click();
  }

  /** @param {string} code a 6-digit code from the authenticator app */
  async enterAuthenticationCode(code) {
    await this.authenticationCode.fill(code);
    await this.verify.click();
  }

  /** @param {string} code one of the recovery codes */
  async enterRecoveryCode(code) {
    await this.useRecoveryCode.click();
    await this.recoveryCode.fill(code);
    await this.verify.click();
  }
}
