/**
 * The bank (issue 18), matching and reconciliation through the real app: the passes on a realistic month (twenty
 * identical dues payments never auto-matched, a deposit of several checks, a cleared check by its number, a
 * unique amount and date, a bank fee by a rule), no line or document matched twice, manual matches that must add
 * up, and the monthly reconciliation: cleared from the matches, completed only at a zero difference, its postings
 * locked, voided newest first, and a report whose adjusted bank balance is the ledger's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksSession, type BooksSession } from './books-helpers.ts';
import { createTestApp, createUser, multipartForm, type TestApp } from './helpers.ts';

let t: TestApp;
let s: BooksSession;
let admin: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  s = await booksSession(t, admin.token);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Line = { id: string; date: string; amount: number; status: string; check_number: string | null; matches: Array<{ doc_type: string; doc_id: string; rule: string }> };
type MatchAnswer = {
  matched: Array<{ line_id: string; rule: string; payment_ids?: string[]; bill_payment_ids?: string[]; journal_entry_ids?: string[]; rule_id?: string }>;
  ambiguous: Array<{ line_id: string; candidates: Array<{ kind: string; id: string; date: string; amount: number; reference: string | null }> }>;
  unmatched: string[];
};
type View = {
  reconciliation: { id: string; status: string; beginning_balance: number; ending_balance: number };
  figures: { beginning_balance: number; cleared_balance: number; difference: number; cleared_deposits: number; cleared_withdrawals: number };
  postings: Array<{ journal_line_id: string; date: string; amount: number; cleared: boolean; reference: string | null; description: string | null }>;
};

let accountSeq = 0;
let ownerSeq = 0;
/** A new bank account on its own cash account of the Operating fund, so each scenario has its own books. */
async function newAccount(name: string) {
  const cash = await s.ok('POST', '/entities/ChartOfAccount', { account_number: `18${String(++accountSeq).padStart(3, '0')}`, account_name: `${name} cash`, account_type: 'asset', account_subtype: 'current_asset', fund_id: s.funds.operating });
  const bank = await s.ok('POST', '/entities/BankAccount', { name, account_id: cash.id, fund_id: s.funds.operating, bank_name: 'First Federal', account_type: 'checking' });
  return { id: bank.id as string, cash: cash.id as string };
}
const newOwner = async () => s.ok('POST', '/entities/Owner', { owner_id: String(810000 + ++ownerSeq), first_name: 'Pat', last_name: `Payer ${ownerSeq}` }) as Promise<{ id: string }>;
const pay = async (cash: string, amount: number, date: string, reference?: string) =>
  (await s.ok('POST', '/functions/recordPayment', { owner_id: (await newOwner()).id, amount, payment_date: date, deposit_account_id: cash, ...(reference ? { reference_number: reference } : {}) })).payment as { id: string };
let billSeq = 0;
async function payBill(cash: string, amount: number, date: string, checkNumber?: string) {
  const vendor = await s.ok('POST', '/entities/Vendor', { vendor_name: `Vendor ${++billSeq}` });
  const bill = await s.ok('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: `BR-${billSeq}`, bill_date: '2026-02-20', lines: [{ quantity: 1, unit_price: amount, account_id: s.accounts['5100'] }] });
  return s.ok('POST', '/entities/BillPayment', { bill_id: bill.id, amount, payment_date: date, cash_account_id: cash, ...(checkNumber ? { check_number: checkNumber } : {}) }) as Promise<{ id: string }>;
}
const MAPPING = { date: 'Date', amount: 'Amount', description: 'Description', check_number: 'Check', date_format: 'YYYY-MM-DD' };
async function importCsv(bankId: string, rows: Array<[string, number, string, string?]>, name = 'statement.csv') {
  const csv = ['Date,Amount,Description,Check', ...rows.map(([d, a, desc, check]) => `${d},${a.toFixed(2)},${desc},${check ?? ''}`)].join('\n');
  const form = multipartForm([{ name: 'file', value: Buffer.from(csv), filename: name, contentType: 'text/csv' }, { name: 'mapping', value: JSON.stringify(MAPPING) }]);
  const res = await t.app.inject({ method: 'POST', url: `${t.base}/bank-accounts/${bankId}/statements`, headers: { authorization: `Bearer ${admin.token}`, 'content-type': form.contentType }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { statement_id: string; lines_imported: number };
}
const lines = async (bankId: string, status?: string) =>
  ((await s.ok('GET', `/bank-accounts/${bankId}/lines?limit=500${status ? `&status=${status}` : ''}`)) as { rows: Line[] }).rows;
const run = (bankId: string, dryRun = false) => s.ok('POST', '/functions/matchBankLines', { bank_account_id: bankId, dry_run: dryRun }) as Promise<MatchAnswer>;
const matchRows = async () => (await t.db.db.execute(sql`select doc_type, doc_id, line_id from bank_line_matches`)).rows as Array<{ doc_type: string; doc_id: string; line_id: string }>;

describe('matching', () => {
  let bank: { id: string; cash: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    bank = await newAccount('Matching');
    // Twenty identical dues payments on two days, and twenty identical deposits of them on the statement.
    for (let i = 0; i < 20; i += 1) await pay(bank.cash, 250, i < 10 ? '2026-03-02' : '2026-03-03');
    // Three checks deposited together (and nothing else in their window).
    ids.c1 = (await pay(bank.cash, 100, '2026-03-09')).id;
    ids.c2 = (await pay(bank.cash, 215.5, '2026-03-10')).id;
    ids.c3 = (await pay(bank.cash, 84.5, '2026-03-11')).id;
    ids.unique = (await pay(bank.cash, 333.33, '2026-03-16', 'ZELLE 88')).id;
    ids.check = (await payBill(bank.cash, 180, '2026-03-05', '1042')).id;
    ids.manualA = (await pay(bank.cash, 40, '2026-03-20')).id;
    ids.manualB = (await pay(bank.cash, 60, '2026-03-20')).id;
    await s.ok('POST', '/entities/BankRule', { name: 'Monthly service fee', description_contains: 'service  fee', amount_min: -50, amount_max: 0, account_id: s.accounts['5100'], fund_id: s.funds.operating });
    await importCsv(bank.id, [
      ...Array.from({ length: 20 }, (_, i): [string, number, string] => [i < 10 ? '2026-03-03' : '2026-03-04', 250, 'MOBILE DEPOSIT']),
      ['2026-03-12', 400, 'DEPOSIT'],
      ['2026-03-08', -180, 'CHECK 1042', '1042'],
      ['2026-03-17', 333.33, 'ZELLE FROM PAT'],
      ['2026-03-31', -12.5, 'MONTHLY SERVICE FEE'],
      ['2026-03-21', 100, 'DEPOSIT'],
      ['2026-03-25', 77.77, 'UNKNOWN DEPOSIT'],
    ]);
  });

  it('a dry run answers what it would do and records nothing', async () => {
    const dry = await run(bank.id, true);
    expect(dry.matched.map((m) => m.rule).sort()).toEqual(['amount_date', 'bank_rule', 'check_number', 'deposit_group', 'deposit_group']);
    expect(await lines(bank.id, 'matched')).toHaveLength(0);
    expect(await matchRows()).toHaveLength(0);
  });

  it('matches what only one document explains, and never guesses among identical payments', async () => {
    const answer = await run(bank.id);
    const byRule = Object.fromEntries(answer.matched.map((m) => [m.rule, m]));
    const all = await lines(bank.id);
    const four = all.find((l) => l.amount === 400)!;
    expect(answer.matched.find((m) => m.line_id === four.id)).toMatchObject({ rule: 'deposit_group' });
    expect(answer.matched.find((m) => m.line_id === four.id)!.payment_ids!.sort()).toEqual([ids.c1, ids.c2, ids.c3].sort());
    expect(byRule.check_number!.bill_payment_ids).toEqual([ids.check]);
    expect(byRule.amount_date!.payment_ids).toEqual([ids.unique]);
    expect(byRule.bank_rule!.journal_entry_ids).toHaveLength(1);
    // The twenty identical deposits: each ambiguous, with its candidates' dates and references to choose from.
    const dues = all.filter((l) => l.amount === 250);
    expect(dues).toHaveLength(20);
    for (const l of dues) {
      const a = answer.ambiguous.find((x) => x.line_id === l.id)!;
      expect(a.candidates.length).toBeGreaterThan(1);
      expect(a.candidates.every((c) => c.kind === 'payment' && c.amount === 250 && c.reference && c.date)).toBe(true);
    }
    // 100.00 on 03-21 could be 40 + 60 (a deposit group)... but only one set fits: it is matched; 77.77 has nothing.
    const hundred = all.find((l) => l.amount === 100)!;
    expect(answer.matched.find((m) => m.line_id === hundred.id)?.payment_ids?.sort()).toEqual([ids.manualA, ids.manualB].sort());
    expect(answer.unmatched).toEqual([all.find((l) => l.amount === 77.77)!.id]);
    // The fee posted a balanced entry: cash credited 12.50 against the rule's account.
    const fee = await s.ok('GET', '/journal-entries?type=manual&limit=5');
    const entry = fee.rows.find((e: { id: string }) => e.id === byRule.bank_rule!.journal_entry_ids![0]);
    expect(entry.memo).toMatch(/^Monthly service fee: MONTHLY SERVICE FEE/);
    // No document and no line twice.
    const rows = await matchRows();
    expect(new Set(rows.map((r) => `${r.doc_type}:${r.doc_id}`)).size).toBe(rows.length);
    expect((await lines(bank.id, 'matched')).length).toBe(answer.matched.length);
  });

  it('a second run leaves matched lines alone and still refuses to guess', async () => {
    const again = await run(bank.id);
    expect(again.matched).toHaveLength(0);
    expect(again.ambiguous).toHaveLength(20);
  });

  it('a person matches an ambiguous line; the amounts must add up; a document goes to one line only', async () => {
    const dues = (await lines(bank.id, 'unmatched')).filter((l) => l.amount === 250);
    const candidates = (await run(bank.id, true)).ambiguous.find((a) => a.line_id === dues[0]!.id)!.candidates;
    const short = await s.refused(400, 'POST', '/functions/matchBankLine', { line_id: dues[0]!.id, payment_ids: [candidates[0]!.id, candidates[1]!.id] });
    expect(short.message).toBe('The chosen postings add up to 500.00 but the bank line is 250.00: a difference of -250.00');
    const matched = await s.ok('POST', '/functions/matchBankLine', { line_id: dues[0]!.id, payment_ids: [candidates[0]!.id] });
    expect(matched).toMatchObject({ status: 'matched', matches: [{ doc_type: 'payment', doc_id: candidates[0]!.id, rule: 'manual', amount: 250 }] });
    const twice = await s.refused(409, 'POST', '/functions/matchBankLine', { line_id: dues[1]!.id, payment_ids: [candidates[0]!.id] });
    expect(twice.code).toBe('document_matched');
    expect((await s.refused(409, 'POST', '/functions/matchBankLine', { line_id: dues[0]!.id, payment_ids: [candidates[1]!.id] })).code).toBe('line_not_unmatched');
    // A payment of another bank account is not offered and not accepted.
    const other = await newAccount('Other');
    const elsewhere = await pay(other.cash, 250, '2026-03-03');
    expect((await s.refused(400, 'POST', '/functions/matchBankLine', { line_id: dues[1]!.id, payment_ids: [elsewhere.id] })).message).toMatch(/was not found in Matching's postings/);
    const offered = await s.ok('GET', `/bank-accounts/${bank.id}/unmatched-documents?from=2026-03-01&to=2026-03-31`);
    expect(offered.some((d: { id: string }) => d.id === elsewhere.id)).toBe(false);
    expect(offered.some((d: { id: string }) => d.id === candidates[0]!.id)).toBe(false);
    expect(offered.filter((d: { kind: string; amount: number }) => d.kind === 'payment' && d.amount === 250)).toHaveLength(19);
    // The days around a line, not the whole history: at most 92 days apart.
    expect((await s.ok('GET', `/bank-accounts/${bank.id}/unmatched-documents?from=2026-01-01&to=2026-04-03`)).length).toBeGreaterThan(0);
    expect((await s.refused(400, 'GET', `/bank-accounts/${bank.id}/unmatched-documents?from=2026-01-01&to=2026-04-04`)).message).toBe('From and To may be at most 92 days apart (asked: 93)');
  });

  it('a matched payment is not deleted; unmatching frees it; an excluded line comes back by unmatching', async () => {
    const [line] = (await lines(bank.id, 'matched')).filter((l) => l.matches[0]?.rule === 'manual');
    const paymentId = line!.matches[0]!.doc_id;
    expect((await s.refused(409, 'DELETE', `/entities/Payment/${paymentId}`)).code).toBe('bank_matched');
    expect(await s.ok('POST', '/functions/unmatchBankLine', { line_id: line!.id })).toMatchObject({ status: 'unmatched', matches: [] });
    const unknown = (await lines(bank.id, 'unmatched')).find((l) => l.amount === 77.77)!;
    expect(await s.ok('POST', '/functions/excludeBankLine', { line_id: unknown.id, reason: 'Bank error, reversed next month' })).toMatchObject({ status: 'excluded', excluded_reason: 'Bank error, reversed next month' });
    expect(await s.ok('POST', '/functions/unmatchBankLine', { line_id: unknown.id })).toMatchObject({ status: 'unmatched' });
  });

  it('unmatching a bank rule\'s line reverses the entry it posted', async () => {
    const fee = (await lines(bank.id, 'matched')).find((l) => l.matches[0]?.rule === 'bank_rule')!;
    const entryId = fee.matches[0]!.doc_id;
    await s.ok('POST', '/functions/unmatchBankLine', { line_id: fee.id });
    const entry = await s.ok('GET', '/journal-entries?type=manual&limit=20');
    expect(entry.rows.find((e: { id: string }) => e.id === entryId).reversed_by).toBeTruthy();
    // Matching again posts it again.
    const again = await run(bank.id);
    expect(again.matched.find((m) => m.line_id === fee.id)).toMatchObject({ rule: 'bank_rule' });
  });

  it('is the books\' privilege: an owner is refused every call', async () => {
    const owner = await createUser(t, 'owner');
    const [line] = await lines(bank.id);
    await s.refused(403, 'POST', '/functions/matchBankLines', { bank_account_id: bank.id }, owner.token);
    await s.refused(403, 'POST', '/functions/matchBankLine', { line_id: line!.id, payment_ids: ['x'] }, owner.token);
    await s.refused(403, 'GET', `/bank-accounts/${bank.id}/lines`, undefined, owner.token);
  });
});

describe('reconciliation', () => {
  let bank: { id: string; cash: string };
  const ids: Record<string, string> = {};
  let march: View;

  beforeAll(async () => {
    bank = await newAccount('Reconcile');
    ids.dep1 = (await pay(bank.cash, 1000, '2026-03-02')).id;
    ids.dep2 = (await pay(bank.cash, 500, '2026-03-10')).id;
    ids.inTransit = (await pay(bank.cash, 75, '2026-03-31')).id;
    ids.check1 = (await payBill(bank.cash, 300, '2026-03-05', '2001')).id;
    ids.outstanding = (await payBill(bank.cash, 120, '2026-03-28', '2002')).id;
    ids.april = (await pay(bank.cash, 200, '2026-04-03')).id;
    await importCsv(bank.id, [
      ['2026-03-02', 1000, 'DEPOSIT'],
      ['2026-03-09', -300, 'CHECK 2001', '2001'],
      ['2026-03-11', 500, 'DEPOSIT'],
    ]);
    await run(bank.id);
  });

  it('starts from the matched postings, completes only at a zero difference, and locks what it cleared', async () => {
    // Statement: 1,000 + 500 - 300 = 1,200.00.
    march = await s.ok('POST', '/functions/startReconciliation', { bank_account_id: bank.id, statement_date: '2026-03-31', ending_balance: 1200 });
    expect(march.figures).toMatchObject({ beginning_balance: 0, cleared_deposits: 1500, cleared_withdrawals: 300, cleared_balance: 1200, difference: 0 });
    // The April payment is not offered on a March statement; the in-transit deposit and outstanding check are, uncleared.
    expect(march.postings.map((p) => [p.amount, p.cleared])).toEqual([[1000, true], [-300, true], [500, true], [-120, false], [75, false]]);
    expect((await s.refused(409, 'POST', '/functions/startReconciliation', { bank_account_id: bank.id, statement_date: '2026-04-30', ending_balance: 0 })).code).toBe('reconciliation_in_progress');
    // Clearing the outstanding check by mistake makes it out of balance, and completing says by how much.
    const check = march.postings.find((p) => p.amount === -120)!;
    const wrong: View = await s.ok('POST', '/functions/setCleared', { reconciliation_id: march.reconciliation.id, journal_line_ids: [check.journal_line_id], cleared: true });
    expect(wrong.figures.difference).toBe(120);
    const refused = await s.refused(409, 'POST', '/functions/completeReconciliation', { reconciliation_id: march.reconciliation.id });
    expect(refused).toMatchObject({ code: 'reconciliation_out_of_balance', message: 'The cleared balance is $1,080.00 but the statement ends at $1,200.00: a difference of $120.00. Clear or unclear postings until the difference is zero.' });
    await s.ok('POST', '/functions/setCleared', { reconciliation_id: march.reconciliation.id, journal_line_ids: [check.journal_line_id], cleared: false });
    const done: View = await s.ok('POST', '/functions/completeReconciliation', { reconciliation_id: march.reconciliation.id });
    expect(done.reconciliation.status).toBe('completed');
    // Locked: the cleared deposit cannot be bounced, nor the cleared check's payment deleted once unmatched.
    const bounce = await s.refused(409, 'POST', '/functions/bouncePayment', { payment_id: ids.dep1, date: '2026-04-02', reason: 'NSF' });
    expect(bounce).toMatchObject({ code: 'reconciled', message: 'This posting was cleared in the Reconcile reconciliation of 2026-03-31: it cannot change unless that reconciliation is voided' });
    const checkLine = (await lines(bank.id, 'matched')).find((l) => l.check_number === '2001')!;
    await s.ok('POST', '/functions/unmatchBankLine', { line_id: checkLine.id });
    expect((await s.refused(409, 'DELETE', `/entities/BillPayment/${ids.check1}`)).code).toBe('reconciled');
    // Not locked: the outstanding check and the deposit in transit.
    expect((await s.call('DELETE', `/entities/BillPayment/${ids.outstanding}`)).statusCode).toBe(200);
    ids.outstanding = (await payBill(bank.cash, 120, '2026-03-28', '2002')).id;
    expect((await s.refused(409, 'POST', '/functions/setCleared', { reconciliation_id: march.reconciliation.id, journal_line_ids: [check.journal_line_id], cleared: true })).code).toBe('reconciliation_not_draft');
  });

  it('reports the outstanding items and an adjusted bank balance equal to the ledger, as JSON and PDF', async () => {
    const report = await s.ok('GET', `/reconciliations/${march.reconciliation.id}/report`);
    expect(report).toMatchObject({
      statement_date: '2026-03-31', beginning_balance: 0, ending_balance: 1200, cleared_deposits: 1500, cleared_withdrawals: 300, difference: 0,
      outstanding_checks_total: 120, deposits_in_transit_total: 75, adjusted_bank_balance: 1155, ledger_balance: 1155, unexplained_difference: 0,
    });
    expect(report.outstanding_checks).toEqual([expect.objectContaining({ date: '2026-03-28', amount: -120, reference: 'Check 2002' })]);
    expect(report.deposits_in_transit).toEqual([expect.objectContaining({ date: '2026-03-31', amount: 75 })]);
    const pdf = await s.call('GET', `/reconciliations/${march.reconciliation.id}/report?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the next month begins at the last ending balance; only the newest completed one is voided', async () => {
    await importCsv(bank.id, [['2026-04-02', 75, 'DEPOSIT'], ['2026-04-03', -120, 'CHECK 2002', '2002'], ['2026-04-06', 200, 'DEPOSIT']], 'april.csv');
    const matchedApril = await run(bank.id);
    // April's three lines, and March's check line unmatched above (its bill payment is still there).
    expect(matchedApril.matched.map((m) => m.rule).sort()).toEqual(['amount_date', 'amount_date', 'check_number', 'check_number']);
    expect((await s.refused(400, 'POST', '/functions/startReconciliation', { bank_account_id: bank.id, statement_date: '2026-03-15', ending_balance: 0 })).message)
      .toBe('The statement date must be after 2026-03-31, the date of the last completed reconciliation');
    const april: View = await s.ok('POST', '/functions/startReconciliation', { bank_account_id: bank.id, statement_date: '2026-04-30', ending_balance: 1355 });
    expect(april.figures).toMatchObject({ beginning_balance: 1200, difference: 0 });
    // March's cleared postings are not offered again.
    expect(april.postings.map((p) => p.amount).sort((a, b) => a - b)).toEqual([-120, 75, 200]);
    await s.ok('POST', '/functions/completeReconciliation', { reconciliation_id: april.reconciliation.id });
    const older = await s.refused(409, 'POST', '/functions/voidReconciliation', { reconciliation_id: march.reconciliation.id, reason: 'Wrong statement' });
    expect(older).toMatchObject({ code: 'reconciliation_not_voidable', message: 'Only the newest completed reconciliation (statement date 2026-04-30) can be voided; void it first' });
    const voided: View = await s.ok('POST', '/functions/voidReconciliation', { reconciliation_id: april.reconciliation.id, reason: 'Ending balance typed wrong' });
    expect(voided.reconciliation.status).toBe('void');
    await s.ok('POST', '/functions/voidReconciliation', { reconciliation_id: march.reconciliation.id, reason: 'Redo both months' });
    // Unlocked now: the once-cleared check's payment can be deleted, once its bank line lets go of it.
    expect((await s.refused(409, 'DELETE', `/entities/BillPayment/${ids.check1}`)).code).toBe('bank_matched');
    const checkLine = (await lines(bank.id, 'matched')).find((l) => l.check_number === '2001')!;
    await s.ok('POST', '/functions/unmatchBankLine', { line_id: checkLine.id });
    expect((await s.call('DELETE', `/entities/BillPayment/${ids.check1}`)).statusCode).toBe(200);
    const audit = (await t.db.db.execute(sql`select action from audit_log where action like 'reconciliation.%' order by created_date`)).rows as Array<{ action: string }>;
    expect(audit.filter((a) => a.action === 'reconciliation.voided')).toHaveLength(2);
  });

  it('a draft can be deleted; a completed or void one stays', async () => {
    const draft: View = await s.ok('POST', '/functions/startReconciliation', { bank_account_id: bank.id, statement_date: '2026-03-31', ending_balance: 900 });
    expect((await s.call('DELETE', `/entities/BankReconciliation/${draft.reconciliation.id}`)).statusCode).toBe(200);
    const kept = await s.ok('GET', `/entities/BankReconciliation?q=${encodeURIComponent(JSON.stringify({ bank_account_id: bank.id, status: 'void' }))}`);
    expect((await s.refused(409, 'DELETE', `/entities/BankReconciliation/${kept[0].id}`)).code).toBe('reconciliation_kept');
  });
});
