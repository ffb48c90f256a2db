import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, makeOwner, makeProperty, type TestApp } from './helpers.ts';
import { fundsAndAccounts } from './ledger-helpers.ts';

let t: TestApp;
let admin = '';
let manager = '';
let ownerToken = '';
const unit = {} as Record<'sold' | 'kept', string>;
let seller = '';
let neighbour = '';
let settingsId = '';

type Invoice = { id: string; owner_id: string; property_id: string | null; invoice_date: string; total_amount: string | number; notes: string | null };
const call = (method: string, url: string, body?: unknown, as = admin) => t.call(method, url, { token: as, body });
async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, as = admin): Promise<T> {
  const res = await call(method, url, body, as);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
const byUnit = (propertyId: string) => `q=${encodeURIComponent(JSON.stringify({ property_id: propertyId }))}&limit=500`;
const invoicesOf = async (propertyId: string) => (await ok<Invoice[]>('GET', `/entities/Invoice?${byUnit(propertyId)}`)).sort((a, b) => a.invoice_date.localeCompare(b.invoice_date) || String(a.notes).localeCompare(String(b.notes)));
const summary = (rows: Invoice[]) => rows.map((i) => [i.invoice_date, i.owner_id, Number(i.total_amount)]);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, 'admin')).token;
  manager = (await createUser(t, 'property_manager')).token;
  const existing = await ok<Array<{ id: string }>>('GET', '/entities/OrgSettings');
  settingsId = existing[0]?.id ?? (await ok<{ id: string }>('POST', '/entities/OrgSettings', { company_name: 'Sale HOA' })).id;
  await ok('PUT', `/entities/OrgSettings/${settingsId}`, { company_name: 'Sale HOA', transfer_fee: 250 });
  seller = (await makeOwner(t, admin, { owner_id: '730001', first_name: 'Sam', last_name: 'Seller' })).id;
  neighbour = (await makeOwner(t, admin, { owner_id: '730009', first_name: 'Nia', last_name: 'Neighbour' })).id;
  unit.sold = (await makeProperty(t, admin, { unit_number: 'T-1', monthly_hoa_fee: 300 })).id;
  unit.kept = (await makeProperty(t, admin, { unit_number: 'T-2', monthly_hoa_fee: 200 })).id;
  await ok('POST', '/entities/OwnerProperty', { owner_id: seller, property_id: unit.sold, start_date: '2020-01-01' });
  await ok('POST', '/entities/OwnerProperty', { owner_id: neighbour, property_id: unit.kept, start_date: '2020-01-01' });
  ownerToken = (await createUser(t, 'owner', { owner_id: seller })).token;
}, 120_000);
afterAll(async () => t?.close());

describe('the sale of a unit', () => {
  it('mid-month: the seller is billed through the closing month, the buyer from the next run; the fee goes to the buyer', async () => {
    const { accounts } = await fundsAndAccounts(t, admin);
    const dues = await ok<{ id: string }>('POST', '/entities/Product', { product_code: 'TDUES', description: 'Reserve levy', unit_price: 0, account_id: accounts['4000'] });
    await ok('POST', '/entities/AssessmentSchedule', { name: 'Reserve levy', product_id: dues.id, frequency: 'monthly', amount_basis: 'fixed', amount: 100, start_date: '2026-05-01', property_ids: [unit.sold] });
    // Before the sale: May and June billed to the seller by both runs.
    await ok('POST', '/functions/runMonthlyBilling', { invoice_date: '2026-06-01', status: 'sent' });
    await ok('POST', '/functions/runAssessments', { as_of: '2026-06-10' });

    const sale = await ok<{
      buyers_from: string; sellers: Array<{ owner_id: string; end_date: string; final_balance: number; statement: string }>;
      buyers: Array<{ owner_id: string; name: string; ownership_percentage: number }>; transfer_fee_invoice_id: string | null;
    }>('POST', '/functions/transferOwnership', {
      property_id: unit.sold, closing_date: '2026-06-15',
      buyers: [{ new_owner: { owner_id: '730002', first_name: 'Bea', last_name: 'Buyer', email: 'bea.buyer@example.com' }, ownership_percentage: 100 }],
    }, manager);
    const buyer = sale.buyers[0]!.owner_id;
    expect(sale).toMatchObject({ buyers_from: '2026-06-16', buyers: [{ name: 'Bea Buyer', ownership_percentage: 100 }] });
    // The seller's final statement through the closing: June's dues 300 + the levy for May and June 200.
    expect(sale.sellers).toEqual([{ owner_id: seller, name: 'Sam Seller', end_date: '2026-06-15', final_balance: 500, statement: `/owners/${seller}/statement?from=2026-06-01&to=2026-06-15&format=pdf` }]);
    const statement = await ok<{ closing_balance: number }>('GET', `/owners/${seller}/statement?from=2026-06-01&to=2026-06-15`);
    expect(statement.closing_balance).toBe(500);
    const links = await ok<Array<{ owner_id: string; start_date: string; end_date: string | null }>>('GET', `/entities/OwnerProperty?${byUnit(unit.sold)}`);
    expect(links.map((l) => [l.owner_id, l.start_date, l.end_date]).sort()).toEqual([[buyer, '2026-06-16', null], [seller, '2020-01-01', '2026-06-15']].sort());

    // The next runs: July billed to the buyer alone (both runs); the neighbour's unit unchanged.
    await ok('POST', '/functions/runMonthlyBilling', { invoice_date: '2026-07-01', status: 'sent' });
    await ok('POST', '/functions/runAssessments', { as_of: '2026-07-10' });
    const sold = await invoicesOf(unit.sold);
    expect(summary(sold)).toEqual([
      ['2026-05-01', seller, 100],
      ['2026-06-01', seller, 100],
      ['2026-06-01', seller, 300],
      ['2026-06-16', buyer, 250],
      ['2026-07-01', buyer, 100],
      ['2026-07-01', buyer, 300],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[2]) - Number(b[2])).map((r) => r) as never);
    expect(sold.find((i) => i.id === sale.transfer_fee_invoice_id)).toMatchObject({ owner_id: buyer, notes: 'Transfer fee' });
    expect(summary(await invoicesOf(unit.kept))).toEqual([['2026-06-01', neighbour, 200], ['2026-07-01', neighbour, 200]]);

    // A violation is the owner's of the day it was observed.
    const type = await ok<{ id: string }>('POST', '/entities/ViolationType', { name: 'Boat in driveway', cure_days: 7 });
    const before = await ok<{ owner_id: string }>('POST', '/functions/recordViolation', { property_id: unit.sold, violation_type_id: type.id, observed_on: '2026-06-15' });
    const after = await ok<{ owner_id: string }>('POST', '/functions/recordViolation', { property_id: unit.sold, violation_type_id: type.id, observed_on: '2026-06-16' });
    expect([before.owner_id, after.owner_id]).toEqual([seller, buyer]);

    // The seller no longer sees the unit on My Account; the owners' list shows the buyer on it.
    const mine = await ok<{ units: Array<{ unit_number: string }> }>('GET', '/my-account', undefined, ownerToken);
    expect(mine.units.map((u) => u.unit_number)).toEqual([]);

    // Nor does the seller vote it: a vote opened after the closing counts the buyer's unit, not the seller's ballot.
    const vote = await ok<{ id: string }>('POST', '/entities/Vote', { title: 'After the sale', kind: 'measure', quorum_percent: '10', questions: [{ text: 'Repaint?', kind: 'yes_no' }] });
    await ok('POST', '/functions/openVote', { vote_id: vote.id });
    const ballot = await call('POST', '/functions/castBallot', { vote_id: vote.id, property_id: unit.sold, answers: [{ question_index: 0, choices: ['yes'] }] }, ownerToken);
    expect([ballot.statusCode, ballot.json().message]).toEqual([404, 'That unit was not found among the units you may vote for']);
    const participation = await ok<{ mine: unknown[] }>('GET', `/votes/${vote.id}/participation`, undefined, ownerToken);
    expect(participation.mine).toEqual([]);
  });

  it('refuses shares that do not add up, a seller buying again, two of the same buyer, and callers without the privilege', async () => {
    const refused = async (body: Record<string, unknown>, status: number, message: RegExp, as = admin) => {
      const res = await call('POST', '/functions/transferOwnership', { property_id: unit.kept, closing_date: '2026-08-31', ...body }, as);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    };
    await refused({ buyers: [{ owner_id: seller, ownership_percentage: 60 }] }, 400, /add up to 100 \(they add up to 60\)/);
    await refused({ buyers: [{ owner_id: neighbour, ownership_percentage: 100 }] }, 400, /owns the unit already/);
    await refused({ buyers: [{ owner_id: seller, ownership_percentage: 50 }, { owner_id: seller, ownership_percentage: 50 }] }, 400, /named twice/);
    await refused({ buyers: [{ ownership_percentage: 100 }] }, 400, /either owner_id or new_owner/);
    await refused({ buyers: [{ owner_id: '0123456789abcdef01234567', ownership_percentage: 100 }] }, 400, /Buyer 1 does not exist/);
    await refused({ buyers: [{ owner_id: seller, ownership_percentage: 100 }] }, 403, /permission/, ownerToken);
    // Nothing changed on the kept unit.
    const links = await ok<Array<{ owner_id: string; end_date: string | null }>>('GET', `/entities/OwnerProperty?${byUnit(unit.kept)}`);
    expect(links.map((l) => [l.owner_id, l.end_date])).toEqual([[neighbour, null]]);
  });
});
