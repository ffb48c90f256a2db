import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';
import { issueInvoice, pay, pdfText, setLetterhead } from './documents-helpers.ts';

let t: TestApp;
let admin: string;
let ownerA: { id: string };
let ownerB: { id: string };
let userA: string;
type Issued = { id: string; invoice_number: string };
const inv = {} as Record<'jan' | 'feb' | 'fee' | 'mar' | 'other', Issued>;
let bigPayment: { payment_number: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, 'admin')).token;
  await setLetterhead(t, admin);
  ownerA = await makeOwner(t, admin, { owner_id: '700001', first_name: 'Ada', last_name: 'Lovelace', mailing_address: '1 Analytical Way', city: 'Springfield', state: 'IL', zip_code: '62701' });
  ownerB = await makeOwner(t, admin, { owner_id: '700002', first_name: 'Bob', last_name: 'Other' });
  userA = (await createUser(t, 'owner', { owner_id: ownerA.id })).token;

  // January: 250.00 billed, 100.00 paid on it.
  inv.jan = await issueInvoice(t, admin, ownerA.id, '2026-01-01', 250);
  await pay(t, admin, ownerA.id, '2026-01-10', 100, [inv.jan.id]);
  // February: 250.00 and 75.25 billed; 500.00 paid (150.00 to January, 350.00 left as credit); the 75.25 cancelled.
  inv.feb = await issueInvoice(t, admin, ownerA.id, '2026-02-01', 250);
  inv.fee = await issueInvoice(t, admin, ownerA.id, '2026-02-05', 75.25);
  bigPayment = await pay(t, admin, ownerA.id, '2026-02-20', 500, [inv.jan.id]);
  const cancel = await t.call('POST', '/functions/cancelInvoice', { token: admin, body: { id: inv.fee.id, date: '2026-02-25', reason: 'Billed in error' } });
  expect(cancel.statusCode, cancel.body).toBe(200);
  // March, outside the period; and another owner's invoice.
  inv.mar = await issueInvoice(t, admin, ownerA.id, '2026-03-01', 250);
  inv.other = await issueInvoice(t, admin, ownerB.id, '2026-02-01', 999);
});
afterAll(async () => t?.close());

const statement = (ownerId: string, query: string, token = admin) => t.call('GET', `/owners/${ownerId}/statement?${query}`, { token });

describe('owner statement (JSON)', () => {
  it('gives the opening balance, each line with its running balance, the closing balance and the aging (hand-computed)', async () => {
    const res = await statement(ownerA.id, 'from=2026-02-01&to=2026-02-28');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s.opening_balance).toBe(150); // 250.00 − 100.00
    expect(s.lines.map((l: Record<string, unknown>) => [l.date, l.type, l.number, l.charges, l.payments, l.balance])).toEqual([
      ['2026-02-01', 'invoice', inv.feb.invoice_number, 250, 0, 400],
      ['2026-02-05', 'invoice', inv.fee.invoice_number, 75.25, 0, 475.25],
      ['2026-02-20', 'payment', bigPayment.payment_number, 0, 500, -24.75],
      ['2026-02-25', 'invoice_reversal', inv.fee.invoice_number, 0, 75.25, -100],
    ]);
    expect(s.lines[0].description).toBe('HOA dues');
    expect(s.total_charges).toBe(325.25);
    expect(s.total_payments).toBe(575.25);
    expect(s.closing_balance).toBe(-100);
    // Open on 2026-02-28: February's 250.00, due 2026-02-16 (12 days late); 350.00 of credit not yet applied.
    expect(s.aging).toEqual({ current: 0, days_1_30: 250, days_31_60: 0, days_61_90: 0, days_over_90: 0, total: 250 });
    expect(s.unapplied_credit).toBe(350);
    expect(s.aging.total - s.unapplied_credit).toBe(s.closing_balance);
  });

  it('agrees with the A/R aging report as of the same date', async () => {
    const s = (await statement(ownerA.id, 'from=2026-01-01&to=2026-03-31')).json();
    const aging = (await t.call('GET', '/reports/ar-aging?as_of=2026-03-31', { token: admin })).json();
    const row = aging.rows.find((r: { owner_id: string }) => r.owner_id === ownerA.id);
    const { owner_id: _id, owner_name: _name, ...buckets } = row;
    expect(s.aging).toEqual(buckets);
    // Over the whole quarter: nothing before, 825.25 billed, 600.00 paid, 75.25 credited.
    expect(s.opening_balance).toBe(0);
    expect(s.closing_balance).toBe(150);
    expect(s.aging).toEqual({ current: 0, days_1_30: 250, days_31_60: 250, days_61_90: 0, days_over_90: 0, total: 500 });
    // One period's closing balance is the next one's opening balance.
    const april = (await statement(ownerA.id, 'from=2026-04-01&to=2026-04-30')).json();
    expect(april.opening_balance).toBe(150);
    expect(april.lines).toEqual([]);
  });

  it('refuses bad input with a clear 400', async () => {
    expect((await statement(ownerA.id, 'from=2026-03-01&to=2026-02-01')).json().message).toMatch(/from must not be after to/);
    expect((await statement(ownerA.id, 'from=2026-13-01')).statusCode).toBe(400);
    expect((await statement(ownerA.id, 'format=xml')).statusCode).toBe(400);
    expect((await statement('not-an-id', '')).statusCode).toBe(400);
    expect((await statement('0123456789abcdef01234567', '')).statusCode).toBe(404);
  });
});

describe('statement and invoice PDFs', () => {
  it('prints the statement with the letterhead, lines and balances; a PDF reader reads them back', async () => {
    const res = await statement(ownerA.id, 'from=2026-02-01&to=2026-02-28&format=pdf');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.includes('/Subtype /Image')).toBe(true); // the logo
    const text = await pdfText(res.rawPayload);
    for (const s of ['Maple Grove HOA', '12 Elm Street', 'Springfield, IL 62701', 'Statement', 'Ada Lovelace', '1 Analytical Way', 'Account 700001',
      'Opening balance', '$150.00', inv.feb.invoice_number, '$475.25', bigPayment.payment_number, '-$24.75', 'Closing balance', '-$100.00', '$325.25', '$575.25',
      'Unapplied credit: $350.00', '1-30 days', '$250.00']) {
      expect(text, s).toContain(s);
    }
  });

  it('prints an invoice with the letterhead, its lines and totals', async () => {
    const res = await t.call('GET', `/invoices/${inv.fee.id}/pdf`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="${inv.fee.invoice_number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    for (const s of ['Maple Grove HOA', 'Invoice', inv.fee.invoice_number, 'Date 2026-02-05', 'Due 2026-02-20', 'Bill to', 'Ada Lovelace', 'HOA dues', '$75.25', 'Balance due', 'CANCELLED']) {
      expect(text, s).toContain(s);
    }
    const feb = await pdfText((await t.call('GET', `/invoices/${inv.jan.id}/pdf`, { token: admin })).rawPayload);
    expect(feb).toContain('Amount paid');
    expect(feb).toMatch(/Balance due\s*\$0\.00/);
  });
});

describe('who may read statements and PDFs', () => {
  it('the owner reads their own, and another owner\'s look missing (404)', async () => {
    expect((await statement(ownerA.id, 'from=2026-02-01&to=2026-02-28', userA)).json().closing_balance).toBe(-100);
    expect((await statement(ownerA.id, 'format=pdf', userA)).statusCode).toBe(200);
    expect((await t.call('GET', `/invoices/${inv.feb.id}/pdf`, { token: userA })).statusCode).toBe(200);
    expect((await statement(ownerB.id, '', userA)).statusCode).toBe(404);
    expect((await statement(ownerB.id, 'format=pdf', userA)).statusCode).toBe(404);
    expect((await t.call('GET', `/invoices/${inv.other.id}/pdf`, { token: userA })).statusCode).toBe(404);
  });

  it('staff with the invoices privilege read any; roles without it are refused; anonymous callers 401', async () => {
    const pm = await createUser(t, 'property_manager');
    expect((await statement(ownerB.id, '', pm.token)).statusCode).toBe(200);
    for (const role of ['renter', 'household_member', 'guest_contact'] as const) {
      const u = await createUser(t, role, { owner_id: ownerA.id });
      expect((await statement(ownerA.id, '', u.token)).statusCode).toBe(403);
      expect((await t.call('GET', `/invoices/${inv.feb.id}/pdf`, { token: u.token })).statusCode).toBe(403);
    }
    const unlinked = await createUser(t, 'owner');
    expect((await statement(ownerA.id, '', unlinked.token)).statusCode).toBe(404);
    expect((await t.call('GET', `/owners/${ownerA.id}/statement`)).statusCode).toBe(401);
    expect((await t.call('GET', `/invoices/${inv.feb.id}/pdf`)).statusCode).toBe(401);
  });
});

describe('My Account', () => {
  it('shows the signed-in owner their balance, what is due, open charges, payments, units with co-owners and contact details', async () => {
    const unit = (await t.call('POST', '/entities/Property', { token: admin, body: { property_id: '270001', unit_number: 'A-101', street_address: '12 Elm Street' } })).json();
    await t.call('POST', '/entities/OwnerProperty', { token: admin, body: { owner_id: ownerA.id, property_id: unit.id, ownership_percentage: 60 } });
    await t.call('POST', '/entities/OwnerProperty', { token: admin, body: { owner_id: ownerB.id, property_id: unit.id, ownership_percentage: 40, relationship_type: 'co-owner' } });
    const res = await t.call('GET', '/my-account', { token: userA });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.owner).toMatchObject({ id: ownerA.id, owner_id: '700001', name: 'Ada Lovelace', mailing_address: '1 Analytical Way' });
    // February's and March's 250.00 are open (both past due), less the 350.00 credit.
    expect(a.balance).toBe(150);
    expect(a.past_due).toBe(500);
    expect(a.next_due).toBeNull();
    expect(a.open_charges.map((c: { invoice_number: string; open: number }) => [c.invoice_number, c.open])).toEqual([[inv.feb.invoice_number, 250], [inv.mar.invoice_number, 250]]);
    expect(a.recent_payments.map((p: { payment_date: string; amount: number }) => [p.payment_date, p.amount])).toEqual([['2026-02-20', 500], ['2026-01-10', 100]]);
    expect(a.units).toEqual([{
      property_id: unit.id, unit_number: 'A-101', street_address: '12 Elm Street', city: null, ownership_percentage: 60, relationship_type: 'owner',
      co_owners: [{ name: 'Bob Other', ownership_percentage: 40, relationship_type: 'co-owner' }],
    }]);
    const pdf = await t.call('GET', '/my-account/statement?from=2026-01-01&to=2026-12-31&format=pdf', { token: userA });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(pdf.rawPayload)).toContain('Ada Lovelace');
    expect((await t.call('GET', '/my-account/statement?from=2026-02-01&to=2026-02-28', { token: userA })).json().closing_balance).toBe(-100);
  });

  it('is the linked owner\'s only: renters and household members linked to an owner see it; unlinked users get a 404, guests a 403', async () => {
    const renter = await createUser(t, 'renter', { owner_id: ownerA.id });
    expect((await t.call('GET', '/my-account', { token: renter.token })).json().balance).toBe(150);
    const household = await createUser(t, 'household_member', { owner_id: ownerB.id });
    expect((await t.call('GET', '/my-account', { token: household.token })).json().owner.id).toBe(ownerB.id);
    const unlinked = await createUser(t, 'owner');
    expect((await t.call('GET', '/my-account', { token: unlinked.token })).json().message).toMatch(/not linked to an owner record/);
    const guest = await createUser(t, 'guest_contact', { owner_id: ownerA.id });
    expect((await t.call('GET', '/my-account', { token: guest.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/my-account/statement', { token: guest.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/my-account')).statusCode).toBe(401);
    expect((await t.call('GET', '/my-account/statement?from=2026-05-01&to=2026-04-01', { token: userA })).statusCode).toBe(400);
  });
});
