/**
 * The bank (issue 18), ACH: autopay enrollments (an owner on My Account, staff from a signed form), prenote and
 * debit files, pending payments applied in the organization's order, returns (bounce with the NSF fee, retries,
 * pauses, change notices), vendor credits and positive pay, all through the real app.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDENDA_98, ADDENDA_99, writeRecord } from '../src/features/ach/nacha.layout.ts';
import { buildNachaFile } from '../src/features/ach/nacha.builder.ts';
import { parseNachaFile } from '../src/features/ach/nacha.parser.ts';
import { parseSecretKey } from '../src/lib/secret-box.ts';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';

const KEY = randomBytes(32).toString('base64');
const ODFI = '121000358';
let t: TestApp;
let admin: { id: string; token: string; email: string };
let manager: { id: string; token: string; email: string };
let ownerUser: { id: string; token: string; email: string };
let operating: { id: string; account_id: string };
let reserveAccount: { id: string };
const owners: Record<string, { id: string; owner_id: string }> = {};
const enrollments: Record<string, string> = {};

type Json = Record<string, unknown>;
const call = (method: string, url: string, body?: unknown, token = admin.token) => t.call(method, url, { token, body });
async function ok<T = Json>(method: string, url: string, body?: unknown, token = admin.token): Promise<T> {
  const res = await call(method, url, body, token);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
const fn = <T = Json>(name: string, params: Json, token = admin.token) => ok<T>('POST', `/functions/${name}`, params, token);
const list = <T = Json>(entity: string, filter?: Json) => ok<T[]>('GET', `/entities/${entity}?limit=500${filter ? `&q=${encodeURIComponent(JSON.stringify(filter))}` : ''}`);
const count = async (table: string) => ((await t.db.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0] as { n: number }).n;

interface Batch {
  batch_id: string;
  file_name: string;
  total: number;
  entries: Array<{ trace_number: string; kind: string; amount: number; owner_id: string | null; payment_id: string | null; bill_id: string | null; bill_payment_id: string | null; retry_of_entry_id: string | null; vendor_id: string | null }>;
}
const debitBatch = (effective: string, token = admin.token) => call('POST', '/functions/createAchDebitBatch', { bank_account_id: operating.id, effective_date: effective }, token);
async function fileOf(batchId: string): Promise<string> {
  const res = await call('GET', `/ach-batches/${batchId}/file`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ACH-(DEBIT|CREDIT)-\d{4}-\d{2}-\d{2}-[A-Z0-9]\.txt"$/);
  return res.body;
}

/**
 * A returns file as the bank sends one: each item a returned entry (code 26) with its 99 addenda, or a notification
 * of change with its 98 addenda. Built with our builder, then the entries' codes and addenda turned into returns.
 */
function returnsFile(date: string, items: Array<{ trace: string; code: string; cents?: number; corrected?: string }>): string {
  const built = buildNachaFile({
    immediate_destination: ODFI, immediate_destination_name: 'FIRST FEDERAL', immediate_origin: '021000021', immediate_origin_name: 'RECEIVING BANK', creation_date: date, creation_time: '0815',
    batches: [{
      sec_code: 'PPD', company_name: 'MAPLE GROVE HOA', company_id: '1234567890', entry_description: 'HOA DUES', effective_date: date, odfi_routing_number: '021000021',
      entries: items.map((it, i) => ({
        direction: 'debit', account_type: 'checking', prenote: !it.cents, routing_number: '021000021', account_number: '12345678', amount_cents: it.cents ?? 0, individual_id: String(i + 1), name: `RETURN ${i + 1}`, addenda: 'X',
      })),
    }],
  });
  const lines = built.text.split('\n');
  let item = 0;
  return lines.map((line, i) => {
    if (line.startsWith('627') || line.startsWith('628')) return `626${line.slice(3)}`;
    if (!line.startsWith('705')) return line;
    const it = items[item++]!;
    const ownTrace = lines[i - 1]!.slice(79, 94);
    return it.code.startsWith('C')
      ? writeRecord(ADDENDA_98, { record_type: '7', addenda_type: '98', change_code: it.code, original_trace_number: it.trace, reserved: '', original_rdfi_identification: ODFI.slice(0, 8), corrected_data: it.corrected ?? '', reserved_2: '', trace_number: ownTrace })
      : writeRecord(ADDENDA_99, { record_type: '7', addenda_type: '99', return_reason_code: it.code, original_trace_number: it.trace, date_of_death: '', original_rdfi_identification: ODFI.slice(0, 8), addenda_information: '', trace_number: ownTrace });
  }).join('\n');
}

async function invoice(ownerId: string, date: string, amount: number) {
  return fn<{ id: string }>('saveInvoice', { owner_id: ownerId, invoice_date: date, due_date: date, status: 'sent', lines: [{ description: 'Monthly dues', quantity: 1, unit_price: amount }] });
}
const balanceOf = async (ownerId: string) => Number((await ok<{ closing_balance: number }>('GET', `/owners/${ownerId}/statement?from=2026-01-01&to=2027-12-31`)).closing_balance);

beforeAll(async () => {
  t = await createTestApp({ bankKey: parseSecretKey(KEY) });
  admin = await createUser(t, 'admin');
  manager = await createUser(t, 'property_manager');
  const accounts = await list<{ id: string; account_id: string; system_key: string }>('BankAccount');
  operating = accounts.find((a) => a.system_key === 'operating')!;
  reserveAccount = accounts.find((a) => a.system_key === 'reserve')!;
  await ok('PUT', `/entities/BankAccount/${operating.id}`, {
    bank_name: 'First Federal', routing_number: '021000021', account_number: '000123456789', ach_company_id: '1234567890', ach_company_name: 'Maple Grove HOA', ach_odfi_routing_number: ODFI,
  });
  const [settings] = await list<{ id: string }>('OrgSettings');
  if (settings) await ok('PUT', `/entities/OrgSettings/${settings.id}`, { company_name: 'Maple Grove HOA', nsf_fee_amount: 25 });
  else await ok('POST', '/entities/OrgSettings', { company_name: 'Maple Grove HOA', nsf_fee_amount: 25 });
  for (const name of ['ana', 'ben', 'cy', 'dee']) {
    const o = await makeOwner(t, admin.token, { first_name: name, last_name: 'Owner' });
    owners[name] = { id: o.id, owner_id: o.owner_id as string };
  }
  ownerUser = await createUser(t, 'owner', { owner_id: owners.ana!.id });
  await invoice(owners.ana!.id, '2026-11-01', 250);
  await invoice(owners.ben!.id, '2026-11-01', 250);
  await invoice(owners.cy!.id, '2026-11-01', 310);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('enrollment', () => {
  it('an owner enrols on My Account: the authorization shown is stored, WEB, authorized now, a prenote first', async () => {
    const page = await ok<{ authorization_text: string; enrollment: null; unavailable_reason: null }>('GET', '/my-account/autopay', undefined, ownerUser.token);
    expect(page.enrollment).toBeNull();
    expect(page.unavailable_reason).toBeNull();
    expect(page.authorization_text).toMatch(/^I authorize Maple Grove HOA to debit/);
    const fields = { account_holder: 'Ana Owner', routing_number: '021000021', account_number: '5550001111', account_type: 'checking', authorization_text: page.authorization_text };
    const unticked = await call('POST', '/my-account/autopay', fields, ownerUser.token);
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().message).toMatch(/accept the authorization/);
    const badRouting = await call('POST', '/my-account/autopay', { ...fields, routing_number: '021000022', accept_authorization: true }, ownerUser.token);
    expect(badRouting.statusCode).toBe(400);
    expect(badRouting.json().message).toMatch(/Routing number 021000022 is not valid/);
    const changed = await call('POST', '/my-account/autopay', { ...fields, authorization_text: 'I agree to anything', accept_authorization: true }, ownerUser.token);
    expect(changed.statusCode).toBe(409);
    const before = Date.now();
    const done = await ok<{ enrollment: Json }>('POST', '/my-account/autopay', { ...fields, accept_authorization: true }, ownerUser.token);
    expect(done.enrollment).toMatchObject({ owner_id: owners.ana!.id, sec_code: 'WEB', status: 'prenote', account_last4: '1111', authorization_text: page.authorization_text, routing_number: '021000021' });
    expect(new Date(done.enrollment.authorized_at as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(done)).not.toContain('5550001111');
    enrollments.ana = done.enrollment.id as string;
    const again = await call('POST', '/my-account/autopay', { ...fields, accept_authorization: true }, ownerUser.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has an autopay enrollment/);
  });

  it('staff enrol an owner from a signed form (PPD); one enrollment in force per owner', async () => {
    const form = { authorized_at: '2026-11-10', authorization_text: 'Signed paper form of 2026-11-10, kept in the office' };
    const ben = await ok<Json>('POST', '/entities/AutopayEnrollment', { owner_id: owners.ben!.id, account_holder: 'Ben Owner', routing_number: '011000015', account_number: '77-66-5544', account_type: 'savings', ...form }, manager.token);
    expect(ben).toMatchObject({ sec_code: 'PPD', status: 'prenote', account_last4: '5544', account_type: 'savings' });
    expect(ben).not.toHaveProperty('account_number_sealed');
    enrollments.ben = ben.id as string;
    enrollments.cy = (await ok<Json>('POST', '/entities/AutopayEnrollment', { owner_id: owners.cy!.id, account_holder: 'Cy Owner', routing_number: '021000021', account_number: '3334445556', account_type: 'checking', ...form })).id as string;
    const dup = await call('POST', '/entities/AutopayEnrollment', { owner_id: owners.ben!.id, account_holder: 'Ben', routing_number: '011000015', account_number: '12345678', account_type: 'checking', ...form });
    expect(dup.statusCode).toBe(409);
    // In a batch too: the second enrollment of one owner sees the first (each is prepared after the one before it).
    const twice = await call('POST', '/entities/AutopayEnrollment/bulk', [1, 2].map((k) => ({ owner_id: owners.dee!.id, account_holder: 'Dee', routing_number: '011000015', account_number: `1234567${k}`, account_type: 'checking', ...form })));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^Item 2: /);
    expect((await ok<Json[]>('GET', `/entities/AutopayEnrollment?q=${encodeURIComponent(JSON.stringify({ owner_id: owners.dee!.id }))}`)).length).toBe(0);
    const future = await call('POST', '/entities/AutopayEnrollment', { owner_id: owners.dee!.id, account_holder: 'Dee', routing_number: '011000015', account_number: '12345678', account_type: 'checking', authorized_at: '2099-01-01', authorization_text: 'x' });
    expect(future.statusCode).toBe(400);
    // An owner reads their own enrollment only; they cannot create one through the generic call.
    const mine = await ok<Json[]>('GET', '/entities/AutopayEnrollment', undefined, ownerUser.token);
    expect(mine.map((e) => e.id)).toEqual([enrollments.ana]);
    expect((await call('GET', `/entities/AutopayEnrollment/${enrollments.ben}`, undefined, ownerUser.token)).statusCode).toBe(404);
    expect((await call('POST', '/entities/AutopayEnrollment', { owner_id: owners.ana!.id, account_holder: 'A', routing_number: '011000015', account_number: '12345678', account_type: 'checking', ...form }, ownerUser.token)).statusCode).toBe(403);
    expect((await call('POST', `/my-account/autopay/${enrollments.ben}/cancel`, undefined, ownerUser.token)).statusCode).toBe(404);
  });
});

let prenoteTraces: string[] = [];
let debit: Batch;

describe('debit files', () => {
  it('refuses a bank account without ACH settings, naming what is missing, and an owner', async () => {
    const res = await call('POST', '/functions/createAchDebitBatch', { bank_account_id: reserveAccount.id, effective_date: '2026-12-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/lacks the ACH company ID, the ACH company name, the originating bank routing number, the account number/);
    expect((await debitBatch('2026-12-01', ownerUser.token)).statusCode).toBe(403);
  });

  it('the first file carries zero-amount prenotes (28 checking, 38 savings) and records no payment', async () => {
    const payments = await count('payments');
    const res = await debitBatch('2026-12-01');
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json() as Batch;
    expect(batch.total).toBe(0);
    expect(batch.entries.map((e) => [e.kind, e.amount, e.payment_id])).toEqual([['prenote', 0, null], ['prenote', 0, null], ['prenote', 0, null]]);
    prenoteTraces = batch.entries.map((e) => e.trace_number);
    expect(prenoteTraces).toEqual(['121000350000001', '121000350000002', '121000350000003']);
    const file = parseNachaFile(await fileOf(batch.batch_id));
    const codes = file.batches.flatMap((b) => b.entries.map((e) => [b.sec_code, e.transaction_code, e.amount_cents]));
    expect(codes.sort()).toEqual([['PPD', '28', 0], ['PPD', '38', 0], ['WEB', '28', 0]].sort());
    expect(await count('payments')).toBe(payments);
    expect((await list<Json>('AutopayEnrollment', { id: enrollments.ben })).at(0)).toMatchObject({ status: 'prenote', prenote_sent_on: '2026-12-01' });
  });

  it('nothing due (prenotes still waiting): 409 with the reason, nothing stored', async () => {
    const batches = await count('ach_batches');
    const res = await debitBatch('2026-12-04');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ach_batch_empty' });
    expect(res.json().message).toMatch(/Nothing to debit from Operating checking on 2026-12-04/);
    expect(await count('ach_batches')).toBe(batches);
  });

  it('six days after the prenotes: the enrollments are active and debited their balances as pending payments, applied in order', async () => {
    const res = await debitBatch('2026-12-08');
    expect(res.statusCode, res.body).toBe(200);
    debit = res.json() as Batch;
    expect(Object.fromEntries(debit.entries.map((e) => [e.owner_id, [e.kind, e.amount]]))).toEqual({
      [owners.ana!.id]: ['debit', 250], [owners.ben!.id]: ['debit', 250], [owners.cy!.id]: ['debit', 310],
    });
    expect(debit.total).toBe(810);
    expect(debit.entries.map((e) => e.trace_number).sort()).toEqual(['121000350000004', '121000350000005', '121000350000006']);
    for (const e of debit.entries) {
      const p = await ok<Json>('GET', `/entities/Payment/${e.payment_id}`);
      expect(p).toMatchObject({ status: 'pending', payment_method: 'bank_transfer', reference_number: e.trace_number, amount: e.amount, payment_date: '2026-12-08', deposit_account_id: operating.account_id });
      expect(await balanceOf(e.owner_id!)).toBe(0);
    }
    for (const id of Object.values(enrollments)) expect((await list<Json>('AutopayEnrollment', { id }))[0]).toMatchObject({ status: 'active' });
    // The file: 94-character records, a multiple of ten, entry hash and totals as the parser recomputes them.
    const text = await fileOf(debit.batch_id);
    const lines = text.trimEnd().split('\n');
    expect(lines.every((l) => l.length === 94)).toBe(true);
    expect(lines.length % 10).toBe(0);
    const file = parseNachaFile(text);
    const entries = file.batches.flatMap((b) => b.entries);
    expect(entries.reduce((s, e) => s + e.amount_cents, 0)).toBe(81_000);
    const hash = entries.reduce((s, e) => s + Number(e.routing_number.slice(0, 8)), 0) % 10_000_000_000;
    const control = lines.find((l) => l.startsWith('9') && !/^9+$/.test(l))!;
    expect(Number(control.slice(21, 31))).toBe(hash);
    expect(Number(control.slice(31, 43))).toBe(81_000);
    expect(Number(control.slice(43, 55))).toBe(0);
    expect(file.batches.every((b) => b.entry_description === 'HOA DUES' && b.effective_date === '2026-12-08')).toBe(true);
  });

  it('the next file has nothing to debit (balances paid by the pending payments)', async () => {
    expect((await debitBatch('2026-12-09')).statusCode).toBe(409);
  });
});

const traceOf = (ownerKey: string, batch: Batch = debit) => batch.entries.find((e) => e.owner_id === owners[ownerKey]!.id)!;

describe('returns', () => {
  it('a malformed returns file is refused naming the line, and nothing is applied', async () => {
    const good = returnsFile('2026-12-10', [{ trace: traceOf('ana').trace_number, code: 'R01', cents: 25_000 }]);
    const broken = good.split('\n').map((l, i) => (i === 2 ? l.slice(0, 80) : l)).join('\n');
    const res = await call('POST', '/functions/importAchReturns', { file_text: broken });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Line 3/);
    const unknown = returnsFile('2026-12-10', [{ trace: traceOf('ana').trace_number, code: 'R01', cents: 25_000 }, { trace: '121000359999999', code: 'R01', cents: 100 }]);
    const missing = await call('POST', '/functions/importAchReturns', { file_text: unknown });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/121000359999999/);
    expect((await ok<Json>('GET', `/entities/Payment/${traceOf('ana').payment_id}`)).status).toBe('pending');
  });

  it('R01 bounces the payment with the NSF fee invoice and is presented again; R02 pauses autopay; C01 corrects the account', async () => {
    const file = returnsFile('2026-12-10', [
      { trace: traceOf('ana').trace_number, code: 'R01', cents: 25_000 },
      { trace: traceOf('cy').trace_number, code: 'R02', cents: 31_000 },
      { trace: traceOf('ben').trace_number, code: 'C01', corrected: '99887766' },
    ]);
    const answer = await fn<{ returns: Json[]; notices: Json[] }>('importAchReturns', { file_text: file });
    expect(answer.returns).toMatchObject([
      { trace_number: traceOf('ana').trace_number, return_code: 'R01', reason: 'R01 Insufficient funds', outcome: 'bounced', retry_scheduled: true, enrollment_paused: false },
      { trace_number: traceOf('cy').trace_number, return_code: 'R02', reason: 'R02 Account closed', outcome: 'bounced', retry_scheduled: false, enrollment_paused: true },
    ]);
    expect(answer.notices).toMatchObject([{ change_code: 'C01', outcome: 'applied', enrollment_id: enrollments.ben }]);
    const anaPayment = await ok<Json>('GET', `/entities/Payment/${traceOf('ana').payment_id}`);
    expect(anaPayment).toMatchObject({ status: 'bounced', bounce_reason: 'R01 Insufficient funds', bounced_date: '2026-12-10' });
    const fee = await ok<Json>('GET', `/entities/Invoice/${answer.returns[0]!.fee_invoice_id}`);
    expect(fee).toMatchObject({ owner_id: owners.ana!.id, total_amount: 25, invoice_date: '2026-12-10', status: 'sent' });
    expect(await balanceOf(owners.ana!.id)).toBe(275);
    expect((await list<Json>('AutopayEnrollment', { id: enrollments.cy }))[0]).toMatchObject({ status: 'paused', status_reason: 'Debit returned: R02 Account closed' });
    expect((await list<Json>('AutopayEnrollment', { id: enrollments.ben }))[0]).toMatchObject({ account_last4: '7766', status: 'active' });
    // The same file again: answered as already applied, no second bounce, no second fee.
    const invoices = await count('invoices');
    const again = await fn<{ returns: Json[]; notices: Json[] }>('importAchReturns', { file_text: file });
    expect(again.returns.map((r) => r.outcome)).toEqual(['already_applied', 'already_applied']);
    expect(again.notices.map((n) => n.outcome)).toEqual(['already_applied']);
    expect(await count('invoices')).toBe(invoices);
  });

  it('the next debit file presents the R01 debit again as RETRY PYMT, at most twice; the third R01 is not retried', async () => {
    let root = traceOf('ana');
    const rootEntry = (await t.db.db.execute(sql`select id from ach_entries where trace_number = ${root.trace_number}`)).rows[0] as { id: string };
    for (const round of [1, 2]) {
      const res = await debitBatch(`2026-12-1${round + 1}`);
      expect(res.statusCode, res.body).toBe(200);
      const batch = res.json() as Batch;
      const retry = traceOf('ana', batch);
      expect(retry).toMatchObject({ kind: 'debit', amount: 250, retry_of_entry_id: rootEntry.id });
      const file = parseNachaFile(await fileOf(batch.batch_id));
      const retryBatch = file.batches.find((b) => b.entries.some((e) => e.trace_number === retry.trace_number))!;
      expect(retryBatch.entry_description).toBe('RETRY PYMT');
      expect(retryBatch.sec_code).toBe('WEB');
      expect(batch.entries.filter((e) => e.owner_id === owners.ana!.id)).toHaveLength(1);
      const answer = await fn<{ returns: Json[] }>('importAchReturns', { trace_number: retry.trace_number, return_code: 'R01', date: `2026-12-1${round + 2}` });
      expect(answer.returns[0]).toMatchObject({ outcome: 'bounced', retry_scheduled: round === 1 });
      root = retry;
    }
    expect((await list<Json>('AutopayEnrollment', { id: enrollments.ana }))[0]).toMatchObject({ status: 'paused' });
    const after = await debitBatch('2026-12-20');
    expect(after.statusCode).toBe(409);
  });

  it('a returned prenote pauses the enrollment, which never becomes active', async () => {
    const dee = await ok<Json>('POST', '/entities/AutopayEnrollment', { owner_id: owners.dee!.id, account_holder: 'Dee Owner', routing_number: '011000015', account_number: '12121212', account_type: 'checking', authorized_at: '2026-11-20', authorization_text: 'Signed form' });
    await invoice(owners.dee!.id, '2026-11-01', 99);
    const prenote = (await debitBatch('2026-12-21')).json() as Batch;
    const entry = traceOf('dee', prenote);
    expect(entry.kind).toBe('prenote');
    const answer = await fn<{ returns: Json[] }>('importAchReturns', { trace_number: entry.trace_number, return_code: 'R03', date: '2026-12-22' });
    expect(answer.returns[0]).toMatchObject({ outcome: 'prenote_returned', enrollment_paused: true });
    expect((await list<Json>('AutopayEnrollment', { id: dee.id }))[0]).toMatchObject({ status: 'paused', status_reason: 'Prenote returned: R03 No account or unable to locate account' });
    expect((await debitBatch('2026-12-31')).statusCode).toBe(409);
  });

  it('an owner cancels their own enrollment on My Account', async () => {
    const res = await ok<{ enrollment: Json }>('POST', `/my-account/autopay/${enrollments.ana}/cancel`, undefined, ownerUser.token);
    expect(res.enrollment).toMatchObject({ id: enrollments.ana, status: 'cancelled' });
  });
});

describe('vendor credits and positive pay', () => {
  let expense = '';
  const vendorIds: string[] = [];
  let credits: Batch;
  const billIds: string[] = [];
  beforeAll(async () => {
    expense = (await ok<{ id: string }>('POST', '/entities/ChartOfAccount', { account_number: '5901', account_name: 'Landscaping', account_type: 'expense' })).id;
    for (const [name, routing, number] of [['Green Lawns', '021000021', '44455566'], ['Pool Pros', '011000015', '9988776655']] as const) {
      const v = await ok<Json>('POST', '/entities/Vendor', { vendor_name: name, bank_routing_number: routing, bank_account_number: number, bank_account_type: 'checking' });
      expect(v).toMatchObject({ bank_account_last4: number.slice(-4), bank_routing_number: routing });
      expect(v).not.toHaveProperty('bank_account_number_sealed');
      vendorIds.push(v.id as string);
    }
    for (const [i, vendor] of vendorIds.entries()) {
      billIds.push((await fn<{ id: string }>('saveBill', { vendor_id: vendor, bill_number: `ACH-B${i + 1}`, bill_date: '2026-12-01', lines: [{ quantity: 1, unit_price: 120 + i * 30, account_id: expense }] })).id);
    }
  });

  it('pays two bills of two vendors by CCD credits: bill payments recorded, balances 0', async () => {
    const batch = (credits = await fn<Batch>('createAchCreditBatch', { bank_account_id: operating.id, bill_ids: billIds, effective_date: '2026-12-05' }));
    expect(batch.total).toBe(270);
    expect(batch.entries.map((e) => [e.kind, e.amount, e.vendor_id])).toEqual([['credit', 120, vendorIds[0]], ['credit', 150, vendorIds[1]]]);
    for (const e of batch.entries) {
      const bp = await ok<Json>('GET', `/entities/BillPayment/${e.bill_payment_id}`);
      expect(bp).toMatchObject({ bill_id: e.bill_id, payment_method: 'bank_transfer', reference_number: e.trace_number, amount: e.amount, cash_account_id: operating.account_id });
      expect(await ok<Json>('GET', `/entities/Bill/${e.bill_id}`)).toMatchObject({ balance_due: 0, status: 'paid' });
    }
    const file = parseNachaFile(await fileOf(batch.batch_id));
    expect(file.batches).toHaveLength(1);
    expect(file.batches[0]).toMatchObject({ sec_code: 'CCD', service_class_code: '220', entry_description: 'VENDOR PMT' });
    expect(file.batches[0]!.entries.map((e) => [e.transaction_code, e.amount_cents, e.account_number])).toEqual([['22', 12_000, '44455566'], ['22', 15_000, '9988776655']]);
    const listed = await list<Json>('AchBatch', { id: batch.batch_id });
    expect(listed[0]).toMatchObject({ direction: 'credit', entry_count: 2, total: 270 });
    expect(listed[0]).not.toHaveProperty('file_text');
    // A paid bill is not open any more.
    const paid = await call('POST', '/functions/createAchCreditBatch', { bank_account_id: operating.id, bill_ids: [billIds[0]], effective_date: '2026-12-06' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toMatch(/Bill ACH-B1 is paid/);
  });

  it('a returned credit is reported for a person; a change notice corrects the vendor\'s account', async () => {
    const [first, second] = credits.entries;
    const file = returnsFile('2026-12-07', [{ trace: first!.trace_number, code: 'R03', cents: 12_000 }, { trace: second!.trace_number, code: 'C01', corrected: '5556667778' }]);
    const answer = await fn<{ returns: Json[]; notices: Json[] }>('importAchReturns', { file_text: file });
    expect(answer.returns[0]).toMatchObject({ outcome: 'credit_returned', reason: 'R03 No account or unable to locate account' });
    expect(answer.notices[0]).toMatchObject({ outcome: 'applied', vendor_id: vendorIds[1] });
    expect(await ok<Json>('GET', `/entities/Vendor/${vendorIds[1]}`)).toMatchObject({ bank_account_last4: '7778' });
    expect(await ok<Json>('GET', `/entities/BillPayment/${first!.bill_payment_id}`)).toMatchObject({ amount: 120 });
  });

  it('a vendor without bank details is refused by name, nothing recorded', async () => {
    const plain = await ok<Json>('POST', '/entities/Vendor', { vendor_name: 'Cash Only Plumbing' });
    const bill = await fn<{ id: string }>('saveBill', { vendor_id: plain.id, bill_number: 'ACH-B3', bill_date: '2026-12-01', lines: [{ quantity: 1, unit_price: 80, account_id: expense }] });
    const payments = await count('bill_payments');
    const res = await call('POST', '/functions/createAchCreditBatch', { bank_account_id: operating.id, bill_ids: [bill.id], effective_date: '2026-12-05' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Cash Only Plumbing has no bank details for ACH/);
    expect(await count('bill_payments')).toBe(payments);
  });

  it('positive pay lists the checks issued from the account, a deleted one as void', async () => {
    const bills = [];
    for (const n of [4, 5]) bills.push((await fn<{ id: string }>('saveBill', { vendor_id: vendorIds[0], bill_number: `CHK-${n}`, bill_date: '2026-12-01', lines: [{ quantity: 1, unit_price: 40 + n, account_id: expense }] })).id);
    const first = await ok<Json>('POST', '/entities/BillPayment', { bill_id: bills[0], amount: 44, payment_date: '2026-12-03', check_number: '1001', cash_account_id: operating.account_id });
    await ok<Json>('POST', '/entities/BillPayment', { bill_id: bills[1], amount: 45, payment_date: '2026-12-04', check_number: '1002', cash_account_id: operating.account_id });
    await ok('DELETE', `/entities/BillPayment/${first.id}`);
    const res = await call('GET', `/bank-accounts/${operating.id}/positive-pay?from=2026-12-01&to=2026-12-31`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.trim().split(/\r?\n/)).toEqual(['Check Number,Issue Date,Amount,Payee,Void', '1001,2026-12-03,44.00,Green Lawns,Y', '1002,2026-12-04,45.00,Green Lawns,N']);
    expect((await call('GET', `/bank-accounts/${operating.id}/positive-pay?from=2026-12-01&to=2026-12-31`, undefined, ownerUser.token)).statusCode).toBe(403);
    expect((await call('GET', `/bank-accounts/${operating.id}/positive-pay?from=2026-12-31&to=2026-12-01`)).statusCode).toBe(400);
  });
});

describe('without BANK_ENCRYPTION_KEY', () => {
  it('bank details cannot be saved, and My Account says why', async () => {
    const bare = await createTestApp();
    try {
      const boss = await createUser(bare, 'admin');
      const o = await makeOwner(bare, boss.token);
      const user = await createUser(bare, 'owner', { owner_id: o.id });
      const page = (await bare.call('GET', '/my-account/autopay', { token: user.token })).json();
      expect(page.unavailable_reason).toMatch(/BANK_ENCRYPTION_KEY/);
      const res = await bare.call('POST', '/my-account/autopay', { token: user.token, body: { account_holder: 'X', routing_number: '021000021', account_number: '12345678', account_type: 'checking', authorization_text: page.authorization_text, accept_authorization: true } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('bank_key_missing');
      const vendor = await bare.call('POST', '/entities/Vendor', { token: boss.token, body: { vendor_name: 'V', bank_account_number: '12345678' } });
      expect(vendor.statusCode).toBe(400);
      expect(vendor.json().code).toBe('bank_key_missing');
    } finally {
      await bare.close();
    }
  });
});
