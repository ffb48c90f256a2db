import { chooseOption } from '../lib/select.mjs';
/** The Funds screen: the funds with their bank accounts and balances, Add Fund and Transfer Between Funds. */
export class FundsPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Funds', exact: true, level: 1 });
    this.table = page.getByRole('table', { name: 'Funds' });
    this.asOf = page.getByLabel('As of');
    this.addButton = page.getByRole('button', { name: 'Add Fund' });
    this.transferButton = page.getByRole('button', { name: 'Transfer Between Funds' });
    this.form = page.getByRole('dialog', { name: /^(Add|Edit) Fund$/ });
    this.transferDialog = page.getByRole('dialog', { name: 'Transfer Between Funds' });
  }

  async goto() {
    await this.page.goto('/Funds');
  }

  /** A fund's row, by its name. @param {string} name */
  row(name) {
    return this.table.getByRole('row', { name, exact: true });
  }

  /** The texts of a fund's cells: code, name, kind, bank account, cash, fund balance, status. @param {string} name */
  async cells(name) {
    return (await this.row(name).getByRole('cell').allInnerTexts()).map((c) => c.trim()).slice(0, 7);
  }

  /** @param {string} label @param {string} option */
  async choose(label, option) {
    await chooseOption(this.page, this.page.getByRole('dialog').getByRole('combobox', { name: label }), option);
  }

  /** @param {{ date: string, from: string, to: string, amount: string, memo?: string }} transfer */
  async transfer({ date, from, to, amount, memo }) {
    await this.transferButton.click();
    await this.choose('From fund', from);
    await this.choose('To fund', to);
    await this.transferDialog.getByLabel('Date').fill(date);
    await this.transferDialog.getByLabel('Amount').fill(amount);
    if (memo) await this.transferDialog.getByLabel('Memo').fill(memo);
    await this.transferDialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  }
}
