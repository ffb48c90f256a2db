import { chooseOption } from '../lib/select.mjs';
import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { BillsPage } from '../pages/bills-page.mjs';
import { FundsPage } from '../pages/funds-page.mjs';
import { financeFixtures, InvoicesPage } from '../pages/invoices-page.mjs';
import { ItemsPage } from '../pages/items-page.mjs';
import { JournalEntriesPage } from '../pages/journal-entries-page.mjs';
import { PaymentsPage } from '../pages/payments-page.mjs';

// Dated in 2032, where no other spec reads the books.
const AS_OF = '2032-03-31';

export default [
  spec('funds: the standing funds with their bank accounts, a new fund opens its bank account, a transfer into it shows in its balances and as a transfer entry', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    await signInWithToken(page, token, '/Funds');
    const funds = new FundsPage(page);
    await expectVisible(funds.heading);
    await expectVisible(funds.row('Operating').getByText('1000 - Operating Cash'));
    await expectVisible(funds.row('Reserve').getByText('1010 - Reserve Cash'));

    await funds.addButton.click();
    await funds.form.getByLabel('Code').fill('cap');
    await funds.form.getByLabel('Name', { exact: true }).fill('Capital Projects');
    await funds.form.getByLabel('Account Number').fill('1020');
    await funds.form.getByLabel('Account Name').fill('Capital Projects Cash');
    await snap('add-fund');
    await funds.form.getByRole('button', { name: 'Create Fund' }).click();
    await expectHidden(funds.form);
    await expectVisible(funds.row('Capital Projects').getByText('1020 - Capital Projects Cash'));

    // The same fund on both sides is refused before the server is asked.
    await funds.transfer({ date: '2032-03-10', from: 'CAP - Capital Projects', to: 'CAP - Capital Projects', amount: '1' });
    await expectVisible(funds.transferDialog.getByText('Choose two different funds'));
    await funds.transferDialog.getByRole('button', { name: 'Cancel' }).click();

    await funds.transfer({ date: '2032-03-10', from: 'OP - Operating', to: 'CAP - Capital Projects', amount: '1500.25', memo: 'Seed money for the capital projects' });
    await expectHidden(funds.transferDialog);
    await funds.asOf.fill(AS_OF);
    await expectVisible(funds.row('Capital Projects').getByText('$1,500.25').first());
    expectEqual(await funds.cells('Capital Projects'), ['CAP', 'Capital Projects', 'Other', '1020 - Capital Projects Cash', '$1,500.25', '$1,500.25', 'Active'], 'the new fund holds the transfer: its cash and its fund balance');
    await snap('funds');

    const sheet = await api.app('GET', `/reports/balance-sheet?as_of=${AS_OF}&by_fund=true`, { token });
    const cap = sheet.funds.find((/** @type {any} */ f) => f.code === 'CAP');
    expectEqual(sheet.difference_by_fund[cap.id], 0, 'the new fund balances on its own');

    // The transfer is an entry of its own, reversible from Journal Entries.
    const journal = new JournalEntriesPage(page);
    await journal.goto();
    await journal.chooseType('Transfers between funds');
    const memo = 'Seed money for the capital projects';
    await expectVisible(journal.entry(memo));
    expectEqual((await journal.lines(memo)).map((l) => l.slice(0, 4)).sort(), [
      ['1000 - Operating Cash', 'OP', '', '$1,500.25'],
      ['1020 - Capital Projects Cash', 'CAP', '$1,500.25', ''],
      ['3100 - Interfund Transfers', 'CAP', '', '$1,500.25'],
      ['3100 - Interfund Transfers', 'OP', '$1,500.25', ''],
    ], 'cash moves between the funds\' bank accounts through Interfund Transfers');

    // The new bank account is marked with its fund in the Chart of Accounts.
    await page.goto('/ChartOfAccounts');
    await page.getByRole('button', { name: 'Edit Capital Projects Cash' }).click();
    await expectVisible(page.getByRole('dialog').getByRole('combobox', { name: 'Bank Account of Fund' }).getByText('CAP - Capital Projects', { exact: true }));
  }),

  spec('funds: an item\'s fund is its invoice lines\' default, a payment is deposited into and a bill paid from a chosen fund\'s bank account', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = Date.now().toString(36);
    const fx = financeFixtures(api, token);
    const owner = await fx.owner('Rhea', `Reserve${t}`);
    const vendor = `Roof Reserve Co ${t}`;
    await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: vendor } });
    const q = (/** @type {object} */ filter) => encodeURIComponent(JSON.stringify(filter));
    const [reserve] = await api.app('GET', `/entities/Fund?q=${q({ code: 'RES' })}`, { token });
    const [operating] = await api.app('GET', `/entities/Fund?q=${q({ code: 'OP' })}`, { token });

    // An item of the reserve fund.
    await signInWithToken(page, token, '/Items');
    const items = new ItemsPage(page);
    await expectVisible(items.heading);
    await items.addButton.click();
    // A new item is an Operating item unless told otherwise.
    await expectVisible(items.field('Fund').getByText('OP - Operating', { exact: true }));
    await items.fillForm({ 'Product Code': `RC${t}`, 'Unit Price': '50', Description: 'Reserve contribution' });
    await items.choose('Default Account', '4000 - Assessment Income');
    await items.choose('Fund', 'RES - Reserve');
    await items.submit('Create Item');
    await expectHidden(items.dialog);
    const [item] = await api.app('GET', `/entities/Product?q=${q({ product_code: `RC${t}` })}`, { token });
    expectEqual(item.fund_id, reserve.id, 'the item is the reserve fund\'s');

    // An invoice: the item's line takes the item's fund, a plain line stays Operating.
    const invoices = new InvoicesPage(page);
    await invoices.goto();
    await invoices.createButton.click();
    await invoices.chooseOwner(`Reserve${t}`, `Rhea Reserve${t}`);
    await invoices.dialog.getByLabel('Invoice Date *').fill('2032-04-01');
    await invoices.chooseProduct(1, `RC${t} - Reserve contribution`);
    await expectVisible(invoices.dialog.getByRole('combobox', { name: 'Fund for line 1' }).getByText('RES - Reserve', { exact: true }));
    await invoices.dialog.getByRole('button', { name: 'Add Line Item' }).click();
    await invoices.description(2).fill('Dues');
    await invoices.dialog.getByLabel('Unit price for line 2').fill('100');
    await expectVisible(invoices.dialog.getByRole('combobox', { name: 'Fund for line 2' }).getByText('OP - Operating', { exact: true }));
    await snap('invoice-line-funds');
    await invoices.dialog.getByRole('button', { name: 'Approve & Send' }).click();
    await expectHidden(invoices.dialog);
    const [invoice] = await api.app('GET', `/entities/Invoice?q=${q({ owner_id: owner.id })}`, { token });
    const lines = await api.app('GET', `/entities/InvoiceLineItem?q=${q({ invoice_id: invoice.id })}&sort=line_no`, { token });
    expectEqual(lines.map((/** @type {any} */ l) => [Number(l.unit_price), l.fund_id]), [[50, reserve.id], [100, operating.id]], 'each line in its fund');

    // The owner's payment, deposited into the reserve fund's bank account.
    const payments = new PaymentsPage(page);
    await payments.goto();
    await payments.recordButton.click();
    await payments.chooseOwner(`Reserve${t}`, `Rhea Reserve${t}`);
    await payments.dialog.getByLabel('Payment Date *').fill('2032-04-05');
    await payments.amount.fill('150');
    await payments.applyTo(invoice.invoice_number).check();
    const deposit = payments.dialog.getByRole('combobox', { name: 'Deposit Account' });
    await expectVisible(deposit.getByText('1000 - Operating Cash', { exact: true }));
    await chooseOption(page, deposit, '1010 - Reserve Cash');
    await payments.reference.fill(`DEP-${t}`);
    await payments.submit.click();
    await expectHidden(payments.dialog);
    const [payment] = await api.app('GET', `/entities/Payment?q=${q({ owner_id: owner.id })}`, { token });
    const [reserveCash] = await api.app('GET', `/entities/ChartOfAccount?q=${q({ account_number: '1010' })}`, { token });
    expectEqual(payment.deposit_account_id, reserveCash.id, 'deposited into Reserve Cash');

    // A reserve repair, borne by the reserve fund and paid from its bank account.
    const bills = new BillsPage(page);
    await bills.goto();
    await bills.openForm();
    await bills.chooseVendor(vendor);
    await bills.form.getByLabel('Bill Number').fill(`RR-${t}`);
    await bills.form.getByLabel('Bill Date').fill('2032-04-10');
    await bills.form.getByLabel('Due Date').fill('2032-05-10');
    await bills.fillLine(1, { description: 'Roof repair', quantity: '1', unitPrice: '900', account: '5100 - Repairs & Maintenance' });
    const line = bills.form.getByRole('listitem', { name: 'Line 1', exact: true });
    await chooseOption(page, line.getByRole('combobox', { name: 'Fund' }), 'RES - Reserve');
    await bills.form.getByRole('button', { name: 'Create Bill' }).click();
    await expectHidden(bills.form);
    await bills.view(`RR-${t}`);
    await bills.details.getByRole('button', { name: 'Pay Bill' }).click();
    await bills.payForm.getByLabel('Payment Date').fill('2032-04-20');
    const paidFrom = bills.payForm.getByRole('combobox', { name: 'Paid From' });
    await expectVisible(paidFrom.getByText('1000 - Operating Cash', { exact: true }));
    await chooseOption(page, paidFrom, '1010 - Reserve Cash');
    await bills.payForm.getByRole('button', { name: 'Record Payment' }).click();
    await expectVisible(bills.details.getByText('paid', { exact: true }));
    const [bill] = await api.app('GET', `/entities/Bill?q=${q({ bill_number: `RR-${t}` })}`, { token });
    const [billLine] = await api.app('GET', `/entities/BillLineItem?q=${q({ bill_id: bill.id })}`, { token });
    const [billPayment] = await api.app('GET', `/entities/BillPayment?q=${q({ bill_id: bill.id })}`, { token });
    expectEqual([billLine.fund_id, billPayment.cash_account_id], [reserve.id, reserveCash.id], 'the reserve fund bears the repair and pays it');
  }),
];
