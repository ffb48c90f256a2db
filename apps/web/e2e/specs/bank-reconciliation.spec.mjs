import { readFile } from 'node:fs/promises';
import { expectCount, expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { BankingPage } from '../pages/banking-page.mjs';
import { uniqueOwnerId } from '../pages/invoices-page.mjs';

// Each spec has a bank account of its own on a cash account of its own (Operating fund): its books hold exactly what
// the spec posts, the same October in both.
const STATEMENT_DATE = '2026-10-31';
// The bank's October: 1,000 + 250 + 250 − 400 − 15 (+12.34 − 12.34, a bank error and its correction) = 1,085.00.
const ENDING_BALANCE = '1085.00';
const STATEMENT = [
  'Date,Amount,Description,Check',
  '2026-10-03,1000.00,DEPOSIT,',
  '2026-10-07,250.00,MOBILE DEPOSIT,',
  '2026-10-08,250.00,MOBILE DEPOSIT,',
  '2026-10-12,-400.00,CHECK 3001,3001',
  '2026-10-20,12.34,DEPOSIT IN ERROR,',
  '2026-10-22,-12.34,CORRECTION DEPOSIT IN ERROR,',
  '2026-10-31,-15.00,MONTHLY SERVICE FEE,',
].join('\n');

const MAPPING = { date: 'Date', amount: 'Amount', description: 'Description', check_number: 'Check', date_format: 'YYYY-MM-DD' };
const EXCLUDED_REASON = 'Bank error, corrected on 2026-10-22';

const q = (/** @type {object} */ filter) => encodeURIComponent(JSON.stringify(filter));
/**
 * At phone width (390×844) the page does not scroll sideways; then back to the desktop width.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} last an element at the end of the screen, scrolled to
 * @param {string} what
 */
async function expectFitsPhone(page, last, what) {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await last.scrollIntoViewIfNeeded();
    await expectVisible(last);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expectEqual(overflow <= 0, true, `${what} fits the phone's width (overflow ${overflow}px)`);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
}

const toast = (/** @type {import('playwright-core').Page} */ page, /** @type {string | RegExp} */ text) => page.locator('[data-sonner-toast]').filter({ hasText: text });

let cashSeq = 0;

/**
 * The books of October through the real API: the bank account, owner payments deposited into it (two identical
 * ones on one day), a deposit in transit, a bill paid by check 3001, and a bank rule for the monthly service fee.
 * @param {import('../lib/api.mjs').ServerApi} api
 * @param {string} token
 * @param {string} name the bank account's
 */
async function arrangeBooks(api, token, name) {
  const [operating] = await api.app('GET', `/entities/Fund?q=${q({ system_key: 'operating' })}`, { token });
  const [expense] = await api.app('GET', `/entities/ChartOfAccount?q=${q({ account_number: '5100' })}`, { token });
  const cash = await api.app('POST', '/entities/ChartOfAccount', {
    token,
    body: { account_number: `19${String((Date.now() + ++cashSeq * 37) % 1000).padStart(3, '0')}`, account_name: `${name} cash`, account_type: 'asset', account_subtype: 'current_asset', fund_id: operating.id },
  });
  const bank = await api.app('POST', '/entities/BankAccount', { token, body: { name, account_id: cash.id, fund_id: operating.id, bank_name: 'First Federal', account_type: 'checking' } });

  const owner = await api.app('POST', '/entities/Owner', { token, body: { owner_id: uniqueOwnerId(), first_name: 'Reese', last_name: 'Reconciler' } });
  const pay = async (/** @type {number} */ amount, /** @type {string} */ date, /** @type {string} */ reference) =>
    (await api.app('POST', '/functions/recordPayment', { token, body: { owner_id: owner.id, amount, payment_date: date, deposit_account_id: cash.id, reference_number: reference } })).payment;
  const big = await pay(1000, '2026-10-02', 'CHK 500');
  const first = await pay(250, '2026-10-06', 'CHK 501');
  const second = await pay(250, '2026-10-06', 'CHK 502');
  const inTransit = await pay(75, '2026-10-30', 'CHK 503');

  const vendor = await api.app('POST', '/entities/Vendor', { token, body: { vendor_name: `Reconcile Landscaping ${Date.now() % 100000}` } });
  const bill = await api.app('POST', '/functions/saveBill', {
    token,
    body: { vendor_id: vendor.id, bill_number: `RC-${Date.now() % 100000}`, bill_date: '2026-10-01', due_date: '2026-10-31', tax_amount: 0, status: 'pending', lines: [{ description: 'October mowing', quantity: 1, unit_price: 400, account_id: expense.id, fund_id: operating.id }] },
  });
  await api.app('POST', '/entities/BillPayment', { token, body: { bill_id: bill.id, amount: 400, payment_date: '2026-10-08', cash_account_id: cash.id, check_number: '3001' } });
  // The rules apply to every account: one for both specs.
  const [existing] = await api.app('GET', `/entities/BankRule?q=${q({ name: 'Service fee' })}`, { token });
  const rule = existing ?? (await api.app('POST', '/entities/BankRule', { token, body: { name: 'Service fee', description_contains: 'SERVICE FEE', amount_min: -50, amount_max: 0, account_id: expense.id, fund_id: operating.id } }));
  return { bank, big, first, second, inTransit, bill, rule };
}

/**
 * Takes the owner payments back out of the books (the dashboard spec, later in the run, expects no payments received),
 * and the bank rule (it would apply to every account): reconciliations voided or deleted, lines let go, payments deleted.
 * @param {import('../lib/api.mjs').ServerApi} api
 * @param {string} token
 * @param {Awaited<ReturnType<typeof arrangeBooks>>} books
 */
async function undoBooks(api, token, books) {
  const reconciliations = await api.app('GET', `/entities/BankReconciliation?q=${q({ bank_account_id: books.bank.id })}&sort=-statement_date`, { token });
  for (const r of reconciliations) {
    if (r.status === 'draft') await api.app('DELETE', `/entities/BankReconciliation/${r.id}`, { token });
    if (r.status === 'completed') await api.app('POST', '/functions/voidReconciliation', { token, body: { reconciliation_id: r.id, reason: 'Test data taken back' } });
  }
  const { rows } = await api.app('GET', `/bank-accounts/${books.bank.id}/lines?limit=500`, { token });
  for (const line of rows) {
    if (line.status !== 'unmatched') await api.app('POST', '/functions/unmatchBankLine', { token, body: { line_id: line.id } });
  }
  for (const payment of [books.big, books.first, books.second, books.inTransit]) await api.app('DELETE', `/entities/Payment/${payment.id}`, { token });
  await api.app('DELETE', `/entities/BankRule/${books.rule.id}`, { token }).catch((/** @type {any} */ e) => {
    if (e.status !== 404) throw e;
  });
}

/**
 * Runs a spec's steps on fresh books, and takes them back afterwards; a failure to take them back fails the spec
 * only when its steps passed (else the first failure is the one reported).
 * @param {import('../lib/api.mjs').ServerApi} api
 * @param {string} token
 * @param {string} name the bank account's
 * @param {(books: Awaited<ReturnType<typeof arrangeBooks>>) => Promise<void>} steps
 */
async function withBooks(api, token, name, steps) {
  const books = await arrangeBooks(api, token, name);
  let passed = false;
  try {
    await steps(books);
    passed = true;
  } finally {
    await undoBooks(api, token, books).catch((error) => {
      if (passed) throw error;
    });
  }
}

/**
 * The statement imported through the API (a multipart POST, as the Import Statement dialog sends it).
 * @param {import('../lib/api.mjs').ServerApi} api
 * @param {string} token
 * @param {string} bankId
 */
async function importStatement(api, token, bankId) {
  const form = new FormData();
  form.append('file', new Blob([STATEMENT], { type: 'text/csv' }), 'october.csv');
  form.append('mapping', JSON.stringify(MAPPING));
  const response = await fetch(`${api.baseURL}/api/apps/${api.appId}/bank-accounts/${bankId}/statements`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'X-App-Id': api.appId, Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`the statement import answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Matching done through the API as the Match tab does it: the suggestions accepted, the 2026-10-07 deposit matched
 * to the first of the two identical payments, the bank's error and its correction excluded.
 * @param {import('../lib/api.mjs').ServerApi} api
 * @param {string} token
 * @param {Awaited<ReturnType<typeof arrangeBooks>>} books
 */
async function matchThroughApi(api, token, books) {
  const answer = await api.app('POST', '/functions/matchBankLines', { token, body: { bank_account_id: books.bank.id, dry_run: false } });
  expectEqual(answer.matched.length, 3, 'the three suggestions are matched');
  const { rows } = await api.app('GET', `/bank-accounts/${books.bank.id}/lines?status=unmatched&limit=100`, { token });
  const line = (/** @type {string} */ date, /** @type {number} */ amount) => rows.find((/** @type {any} */ l) => l.date === date && l.amount === amount).id;
  await api.app('POST', '/functions/matchBankLine', { token, body: { line_id: line('2026-10-07', 250), payment_ids: [books.first.id] } });
  for (const [date, amount] of /** @type {const} */ ([['2026-10-20', 12.34], ['2026-10-22', -12.34]])) {
    await api.app('POST', '/functions/excludeBankLine', { token, body: { line_id: line(date, amount), reason: EXCLUDED_REASON } });
  }
}

export default [
  spec('bank reconciliation: a CSV statement imported, Find Matches suggests with its reasons, the suggestions accepted, an ambiguous line matched by hand, a stray line excluded', async ({ page, api, snap }) => {
    const ACCOUNT = 'Browser match checking';
    const token = await adminToken(api);
    await withBooks(api, token, ACCOUNT, async (books) => {
      await signInWithToken(page, token, '/banking');
      const banking = new BankingPage(page);
      await expectVisible(banking.account(ACCOUNT));

      // The bank's CSV, through the mapping step.
      await banking.account(ACCOUNT).getByRole('button', { name: `Import Statement into ${ACCOUNT}` }).click();
      const importing = banking.importDialog;
      await importing.getByLabel('Statement file').setInputFiles({ name: 'october.csv', mimeType: 'text/csv', buffer: Buffer.from(STATEMENT) });
      await expectVisible(importing.getByRole('group', { name: 'Which column holds what (a CSV file)' }));
      await banking.mapColumn('Date', 'Date');
      await banking.mapColumn('Date format', 'YYYY-MM-DD');
      await banking.mapColumn('Amount', 'Amount');
      await banking.mapColumn('Description', 'Description');
      await banking.mapColumn('Check number', 'Check');
      await importing.getByRole('button', { name: 'Import', exact: true }).click();
      await expectVisible(importing.getByRole('status').getByText('7 lines imported, 0 already there'));
      await importing.getByRole('button', { name: 'Close' }).first().click();
      await expectHidden(importing);

      // The Match tab of that account: Find Matches suggests, with its reasons, only what one posting explains.
      await banking.chooseAccount(ACCOUNT);
      await expectVisible(banking.statements.getByRole('row').filter({ hasText: '2026-10-03 to 2026-10-31' }));
      await banking.tab('Match').click();
      await expectCount(banking.toMatch.getByRole('row'), 8);
      await banking.findMatches.click();
      await expectVisible(toast(page, '3 suggested, 2 with several candidates, 2 without a match'));
      const deposit = banking.queueLine('2026-10-03', 'DEPOSIT', '$1,000.00');
      const check = banking.queueLine('2026-10-12', 'CHECK 3001', '-$400.00');
      const fee = banking.queueLine('2026-10-31', 'MONTHLY SERVICE FEE', '-$15.00');
      await expectVisible(deposit.getByText('The only posting of this amount within 5 days · 1 payment'));
      await expectVisible(check.getByText('A check by its number and amount · 1 bill payment'));
      await expectVisible(fee.getByText('A bank rule'));
      for (const date of ['2026-10-07', '2026-10-08']) {
        await expectVisible(banking.queueLine(date, 'MOBILE DEPOSIT', '$250.00').getByText('2 candidates'));
      }
      await expectVisible(banking.queueLine('2026-10-20', 'DEPOSIT IN ERROR', '$12.34').getByText('Nothing in the books fits'));
      await snap('match-suggestions');
      await expectFitsPhone(page, banking.lineButton('Exclude', '2026-10-31', '-$15.00'), 'the Match tab with its suggestions');

      await banking.acceptSuggested.filter({ hasText: 'Accept 3 Suggested Matches' }).click();
      await expectVisible(toast(page, '3 lines matched'));
      await expectHidden(deposit);
      await expectCount(banking.toMatch.getByRole('row'), 5);

      // The ambiguous line by hand: its two candidates; both together are too much, one is the line.
      await banking.lineButton('Match', '2026-10-07', '$250.00').click();
      const dialog = banking.matchDialog;
      const firstCandidate = dialog.getByRole('checkbox', { name: `Payment ${books.first.payment_number} · CHK 501 of 2026-10-06 for $250.00`, exact: true });
      const secondCandidate = dialog.getByRole('checkbox', { name: `Payment ${books.second.payment_number} · CHK 502 of 2026-10-06 for $250.00`, exact: true });
      await expectVisible(secondCandidate);
      await expectVisible(dialog.getByText('Chosen: $0.00 · Line: $250.00 · Difference: $250.00'));
      await firstCandidate.check();
      await secondCandidate.check();
      await expectVisible(dialog.getByText('Difference: -$250.00'));
      await dialog.getByRole('button', { name: 'Match', exact: true }).click();
      await expectVisible(dialog.getByText('The chosen postings add up to $500.00, not $250.00'));
      await secondCandidate.uncheck();
      await expectVisible(dialog.getByText('Chosen: $250.00 · Line: $250.00 · Difference: $0.00'));
      await snap('match-dialog');
      await dialog.getByRole('button', { name: 'Match', exact: true }).click();
      await expectHidden(dialog);
      await expectVisible(toast(page, 'Line matched'));

      // The bank's error and its correction need nothing in the books: excluded, with the reason.
      for (const [date, amount] of /** @type {const} */ ([['2026-10-20', '$12.34'], ['2026-10-22', '-$12.34']])) {
        await banking.lineButton('Exclude', date, amount).click();
        await banking.excludeDialog.getByLabel('Reason', { exact: true }).fill(EXCLUDED_REASON);
        await banking.excludeDialog.getByRole('button', { name: 'Exclude', exact: true }).click();
        await expectHidden(banking.excludeDialog);
        await expectHidden(banking.lineButton('Exclude', date, amount));
      }
      // Left to match: the second 250.00 deposit (a reconciliation can clear it without a match).
      await expectCount(banking.toMatch.getByRole('row'), 2);
      await expectVisible(banking.queueLine('2026-10-08', 'MOBILE DEPOSIT', '$250.00'));

      await banking.tab('Matched').click();
      await expectCount(banking.matched.getByRole('row'), 5);
      await expectVisible(banking.queueLine('2026-10-03', 'DEPOSIT', '$1,000.00').getByText(`Payment ${books.big.payment_number} · 2026-10-02 · $1,000.00`));
      await expectVisible(banking.queueLine('2026-10-07', 'MOBILE DEPOSIT', '$250.00').getByText(`Payment ${books.first.payment_number} · 2026-10-06 · $250.00`));
      await expectVisible(banking.queueLine('2026-10-07', 'MOBILE DEPOSIT', '$250.00').getByText('Matched by hand'));
      await expectVisible(banking.queueLine('2026-10-12', 'CHECK 3001', '-$400.00').getByText(`Bill payment Check 3001 · Bill ${books.bill.bill_number} · 2026-10-08 · -$400.00`));
      await expectVisible(banking.queueLine('2026-10-31', 'MONTHLY SERVICE FEE', '-$15.00').getByText(/^Journal entry Service fee: MONTHLY SERVICE FEE/));
      await expectVisible(banking.lineButton('Unmatch', '2026-10-07', '$250.00'));
      await snap('matched');
      await banking.tab('Excluded').click();
      await expectCount(banking.excluded.getByRole('row'), 3);
      await expectVisible(banking.queueLine('2026-10-22', 'CORRECTION DEPOSIT IN ERROR', '-$12.34').getByText(EXCLUDED_REASON));
      await expectVisible(banking.lineButton('Include', '2026-10-22', '-$12.34'));
    });
  }),

  spec('bank reconciliation: reconciled to a zero difference by clearing a posting, completed, its report downloaded as a PDF, voided with a reason; the tab fits a phone', async ({ page, api, snap }) => {
    const ACCOUNT = 'Browser reconcile checking';
    const token = await adminToken(api);
    await withBooks(api, token, ACCOUNT, async (books) => {
      await importStatement(api, token, books.bank.id);
      await matchThroughApi(api, token, books);
      await signInWithToken(page, token, '/banking');
      const banking = new BankingPage(page);
      await banking.chooseAccount(ACCOUNT);
      await expectVisible(page.getByRole('tablist', { name: `${ACCOUNT}: statements, matching, reconciliation` }));

      // Reconcile: the matched postings start cleared; the second 250.00 deposit is not, so it is 250.00 off.
      await banking.tab('Reconcile').click();
      await expectVisible(page.getByRole('cell', { name: 'No reconciliations yet.' }));
      await banking.statementDate.fill(STATEMENT_DATE);
      await banking.endingBalance.fill(ENDING_BALANCE);
      await banking.startButton.click();
      await expectVisible(page.getByRole('heading', { name: `Reconciling to ${STATEMENT_DATE}`, exact: true }));
      await expectVisible(banking.difference.filter({ hasText: /^\$250\.00$/ }));
      await expectVisible(banking.figures.getByText('$835.00', { exact: true }));
      await expectCount(banking.postings.getByRole('row'), 7);
      const second = `2026-10-06 ${books.second.payment_number} · CHK 502 $250.00`;
      const inTransit = `2026-10-30 ${books.inTransit.payment_number} · CHK 503 $75.00`;
      await expectVisible(banking.cleared(`2026-10-06 ${books.first.payment_number} · CHK 501 $250.00`, true));
      await expectVisible(banking.cleared('2026-10-08 Check 3001 -$400.00', true));
      await expectVisible(banking.cleared(second, false));
      await expectVisible(banking.cleared(inTransit, false));
      expectEqual(await banking.completeButton.isDisabled(), true, 'Complete is possible only at a zero difference');
      await snap('reconcile-draft');

      // The Reconcile tab on a phone: no sideways scrolling of the page.
      await expectFitsPhone(page, banking.completeButton, 'the Reconcile tab with a draft');

      // Ticking the deposit the statement shows: zero; the deposit in transit stays outstanding.
      await banking.cleared(second).click();
      await expectVisible(banking.cleared(second, true));
      await expectVisible(banking.difference.filter({ hasText: /^\$0\.00$/ }));
      await expectVisible(banking.cleared(inTransit, false));
      await banking.completeButton.click();
      await expectVisible(toast(page, 'Reconciliation completed'));
      const row = banking.reconciliation(STATEMENT_DATE);
      await expectVisible(row.getByText('Completed', { exact: true }));
      await expectVisible(row.getByRole('cell', { name: '$1,085.00', exact: true }));
      await expectVisible(banking.startForm);
      await snap('reconciliation-completed');

      // Its report: a PDF, downloaded under the account's name and the statement date.
      const [download] = await Promise.all([page.waitForEvent('download'), banking.reconciliationButton('Report of', STATEMENT_DATE).click()]);
      const fileName = download.suggestedFilename();
      expectEqual(fileName.endsWith('.pdf') && fileName.includes(STATEMENT_DATE), true, `a PDF of the statement date: ${fileName}`);
      const bytes = await readFile(/** @type {string} */ (await download.path()));
      expectEqual(bytes.subarray(0, 5).toString(), '%PDF-', 'the download is a PDF');
      expectEqual(bytes.length > 1000, true, `the PDF has content (${bytes.length} bytes)`);

      // Voided with a reason: its postings are unlocked, the row says Void and why.
      await banking.reconciliationButton('Void', STATEMENT_DATE).click();
      await banking.voidDialog.getByLabel('Reason', { exact: true }).fill('Ending balance typed from the wrong statement');
      await snap('void-dialog');
      await banking.voidDialog.getByRole('button', { name: 'Void', exact: true }).click();
      await expectHidden(banking.voidDialog);
      await expectHidden(banking.reconciliationButton('Void', STATEMENT_DATE));
      await expectVisible(row.getByText('Void', { exact: true }));
      await expectVisible(row.getByText('Ending balance typed from the wrong statement'));
      const [saved] = await api.app('GET', `/entities/BankReconciliation?q=${q({ bank_account_id: books.bank.id, status: 'void' })}`, { token });
      expectEqual([Number(saved?.ending_balance), saved?.void_reason], [1085, 'Ending balance typed from the wrong statement'], 'the voided reconciliation as kept');
    });
  }),
];
