export class DashboardPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Dashboard', level: 1 });
    this.summary = page.getByRole('region', { name: 'Summary' });
    this.noInvoices = page.getByText('No invoices yet', { exact: true });
    this.noPayments = page.getByText('No payments yet', { exact: true });
    this.outstandingBalance = page.getByTestId('outstanding-balance');
    this.outstandingCount = page.getByTestId('outstanding-count');
    this.overdueCount = page.getByTestId('overdue-count');
    this.debugCard = page.getByRole('heading', { name: 'Debug Status' });
    this.reinitializeButton = page.getByRole('button', { name: /initialize Privileges$/i });
    this.privilegesSuccess = page.getByText('Privileges initialized successfully! Refreshing page...');
  }

  async goto() {
    await this.page.goto('/');
  }

  /** @param {'Total Owners' | 'Total Properties' | 'Total Revenue' | 'Payments Received'} title */
  tile(title) {
    return this.summary.getByRole('link', { name: new RegExp(`^${title} `) });
  }
}
