import { readFile } from 'node:fs/promises';
import { expectEqual, expectURL, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { financeFixtures, isoToday, plusDays, uniqueOwnerId } from '../pages/invoices-page.mjs';
import { MyAccountPage } from '../pages/my-account-page.mjs';

const tag = () => Math.random().toString(36).slice(2, 7);

/**
 * An owner with a unit shared with a co-owner, a past-due charge partly paid and a charge due later, and their
 * signed-in user: 100.00 billed 40 days ago (due 25 days ago) with 30.00 paid on it, 250.00 billed today (due in 15).
 * @param {import('../lib/api.mjs').ServerApi} api
 */
async function ownerWithAccount(api) {
  const token = await adminToken(api);
  const fx = financeFixtures(api, token);
  const t = tag();
  const today = isoToday();
  const owner = await api.app('POST', '/entities/Owner', {
    token, body: { owner_id: uniqueOwnerId(), first_name: 'Maya', last_name: `Account${t}`, email: `maya.${t}@example.com`, mailing_address: '7 Birch Lane', city: 'Springfield', state: 'IL', zip_code: '62701' },
  });
  const coOwner = await fx.owner('Cody', `Coowner${t}`);
  const unit = await api.app('POST', '/entities/Property', { token, body: { property_id: uniqueOwnerId(), unit_number: `M-${t}`, street_address: '7 Birch Lane' } });
  await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: owner.id, property_id: unit.id, ownership_percentage: 50 } });
  await api.app('POST', '/entities/OwnerProperty', { token, body: { owner_id: coOwner.id, property_id: unit.id, ownership_percentage: 50, relationship_type: 'co-owner' } });
  const old = await fx.invoice(owner.id, { amount: '100.00', date: plusDays(today, -40) });
  const current = await fx.invoice(owner.id, { amount: '250.00', date: today });
  await api.app('POST', '/functions/recordPayment', { token, body: { owner_id: owner.id, amount: '30.00', payment_date: today, invoice_ids: [old.id] } });
  const member = await memberToken(api, { email: `maya.user.${t}@example.com`, full_name: `Maya Account${t}`, role: 'owner' });
  await api.app('PUT', `/entities/User/${member.user.id}`, { token, body: { owner_id: owner.id } });
  return { t, today, owner, unit, old, current, token: await api.login(member.user.email, 'Member-e2e-2024!') };
}

/** @param {MyAccountPage} account @param {Awaited<ReturnType<typeof ownerWithAccount>>} fx */
async function expectAccountFigures(account, fx) {
  await expectVisible(account.heading);
  await expectVisible(account.figure('Current Balance').getByText('$320.00'));
  await expectVisible(account.figure('Past Due').getByText('$70.00'));
  await expectVisible(account.figure('Next Due').getByText('$250.00'));
  await expectVisible(account.figure('Next Due').getByText(`Due ${plusDays(fx.today, 15)}`));
  await expectVisible(account.openCharges.getByRole('row', { name: new RegExp(`${fx.old.invoice_number}.*\\$70\\.00`) }));
  await expectVisible(account.openCharges.getByRole('row', { name: new RegExp(`${fx.current.invoice_number}.*\\$250\\.00`) }));
  await expectVisible(account.recentPayments.getByRole('row', { name: /\$30\.00/ }));
  await expectVisible(account.unit(fx.unit.unit_number).getByText(`Co-owners: Cody Coowner${fx.t} (50%)`));
}

export default [
  spec('my account: an owner lands on My Account with balance, next due, charges, payments, units, a statement PDF and their phone', async ({ page, api, snap }) => {
    const fx = await ownerWithAccount(api);
    await signInWithToken(page, fx.token, '/myaccount');
    await page.goto('/');
    await expectURL(page, '/myaccount');
    const account = new MyAccountPage(page);
    await expectAccountFigures(account, fx);
    await expectVisible(page.getByText('7 Birch Lane, Springfield, IL 62701'));
    await snap('my-account');

    await account.from.fill(plusDays(fx.today, -60));
    await account.to.fill(fx.today);
    const [download] = await Promise.all([page.waitForEvent('download'), account.downloadStatement.click()]);
    expectEqual(download.suggestedFilename().endsWith('.pdf'), true, `a PDF file: ${download.suggestedFilename()}`);
    const bytes = await readFile(/** @type {string} */ (await download.path()));
    expectEqual(bytes.subarray(0, 5).toString(), '%PDF-', 'the download is a PDF');

    await account.phone.fill('555-0199');
    await account.savePhone.click();
    await expectVisible(page.getByText('Contact details saved', { exact: true }));
    expectEqual((await api.me(fx.token)).phone, '555-0199', 'the phone is saved on the user record');
  }),

  spec('my account: works on a phone-sized screen (390×844) without sideways scrolling', async ({ page, api }) => {
    const fx = await ownerWithAccount(api);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithToken(page, fx.token, '/myaccount');
    const account = new MyAccountPage(page);
    await expectAccountFigures(account, fx);
    await account.downloadStatement.scrollIntoViewIfNeeded();
    await expectVisible(account.downloadStatement);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expectEqual(overflow <= 0, true, `the page fits the phone's width (overflow ${overflow}px)`);
  }),

  spec('invoices: Email Selected emails the selected invoices with their PDFs (outbox without SMTP), and says what was left out', async ({ page, api }) => {
    const token = await adminToken(api);
    const fx = financeFixtures(api, token);
    const t = tag();
    const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: uniqueOwnerId(), first_name: 'Ema', last_name: `Mailer${t}`, email: `ema.${t}@example.com` } });
    const a = await fx.invoice(owner.id, { amount: '41.00' });
    const b = await fx.invoice(owner.id, { amount: '42.00' });
    const draft = await fx.invoice(owner.id, { amount: '43.00', status: 'draft' });
    await signInWithToken(page, token, '/Invoices');
    await page.getByRole('textbox', { name: 'Search invoices' }).fill(`Mailer${t}`);
    await page.getByRole('tab', { name: 'All Invoices' }).click();
    for (const inv of [a, b, draft]) await page.getByRole('checkbox', { name: `Select ${inv.invoice_number}`, exact: true }).check();
    await page.getByRole('button', { name: 'Email Selected' }).click();
    await expectVisible(page.getByText('Emailed 2 invoice(s)', { exact: true }));
    await expectVisible(page.getByText('Not sent: 1 × draft invoice (not issued)', { exact: true }));
    const outbox = await api.outbox(token);
    const mine = outbox.filter((m) => m.to === `ema.${t}@example.com`);
    expectEqual(mine.map((m) => m.subject.split(' from ')[0]).sort(), [a, b].map((i) => `Invoice ${i.invoice_number}`).sort(), 'one email per issued invoice');
    expectEqual(mine.map((m) => m.attachments.map((f) => [f.filename, f.content_type])), mine.map((m) => [[`${m.subject.split(' ')[1]}.pdf`, 'application/pdf']]), 'each with its PDF');
  }),
];
