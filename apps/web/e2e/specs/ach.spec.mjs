import { readFile } from 'node:fs/promises';
import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, memberToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { AchPage, AutopayCard } from '../pages/ach-page.mjs';
import { financeFixtures, isoToday, plusDays, uniqueOwnerId } from '../pages/invoices-page.mjs';

const ODFI = '121000358';
const tag = () => Math.random().toString(36).slice(2, 7);

/** The operating bank account, ready for ACH files. @param {import('../lib/api.mjs').ServerApi} api @param {string} token */
async function achReadyOperating(api, token) {
  const [operating] = await api.app('GET', `/entities/BankAccount?q=${encodeURIComponent(JSON.stringify({ system_key: 'operating' }))}`, { token });
  return api.app('PUT', `/entities/BankAccount/${operating.id}`, {
    token, body: { routing_number: '021000021', account_number: '000123456789', ach_company_id: '1234567890', ach_company_name: 'Maple Grove HOA', ach_odfi_routing_number: ODFI },
  });
}

/**
 * The bank's returns file for one returned debit (code 26 with its 99 addenda), record by record as NACHA lays it out.
 * @param {string} trace @param {number} cents @param {string} code @param {string} date
 */
function returnsFile(trace, cents, code, date) {
  /** Text, left-aligned in its field. @param {string | number} v @param {number} len */
  const a = (v, len) => String(v).padEnd(len).slice(0, len);
  /** A number, zero-padded to its field. @param {string | number} v @param {number} len */
  const n = (v, len) => String(v).padStart(len, '0');
  const d = date.slice(2).replaceAll('-', '');
  const rdfi = '02100002';
  const own = `${rdfi}0000001`;
  const lines = [
    `101 ${ODFI} 021000021${d}0815A094101${a('FIRST FEDERAL', 23)}${a('RECEIVING BANK', 23)}${a('', 8)}`,
    `5225${a('MAPLE GROVE HOA', 16)}${a('', 20)}1234567890PPD${a('HOA DUES', 10)}${a('', 6)}${d}${a('', 3)}1${rdfi}${n(1, 7)}`,
    `626${rdfi}1${a('12345678', 17)}${n(cents, 10)}${a('1', 15)}${a('RETURN', 22)}  1${own}`,
    `799${code}${trace}${a('', 6)}${ODFI.slice(0, 8)}${a('', 44)}${own}`,
    `8225${n(2, 6)}${n(Number(rdfi), 10)}${n(cents, 12)}${n(0, 12)}1234567890${a('', 19)}${a('', 6)}${rdfi}${n(1, 7)}`,
    `9${n(1, 6)}${n(1, 6)}${n(2, 8)}${n(Number(rdfi), 10)}${n(cents, 12)}${n(0, 12)}${a('', 39)}`,
  ];
  while (lines.length % 10) lines.push('9'.repeat(94));
  return `${lines.join('\n')}\n`;
}

export default [
  spec('ach: staff create a debit batch for autopay, download its file, and import a return that bounces the payment', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    await achReadyOperating(api, token);
    const fx = financeFixtures(api, token);
    const t = tag();
    const today = isoToday();
    const owner = await fx.owner('Rosa', `Autopay${t}`);
    await fx.invoice(owner.id, { amount: '120.00', date: plusDays(today, -10) });
    await api.app('POST', '/entities/AutopayEnrollment', {
      token, body: { owner_id: owner.id, account_holder: `Rosa Autopay${t}`, routing_number: '021000021', account_number: '12345678', account_type: 'checking', authorized_at: plusDays(today, -12), authorization_text: 'Signed paper form' },
    });
    // The prenote went out ten days ago and did not come back: the next file debits the owner.
    await api.app('POST', '/functions/createAchDebitBatch', { token, body: { bank_account_id: (await achReadyOperating(api, token)).id, effective_date: plusDays(today, -10) } });

    await signInWithToken(page, token, '/ach');
    const ach = new AchPage(page);
    await expectVisible(ach.heading);
    await expectVisible(ach.batches.getByRole('row').filter({ hasText: plusDays(today, -10) }).first());
    await snap('ach');

    await ach.createDebit.click();
    await expectVisible(ach.debitDialog.getByLabel('Effective date'));
    await snap('ach-create-debit');
    await ach.debitDialog.getByRole('button', { name: 'Create Debit Batch' }).click();
    await expectVisible(ach.debitDialog.getByText(/^File ACH-DEBIT-\d{4}-\d{2}-\d{2}-[A-Z0-9]\.txt made$/));
    await snap('ach-debit-made');
    const [download] = await Promise.all([page.waitForEvent('download'), ach.debitDialog.getByRole('button', { name: 'Download File' }).click()]);
    expectEqual(/^ACH-DEBIT-\d{4}-\d{2}-\d{2}-[A-Z0-9]\.txt$/.test(download.suggestedFilename()), true, `the file name ${download.suggestedFilename()}`);
    const text = await readFile(await download.path(), 'latin1');
    const records = text.trimEnd().split('\n');
    expectEqual([records[0]?.slice(0, 13), records.every((r) => r.length === 94), records.length % 10], [`101 ${ODFI}`, true, 0], 'a NACHA file of 94-character records in blocks of ten');
    expectEqual(text.includes(`ROSA AUTOPAY${t.toUpperCase()}`), true, "the owner's debit is in the file");
    await ach.debitDialog.getByRole('button', { name: 'Done' }).click();
    await expectHidden(ach.debitDialog);

    const [payment] = await api.app('GET', `/entities/Payment?q=${encodeURIComponent(JSON.stringify({ owner_id: owner.id }))}`, { token });
    expectEqual([payment.status, payment.amount], ['pending', 120], 'a pending payment of the balance');

    await ach.importReturns.click();
    await ach.returnsDialog.getByLabel('Returns file').setInputFiles({ name: 'returns.ach', mimeType: 'text/plain', buffer: Buffer.from(returnsFile(payment.reference_number, 12_000, 'R01', today), 'latin1') });
    await snap('ach-import-returns');
    await ach.returnsDialog.getByRole('button', { name: 'Import Returns' }).click();
    const outcome = ach.returnsDialog.getByRole('list', { name: 'What happened to each return and notice' });
    await expectVisible(outcome.getByText(`${payment.reference_number} · R01 Insufficient funds — Bounced`));
    await expectVisible(outcome.getByText(/^Payment bounced \(R01 Insufficient funds\).*presented again \("RETRY PYMT"\) in the next debit file/));
    await snap('ach-returns-applied');
    await ach.returnsDialog.getByRole('button', { name: 'Done' }).click();
    const bounced = await api.app('GET', `/entities/Payment/${payment.id}`, { token });
    expectEqual([bounced.status, bounced.bounce_reason], ['bounced', 'R01 Insufficient funds'], 'the payment bounced with the return code as its reason');
  }),

  spec('ach: an owner sets up autopay on My Account on a phone (390 px), sees it waiting for its prenote, and cancels it', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    const t = tag();
    const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: uniqueOwnerId(), first_name: 'Nell', last_name: `Autopay${t}` } });
    const member = await memberToken(api, { email: `nell.${t}@example.com`, full_name: `Nell Autopay${t}`, role: 'owner' });
    await api.app('PUT', `/entities/User/${member.user.id}`, { token, body: { owner_id: owner.id } });
    const ownerToken = await api.login(member.user.email, 'Member-e2e-2024!');

    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithToken(page, ownerToken, '/myaccount');
    const card = new AutopayCard(page);
    await card.heading.scrollIntoViewIfNeeded();
    await expectVisible(card.form.getByText(/^I authorize .+ to debit the bank account given here by ACH/));
    await card.form.getByLabel('Account holder').fill(`Nell Autopay${t}`);
    await card.form.getByLabel('Routing number').fill('021000022');
    await card.form.getByLabel('Account number').fill('9876-54321');
    await card.submit.click();
    await expectVisible(card.form.getByText('Tick the box to accept the authorization'));
    await card.form.getByRole('checkbox', { name: 'I accept this authorization' }).check();
    await card.submit.click();
    await expectVisible(card.form.getByText(/Routing number 021000022 is not valid/));
    await card.form.getByLabel('Routing number').fill('021000021');
    await snap('my-account-autopay-form');
    await card.submit.click();
    await expectVisible(page.getByText(`Nell Autopay${t} · checking •••• 4321`));
    await expectVisible(page.getByText('Checking your account (a zero-amount prenote is sent first)'));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expectEqual(overflow <= 0, true, `the page fits the phone's width (overflow ${overflow}px)`);
    await snap('my-account-autopay');
    const [enrollment] = await api.app('GET', '/entities/AutopayEnrollment', { token: ownerToken });
    expectEqual([enrollment.sec_code, enrollment.status, enrollment.account_last4, 'account_number' in enrollment], ['WEB', 'prenote', '4321', false], 'a WEB enrollment waiting for its prenote');

    await card.cancel.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Autopay' }).click();
    await expectVisible(card.submit);
    const [after] = await api.app('GET', '/entities/AutopayEnrollment', { token: ownerToken });
    expectEqual(after.status, 'cancelled', 'the enrollment is cancelled');
  }),
];
