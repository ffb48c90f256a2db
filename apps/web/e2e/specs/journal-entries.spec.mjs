import { expectEqual, expectHidden, expectVisible } from '../lib/expect.mjs';
import { adminToken, signInWithToken } from '../lib/fixtures.mjs';
import { spec } from '../lib/runner.mjs';
import { JournalEntriesPage } from '../pages/journal-entries-page.mjs';

// Dated in 2031, where no other spec reads the books.
const FEE = 'Wire fee January 2031';

export default [
  spec('journal entries: a balanced entry posts with its lines, an entry unbalanced within a fund is refused with the server\'s message, and a reversal', async ({ page, api, snap }) => {
    const token = await adminToken(api);
    await signInWithToken(page, token, '/JournalEntries');
    const journal = new JournalEntriesPage(page);
    await expectVisible(journal.heading);
    await expectVisible(journal.openingLink);

    // Live totals per fund, in cents, as the lines are typed.
    await journal.open({ date: '2031-01-15', memo: FEE });
    await journal.fillLine(journal.dialog, 1, { account: '5200 - Utilities', debit: '25.10', memo: 'Outgoing wire' });
    await expectVisible(journal.balance.getByText('Off by $25.10 in fund OP (debits exceed credits)'));
    await journal.fillLine(journal.dialog, 2, { account: '1000 - Operating Cash', credit: '25.1' });
    await expectVisible(journal.balance.getByText('Balanced in every fund'));
    expectEqual(
      (await journal.totals.getByRole('row').filter({ hasText: 'OP' }).getByRole('cell').allInnerTexts()).map((c) => c.trim()),
      ['OP', '$25.10', '$25.10', '$0.00'],
      'the Operating fund nets to zero',
    );
    await snap('new-journal-entry');
    await journal.dialog.getByRole('button', { name: 'Post Entry' }).click();
    await expectHidden(journal.dialog);
    await expectVisible(journal.entry(FEE));
    expectEqual(await journal.lines(FEE), [
      ['5200 - Utilities', 'OP', '$25.10', '', 'Outgoing wire'],
      ['1000 - Operating Cash', 'OP', '', '$25.10', ''],
    ], 'the posted lines, as the server stored them');

    // Balanced overall but debited in Operating and credited in Reserve: the live check and the server both say no.
    await journal.open({ date: '2031-01-16', memo: 'Misfiled fee' });
    await journal.fillLine(journal.dialog, 1, { account: '5200 - Utilities', debit: '10' });
    await journal.fillLine(journal.dialog, 2, { account: '1010 - Reserve Cash', fund: 'RES - Reserve', credit: '10' });
    await expectVisible(journal.balance.getByText('Off by $10.00 in fund OP (debits exceed credits); Off by $10.00 in fund RES (credits exceed debits)'));
    await journal.dialog.getByRole('button', { name: 'Post Entry' }).click();
    const refusal = journal.dialog.getByRole('alert').filter({ hasText: 'The entry was not posted' });
    await expectVisible(refusal.getByText('The entry must balance within each fund (OP: debits exceed credits by 10.00; RES: credits exceed debits by 10.00)'));
    await snap('unbalanced-refused');
    await journal.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(journal.dialog);
    await expectHidden(journal.entry('Misfiled fee'));

    // A reversal dated before the entry is refused by the server, in its words; then reversed on the 20th.
    await journal.reverse(FEE, { date: '2031-01-10', reason: 'The bank refunded the fee' });
    await expectVisible(journal.reverseDialog.getByText('A reversal cannot be dated before the entry (2031-01-15)'));
    await journal.reverseDialog.getByLabel('Reversal date').fill('2031-01-20');
    await journal.reverseDialog.getByRole('button', { name: 'Reverse Entry' }).click();
    await expectHidden(journal.reverseDialog);
    await expectVisible(journal.entry(FEE).getByText('Reversed', { exact: true }));
    await expectHidden(journal.entry(FEE).getByRole('button', { name: `Reverse ${FEE}` }));
    const reversal = `Reversal: The bank refunded the fee (reverses ${FEE})`;
    await expectVisible(journal.entry(reversal).getByText('2031-01-20'));
    expectEqual((await journal.lines(reversal)).map((l) => l.slice(0, 4)), [
      ['5200 - Utilities', 'OP', '', '$25.10'],
      ['1000 - Operating Cash', 'OP', '$25.10', ''],
    ], 'the reversal swaps debits and credits');
    await snap('reversed');

    // The type filter asks the server for other kinds of entries.
    await journal.chooseType('Opening balances');
    await expectHidden(journal.entry(FEE));
    await journal.chooseType('All entries');
    await expectVisible(journal.entry(FEE));

    const listed = await api.app('GET', '/journal-entries?type=manual&from=2031-01-01&to=2031-12-31', { token });
    expectEqual(listed.rows.map((/** @type {any} */ r) => [r.memo, r.entry_date]), [[reversal, '2031-01-20'], [FEE, '2031-01-15']], 'the server holds the entry and its reversal only');
  }),
];
