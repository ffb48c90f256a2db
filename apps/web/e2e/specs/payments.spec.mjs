import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { financeFixtures, isoToday } from '../pages/invoices-page.mjs';
import { PaymentsPage } from '../pages/payments-page.mjs';

const tag = () => Math.random().toString(36).slice(2, 7);

/**
 * @param {import('../lib/api.mjs').ServerApi} api @param {string} token
 * @param {{ owner_id: string, amount: string, invoice_ids: string[], reference_number: string }} input
 */
function recordPayment(api, token, input) {
  return api.app('POST', '/functions/recordPayment', {
    token,
    body: { ...input, payment_date: isoToday(), payment_method: 'check', idempotency_key: `e2e-${Math.random().toString(36).slice(2)}-${Date.now()}` },
  });
}

export default [
  spec('payments: Record Payment allocates across two invoices in order and keeps the remainder as credit', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const owner = await fx.owner('Paige', `Payments${t}`);
    const first = await fx.invoice(owner.id, { amount: '100.00' });
    const second = await fx.invoice(owner.id, { amount: '50.00' });

    await signInWithToken(page, token, '/Payments');
    const payments = new PaymentsPage(page);
    await expectVisible(payments.heading);
    await payments.recordButton.click();
    await expectVisible(payments.dialog);
    expectEqual(await payments.dialog.getByRole('combobox', { name: 'Payment Method' }).textContent(), 'Check', 'check is the default method');
    await payments.amount.fill('180');
    expectEqual(await payments.submit.isDisabled(), true, 'submit stays disabled until an owner is chosen');
    await payments.chooseOwner(`Payments${t}`, `Paige Payments${t} (#${owner.owner_id})`);
    await payments.applyTo(first.invoice_number).check();
    await payments.applyTo(second.invoice_number).check();
    await expectVisible(payments.allocation.getByText('Applied: $150.00 · Owner credit: $30.00'));
    await expectVisible(payments.dialog.getByText('Apply $100.00'));
    await expectVisible(payments.dialog.getByText('Apply $50.00'));
    await payments.reference.fill(`REF-${t}`);
    await snap('record-payment');
    await payments.submit.click();
    await expectHidden(payments.dialog);

    const row = payments.rowByReference(`REF-${t}`);
    await expectVisible(row);
    await expectVisible(row.getByText('$180.00'));
    await expectVisible(row.getByText('cleared'));
    await expectVisible(row.getByText(`Paige Payments${t}`));
    const [a, b] = await Promise.all([fx.getInvoice(first.id), fx.getInvoice(second.id)]);
    expectEqual([a.status, Number(a.balance_due), b.status, Number(b.balance_due)], ['paid', 0, 'paid', 0], 'both invoices are paid');

    await payments.search.fill(`Payments${t}`);
    await expectVisible(row);
    await payments.search.fill('no-such-reference-xyz');
    await expectHidden(row);
    await payments.search.fill(`REF-${t}`);
    await expectVisible(row);
    await snap('payments');
  }),

  spec('payments: delete selected asks for a selection, then reverses the payment and restores the invoice', async ({ page, api }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const owner = await fx.owner('Dora', `Deleter${t}`);
    const invoice = await fx.invoice(owner.id, { amount: '80.00' });
    const { payment } = await recordPayment(api, token, { owner_id: owner.id, amount: '80.00', invoice_ids: [invoice.id], reference_number: `DEL-${t}` });
    expectEqual((await fx.getInvoice(invoice.id)).status, 'paid', 'arranged: paid');

    await signInWithToken(page, token, '/Payments');
    const payments = new PaymentsPage(page);
    await payments.search.fill(`DEL-${t}`);
    await expectVisible(payments.rowByReference(`DEL-${t}`));
    await payments.deleteSelected.click();
    await expectVisible(payments.toast('Please select at least one payment to delete'));
    await page.getByRole('checkbox', { name: `Select ${payment.payment_number}` }).check();
    await payments.deleteSelected.click();
    await payments.confirm.getByRole('button', { name: 'Delete' }).click();
    await expectVisible(payments.toast('Successfully deleted 1 payment(s)'));
    await expectHidden(payments.rowByReference(`DEL-${t}`));
    const restored = await fx.getInvoice(invoice.id);
    expectEqual([restored.status, Number(restored.balance_due)], ['sent', 80], 'the invoice is restored');
  }),

  spec('payments: Bounce reverses a payment on its date, reopens the invoice and bills the returned-payment fee', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const owner = await fx.owner('Bo', `Bouncer${t}`);
    const invoice = await fx.invoice(owner.id, { amount: '120.00' });
    const { payment } = await recordPayment(api, token, { owner_id: owner.id, amount: '120.00', invoice_ids: [invoice.id], reference_number: `NSF-${t}` });
    expectEqual((await fx.getInvoice(invoice.id)).status, 'paid', 'arranged: paid');

    await signInWithToken(page, token, '/Payments');
    const payments = new PaymentsPage(page);
    await payments.search.fill(`NSF-${t}`);
    const row = payments.rowByReference(`NSF-${t}`);
    await expectVisible(row.getByText('cleared'));
    await payments.bounceButton(payment.payment_number).click();
    const dialog = page.getByRole('dialog', { name: 'Bounce Payment' });
    await expectVisible(dialog);
    // A reason is required: the form says so and nothing is sent.
    await dialog.getByRole('button', { name: 'Record Bounce', exact: true }).click();
    await expectVisible(dialog.getByText('Reason is required'));
    await snap('bounce-payment');
    await payments.bounce({ date: isoToday(), reason: 'Insufficient funds', fee: '35' });
    await expectHidden(dialog);
    await expectVisible(payments.toast(`Payment ${payment.payment_number} marked as bounced`));
    await expectVisible(row.getByText('bounced'));
    await expectHidden(payments.bounceButton(payment.payment_number));

    const reopened = await fx.getInvoice(invoice.id);
    expectEqual([reopened.status, Number(reopened.balance_due)], ['sent', 120], 'the invoice it paid is open again');
    const fees = await api.app('GET', `/entities/Invoice?q=${encodeURIComponent(JSON.stringify({ owner_id: owner.id, total_amount: 35 }))}`, { token });
    expectEqual(fees.length, 1, 'the returned-payment fee is billed');
    await snap('payment-bounced');
  }),

  spec('payments: an owner sees only their own payments, without Record Payment or delete', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const mine = await fx.owner('Opal', `Mine${t}`);
    const other = await fx.owner('Omar', `Theirs${t}`);
    await recordPayment(api, token, { owner_id: mine.id, amount: '25.00', invoice_ids: [], reference_number: `MINE-${t}` });
    await recordPayment(api, token, { owner_id: other.id, amount: '35.00', invoice_ids: [], reference_number: `THEIRS-${t}` });
    const member = await memberToken(api, { email: `opal.${t}@example.com`, full_name: `Opal Mine${t}`, role: 'owner' });
    await api.app('PUT', `/entities/User/${member.user.id}`, { token, body: { owner_id: mine.id } });

    await signInWithToken(page, member.token, '/Payments');
    const payments = new PaymentsPage(page);
    await expectVisible(payments.rowByReference(`MINE-${t}`));
    await expectVisible(payments.rowByReference(`MINE-${t}`).getByText('$25.00'));
    await expectHidden(payments.rowByReference(`THEIRS-${t}`));
    await expectHidden(payments.recordButton);
    await expectHidden(payments.deleteSelected);
    await expectHidden(page.getByRole('button', { name: /^Bounce / }));
    await snap('owner-payments');
  }),
];
