import { expectVisible } from '../lib/expect.mjs';

/** Today in the local time zone as yyyy-mm-dd (the browser runs in the same zone). */
export function isoToday() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** @param {string} iso @param {number} days */
export function plusDays(iso, days) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

let seq = 0;
/** A six-digit owner id unlikely to collide with other specs on the shared server. */
export function uniqueOwnerId() {
  seq += 1;
  return String(600000 + ((Date.now() + seq * 7919) % 300000)).padStart(6, '0');
}

/**
 * Financial fixtures through the API.
 * @param {import('../lib/api.mjs').ServerApi} api
 * @param {string} token
 */
export function financeFixtures(api, token) {
  return {
    /** @param {string} first @param {string} last */
    async owner(first, last) {
      const owner_id = uniqueOwnerId();
      return api.app('POST', '/entities/Owner', { token, body: { owner_id, first_name: first, last_name: last } });
    },
    async incomeAccount() {
      const q = encodeURIComponent(JSON.stringify({ account_type: 'revenue' }));
      const [account] = await api.app('GET', `/entities/ChartOfAccount?q=${q}&sort=account_number&limit=1`, { token });
      return account;
    },
    /** @param {string} code @param {string} description @param {string} price */
    async product(code, description, price) {
      const account = await this.incomeAccount();
      return api.app('POST', '/entities/Product', { token, body: { product_code: code, description, unit_price: price, account_id: account.id } });
    },
    /** @param {string} name @param {string} rate */
    taxRate(name, rate) {
      return api.app('POST', '/entities/TaxRate', { token, body: { tax_name: name, tax_rate: rate, is_active: true } });
    },
    /**
     * A sent (or draft) invoice of one line, saved by the server.
     * @param {string} ownerId record id
     * @param {{ amount?: string, date?: string, status?: 'sent' | 'draft', description?: string, property_id?: string }} [options]
     */
    invoice(ownerId, { amount = '100.00', date = isoToday(), status = 'sent', description = 'HOA dues', property_id } = {}) {
      return api.app('POST', '/functions/saveInvoice', {
        token,
        body: { owner_id: ownerId, invoice_date: date, status, property_id, lines: [{ description, quantity: 1, unit_price: amount }] },
      });
    },
    /** @param {string} invoiceId */
    cancel(invoiceId) {
      return api.app('PUT', `/entities/Invoice/${invoiceId}`, { token, body: { status: 'cancelled' } });
    },
    /** @param {string} invoiceId */
    getInvoice(invoiceId) {
      return api.app('GET', `/entities/Invoice/${invoiceId}`, { token });
    },
  };
}

/** The Invoices screen: filters, tabs, table, bulk bar and its dialogs. */
export class InvoicesPage {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Invoices', exact: true, level: 1 });
    this.subtitle = page.getByText('Manage accounts receivable and billing');
    this.createButton = page.getByRole('button', { name: 'Create Invoice' });
    this.search = page.getByRole('textbox', { name: 'Search invoices' });
    this.propertyFilter = page.getByRole('combobox', { name: 'Filter by property' });
    this.dialog = page.getByRole('dialog');
    this.confirm = page.getByRole('alertdialog');
    this.rows = page.getByTestId('invoice-row');
  }

  async goto() {
    await this.page.goto('/Invoices');
    await expectVisible(this.heading);
  }

  /** @param {'Outstanding' | 'All Invoices' | 'Cancelled'} name */
  async tab(name) {
    await this.page.getByRole('tab', { name, exact: true }).click();
  }

  /** @param {'This Month' | 'Last Month' | 'This Year' | 'Last Year'} name */
  quickFilter(name) {
    return this.page.getByRole('button', { name, exact: true });
  }

  /**
   * Chooses a unit in the searchable property filter (typing its number, as among thousands of units), or 'All Properties'.
   * @param {string} unitLabel e.g. 'Unit 12' or 'All Properties'
   */
  async filterProperty(unitLabel) {
    await this.propertyFilter.click();
    if (unitLabel.startsWith('Unit ')) await this.page.getByRole('textbox', { name: 'Search filter by property' }).fill(unitLabel.slice('Unit '.length));
    await this.page.getByRole('option', { name: unitLabel, exact: true }).click();
  }

  /** @param {string} number */
  row(number) {
    return this.page.getByRole('row', { name: number, exact: true });
  }

  /** @param {string} number */
  rowStatus(number) {
    return this.row(number).locator('[data-slot="badge"]');
  }

  /** @param {string} action 'View' | 'Edit' | 'Record payment for' | 'Cancel' | 'Select' @param {string} number */
  action(action, number) {
    return this.page.getByRole(action === 'Select' ? 'checkbox' : 'button', { name: `${action} ${number}`, exact: true });
  }

  /** Picks an owner in the dialog's searchable owner picker. @param {string} search @param {string} optionText */
  async chooseOwner(search, optionText) {
    await this.dialog.getByRole('combobox', { name: 'Owner', exact: true }).click();
    await this.page.getByRole('textbox', { name: 'Search owner' }).fill(search);
    await this.page.getByRole('option', { name: optionText }).click();
  }

  /** @param {number} line 1-based @param {string} optionText */
  async chooseProduct(line, optionText) {
    await this.dialog.getByRole('combobox', { name: `Product for line ${line}` }).click();
    await this.page.getByRole('option', { name: optionText }).click();
  }

  /** @param {string} optionText */
  async chooseTaxRate(optionText) {
    await this.dialog.getByRole('combobox', { name: 'Tax Rate' }).click();
    await this.page.getByRole('option', { name: optionText }).click();
  }

  /** @param {number} line */
  quantity(line) {
    return this.dialog.getByLabel(`Quantity for line ${line}`);
  }

  /** @param {number} line */
  description(line) {
    return this.dialog.getByLabel(`Description for line ${line}`);
  }

  /** @param {string} text */
  toast(text) {
    return this.page.getByText(text, { exact: true });
  }
}
