import { chooseOption } from '../lib/select.mjs';
/** The Bills screen: the table, the Create Bill dialog and the Bill Details dialog with Pay Bill. */
export class BillsPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Bills', exact: true, level: 1 });
    this.createButton = page.getByRole('button', { name: 'Create Bill' });
    this.table = page.getByRole('table', { name: 'Bills' });
    this.empty = page.getByText('No bills found');
    this.form = page.getByRole('dialog', { name: 'Create Bill' });
    this.details = page.getByRole('dialog', { name: 'Bill Details' });
    this.payForm = this.details.getByRole('form', { name: 'Pay Bill' });
  }

  async goto() {
    await this.page.goto('/Bills');
  }

  /** @param {string} billNumber */
  row(billNumber) {
    return this.table.getByRole('row', { name: billNumber, exact: true });
  }

  async openForm() {
    await this.createButton.click();
    return this.form;
  }

  /** @param {string} vendorName */
  async chooseVendor(vendorName) {
    await chooseOption(this.page, this.form.getByRole('combobox', { name: /^Vendor/ }), vendorName);
  }

  /**
   * Fills line n (1-based), adding it first when it is not there yet.
   * @param {number} n
   * @param {{ description: string, quantity: string, unitPrice: string, account: string }} line
   */
  async fillLine(n, line) {
    const item = this.form.getByRole('listitem', { name: `Line ${n}`, exact: true });
    if (!(await item.count())) await this.form.getByRole('button', { name: 'Add Line' }).click();
    await item.getByLabel('Description').fill(line.description);
    await item.getByLabel('Quantity').fill(line.quantity);
    await item.getByLabel('Unit Price').fill(line.unitPrice);
    await chooseOption(this.page, item.getByRole('combobox', { name: 'Expense Account' }), line.account);
  }

  /** The totals block of the form or of the details. @param {import('playwright-core').Locator} scope */
  totals(scope) {
    return scope.getByLabel('Bill totals');
  }

  /** @param {string} billNumber */
  async view(billNumber) {
    await this.row(billNumber).getByRole('button', { name: `View ${billNumber}` }).click();
    return this.details;
  }

  /** @param {{ amount?: string, reference?: string }} payment */
  async pay({ amount, reference } = {}) {
    await this.details.getByRole('button', { name: 'Pay Bill' }).click();
    if (amount !== undefined) await this.payForm.getByLabel('Amount').fill(amount);
    if (reference !== undefined) await this.payForm.getByLabel('Reference Number').fill(reference);
    await this.payForm.getByRole('button', { name: 'Record Payment' }).click();
  }
}
