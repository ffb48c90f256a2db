export class OrgSettingsPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Organization Settings', level: 1 });
    this.companyName = page.getByLabel('Company Name');
    this.address = page.getByLabel('Address');
    this.city = page.getByLabel('City');
    this.state = page.getByLabel('State');
    this.zip = page.getByLabel('Zip Code');
    this.phone = page.getByLabel('Phone');
    this.email = page.getByLabel('Email', { exact: true });
    this.website = page.getByLabel('Website');
    this.logoInput = page.getByLabel('Logo', { exact: true });
    this.logo = page.getByRole('img', { name: 'Organization logo' });
    this.openRegistration = page.getByRole('switch', { name: 'Open registration' });
    this.save = page.getByRole('button', { name: 'Save Settings' });
    this.saved = page.getByText('Settings saved successfully');
  }

  async goto() {
    await this.page.goto('/orgsettings');
  }
}
