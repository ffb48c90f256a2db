import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { InvoicesPage, financeFixtures, isoToday, plusDays, uniqueOwnerId } from '../pages/invoices-page.mjs';

const tag = () => Math.random().toString(36).slice(2, 7);

/** @param {import('playwright-core').Locator} locator */
async function textOf(locator) {
  await expectVisible(locator);
  return (await locator.first().textContent())?.trim();
}

export default [
  spec('invoices: create with two lines and a tax rate, Approve & Send, number and due date, then Update & Send', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const owner = await fx.owner('Irene', `Invoicer${t}`);
    await fx.product(`D${t}`, `Dues ${t}`, '150.00');
    await fx.product(`L${t}`, `Late fee ${t}`, '25.50');
    await fx.taxRate(`Tax ${t}`, '8');

    await signInWithToken(page, token, '/Invoices');
    const invoices = new InvoicesPage(page);
    await expectVisible(invoices.heading);
    await expectVisible(invoices.subtitle);
    await invoices.createButton.click();
    await expectVisible(invoices.dialog.getByRole('button', { name: 'Approve & Send' }));
    const today = isoToday();
    expectEqual(await invoices.dialog.getByLabel('Due Date').inputValue(), plusDays(today, 15), 'due date is invoice date + 15');
    await invoices.chooseOwner(`Invoicer${t}`, `Irene Invoicer${t} (#${owner.owner_id})`);
    const expectedNumber = `INV-${owner.owner_id}-${today.replace(/-/g, '')}-001`;
    await page.waitForFunction((n) => document.querySelector('#invoice-number')?.getAttribute('value') === n || /** @type {HTMLInputElement} */ (document.querySelector('#invoice-number'))?.value === n, expectedNumber);
    expectEqual(await invoices.dialog.getByLabel('Invoice Number').isEditable(), false, 'the number is read-only');

    await invoices.chooseProduct(1, `D${t} - Dues ${t}`);
    expectEqual(await invoices.description(1).inputValue(), `Dues ${t}`, 'choosing a product fills the description');
    expectEqual(await invoices.dialog.getByLabel('Unit price for line 1').inputValue(), '150', 'and the price');
    await invoices.quantity(1).fill('2');
    await invoices.dialog.getByRole('button', { name: 'Add Line Item' }).click();
    await invoices.chooseProduct(2, `L${t} - Late fee ${t}`);
    await invoices.chooseTaxRate(`Tax ${t} (8%)`);
    await expectVisible(invoices.dialog.getByTestId('invoice-subtotal').getByText('$325.50'));
    await expectVisible(invoices.dialog.getByTestId('invoice-tax').getByText('$26.04'));
    await expectVisible(invoices.dialog.getByTestId('invoice-total').getByText('$351.54'));
    // Due date follows the invoice date until it is set by hand.
    await invoices.dialog.getByLabel('Invoice Date *').fill(plusDays(today, -1));
    expectEqual(await invoices.dialog.getByLabel('Due Date').inputValue(), plusDays(today, 14), 'due date follows the invoice date');
    await invoices.dialog.getByLabel('Invoice Date *').fill(today);
    await snap('invoice-form');
    await invoices.dialog.getByRole('button', { name: 'Approve & Send' }).click();
    await expectHidden(invoices.dialog);

    await invoices.search.fill(`Invoicer${t}`);
    await expectVisible(invoices.row(expectedNumber));
    expectEqual(await textOf(invoices.rowStatus(expectedNumber)), 'sent', 'Approve & Send gives sent');
    await expectVisible(invoices.row(expectedNumber).getByText('$351.54'));
    await snap('invoices');

    await invoices.action('Edit', expectedNumber).click();
    await expectVisible(invoices.dialog.getByRole('button', { name: 'Update & Send' }));
    await expectVisible(invoices.dialog.getByTestId('invoice-total').getByText('$351.54'));
    await invoices.quantity(2).fill('3');
    await expectVisible(invoices.dialog.getByTestId('invoice-total').getByText('$406.62'));
    await invoices.dialog.getByRole('button', { name: 'Update & Send' }).click();
    await expectHidden(invoices.dialog);
    await expectVisible(invoices.row(expectedNumber).getByText('$406.62'));

    await invoices.action('View', expectedNumber).click();
    await expectVisible(invoices.dialog.getByTestId('invoice-sheet').getByText(`Late fee ${t}`));
    await expectVisible(invoices.dialog.getByRole('button', { name: 'Print' }));
    await snap('invoice-view');
  }),

  spec('invoices: Record Payment from a row pays partially, then fully (partial, then paid)', async ({ page, api }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const owner = await fx.owner('Pablo', `Payer${t}`);
    const invoice = await fx.invoice(owner.id, { amount: '300.00' });
    await signInWithToken(page, token, '/Invoices');
    const invoices = new InvoicesPage(page);
    await invoices.search.fill(`Payer${t}`);
    const n = invoice.invoice_number;
    await expectVisible(invoices.row(n));

    await invoices.action('Record payment for', n).click();
    expectEqual(await invoices.dialog.getByLabel('Amount *').inputValue(), '300', 'the amount starts at the balance');
    await invoices.dialog.getByLabel('Amount *').fill('120');
    await invoices.dialog.getByRole('button', { name: 'Record Payment', exact: true }).click();
    await expectHidden(invoices.dialog);
    await expectVisible(invoices.rowStatus(n).getByText('partial', { exact: true }));
    await expectVisible(invoices.row(n).getByText('$180.00'));

    await invoices.action('Record payment for', n).click();
    await invoices.dialog.getByRole('button', { name: 'Record Payment', exact: true }).click();
    await expectHidden(invoices.dialog);
    await expectHidden(invoices.row(n));
    await invoices.tab('All Invoices');
    await expectVisible(invoices.rowStatus(n).getByText('paid', { exact: true }));
    await expectHidden(invoices.action('Record payment for', n));
    const saved = await fx.getInvoice(invoice.id);
    expectEqual([Number(saved.amount_paid), Number(saved.balance_due), saved.status], [300, 0, 'paid'], 'the server holds the payments');
  }),

  spec('invoices: tabs, quick date filters that toggle off, and the property filter', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const last = `Tabs${t}`;
    const first = await fx.owner('Ann', last);
    const second = await fx.owner('Ben', last);
    const today = isoToday();
    const lastYear = `${Number(today.slice(0, 4)) - 1}-06-15`;
    const current = await fx.invoice(first.id, { amount: '10.00' });
    const old = await fx.invoice(first.id, { amount: '20.00', date: lastYear });
    const cancelled = await fx.invoice(first.id, { amount: '30.00' });
    await fx.cancel(cancelled.id);
    const unitInvoice = await fx.invoice(second.id, { amount: '40.00' });
    const unit = `U${t}`;
    const property = await api.app('POST', '/entities/Property', { token, body: { property_id: uniqueOwnerId(), unit_number: unit } });
    await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: second.id, property_id: property.id } });

    await signInWithToken(page, token, '/Invoices');
    const invoices = new InvoicesPage(page);
    await invoices.search.fill(last);
    const shows = async (/** @type {string[]} */ visible, /** @type {string[]} */ hidden) => {
      for (const inv of visible) await expectVisible(invoices.row(inv));
      for (const inv of hidden) await expectHidden(invoices.row(inv));
    };
    const [c, o, x, u] = [current, old, cancelled, unitInvoice].map((i) => i.invoice_number);
    await shows([c, o, u], []);
    await invoices.tab('All Invoices');
    await shows([c, o, u], [x]);
    await invoices.tab('Cancelled');
    await shows([x], [c, o, u]);
    await invoices.tab('All Invoices');

    await invoices.quickFilter('Last Year').click();
    await shows([o], [c, u]);
    expectEqual(await invoices.quickFilter('Last Year').getAttribute('aria-pressed'), 'true', 'the active filter is pressed');
    await invoices.quickFilter('Last Year').click();
    await shows([c, o, u], []);
    await invoices.quickFilter('This Month').click();
    await shows([c, u], [o]);
    await invoices.quickFilter('This Year').click();
    await shows([c, u], [o]);
    await invoices.quickFilter('Last Month').click();
    await shows([], [c, u, o]);
    await invoices.quickFilter('Last Month').click();

    await invoices.filterProperty(`Unit ${unit}`);
    await shows([u], [c, o]);
    await snap('invoices-filtered');
    await invoices.filterProperty('All Properties');
    await shows([c, o, u], []);
  }),

  spec('invoices: cancel asks first, is irreversible, and leaves no edit, payment or cancel action', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const owner = await fx.owner('Cara', `Canceller${t}`);
    const invoice = await fx.invoice(owner.id, { amount: '75.00' });
    const n = invoice.invoice_number;
    await signInWithToken(page, token, '/Invoices');
    const invoices = new InvoicesPage(page);
    await invoices.search.fill(`Canceller${t}`);
    await invoices.action('Cancel', n).click();
    await expectVisible(invoices.confirm.getByText('Are you sure you want to cancel this invoice? This action cannot be undone.'));
    await snap('cancel-confirm');
    await invoices.confirm.getByRole('button', { name: 'Keep Invoice' }).click();
    expectEqual((await fx.getInvoice(invoice.id)).status, 'sent', 'dismissing keeps the invoice');
    await invoices.action('Cancel', n).click();
    await invoices.confirm.getByRole('button', { name: 'Cancel Invoice' }).click();
    await invoices.tab('Cancelled');
    await expectVisible(invoices.rowStatus(n).getByText('cancelled', { exact: true }));
    await expectVisible(invoices.action('View', n));
    await expectHidden(invoices.action('Edit', n));
    await expectHidden(invoices.action('Record payment for', n));
    await expectHidden(invoices.action('Cancel', n));
    expectEqual((await fx.getInvoice(invoice.id)).status, 'cancelled', 'the server holds it cancelled');
  }),

  spec('invoices: bulk bar texts, Email Selected alert and Delete Selected after the permanent-deletion warning', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const owner = await fx.owner('Bea', `Bulk${t}`);
    const a = await fx.invoice(owner.id, { amount: '11.00' });
    const b = await fx.invoice(owner.id, { amount: '12.00' });
    await signInWithToken(page, token, '/Invoices');
    const invoices = new InvoicesPage(page);
    await invoices.search.fill(`Bulk${t}`);
    await expectVisible(invoices.row(a.invoice_number));
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await expectVisible(invoices.toast('Please select at least one invoice to delete'));
    await page.getByRole('button', { name: 'Email Selected' }).click();
    await expectVisible(invoices.toast('Please select at least one invoice to send'));

    await invoices.action('Select', a.invoice_number).check();
    await invoices.action('Select', b.invoice_number).check();
    await expectVisible(page.getByRole('button', { name: 'Clear Selection' }));
    await page.getByRole('button', { name: 'Email Selected' }).click();
    await expectVisible(page.getByText(/requires an external email service.*only send emails to registered app users/));
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await expectVisible(invoices.confirm.getByText(/permanently delete/));
    await snap('bulk-delete-confirm');
    await invoices.confirm.getByRole('button', { name: 'Delete' }).click();
    await expectVisible(invoices.toast('Successfully deleted 2 invoice(s)'));
    await expectHidden(invoices.row(a.invoice_number));
    await expectHidden(invoices.row(b.invoice_number));
  }),

  spec('invoices: an owner sees only their own invoices, without staff actions', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const mine = await fx.owner('Olive', `Own${t}`);
    const other = await fx.owner('Otto', `Other${t}`);
    const own = await fx.invoice(mine.id, { amount: '55.00' });
    const theirs = await fx.invoice(other.id, { amount: '66.00' });
    const member = await memberToken(api, { email: `olive.${t}@example.com`, full_name: `Olive Own${t}`, role: 'owner' });
    await api.app('PUT', `/entities/User/${member.user.id}`, { token, body: { owner_id: mine.id } });

    await signInWithToken(page, member.token, '/Invoices');
    const invoices = new InvoicesPage(page);
    await expectVisible(invoices.heading);
    await expectVisible(invoices.row(own.invoice_number));
    await expectVisible(invoices.row(own.invoice_number).getByText('$55.00'));
    await expectHidden(invoices.row(theirs.invoice_number));
    await expectHidden(invoices.createButton);
    await expectHidden(invoices.action('Edit', own.invoice_number));
    await expectHidden(invoices.action('Cancel', own.invoice_number));
    await expectVisible(invoices.action('View', own.invoice_number));
    await snap('owner-invoices');
  }),
];
