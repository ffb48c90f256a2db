import { expectAttribute, expectCount, expectEqual, expectURL, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { DataTable, sidewaysOverflow } from '../pages/data-table.mjs';
import { financeFixtures, isoToday, plusDays, uniqueOwnerId } from '../pages/invoices-page.mjs';
import { AuditLogPage } from '../pages/audit-log-page.mjs';
import { MyAccountPage } from '../pages/my-account-page.mjs';

const tag = () => `Dt${Date.now().toString(36)}`;
const PHONE = { width: 390, height: 844 };

export default [
  spec('data table: a header click sorts the tax rates on the server, says so with aria-sort and keeps the order in the address', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    await fx.taxRate(`${t} Alpha`, '9');
    await fx.taxRate(`${t} Beta`, '1.5');
    await fx.taxRate(`${t} Gamma`, '5');
    await signInWithToken(page, token, '/TaxRates');
    const rates = new DataTable(page, 'Tax rates');
    const mine = (/** @type {string[]} */ expected) => rates.expectColumn(1, (name) => name.startsWith(t), expected);
    const sortIs = (/** @type {string | null} */ value) => expectURL(page, (url) => url.pathname === '/TaxRates' && url.searchParams.get('sort') === value);

    await expectVisible(rates.header('Tax Name'));
    await expectAttribute(rates.header('Tax Name'), 'aria-sort', 'ascending');
    await expectAttribute(rates.header('Tax Rate'), 'aria-sort', 'none');
    expectEqual(await rates.header('Description').getAttribute('aria-sort'), null, 'a column the server does not sort has no aria-sort');
    await mine([`${t} Alpha`, `${t} Beta`, `${t} Gamma`]);

    await rates.sortButton('Tax Rate').click();
    await sortIs('tax_rate');
    await expectAttribute(rates.header('Tax Rate'), 'aria-sort', 'ascending');
    await expectAttribute(rates.header('Tax Name'), 'aria-sort', 'none');
    await mine([`${t} Beta`, `${t} Gamma`, `${t} Alpha`]);
    await snap('tax-rates-by-rate');

    await rates.sortButton('Tax Rate').click();
    await sortIs('-tax_rate');
    await expectAttribute(rates.header('Tax Rate'), 'aria-sort', 'descending');
    await mine([`${t} Alpha`, `${t} Gamma`, `${t} Beta`]);

    await page.reload();
    await expectVisible(rates.header('Tax Rate'));
    await expectAttribute(rates.header('Tax Rate'), 'aria-sort', 'descending');
    await mine([`${t} Alpha`, `${t} Gamma`, `${t} Beta`]);

    await rates.sortButton('Tax Name').click();
    await sortIs(null);
    await expectAttribute(rates.header('Tax Name'), 'aria-sort', 'ascending');
  }),

  spec('data table: the invoices show one empty row across the table, and one pager that pages', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const owner = await fx.owner('Paige', `Pager${t}`);
    /** @type {string[]} */
    const made = [];
    for (let i = 0; i < 51; i += 1) made.push((await fx.invoice(owner.id, { amount: `${10 + i}.00` })).id);
    await signInWithToken(page, token, '/Invoices');
    const invoices = new DataTable(page, 'Invoices');
    const search = page.getByRole('textbox', { name: 'Search invoices' });

    await search.fill(`Nobody${t}`);
    await expectVisible(invoices.table.getByRole('cell', { name: 'No invoices found', exact: true }));
    await expectCount(invoices.rows, 1);
    const columns = await invoices.table.getByRole('columnheader').count();
    expectEqual(await invoices.rows.locator('td').getAttribute('colspan'), String(columns), 'the empty row spans every column');
    await expectCount(invoices.pages, 0);
    await snap('invoices-empty');

    await search.fill(`Pager${t}`);
    await invoices.expectShowing('Showing 1–50 of 51');
    await expectCount(invoices.pages, 1);
    await expectCount(invoices.rows, 50);
    expectEqual(await invoices.previous.isDisabled(), true, 'no page before the first');
    await invoices.next.click();
    await invoices.expectShowing('Showing 51–51 of 51');
    await expectCount(invoices.rows, 1);
    expectEqual(await invoices.next.isDisabled(), true, 'no page after the last');
    await snap('invoices-last-page');
    await invoices.previous.click();
    await invoices.expectShowing('Showing 1–50 of 51');
    // Entered for this test only: deleted, so later specs (collections runs, reports) do not see this owner owing.
    for (const id of made) await api.app('DELETE', `/entities/Invoice/${id}`, { token });
  }),

  spec('data table: on a phone (390×844) My Account\'s payments and the invoices fit the width, amounts in view', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const today = isoToday();
    const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: uniqueOwnerId(), first_name: 'Phoebe', last_name: `Phone${t}` } });
    const invoice = await fx.invoice(owner.id, { amount: '1234.56' });
    const { payment } = await api.app('POST', '/functions/recordPayment', { token, body: { owner_id: owner.id, amount: '234.56', payment_date: today, invoice_ids: [invoice.id] } });
    const member = await memberToken(api, { email: `phoebe.${t.toLowerCase()}@example.com`, full_name: `Phoebe Phone${t}`, role: 'owner' });
    await api.app('PUT', `/entities/User/${member.user.id}`, { token, body: { owner_id: owner.id } });

    await page.setViewportSize(PHONE);
    await signInWithToken(page, await api.login(member.user.email, 'Member-e2e-2024!'), '/myaccount');
    const account = new MyAccountPage(page);
    await expectVisible(account.heading);
    const payments = new DataTable(page, 'Recent payments');
    const paid = payments.table.getByRole('row').filter({ hasText: '$234.56' });
    await paid.scrollIntoViewIfNeeded();
    await expectVisible(paid.getByText('$234.56', { exact: true }));
    await expectVisible(paid.getByText(today, { exact: true }));
    const charges = new DataTable(page, 'Open charges');
    await expectVisible(charges.table.getByRole('row').filter({ hasText: invoice.invoice_number }).getByText('$1,000.00', { exact: true }));
    let overflow = await sidewaysOverflow(page);
    expectEqual(overflow <= 0, true, `My Account fits the phone's width (overflow ${overflow}px)`);
    await snap('my-account-phone');

    await page.setViewportSize(PHONE);
    await signInWithToken(page, token, '/Invoices');
    await page.getByRole('textbox', { name: 'Search invoices' }).fill(`Phone${t}`);
    const invoices = new DataTable(page, 'Invoices');
    const row = invoices.table.getByRole('row', { name: invoice.invoice_number });
    await expectVisible(row.getByText(invoice.invoice_number, { exact: true }));
    await expectVisible(row.getByText(`Phoebe Phone${t}`));
    await expectVisible(row.getByText('$1,000.00', { exact: true }));
    await expectVisible(row.getByRole('button', { name: `View ${invoice.invoice_number}` }));
    // Amount and Paid matter less than the balance on a phone: they drop out of the card.
    expectEqual(await row.getByText('$1,234.56', { exact: true }).isVisible(), false, 'the amount column is hidden on a phone');
    overflow = await sidewaysOverflow(page);
    expectEqual(overflow <= 0, true, `Invoices fit the phone's width (overflow ${overflow}px)`);
    await snap('invoices-phone');
    // Entered for this test only: the payment and the invoice deleted, so later specs do not see this owner owing.
    await api.app('DELETE', `/entities/Payment/${payment.id}`, { token });
    await api.app('DELETE', `/entities/Invoice/${invoice.id}`, { token });
  }),
  spec('data table: Invoices sort by a header on the server (amount, billed to), with aria-sort and the order in the address', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const today = isoToday();
    const alpha = await fx.owner('Zoe', `Alpha${t}`);
    const beta = await fx.owner('Amy', `Beta${t}`);
    const a300 = await fx.invoice(alpha.id, { amount: '300.00' });
    const b100 = await fx.invoice(beta.id, { amount: '100.00', date: plusDays(today, -2) });
    const b200 = await fx.invoice(beta.id, { amount: '200.00', date: plusDays(today, -1) });
    const numbers = [a300, b100, b200].map((i) => i.invoice_number);
    await signInWithToken(page, token, '/Invoices');
    await page.getByRole('textbox', { name: 'Search invoices' }).fill(t);
    const invoices = new DataTable(page, 'Invoices');
    // Column 2 is the number (1 is the selection); the newest invoice first at rest.
    const mine = (/** @type {string[]} */ expected) => invoices.expectColumn(2, (n) => numbers.includes(n), expected);
    await expectAttribute(invoices.header('Date'), 'aria-sort', 'descending');
    await expectAttribute(invoices.header('Amount'), 'aria-sort', 'none');
    expectEqual(await invoices.header('Paid').getAttribute('aria-sort'), null, 'Paid is not sortable');
    await mine([a300.invoice_number, b200.invoice_number, b100.invoice_number]);

    await invoices.sortBy('Amount', 'ascending', 'total_amount');
    await expectAttribute(invoices.header('Date'), 'aria-sort', 'none');
    await mine([b100.invoice_number, b200.invoice_number, a300.invoice_number]);
    await snap('invoices-by-amount');
    await invoices.sortBy('Amount', 'descending', '-total_amount');
    await mine([a300.invoice_number, b200.invoice_number, b100.invoice_number]);

    // By the owner's last name (Alpha before Beta), then the invoice date.
    await invoices.sortBy('Billed To', 'ascending', 'owner');
    await mine([a300.invoice_number, b100.invoice_number, b200.invoice_number]);
    await page.reload();
    await page.getByRole('textbox', { name: 'Search invoices' }).fill(t);
    await expectAttribute(invoices.header('Billed To'), 'aria-sort', 'ascending');
    await mine([a300.invoice_number, b100.invoice_number, b200.invoice_number]);
    await invoices.sortBy('Billed To', 'descending', '-owner');
    await mine([b200.invoice_number, b100.invoice_number, a300.invoice_number]);
    await invoices.sortBy('Date', 'ascending', 'invoice_date');
    await invoices.sortBy('Date', 'descending', null);
    for (const invoice of [a300, b100, b200]) await api.app('DELETE', `/entities/Invoice/${invoice.id}`, { token });
  }),

  spec('data table: Payments sort by a header on the server (amount, owner), with aria-sort and the order in the address', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const today = isoToday();
    const alpha = await fx.owner('Zoe', `Alpha${t}`);
    const beta = await fx.owner('Amy', `Beta${t}`);
    const pay = async (/** @type {string} */ ownerId, /** @type {string} */ amount, /** @type {string} */ reference, /** @type {number} */ days) =>
      (await api.app('POST', '/functions/recordPayment', { token, body: { owner_id: ownerId, amount, payment_date: plusDays(today, days), reference_number: reference, payment_method: 'check' } })).payment;
    const made = [await pay(beta.id, '75.00', `${t}-B75`, -2), await pay(alpha.id, '20.00', `${t}-A20`, -3), await pay(beta.id, '50.00', `${t}-B50`, -1)];
    await signInWithToken(page, token, '/Payments');
    await page.getByRole('textbox', { name: 'Search payments' }).fill(t);
    const payments = new DataTable(page, 'Payments');
    // Column 5 is the reference (1 is the selection).
    const mine = (/** @type {string[]} */ expected) => payments.expectColumn(5, (r) => r.startsWith(t), expected.map((r) => `${t}-${r}`));
    await expectAttribute(payments.header('Date'), 'aria-sort', 'descending');
    await mine(['B50', 'B75', 'A20']);

    await payments.sortBy('Amount', 'ascending', 'amount');
    await mine(['A20', 'B50', 'B75']);
    await snap('payments-by-amount');
    await payments.sortBy('Amount', 'descending', '-amount');
    await mine(['B75', 'B50', 'A20']);
    // Alpha before Beta; each owner's by date.
    await payments.sortBy('Owner', 'ascending', 'owner');
    await mine(['A20', 'B75', 'B50']);
    await payments.sortBy('Reference', 'ascending', 'reference_number');
    await mine(['A20', 'B50', 'B75']);
    await payments.sortBy('Reference', 'descending', '-reference_number');
    await mine(['B75', 'B50', 'A20']);
    for (const payment of made) await api.app('DELETE', `/entities/Payment/${payment.id}`, { token });
  }),

  spec('data table: Bills sort by a header on the server (vendor, amount), with aria-sort and the order in the address', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const today = isoToday();
    const [expense] = await api.app('GET', `/entities/ChartOfAccount?q=${encodeURIComponent(JSON.stringify({ account_type: 'expense' }))}&sort=account_number&limit=1`, { token });
    // A vendor whose name sorts before the others' ("0…"), and amounts above any other spec's: its bills lead both orders.
    const vendor = await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: `0 Sorting ${t}` } });
    const bill = (/** @type {string} */ number, /** @type {number} */ price, /** @type {number} */ days) =>
      api.app('POST', '/functions/saveBill', {
        token,
        body: { vendor_id: vendor.id, bill_number: `${t}-${number}`, bill_date: plusDays(today, days), due_date: plusDays(today, 30), lines: [{ description: 'Sorting', quantity: 1, unit_price: price, account_id: expense.id }] },
      });
    const made = [await bill('X', 987654.02, -1), await bill('Y', 987654.03, -3), await bill('Z', 987654.01, -2)];
    await signInWithToken(page, token, '/Bills');
    const bills = new DataTable(page, 'Bills');
    await expectAttribute(bills.header('Date'), 'aria-sort', 'descending');

    // By vendor, then bill date: Y (3 days ago), Z, X.
    await bills.sortBy('Vendor', 'ascending', 'vendor_name');
    await bills.expectFirstRows(1, [`${t}-Y`, `${t}-Z`, `${t}-X`]);
    await snap('bills-by-vendor');
    // Ascending, these bills may lie past the first page: the page's amounts run upwards.
    await bills.sortBy('Amount', 'ascending', 'total_amount');
    await bills.expectOrdered(5, (text) => Number(text.replace(/[$,]/g, '')), 'ascending');
    await bills.sortBy('Amount', 'descending', '-total_amount');
    await bills.expectFirstRows(1, [`${t}-Y`, `${t}-X`, `${t}-Z`]);
    await page.reload();
    await expectAttribute(bills.header('Amount'), 'aria-sort', 'descending');
    await bills.expectFirstRows(1, [`${t}-Y`, `${t}-X`, `${t}-Z`]);
    // Entered for this test only: deleted, so later specs (payables, reports) do not see these amounts.
    for (const b of made) await api.app('DELETE', `/entities/Bill/${b.id}`, { token });
  }),

  spec('data table: the Audit Log sorts by a header on the server (user), with aria-sort and the order in the address', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const domain = `sort${Date.now().toString(36)}.example.com`;
    // Three failed sign-ins, oldest first: carol, alice, bob.
    for (const name of ['carol', 'alice', 'bob']) {
      await api.app('POST', '/auth/login', { body: { email: `${name}@${domain}`, password: 'wrong-password' } }).catch(() => undefined);
    }
    await signInWithToken(page, token, '/auditlog');
    const audit = new AuditLogPage(page);
    await expectVisible(audit.heading);
    await audit.user.fill(domain);
    const log = new DataTable(page, 'Audit log entries');
    // Column 2 is the user; newest first at rest.
    const users = (/** @type {string[]} */ expected) => log.expectColumn(2, (u) => u.endsWith(domain), expected.map((n) => `${n}@${domain}`));
    await expectAttribute(log.header('When'), 'aria-sort', 'descending');
    await users(['bob', 'alice', 'carol']);

    await log.sortBy('User', 'ascending', 'actor_email');
    await users(['alice', 'bob', 'carol']);
    await snap('audit-log-by-user');
    await log.sortBy('User', 'descending', '-actor_email');
    await users(['carol', 'bob', 'alice']);
    await log.sortBy('When', 'ascending', 'created_date');
    await users(['carol', 'alice', 'bob']);
    await log.sortBy('When', 'descending', null);
    await users(['bob', 'alice', 'carol']);
  }),
];
