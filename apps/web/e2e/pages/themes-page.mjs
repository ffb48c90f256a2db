export class ThemesPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Themes', level: 1 });
  }

  async goto() {
    await this.page.goto('/themes');
  }

  /** @param {'Red' | 'Blue' | 'Purple' | 'Orange' | 'Green'} name */
  theme(name) {
    return this.page.getByRole('radio', { name });
  }

  /** The page's --primary colour variable. */
  primaryColour() {
    return this.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim());
  }
}
