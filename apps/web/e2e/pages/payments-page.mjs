import { expectVisible } from '../lib/expect.mjs';

/** The Payments screen and the Record Payment dialog (also opened from an invoice row). */
export class PaymentsPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Payments', exact: true, level: 1 });
    this.recordButton = page.getByRole('button', { name: 'Record Payment', exact: true });
    this.deleteSelected = page.getByRole('button', { name: /^Delete Selected/ });
    this.search = page.getByRole('textbox', { name: 'Search payments' });
    this.dialog = page.getByRole('dialog');
    this.confirm = page.getByRole('alertdialog');
    this.rows = page.getByTestId('payment-row');
  }

  async goto() {
    await this.page.goto('/Payments');
    await expectVisible(this.heading);
  }

  /** @param {string} reference */
  rowByReference(reference) {
    return this.rows.filter({ hasText: reference });
  }

  /** @param {string} search @param {string} optionText */
  async chooseOwner(search, optionText) {
    await this.dialog.getByRole('combobox', { name: 'Owner', exact: true }).click();
    await this.page.getByRole('textbox', { name: 'Search owner' }).fill(search);
    await this.page.getByRole('option', { name: optionText }).click();
  }

  get amount() {
    return this.dialog.getByLabel('Amount *');
  }

  get reference() {
    return this.dialog.getByLabel('Reference Number');
  }

  get submit() {
    return this.dialog.getByRole('button', { name: 'Record Payment', exact: true });
  }

  /** @param {string} invoiceNumber */
  applyTo(invoiceNumber) {
    return this.dialog.getByRole('checkbox', { name: `Apply to ${invoiceNumber}` });
  }

  get allocation() {
    return this.dialog.getByTestId('payment-allocation');
  }

  /** The row action that opens the Bounce Payment dialog. @param {string} paymentNumber */
  bounceButton(paymentNumber) {
    return this.page.getByRole('button', { name: `Bounce ${paymentNumber}`, exact: true });
  }

  /** Fills and submits the Bounce Payment dialog. @param {{ date: string, reason: string, fee?: string }} input */
  async bounce(input) {
    const dialog = this.page.getByRole('dialog', { name: 'Bounce Payment' });
    await dialog.getByLabel('Bounce Date *').fill(input.date);
    await dialog.getByLabel('Reason *').fill(input.reason);
    if (input.fee) await dialog.getByLabel('Returned Payment Fee').fill(input.fee);
    await dialog.getByRole('button', { name: 'Record Bounce', exact: true }).click();
    return dialog;
  }

  /** @param {string} text */
  toast(text) {
    return this.page.getByText(text, { exact: true });
  }
}
