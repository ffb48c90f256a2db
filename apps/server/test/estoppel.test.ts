import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@covenant/contracts/documents';
import type { EstoppelFigures } from '@covenant/contracts/estoppel';
import { today } from '../src/lib/context.ts';
import { addBusinessDays } from '../src/features/state-law/business-days.ts';
import { issueInvoice, pay, pdfText, setLetterhead } from './documents-helpers.ts';
import { createTestApp, createUser, makeOwner, makeProperty, type TestApp } from './helpers.ts';
import { fundsAndAccounts } from './ledger-helpers.ts';

let t: TestApp;
const tok = {} as Record<'admin' | 'manager' | 'board' | 'owner', string>;
const unit = {} as Record<'a' | 'b' | 'late', string>;
const owner = {} as Record<'a' | 'b' | 'late', string>;
let todayIs = '';
let settingsId = '';

type Req = {
  id: string; status: string; requested_on: string; due_on: string; fee_amount: string | number; fee_rule: string | null; fee_message: string | null; delinquent: boolean;
  valid_until: string | null; issued_on: string | null; figures: EstoppelFigures | null;
};

const call = (method: string, url: string, body?: unknown, as = tok.admin) => t.call(method, url, { token: as, body });
async function ok<T = Req>(method: string, url: string, body?: unknown, as = tok.admin): Promise<T> {
  const res = await call(method, url, body, as);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
const request = (body: Record<string, unknown>, as = tok.admin) => ok('POST', '/entities/EstoppelRequest', { requester_name: 'Title Co.', requester_email: 'closing@title.example', ...body }, as);
const issue = (id: string) => ok('POST', '/functions/issueEstoppelCertificate', { id });
const fee = (r: Req) => Number(r.fee_amount);

beforeAll(async () => {
  t = await createTestApp();
  tok.admin = (await createUser(t, 'admin')).token;
  tok.manager = (await createUser(t, 'property_manager')).token;
  tok.board = (await createUser(t, 'board_member')).token;
  await setLetterhead(t, tok.admin, { state: 'FL' });
  const settings = await ok<Array<{ id: string }>>('GET', '/entities/OrgSettings');
  settingsId = settings[0]!.id;
  await ok('PUT', `/entities/OrgSettings/${settingsId}`, { state: 'FL' });
  owner.a = (await makeOwner(t, tok.admin, { owner_id: '720001', first_name: 'Ada', last_name: 'Seller' })).id;
  owner.b = (await makeOwner(t, tok.admin, { owner_id: '720002', first_name: 'Bea', last_name: 'Behind' })).id;
  owner.late = (await makeOwner(t, tok.admin, { owner_id: '720003', first_name: 'Cal', last_name: 'Current' })).id;
  unit.a = (await makeProperty(t, tok.admin, { unit_number: 'E-1', street_address: '1 Estoppel Way' })).id;
  unit.b = (await makeProperty(t, tok.admin, { unit_number: 'E-2' })).id;
  unit.late = (await makeProperty(t, tok.admin, { unit_number: 'E-3' })).id;
  await ok('POST', '/entities/OwnerProperty', { owner_id: owner.a, property_id: unit.a, start_date: '2020-01-01' });
  await ok('POST', '/entities/OwnerProperty', { owner_id: owner.b, property_id: unit.b, start_date: '2020-01-01' });
  await ok('POST', '/entities/OwnerProperty', { owner_id: owner.late, property_id: unit.late, start_date: '2020-01-01' });
  tok.owner = (await createUser(t, 'owner', { owner_id: owner.a })).token;
  todayIs = await today(t.systemCtx());
}, 120_000);
afterAll(async () => t?.close());

describe('due dates and Florida fees', () => {
  it.each([
    ['2026-11-25', false, '2026-12-10'], // the day before Thanksgiving
    ['2026-11-25', true, '2026-12-01'],
    ['2025-12-24', false, '2026-01-09'], // Christmas Eve: Christmas and New Year's Day skipped
    ['2025-12-24', true, '2025-12-30'],
    ['2026-07-02', false, '2026-07-17'], // Independence Day observed Friday July 3
    ['2026-07-02', true, '2026-07-08'],
    ['2026-01-16', false, '2026-02-02'], // Martin Luther King Jr. Day
    ['2026-05-22', true, '2026-05-28'], // Memorial Day
    ['2026-06-17', false, '2026-07-02'], // Juneteenth
    ['2026-03-07', false, '2026-03-20'], // received on a Saturday
  ])('requested %s rush=%s: due %s', async (requested_on, rush, due) => {
    const r = await request({ property_id: unit.a, requested_on, rush });
    expect(r).toMatchObject({ status: 'requested', requested_on, due_on: due, fee_rule: 'Fla. Stat. § 720.30851', delinquent: false });
    // Quoted for delivery on time: $299, plus $119 for rush.
    expect(fee(r)).toBe(rush ? 418 : 299);
  });

  it('issued on time: $299; with rush delivered within 3 business days: $418; valid 30 days', async () => {
    const plain = await issue((await request({ property_id: unit.a })).id);
    expect(plain).toMatchObject({ status: 'issued', issued_on: todayIs, valid_until: addDays(todayIs, 30) });
    expect(fee(plain)).toBe(299);
    const rush = await issue((await request({ property_id: unit.a, rush: true })).id);
    expect(fee(rush)).toBe(418);
    expect(rush.figures!.fee_cents).toBe(41_800);
  });

  it('rush asked but issued after the rush period: the rush part is dropped', async () => {
    const requested_on = addBusinessDays(todayIs, -5);
    const r = await request({ property_id: unit.a, requested_on, rush: true });
    expect(fee(r)).toBe(418);
    const issued = await issue(r.id);
    expect(fee(issued)).toBe(299);
    expect(issued.fee_message).toMatch(/rush fee is not due/);
  });

  it('issued after the 10 business days: no fee', async () => {
    const r = await request({ property_id: unit.a, requested_on: '2026-10-01' });
    expect(r.due_on).toBe('2026-10-16'); // Columbus Day (October 12) is skipped
    const issued = await issue(r.id);
    expect(fee(issued)).toBe(0);
    expect(issued.fee_message).toMatch(/no fee may be charged/);
  });

  it('delinquent on the day requested: +$179 (an invoice past due that day, as the aging reads it)', async () => {
    // Billed 60 days ago, due 45 days ago: past due today; not yet due on a day before its due date.
    const invoiceDate = addDays(todayIs, -60);
    await issueInvoice(t, tok.admin, owner.b, invoiceDate, 120, { property_id: unit.b });
    const now = await request({ property_id: unit.b });
    expect(now.delinquent).toBe(true);
    expect(fee(now)).toBe(478);
    expect(fee(await issue(now.id))).toBe(478);
    const before = await request({ property_id: unit.b, requested_on: addDays(invoiceDate, 10) });
    expect(before.delinquent).toBe(false);
    expect(fee(before)).toBe(299);
    // A unit whose owner owes nothing past due is not delinquent.
    expect((await request({ property_id: unit.late })).delinquent).toBe(false);
  });

  it('refuses a request in the future, before the statute, for a unknown unit, and a second issue', async () => {
    const future = await call('POST', '/entities/EstoppelRequest', { property_id: unit.a, requester_name: 'X', requested_on: addDays(todayIs, 1) });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(/cannot be after today/);
    const old = await call('POST', '/entities/EstoppelRequest', { property_id: unit.a, requester_name: 'X', requested_on: '2010-01-04' });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toMatch(/Florida rules from 2017-07-01/);
    const noUnit = await call('POST', '/entities/EstoppelRequest', { property_id: '0123456789abcdef01234567', requester_name: 'X' });
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json().message).toMatch(/Unit does not exist/);
    const r = await request({ property_id: unit.a });
    await issue(r.id);
    const again = await call('POST', '/functions/issueEstoppelCertificate', { id: r.id });
    expect(again.statusCode).toBe(409);
    expect((await call('POST', '/functions/cancelEstoppelRequest', { id: r.id })).statusCode).toBe(409);
    expect((await call('DELETE', `/entities/EstoppelRequest/${r.id}`)).json().code).toBe('estoppel_issued');
    const missing = await call('POST', '/functions/issueEstoppelCertificate', { id: '0123456789abcdef01234567' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/not found/i);
  });

  it('cancels a request: no fee, no certificate', async () => {
    const r = await request({ property_id: unit.a });
    const cancelled = await ok('POST', '/functions/cancelEstoppelRequest', { id: r.id });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_on: todayIs });
    expect(fee(cancelled)).toBe(0);
    expect((await call('GET', `/estoppel-requests/${r.id}/certificate`)).statusCode).toBe(404);
    expect((await call('POST', '/functions/issueEstoppelCertificate', { id: r.id })).statusCode).toBe(409);
  });

  it('outside Florida the organization fee settings apply', async () => {
    await ok('PUT', `/entities/OrgSettings/${settingsId}`, { state: 'TX', estoppel_fee: 150, estoppel_rush_fee: 75 });
    try {
      const r = await request({ property_id: unit.a, rush: true, requested_on: '2026-10-01' });
      expect(fee(r)).toBe(225);
      expect(r.fee_message).toMatch(/organization's fee settings/);
      // No statute voids a late fee there, nor limits the validity.
      const issued = await issue(r.id);
      expect(fee(issued)).toBe(150);
      expect(issued.valid_until).toBeNull();
    } finally {
      await ok('PUT', `/entities/OrgSettings/${settingsId}`, { state: 'FL', estoppel_fee: null, estoppel_rush_fee: null });
    }
  });
});

describe('the certificate', () => {
  it('states the ledger: amounts by kind, credit and balance equal the owner\'s statement; paid through; what falls due', async () => {
    const { accounts } = await fundsAndAccounts(t, tok.admin);
    const dues = await ok<{ id: string }>('POST', '/entities/Product', { product_code: 'EDUES', description: 'Dues', unit_price: 0, account_id: accounts['4000'] });
    const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
    const start = monthStart(addDays(monthStart(todayIs), -62)); // three months before this month
    await ok('POST', '/entities/AssessmentSchedule', { name: 'Estoppel dues', product_id: dues.id, frequency: 'monthly', amount_basis: 'fixed', amount: 250, start_date: start, property_ids: [unit.a] });
    await ok('POST', '/functions/runAssessments', { as_of: todayIs });
    const invoices = await ok<Array<{ id: string; invoice_date: string; property_id: string }>>('GET', `/entities/Invoice?owner_id=${owner.a}&sort=invoice_date`);
    const duesInvoices = invoices.filter((i) => i.property_id === unit.a);
    expect(duesInvoices.length).toBeGreaterThanOrEqual(3);
    // The first month paid; an "other" charge of the unit; 30.00 paid on account (credit).
    await pay(t, tok.admin, owner.a, duesInvoices[0]!.invoice_date, 250, [duesInvoices[0]!.id]);
    await issueInvoice(t, tok.admin, owner.a, addDays(todayIs, -3), 40, { property_id: unit.a, lines: [{ description: 'Key fob', quantity: 1, unit_price: 40, account_id: accounts['4900'] }] });
    // A late fee of the unit (late fee income).
    await issueInvoice(t, tok.admin, owner.a, addDays(todayIs, -2), 15, { property_id: unit.a, lines: [{ description: 'Late fee', quantity: 1, unit_price: 15, account_id: accounts['4100'] }] });
    // A violation and an architectural request pending on the unit.
    const type = await ok<{ id: string }>('POST', '/entities/ViolationType', { name: 'Trash cans out', cure_days: 7, fine_amount: 50 });
    await ok('POST', '/functions/recordViolation', { property_id: unit.a, violation_type_id: type.id });
    await ok('POST', '/functions/submitArchitecturalRequest', { property_id: unit.a, category: 'fence', description: 'A new fence' });

    const r = await issue((await request({ property_id: unit.a })).id);
    const f = r.figures!;
    const statement = await ok<{ closing_balance: number; unapplied_credit: number; aging: { total: number } }>('GET', `/owners/${owner.a}/statement?to=${todayIs}`);
    const dueTotal = f.due_by_kind.assessments_cents + f.due_by_kind.late_fees_cents + f.due_by_kind.fines_cents + f.due_by_kind.other_cents;
    expect(dueTotal).toBe(Math.round(statement.aging.total * 100));
    expect(f.credit_cents).toBe(Math.round(statement.unapplied_credit * 100));
    expect(f.balance_cents).toBe(Math.round(statement.closing_balance * 100));
    expect(f.due_by_kind).toEqual({ assessments_cents: 25_000 * (duesInvoices.length - 1), late_fees_cents: 1_500, fines_cents: 0, other_cents: 4_000 });
    expect(f.owners).toEqual([expect.objectContaining({ name: 'Ada Seller', owner_number: '720001', start_date: '2020-01-01' })]);
    expect(f.assessments).toEqual([{ name: 'Estoppel dues', frequency: 'monthly', amount_cents: 25_000, special: false }]);
    // The first month is paid, the second open: paid through the end of the first.
    expect(f.paid_through).toBe(addDays(monthStart(addDays(start, 31)), -1));
    // Each month's dues fall due on the 16th (invoice day 1 + 15 days); the validity period holds those after today.
    // The key fob and the late fee are open and due 15 days after they were billed: inside the period too.
    const expected: Array<{ date: string; cents: number }> = [{ date: addDays(todayIs, 12), cents: 4_000 }, { date: addDays(todayIs, 13), cents: 1_500 }];
    for (let m = start; m <= addDays(todayIs, 31); m = monthStart(addDays(m, 32))) {
      const due = addDays(m, 15);
      if (due > todayIs && due <= f.valid_until!) expected.push({ date: due, cents: 25_000 });
    }
    expected.sort((a, b) => a.date.localeCompare(b.date) || a.cents - b.cents);
    expect(f.falls_due.map((x) => ({ date: x.date, cents: x.cents })).sort((a, b) => a.date.localeCompare(b.date) || a.cents - b.cents)).toEqual(expected);
    expect(f.open_violations).toEqual([expect.objectContaining({ type: 'Trash cans out', status: 'open' })]);
    expect(f.architectural_requests).toEqual([expect.objectContaining({ category: 'fence', status: 'submitted' })]);
    expect(f.collection_stage).toBeNull();

    // The PDF prints the frozen figures; a later payment changes the ledger, not the certificate.
    const pdf = await call('GET', `/estoppel-requests/${r.id}/certificate`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Estoppel Certificate');
    expect(text).toContain('Ada Seller');
    expect(text).toContain('Unit E-1, 1 Estoppel Way\n');
    expect(text).toContain(`$${(f.balance_cents / 100).toFixed(2)}`);
    await pay(t, tok.admin, owner.a, todayIs, 100);
    const again = await ok('GET', `/entities/EstoppelRequest/${r.id}`);
    expect(again.figures).toEqual(f);
  });
});

describe('who sees requests', () => {
  it('staff write; the board reads; owners are refused', async () => {
    const r = await request({ property_id: unit.a }, tok.manager);
    expect((await ok<Array<{ id: string; unit_number: string; is_overdue: boolean }>>('GET', '/estoppel-requests', undefined, tok.board)).map((x) => x.id)).toContain(r.id);
    const boardIssue = await call('POST', '/functions/issueEstoppelCertificate', { id: r.id }, tok.board);
    expect(boardIssue.statusCode).toBe(403);
    for (const url of ['/estoppel-requests', `/entities/EstoppelRequest/${r.id}`, `/estoppel-requests/${r.id}/certificate`, '/entities/EstoppelRequest']) {
      expect((await call('GET', url, undefined, tok.owner)).statusCode, url).toBe(403);
    }
    expect((await call('POST', '/functions/issueEstoppelCertificate', { id: r.id }, tok.owner)).statusCode).toBe(403);
  });

  it('marks overdue requests in the list, by due date', async () => {
    const old = await request({ property_id: unit.a, requested_on: '2026-09-01' });
    const list = await ok<Array<{ id: string; unit_number: string; is_overdue: boolean; fee_amount: number }>>('GET', '/estoppel-requests?status=requested');
    expect(list.find((x) => x.id === old.id)).toMatchObject({ unit_number: 'E-1', is_overdue: true, fee_amount: 299 });
  });
});
