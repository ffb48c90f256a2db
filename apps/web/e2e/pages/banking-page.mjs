/** The Banking screen: bank accounts, the import of statements, the statements and their lines. */
export class BankingPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Banking', exact: true, level: 1 });
    this.accounts = page.getByRole('list', { name: 'Bank accounts' });
    this.addButton = page.getByRole('button', { name: 'Add Bank Account' });
    this.accountDialog = page.getByRole('dialog', { name: /^(Add|Edit) Bank Account$/ });
    this.importDialog = page.getByRole('dialog', { name: 'Import Statement' });
    this.statements = page.getByRole('table', { name: 'Imported statements' });
    this.lines = page.getByRole('table', { name: 'Statement lines' });
  }

  async goto() {
    await this.page.goto('/banking');
  }

  /** A bank account's card, by its name. @param {string} name */
  account(name) {
    return this.accounts.getByRole('listitem', { name, exact: true });
  }

  /** Picks a column (or format) of the CSV mapping step. @param {string} label @param {string} option */
  async pick(label, option) {
    await this.importDialog.getByRole('combobox', { name: label, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }
}
