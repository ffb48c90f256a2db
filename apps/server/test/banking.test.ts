/**
 * The bank (issue 18), its first part: bank accounts with write-only sealed account numbers, and statement import
 * (every format by content, dedupe, re-import refused, CSV mappings kept, malformed files refused whole).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '@covenant/db/schema/banking';
import { readFixture } from '../src/features/banking/fixtures/read-fixture.ts';
import { openSecret, parseSecretKey } from '../src/lib/secret-box.ts';
import { createTestApp, createUser, multipartForm, type TestApp } from './helpers.ts';

const KEY = randomBytes(32).toString('base64');
let t: TestApp;
let bare: TestApp;
let admin: { id: string; token: string; email: string };

beforeAll(async () => {
  t = await createTestApp({ bankKey: parseSecretKey(KEY) });
  admin = await createUser(t, 'admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await bare?.close();
});

const ok = async <T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin.token): Promise<T> => {
  const res = await t.call(method, url, { token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};
const importFile = (accountId: string, file: Buffer | string, filename: string, mapping?: unknown, token = admin.token, app = t) => {
  const form = multipartForm([
    { name: 'file', value: file, filename, contentType: 'application/octet-stream' },
    ...(mapping === undefined ? [] : [{ name: 'mapping', value: typeof mapping === 'string' ? mapping : JSON.stringify(mapping) }]),
  ]);
  return app.app.inject({ method: 'POST', url: `${app.base}/bank-accounts/${accountId}/statements`, headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType }, payload: form.payload });
};
const lineCount = async (accountId: string) =>
  ((await t.db.db.execute(sql`select count(*)::int as n from bank_statement_lines where bank_account_id = ${accountId}`)).rows[0] as { n: number }).n;

let accountSeq = 0;
async function newAccount(name: string) {
  const [fund] = await ok<Array<{ id: string; cash_account_id: string }>>('GET', `/entities/Fund?q=${encodeURIComponent(JSON.stringify({ system_key: 'operating' }))}`);
  // A second cash account of the Operating fund for each new bank account (one bank account per ledger account).
  const cash = await ok<{ id: string }>('POST', '/entities/ChartOfAccount', { account_number: `19${String(++accountSeq).padStart(3, '0')}`, account_name: `${name} cash`, account_type: 'asset', account_subtype: 'current_asset', fund_id: fund!.id });
  return ok<{ id: string; account_last4: string | null }>('POST', '/entities/BankAccount', { name, account_id: cash.id, fund_id: fund!.id, bank_name: 'First Federal', account_type: 'checking' });
}

describe('bank accounts', () => {
  it('the Operating and Reserve funds\' cash accounts each have one, seeded', async () => {
    const accounts = await ok<Array<{ system_key: string; account_id: string; fund_id: string }>>('GET', '/entities/BankAccount?sort=name');
    const funds = await ok<Array<{ id: string; system_key: string; cash_account_id: string }>>('GET', '/entities/Fund');
    for (const key of ['operating', 'reserve']) {
      const fund = funds.find((f) => f.system_key === key)!;
      expect(accounts.find((a) => a.system_key === key), key).toMatchObject({ account_id: fund.cash_account_id, fund_id: fund.id });
    }
  });

  it('refuses a routing number whose check digit is wrong, a cash account of another fund, and half the ACH settings, in words', async () => {
    const [operating] = await ok<Array<{ system_key: string; account_id: string; fund_id: string; id: string }>>('GET', `/entities/BankAccount?q=${encodeURIComponent(JSON.stringify({ system_key: 'operating' }))}`);
    const [reserve] = await ok<Array<{ fund_id: string }>>('GET', `/entities/BankAccount?q=${encodeURIComponent(JSON.stringify({ system_key: 'reserve' }))}`);
    const bad = await t.call('PUT', `/entities/BankAccount/${operating!.id}`, { token: admin.token, body: { routing_number: '021000022' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Routing number/);
    const otherFund = await t.call('PUT', `/entities/BankAccount/${operating!.id}`, { token: admin.token, body: { fund_id: reserve!.fund_id } });
    expect(otherFund.statusCode).toBe(400);
    expect(otherFund.json().message).toMatch(/is not a cash account of the Reserve fund/);
    const half = await t.call('PUT', `/entities/BankAccount/${operating!.id}`, { token: admin.token, body: { ach_company_id: '1234567890' } });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toMatch(/ACH needs the company ID, the company name and the originating bank routing number together/);
  });

  it('keeps the account number sealed: answered only as its last four, opened only with the key', async () => {
    const [operating] = await ok<Array<{ id: string }>>('GET', `/entities/BankAccount?q=${encodeURIComponent(JSON.stringify({ system_key: 'operating' }))}`);
    const saved = await ok<Record<string, unknown>>('PUT', `/entities/BankAccount/${operating!.id}`, { bank_name: 'First Federal', routing_number: '021000021', account_number: '000123-4567890' });
    expect(saved).toMatchObject({ routing_number: '021000021', account_last4: '7890' });
    expect(saved).not.toHaveProperty('account_number');
    expect(saved).not.toHaveProperty('account_number_sealed');
    expect(JSON.stringify(await ok('GET', `/entities/BankAccount/${operating!.id}`))).not.toContain('4567890');
    const [row] = await t.db.db.select().from(bankAccounts).where(eq(bankAccounts.id, operating!.id));
    expect(row!.account_number_sealed).toMatch(/^v1\./);
    expect(openSecret(parseSecretKey(KEY), row!.account_number_sealed!, 'bank_account:account_number')).toBe('0001234567890');
    expect(() => openSecret(parseSecretKey(randomBytes(32).toString('base64')), row!.account_number_sealed!, 'bank_account:account_number')).toThrow();
  });

  it('without BANK_ENCRYPTION_KEY an account number cannot be saved, and the message says why; the rest can', async () => {
    bare = await createTestApp();
    const bareAdmin = await createUser(bare, 'admin');
    const list = await bare.call('GET', '/entities/BankAccount', { token: bareAdmin.token });
    const id = (list.json() as Array<{ id: string }>)[0]!.id;
    const refused = await bare.call('PUT', `/entities/BankAccount/${id}`, { token: bareAdmin.token, body: { account_number: '123456789' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'bank_key_missing', message: expect.stringMatching(/no BANK_ENCRYPTION_KEY/) });
    expect((await bare.call('PUT', `/entities/BankAccount/${id}`, { token: bareAdmin.token, body: { bank_name: 'Credit Union' } })).statusCode).toBe(200);
  });

  it('is for staff with the chart of accounts privilege: an owner is refused', async () => {
    const owner = await createUser(t, 'owner');
    expect((await t.call('GET', '/entities/BankAccount', { token: owner.token })).statusCode).toBe(403);
    const [operating] = await ok<Array<{ id: string }>>('GET', '/entities/BankAccount');
    expect((await importFile(operating!.id, readFixture('ofx2-xml.ofx'), 'x.ofx', undefined, owner.token)).statusCode).toBe(403);
  });
});

describe('statement import', () => {
  it('reads an OFX 2 file by its content: the lines, signed, the period and balances; the same file again is a 409', async () => {
    const account = await newAccount('OFX account');
    const res = await importFile(account.id, readFixture('ofx2-xml.ofx'), 'statement.txt');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ format: 'ofx', duplicates_skipped: 0, warnings: [] });
    expect(answer.lines_imported).toBeGreaterThan(0);
    expect(await lineCount(account.id)).toBe(answer.lines_imported);
    const lines = await ok<Array<{ statement_id: string; amount: number; status: string }>>('GET', `/entities/BankStatementLine?q=${encodeURIComponent(JSON.stringify({ bank_account_id: account.id }))}`);
    expect(lines.every((l) => l.statement_id === answer.statement_id && l.status === 'unmatched')).toBe(true);
    expect(lines.some((l) => l.amount < 0) && lines.some((l) => l.amount > 0)).toBe(true);
    const again = await importFile(account.id, readFixture('ofx2-xml.ofx'), 'statement-again.ofx');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'statement_already_imported' });
    expect(await lineCount(account.id)).toBe(answer.lines_imported);
  });

  it('a bank that reuses transaction ids: a later file skips only what was there, by id with the same date and amount', async () => {
    const account = await newAccount('Reused ids');
    const first = (await importFile(account.id, readFixture('ofx-reused-fitid.ofx'), 'a.ofx')).json();
    const later = await importFile(account.id, readFixture('ofx-reused-fitid-later.ofx'), 'b.ofx');
    expect(later.statusCode, later.body).toBe(200);
    const answer = later.json();
    expect(answer.duplicates_skipped).toBeGreaterThan(0);
    expect(await lineCount(account.id)).toBe(first.lines_imported + answer.lines_imported);
  });

  it('a CSV with debit and credit columns and a BOM: the mapping is kept and used for the next file; identical lines stay two', async () => {
    const account = await newAccount('CSV account');
    const mapping = { date: 'Posting Date', debit: 'Debit', credit: 'Credit', description: 'Description', check_number: 'Check Number', date_format: 'MM/DD/YYYY' };
    const missing = await importFile(account.id, readFixture('csv-debit-credit-bom.csv'), 'nov.csv');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/say which columns hold the date, the amount and the description/);
    const badMapping = await importFile(account.id, readFixture('csv-debit-credit-bom.csv'), 'nov.csv', { date: 'Posting Date', date_format: 'MM/DD/YYYY' });
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json().message).toMatch(/Map the amount column, or the debit and credit columns/);
    const res = await importFile(account.id, readFixture('csv-debit-credit-bom.csv'), 'nov.csv', mapping);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'csv', lines_imported: 7, duplicates_skipped: 0, period_start: '2026-11-02', period_end: '2026-11-30' });
    const saved = await ok<{ csv_mapping: unknown }>('GET', `/entities/BankAccount/${account.id}`);
    expect(saved.csv_mapping).toMatchObject(mapping);
    // The same month exported again with a new line: the saved mapping reads it; the seven known lines are skipped,
    // the two identical deposits of the 15th included.
    const more = `${readFixture('csv-debit-credit-bom.csv').toString('utf8').replace(',Total,', '12/01/2026,"DEPOSIT, MOBILE REF 90001",,,300.00,"13,016.27"\n,Total,')}`;
    const second = await importFile(account.id, more, 'nov-dec.csv');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ lines_imported: 1, duplicates_skipped: 7 });
    expect(await lineCount(account.id)).toBe(8);
  });

  it('a malformed file is refused naming its line, and nothing is stored', async () => {
    const account = await newAccount('Malformed');
    for (const [name, message] of [['ofx-truncated.ofx', /^Line 46: the file ends before <STMTTRN> is closed/], ['ofx-bad-amount.ofx', /^Line 42: the amount 'abc' is not a number/]] as const) {
      const res = await importFile(account.id, readFixture(name), name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ code: 'statement_invalid', message: expect.stringMatching(message) });
    }
    expect(await lineCount(account.id)).toBe(0);
    const statements = await ok<unknown[]>('GET', `/entities/BankStatement?q=${encodeURIComponent(JSON.stringify({ bank_account_id: account.id }))}`);
    expect(statements).toEqual([]);
    expect((await importFile(account.id, Buffer.alloc(0), 'empty.ofx')).statusCode).toBe(400);
    expect((await importFile(account.id, readFixture('csv-debit-credit-bom.csv'), 'x.csv', '{not json')).json().message).toMatch(/The CSV mapping is not valid JSON/);
  });

  it('statements and their lines are not written one by one', async () => {
    const refused = await t.call('POST', '/entities/BankStatementLine', { token: admin.token, body: { amount: 1 } });
    expect(refused.statusCode).toBe(403);
    expect((await t.call('POST', '/entities/BankStatement', { token: admin.token, body: {} })).statusCode).toBe(403);
  });

  it('an account with imported statements is not deleted', async () => {
    const account = await newAccount('Kept');
    expect((await importFile(account.id, readFixture('ofx1-sgml-unclosed.ofx'), 'a.ofx')).statusCode).toBe(200);
    const del = await t.call('DELETE', `/entities/BankAccount/${account.id}`, { token: admin.token });
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('bank_account_in_use');
  });
});
