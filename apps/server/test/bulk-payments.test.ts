/**
 * The bulk payments writer (recordAndApplyMany, behind ACH debit files) against the one-at-a-time path
 * (recordPayment): twin owners with the same open charges (another charge, a dues invoice split between the
 * Operating and Reserve funds, a late fee; one partly paid already, one owner with credit) get the same
 * applications, in the same order, on the same dates, with the same fund shares, under every application order;
 * two payments of one owner apply one after the other. The books verify afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_APPLICATION_ORDERS } from '@covenant/contracts/charges';
import { refreshPaidAmounts } from '../src/features/invoices/invoice.commands.ts';
import { recordAndApplyMany } from '../src/features/payments/payment.commands.ts';
import { actorFromToken } from '../src/platform/auth/auth.service.ts';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: { id: string; token: string };
let funds: { operating: string; reserve: string };
let accounts: Record<string, string>;
let settingsId: string;

type Json = Record<string, unknown>;
async function ok<T = Json>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call(method, url, { token: admin.token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
const list = <T = Json>(entity: string, filter: Json) => ok<T[]>('GET', `/entities/${entity}?limit=500&q=${encodeURIComponent(JSON.stringify(filter))}`);

interface Link { payment_id: string; invoice_id: string; amount_applied: number; applied_date: string; fund_split: Array<{ fund_id: string; cents: number }> }
interface Invoice { id: string; invoice_number: string; status: string; balance_due: number; amount_paid: number }

/** An owner with the same charges as every other twin; answers the owner and the invoices in the order made. */
async function twin(label: string): Promise<{ id: string; invoices: string[] }> {
  const owner = await makeOwner(t, admin.token, { first_name: label, last_name: 'Twin' });
  const invoices: string[] = [];
  const issue = async (invoice_date: string, due_date: string, lines: Json[]) =>
    invoices.push((await ok<{ id: string }>('POST', '/functions/saveInvoice', { owner_id: owner.id, invoice_date, due_date, status: 'sent', lines })).id);
  await issue('2026-09-20', '2026-10-05', [{ description: 'Gate remote', quantity: 1, unit_price: 50, account_id: accounts.other_income }]);
  await issue('2026-10-01', '2026-10-15', [
    { description: 'Dues', quantity: 1, unit_price: 200, account_id: accounts.assessment_income },
    { description: 'Reserve contribution', quantity: 1, unit_price: 75.01, account_id: accounts.assessment_income, fund_id: funds.reserve },
  ]);
  await issue('2026-10-20', '2026-10-20', [{ description: 'Late fee', quantity: 1, unit_price: 25, account_id: accounts.late_fee_income }]);
  await issue('2026-11-01', '2026-11-15', [
    { description: 'Dues', quantity: 1, unit_price: 200, account_id: accounts.assessment_income },
    { description: 'Reserve contribution', quantity: 1, unit_price: 33.33, account_id: accounts.assessment_income, fund_id: funds.reserve },
  ]);
  // The first dues invoice partly paid already: its open shares per fund are no longer the lines'.
  await ok('POST', '/functions/recordPayment', { owner_id: owner.id, amount: 37.77, payment_date: '2026-10-10', invoice_ids: [invoices[1]] });
  return { id: owner.id, invoices };
}

/** What an owner's payments did, in terms that compare across twins: the invoice's place, the amount, date and shares. */
async function outcome(owner: { invoices: string[] }, paymentIds: string[]) {
  const links = (await Promise.all(paymentIds.map((id) => list<Link>('PaymentInvoice', { payment_id: id })))).map((ls) =>
    ls.map((l) => ({ invoice: owner.invoices.indexOf(l.invoice_id), amount: l.amount_applied, date: l.applied_date, split: [...l.fund_split].sort((a, b) => a.fund_id.localeCompare(b.fund_id)) }))
      .sort((a, b) => a.invoice - b.invoice),
  );
  const invoices = await Promise.all(owner.invoices.map(async (id) => {
    const inv = await ok<Invoice>('GET', `/entities/Invoice/${id}`);
    return { status: inv.status, balance_due: inv.balance_due, amount_paid: inv.amount_paid };
  }));
  return { links, invoices };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  const fundRows = await ok<Array<{ id: string; system_key: string | null }>>('GET', '/entities/Fund?limit=50');
  funds = { operating: fundRows.find((f) => f.system_key === 'operating')!.id, reserve: fundRows.find((f) => f.system_key === 'reserve')!.id };
  const chart = await ok<Array<{ id: string; account_number: string }>>('GET', '/entities/ChartOfAccount?limit=500');
  const byNumber = (n: string) => chart.find((a) => a.account_number === n)!.id;
  accounts = { assessment_income: byNumber('4000'), late_fee_income: byNumber('4100'), other_income: byNumber('4900') };
  const [settings] = await ok<Array<{ id: string }>>('GET', '/entities/OrgSettings?limit=1');
  settingsId = settings ? settings.id : (await ok<{ id: string }>('POST', '/entities/OrgSettings', { company_name: 'Twin Oaks HOA' })).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('recordAndApplyMany applies as recordPayment does', () => {
  for (const order of PAYMENT_APPLICATION_ORDERS) {
    it(`${order}: partial amounts split across funds, a payment that leaves credit, two payments of one owner`, async () => {
      await ok('PUT', `/entities/OrgSettings/${settingsId}`, { payment_application_order: order });
      const ctx = { ...t.systemCtx(), actor: await actorFromToken(t.systemCtx(), admin.token) };
      // Amounts: part of the charges (a share rounds between the funds), more than everything (credit left), and
      // two payments of one owner, the first leaving 13.18 on the split dues invoice and the second paying the rest
      // of it (its funds' shares are then what the first left, which a split of the original shares misses by a cent).
      const before = { oldest_first: 50, assessments_first: 0, fees_first: 75 }[order];
      const cases: number[][] = [[123.45], [900], [before + 13.18, 300]];
      for (const amounts of cases) {
        const one = await twin(`${order}-one`);
        const many = await twin(`${order}-many`);
        const oneIds: string[] = [];
        for (const amount of amounts) {
          oneIds.push((await ok<{ payment: { id: string } }>('POST', '/functions/recordPayment', { owner_id: one.id, amount, payment_date: '2026-11-20' })).payment.id);
        }
        const manyIds = await recordAndApplyMany(ctx, amounts.map((amount) => ({ owner_id: many.id, amount, payment_date: '2026-11-20', status: 'pending', payment_method: 'bank_transfer' })));
        expect(manyIds).toHaveLength(amounts.length);
        const expected = await outcome(one, oneIds);
        expect(expected.links.flat().length, 'the case pays something').toBeGreaterThan(0);
        expect(await outcome(many, manyIds)).toEqual(expected);
        // The bulk writer settles the invoices from what it applied; recomputing them from every line and application
        // (refreshPaidAmounts, the full path) changes nothing.
        await refreshPaidAmounts(ctx, many.invoices);
        expect(await outcome(many, manyIds)).toEqual(expected);
        const payments = await Promise.all(manyIds.map((id) => ok<Json>('GET', `/entities/Payment/${id}`)));
        expect(payments.map((p) => [p.status, p.payment_method, p.payment_date])).toEqual(amounts.map(() => ['pending', 'bank_transfer', '2026-11-20']));
        // Numbered as the single path numbers them: PMT-{owner}-{date}-{n}, one after the other.
        expect(new Set(payments.map((p) => p.payment_number)).size).toBe(amounts.length);
        for (const p of payments) expect(p.payment_number).toMatch(/^PMT-\d{6}-20261120-\d{3}$/);
      }
    }, 120_000);
  }

  it('numbers a batch over several days after what single creates used on each day, in turn per owner and day', async () => {
    const ctx = { ...t.systemCtx(), actor: await actorFromToken(t.systemCtx(), admin.token) };
    const owner = await twin('numbering');
    const single = await ok<{ payment: { payment_number: string } }>('POST', '/functions/recordPayment', { owner_id: owner.id, amount: 5, payment_date: '2026-11-21' });
    const ownerNumber = single.payment.payment_number.slice(4, 10);
    expect(single.payment.payment_number).toBe(`PMT-${ownerNumber}-20261121-001`);
    const ids = await recordAndApplyMany(ctx, ['2026-11-21', '2026-11-22', '2026-11-21', '2026-11-23', '2026-11-22'].map((payment_date) => ({ owner_id: owner.id, amount: 1, payment_date })));
    const numbers = await Promise.all(ids.map(async (id) => (await ok<Json>('GET', `/entities/Payment/${id}`)).payment_number));
    expect(numbers).toEqual(['20261121-002', '20261122-001', '20261121-003', '20261123-001', '20261122-002'].map((tail) => `PMT-${ownerNumber}-${tail}`));
    // A single create after the batch continues each day's sequence.
    const after = await ok<{ payment: { payment_number: string } }>('POST', '/functions/recordPayment', { owner_id: owner.id, amount: 5, payment_date: '2026-11-22' });
    expect(after.payment.payment_number).toBe(`PMT-${ownerNumber}-20261122-003`);
  });

  it('refuses an owner that does not exist and a zero amount, writing nothing; the books verify', async () => {
    const ctx = { ...t.systemCtx(), actor: await actorFromToken(t.systemCtx(), admin.token) };
    const before = (await ok<Json[]>('GET', '/entities/Payment?limit=1000')).length;
    const owner = await twin('refused');
    await expect(recordAndApplyMany(ctx, [{ owner_id: owner.id, amount: 10, payment_date: '2026-11-20' }, { owner_id: 'no-such-owner', amount: 10, payment_date: '2026-11-20' }])).rejects.toThrow('Owner does not exist');
    await expect(recordAndApplyMany(ctx, [{ owner_id: owner.id, amount: 0, payment_date: '2026-11-20' }])).rejects.toThrow('Amount must be greater than 0');
    // Only the twin's own earlier payment is new.
    expect((await ok<Json[]>('GET', '/entities/Payment?limit=1000')).length).toBe(before + 1);
    expect(await ok('GET', '/ledger/verify')).toMatchObject({ ok: true });
    const tb = await ok<{ total_debit: number; total_credit: number }>('GET', '/reports/trial-balance?as_of=2026-12-31');
    expect(tb.total_debit).toBeGreaterThan(0);
    expect(tb.total_debit).toBe(tb.total_credit);
  });
});
