/** The ACH screen: the files made for the bank, and the dialogs that make them or read the bank's returns. */
export class AchPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'ACH', exact: true, level: 1 });
    this.batches = page.getByRole('table', { name: 'ACH batches' });
    this.createDebit = page.getByRole('button', { name: 'Create Debit Batch' });
    this.importReturns = page.getByRole('button', { name: 'Import Returns' });
    this.debitDialog = page.getByRole('dialog', { name: 'Create Debit Batch' });
    this.returnsDialog = page.getByRole('dialog', { name: 'Import Returns' });
  }

  async goto() {
    await this.page.goto('/ach');
  }
}

/** My Account's Autopay card. */
export class AutopayCard {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Autopay', exact: true });
    this.form = page.getByRole('form', { name: 'Set up autopay' });
    this.submit = page.getByRole('button', { name: 'Set Up Autopay' });
    this.cancel = page.getByRole('button', { name: 'Cancel Autopay' });
  }
}
