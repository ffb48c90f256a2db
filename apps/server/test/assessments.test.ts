import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { todayIn } from '@covenant/contracts/dates';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { today } from '../src/lib/context.ts';
import { APP_ID, createTestApp, createUser, freshDatabase, makeOwner, makeProperty, type TestApp } from './helpers.ts';
import { expectBooksBalanced, fundsAndAccounts } from './ledger-helpers.ts';

let t: TestApp;
let token: string;
let accounts: Record<string, string>;
let funds: { operating: string; reserve: string };
let duesItem: string;
let feeItem: string;
let specialItem: string;

const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token, body });
async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await call(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.db.execute(query)).rows as T[];
type Item = { kind: string; owner_id: string; unit_number: string; period: string; invoice_date: string; due_date: string; amount: number; description: string; invoice_id: string | null };
type Run = { count: number; total: number; items: Item[]; run_id: string | null };
const withoutIds = (items: Item[]) => items.map(({ invoice_id: _i, ...rest }) => rest);

let alice: { id: string };
let bob: { id: string };
let carol: { id: string };
let u1: { id: string };
let u2: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t, 'admin')).token;
  ({ accounts, funds } = await fundsAndAccounts(t, token));
  await ok('POST', '/entities/OrgSettings', { company_name: 'Runs HOA' });
  duesItem = (await ok<{ id: string }>('POST', '/entities/Product', { product_code: 'DUES', description: 'Monthly dues', unit_price: 0, account_id: accounts['4000'] })).id;
  feeItem = (await ok<{ id: string }>('POST', '/entities/Product', { product_code: 'LATE', description: 'Late fee', unit_price: 0, account_id: accounts['4100'] })).id;
  specialItem = (await ok<{ id: string }>('POST', '/entities/Product', { product_code: 'ROOF', description: 'Roof special assessment', unit_price: 0, account_id: accounts['4000'], fund_id: funds.reserve })).id;
  alice = await makeOwner(t, token, { owner_id: '700001' });
  bob = await makeOwner(t, token, { owner_id: '700002' });
  carol = await makeOwner(t, token, { owner_id: '700003' });
  u1 = await makeProperty(t, token, { unit_number: 'A-1', monthly_hoa_fee: 250, square_footage: 1000, assessment_share: 40 });
  u2 = await makeProperty(t, token, { unit_number: 'B-2', monthly_hoa_fee: 300.01, square_footage: 1500, assessment_share: 60 });
  await makeProperty(t, token, { unit_number: 'C-3', monthly_hoa_fee: 500 }); // no owner: never billed
  await ok('POST', '/entities/OwnerProperty', { owner_id: alice.id, property_id: u1.id, ownership_percentage: 100 });
  await ok('POST', '/entities/OwnerProperty', { owner_id: bob.id, property_id: u2.id, ownership_percentage: 33.33, relationship_type: 'co-owner', start_date: '2020-01-01' });
  await ok('POST', '/entities/OwnerProperty', { owner_id: carol.id, property_id: u2.id, ownership_percentage: 66.67, relationship_type: 'co-owner', start_date: '2021-01-01' });
}, 120_000);
afterAll(async () => t?.close());

describe('assessment schedules', () => {
  it('refuses a schedule that cannot bill, in words', async () => {
    const base = { name: 'Dues', product_id: duesItem, frequency: 'monthly', start_date: '2026-01-01' };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, amount_basis: 'fixed' }, /amount: Enter the amount each unit is charged/],
      [{ ...base, amount_basis: 'allocation', total_amount: 100 }, /Choose how the total is allocated/],
      [{ ...base, amount_basis: 'unit_fee', installments: 3 }, /Installments are for a one-time/],
      [{ ...base, amount_basis: 'unit_fee', end_date: '2025-12-31' }, /End date cannot be before the start date/],
      [{ ...base, amount_basis: 'unit_fee', product_id: '0123456789abcdef01234567' }, /Item does not exist/],
      [{ ...base, amount_basis: 'unit_fee', property_ids: ['0123456789abcdef01234567'] }, /Property does not exist/],
      [{ ...base, amount_basis: 'unit_fee', frequency: 'weekly' }, /Frequency/],
      [{ ...base, amount_basis: 'unit_fee', invoice_day: 31 }, /Invoice day/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/entities/AssessmentSchedule', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('previews, then posts exactly the preview, bills each period once, and keeps the books balanced', async () => {
    const schedule = await ok<{ id: string; fund_id: string; due_days: number; invoice_day: number }>('POST', '/entities/AssessmentSchedule', {
      name: 'Monthly dues', product_id: duesItem, frequency: 'monthly', amount_basis: 'unit_fee', start_date: '2026-01-15', property_ids: [u1.id, u2.id],
    });
    expect(schedule).toMatchObject({ fund_id: funds.operating, due_days: 15, invoice_day: 1 });

    const preview = await ok<Run>('POST', '/functions/runAssessments', { as_of: '2026-02-10', dry_run: true });
    // January from the 15th: 17 of 31 days. Principal billing (the default): Carol (66.67%) for B-2.
    expect(preview.items.map((i) => [i.unit_number, i.owner_id, i.period, i.invoice_date, i.due_date, i.amount])).toEqual([
      ['A-1', alice.id, '2026-01', '2026-01-15', '2026-01-30', 137.1],
      ['B-2', carol.id, '2026-01', '2026-01-15', '2026-01-30', 164.52], // 300.01 × 17/31 = 164.521…
      ['A-1', alice.id, '2026-02', '2026-02-01', '2026-02-16', 250],
      ['B-2', carol.id, '2026-02', '2026-02-01', '2026-02-16', 300.01],
    ]);
    expect(preview).toMatchObject({ count: 4, total: 851.63, run_id: null });
    expect(await rows(sql`select id from invoices`)).toEqual([]);

    const posted = await ok<Run>('POST', '/functions/runAssessments', { as_of: '2026-02-10' });
    expect(withoutIds(posted.items)).toEqual(withoutIds(preview.items));
    expect(posted).toMatchObject({ count: 4, total: 851.63 });
    const invoice = await ok<{ invoice_number: string; total_amount: number; status: string; property_id: string; lines: Array<{ fund_id: string; account_id: string; description: string }> }>(
      'GET', `/entities/Invoice/${posted.items[1]!.invoice_id}`,
    );
    expect(invoice).toMatchObject({ invoice_number: 'INV-700003-20260115-001', total_amount: 164.52, status: 'sent', property_id: u2.id });
    const lines = await ok<Array<{ fund_id: string; account_id: string; description: string; product_id: string }>>('GET', `/entities/InvoiceLineItem?q=${encodeURIComponent(JSON.stringify({ invoice_id: posted.items[1]!.invoice_id }))}`);
    expect(lines).toEqual([expect.objectContaining({ fund_id: funds.operating, account_id: accounts['4000'], product_id: duesItem, description: 'Monthly dues 2026-01 (17 of 31 days)' })]);
    expect((await expectBooksBalanced(t)).ar).toBe(85163);

    // Twice: nothing more; the next month: only the new period.
    expect(await ok<Run>('POST', '/functions/runAssessments', { as_of: '2026-02-28' })).toMatchObject({ count: 0, total: 0 });
    const march = await ok<Run>('POST', '/functions/runAssessments', { as_of: '2026-03-01' });
    expect(march.items.map((i) => [i.unit_number, i.period, i.amount])).toEqual([['A-1', '2026-03', 250], ['B-2', '2026-03', 300.01]]);
    const history = await ok<{ rows: Array<{ job: string; count: number; total: number; trigger: string; as_of: string }>; total: number }>('GET', '/charge-runs?job=assessments');
    expect(history.rows.map((r) => [r.as_of, r.count, r.total, r.trigger])).toEqual([['2026-03-01', 2, 550.01, 'manual'], ['2026-02-28', 0, 0, 'manual'], ['2026-02-10', 4, 851.63, 'manual']]);
    expect(history.total).toBe(3);
    await ok('PUT', `/entities/AssessmentSchedule/${schedule.id}`, { is_active: false });
    expect((await call('DELETE', `/entities/AssessmentSchedule/${schedule.id}`)).statusCode).toBe(409);
  });

  it('splits co-owned units by ownership percentage, the cents of rounding to the principal owner', async () => {
    await ok('PUT', `/entities/OrgSettings/${(await ok<Array<{ id: string }>>('GET', '/entities/OrgSettings'))[0]!.id}`, { co_owner_billing: 'split' });
    await ok('POST', '/entities/AssessmentSchedule', { name: 'Pool levy', product_id: duesItem, frequency: 'once', amount_basis: 'fixed', amount: 100.01, start_date: '2026-04-01', property_ids: [u2.id] });
    const run = await ok<Run>('POST', '/functions/runAssessments', { as_of: '2026-04-01', dry_run: true });
    const levy = run.items.filter((i) => i.description === 'Pool levy 2026-04');
    // 33.33% of 100.01 = 33.333… → 33.33 to Bob; Carol, the principal, 66.68.
    expect(levy.map((i) => [i.owner_id, i.amount])).toEqual([[bob.id, 33.33], [carol.id, 66.68]]);
  });

  it('bills a special assessment in installments, allocated by percentage interest, to its fund', async () => {
    await ok('POST', '/entities/AssessmentSchedule', {
      name: 'Roof', product_id: specialItem, frequency: 'once', amount_basis: 'allocation', total_amount: 10000, allocation_method: 'percentage',
      installments: 3, start_date: '2026-04-01', property_ids: [u1.id, u2.id], due_days: 30,
    });
    const run = await ok<Run>('POST', '/functions/runAssessments', { as_of: '2026-06-01' });
    const roof = run.items.filter((i) => i.description.startsWith('Roof'));
    // A-1 owes 4,000.00 (40%), B-2 6,000.00 split 33.33/66.67: Bob 1,999.80, Carol 4,000.20; each in three parts.
    const byOwner = (id: string) => roof.filter((i) => i.owner_id === id).map((i) => i.amount);
    expect(byOwner(alice.id)).toEqual([1333.34, 1333.33, 1333.33]);
    expect(byOwner(bob.id)).toEqual([666.6, 666.6, 666.6]);
    expect(byOwner(carol.id)).toEqual([1333.4, 1333.4, 1333.4]);
    expect(roof.reduce((s, i) => s + Math.round(i.amount * 100), 0)).toBe(1_000_000);
    expect(roof.map((i) => i.description).slice(0, 2)).toEqual(['Roof, installment 1 of 3', 'Roof, installment 1 of 3']);
    const [fund] = await rows<{ fund_id: string }>(sql`select distinct l.fund_id from invoice_line_items l where l.invoice_id = ${roof[0]!.invoice_id}`);
    expect(fund!.fund_id).toBe(funds.reserve);
    await expectBooksBalanced(t);
  });
});

describe('late fees', () => {
  it('refuses a rule that cannot charge', async () => {
    const res = await call('POST', '/entities/LateFeeRule', { name: 'Late', grace_days: 10, fee_type: 'greater_of', fixed_amount: 25, product_ids: [duesItem], late_fee_product_id: feeItem });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Enter the percent/);
    const noItems = await call('POST', '/entities/LateFeeRule', { name: 'Late', grace_days: 10, fee_type: 'fixed', fixed_amount: 25, product_ids: [], late_fee_product_id: feeItem });
    expect(noItems.json().message).toMatch(/Choose at least one item/);
  });

  it('charges the fee once per invoice and interest once a month, after the grace days; preview equals post; a waived fee stays waived', async () => {
    await ok('POST', '/entities/LateFeeRule', {
      name: 'Dues late fee', grace_days: 10, fee_type: 'greater_of', fixed_amount: 25, percent: 10, max_amount: 50, min_balance: 100,
      annual_interest_rate: 18, product_ids: [duesItem], late_fee_product_id: feeItem,
    });
    // March dues fell due 2026-03-16: late after 2026-03-26. January and February dues are late too.
    const within = await ok<Run>('POST', '/functions/runLateFees', { as_of: '2026-02-20', dry_run: true });
    expect(within.items.map((i) => [i.kind, i.period, i.amount])).toEqual([
      ['late_fee', '2026-01', 25], ['interest', '2026-02', 2.06], // 137.10: 10% = 13.71 < 25; 18%/12 = 2.0565
      ['late_fee', '2026-01', 25], ['interest', '2026-02', 2.47], // Carol's 164.52 → 2.4678
    ]);
    const preview = await ok<Run>('POST', '/functions/runLateFees', { as_of: '2026-04-01', dry_run: true });
    const posted = await ok<Run>('POST', '/functions/runLateFees', { as_of: '2026-04-01' });
    expect(withoutIds(posted.items)).toEqual(withoutIds(preview.items));
    // Jan (137.10, 164.52), Feb and Mar (250, 300.01): each a fee and a month of interest; 300.01 → fee 30.00.
    expect(posted.items.filter((i) => i.kind === 'late_fee').map((i) => i.amount).sort((a, b) => a - b)).toEqual([25, 25, 25, 25, 30, 30]);
    expect(posted.items.filter((i) => i.kind === 'interest').map((i) => i.amount).sort((a, b) => a - b)).toEqual([2.06, 2.47, 3.75, 3.75, 4.5, 4.5]);
    const fee = posted.items.find((i) => i.kind === 'late_fee')!;
    const feeLines = await ok<Array<{ account_id: string; product_id: string }>>('GET', `/entities/InvoiceLineItem?q=${encodeURIComponent(JSON.stringify({ invoice_id: fee.invoice_id }))}`);
    // A late invoice's fee and month of interest share one invoice, a line each, both on the late-fee item.
    expect(posted.items.filter((i) => i.invoice_id === fee.invoice_id).map((i) => i.kind)).toEqual(['late_fee', 'interest']);
    expect(feeLines.map((l) => [l.account_id, l.product_id])).toEqual([[accounts['4100'], feeItem], [accounts['4100'], feeItem]]);
    expect(new Set(posted.items.map((i) => i.invoice_id)).size).toBe(6);
    await expectBooksBalanced(t);

    expect(await ok<Run>('POST', '/functions/runLateFees', { as_of: '2026-04-15' })).toMatchObject({ count: 0 });
    // May: interest again on what is still open, no second fee.
    const may = await ok<Run>('POST', '/functions/runLateFees', { as_of: '2026-05-02', dry_run: true });
    expect(new Set(may.items.map((i) => i.kind))).toEqual(new Set(['interest']));

    // Waive one fee: cancelled with the reason, never charged again.
    const waived = await ok<{ status: string; cancel_reason: string }>('POST', '/functions/waiveLateFee', { invoice_id: fee.invoice_id, reason: 'First time', date: '2026-04-02' });
    expect(waived).toMatchObject({ status: 'cancelled', cancel_reason: 'Late fee waived: First time' });
    const again = await ok<Run>('POST', '/functions/runLateFees', { as_of: '2026-05-02', dry_run: true });
    expect(again.items.filter((i) => i.kind === 'late_fee')).toEqual([]);
    // Only late fees are waived this way.
    const dues = (await rows<{ invoice_id: string }>(sql`select invoice_id from charge_run_items where kind = 'assessment' limit 1`))[0]!.invoice_id;
    expect((await call('POST', '/functions/waiveLateFee', { invoice_id: dues, reason: 'no' })).statusCode).toBe(409);
    await expectBooksBalanced(t);
  });
});

describe('payment application order and credits', () => {
  it('a payment without chosen invoices pays in the organization\'s order; [] keeps it as credit', async () => {
    const settings = (await ok<Array<{ id: string }>>('GET', '/entities/OrgSettings'))[0]!.id;
    await ok('PUT', `/entities/OrgSettings/${settings}`, { payment_application_order: 'fees_first' });
    const open = await rows<{ id: string; balance_due: string }>(sql`select id, balance_due from invoices where owner_id = ${alice.id} and status in ('sent', 'partial') order by due_date`);
    expect(open.length).toBeGreaterThan(3);
    const kinds = new Map((await rows<{ invoice_id: string; kind: string }>(sql`select invoice_id, kind from charge_run_items`)).map((r) => [r.invoice_id, r.kind]));
    const feesDue = open.filter((i) => kinds.get(i.id) !== 'assessment').reduce((s, i) => s + Math.round(Number(i.balance_due) * 100), 0);
    const paid = await ok<{ applications: Array<{ invoice_id: string; amount_applied: number }>; unapplied: number }>('POST', '/functions/recordPayment', {
      owner_id: alice.id, amount: feesDue / 100, payment_date: '2026-04-03',
    });
    expect(paid.applications.every((a) => kinds.get(a.invoice_id) !== 'assessment')).toBe(true);
    expect(paid.applications.reduce((s, a) => s + Math.round(a.amount_applied * 100), 0)).toBe(feesDue);
    expect(paid.unapplied).toBe(0);
    const credit = await ok<{ applications: unknown[]; unapplied: number }>('POST', '/functions/recordPayment', { owner_id: alice.id, amount: 75, payment_date: '2026-04-03', invoice_ids: [] });
    expect(credit).toMatchObject({ applications: [], unapplied: 75 });

    // With auto_apply_credits on, the next run's charges take the credit.
    await ok('PUT', `/entities/OrgSettings/${settings}`, { auto_apply_credits: true, payment_application_order: 'oldest_first' });
    await ok('POST', '/entities/AssessmentSchedule', { name: 'Gate fee', product_id: duesItem, frequency: 'monthly', amount_basis: 'fixed', amount: 20, start_date: '2026-07-01', property_ids: [u1.id] });
    const before = await rows<{ n: string }>(sql`select count(*)::text as n from payment_invoices`);
    await ok<Run>('POST', '/functions/runAssessments', { as_of: '2026-07-01' });
    const [left] = await rows<{ s: string }>(sql`select (p.amount - coalesce((select sum(amount_applied) from payment_invoices pi where pi.payment_id = p.id and pi.reversed_date is null), 0))::text as s from payments p where p.id = ${(credit as { payment: { id: string } } & typeof credit).payment.id}`);
    expect(Number(left!.s)).toBe(0);
    expect(Number((await rows<{ n: string }>(sql`select count(*)::text as n from payment_invoices`))[0]!.n)).toBeGreaterThan(Number(before[0]!.n));
    await ok('PUT', `/entities/OrgSettings/${settings}`, { auto_apply_credits: false, co_owner_billing: 'principal' });
    await expectBooksBalanced(t);
  });
});

describe('who may run and see', () => {
  it('owners cannot run, preview, see the history or waive; another owner\'s fee looks missing', async () => {
    const owner = await createUser(t, 'owner', { owner_id: bob.id });
    const pm = await createUser(t, 'property_manager');
    for (const fn of ['runAssessments', 'runLateFees']) {
      expect((await t.call('POST', `/functions/${fn}`, { token: owner.token, body: { dry_run: true } })).statusCode).toBe(403);
      expect((await t.call('POST', `/functions/${fn}`, { token: pm.token, body: { dry_run: true, as_of: '2026-07-01' } })).statusCode).toBe(200);
    }
    expect((await t.call('GET', '/charge-runs', { token: owner.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/entities/AssessmentSchedule', { token: owner.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/entities/LateFeeRule', { token: owner.token })).statusCode).toBe(403);
    const aliceFee = (await rows<{ invoice_id: string }>(sql`select c.invoice_id from charge_run_items c join invoices i on i.id = c.invoice_id where c.kind = 'late_fee' and i.owner_id = ${alice.id} and i.status <> 'cancelled' limit 1`))[0]!.invoice_id;
    expect((await t.call('POST', '/functions/waiveLateFee', { token: owner.token, body: { invoice_id: aliceFee, reason: 'not mine' } })).statusCode).toBe(404);
    const bobFee = (await rows<{ invoice_id: string }>(sql`select c.invoice_id from charge_run_items c join invoices i on i.id = c.invoice_id where c.kind = 'late_fee' and i.owner_id = ${bob.id} and i.status <> 'cancelled' limit 1`))[0];
    if (bobFee) expect((await t.call('POST', '/functions/waiveLateFee', { token: owner.token, body: { invoice_id: bobFee.invoice_id, reason: 'mine' } })).statusCode).toBe(403);
    expect((await call('POST', '/functions/runAssessments', { as_of: '07/01/2026' })).statusCode).toBe(400);
    expect((await call('GET', '/charge-runs?limit=0')).statusCode).toBe(400);
  });
});

describe('idempotent across the scheduler, restarts and processes', () => {
  it('the scheduler runs once a day after the run hour, in the association\'s time zone', async () => {
    const settings = (await ok<Array<{ id: string }>>('GET', '/entities/OrgSettings'))[0]!.id;
    await ok('PUT', `/entities/OrgSettings/${settings}`, { run_hour: 6, time_zone: 'America/Chicago' });
    const job = t.services.registry.jobs.get('charges')!;
    // 2026-08-01 05:30 in Chicago (CDT, UTC−5): before the run hour.
    expect(await job.run(t.systemCtx(), new Date('2026-08-01T10:30:00Z'))).toEqual([]);
    const first = (await job.run(t.systemCtx(), new Date('2026-08-01T11:30:00Z'))) as Array<{ job: string; run: Run | null }>;
    expect(first.map((r) => [r.job, r.run?.count])).toEqual([['assessments', 1], ['late_fees', first[1]!.run!.count]]);
    expect(first[1]!.run!.count).toBeGreaterThan(0);
    expect(first[0]!.run!.items.every((i) => i.period === '2026-08')).toBe(true);
    const second = (await job.run(t.systemCtx(), new Date('2026-08-01T16:00:00Z'))) as Array<{ run: Run | null }>;
    expect(second.map((r) => r.run)).toEqual([null, null]);
    const runs = await rows<{ n: string }>(sql`select count(*)::text as n from charge_runs where trigger = 'scheduler' and as_of = '2026-08-01'`);
    expect(runs[0]!.n).toBe('2');
    await expectBooksBalanced(t);
  });

  it("today is the association's: its time zone setting, else the server's, and the web reads the same zone", async () => {
    const settings = (await ok<Array<{ id: string }>>('GET', '/entities/OrgSettings'))[0]!.id;
    await ok('PUT', `/entities/OrgSettings/${settings}`, { time_zone: 'America/Chicago' });
    // 2026-08-01 03:00 UTC is still the evening of July 31 in Chicago.
    expect(await today(t.systemCtx(), new Date('2026-08-01T03:00:00Z'))).toBe('2026-07-31');
    expect(await today(t.systemCtx(), new Date('2026-08-01T05:00:00Z'))).toBe('2026-08-01');
    const publicSettings = async () => (await t.call('GET', `/api/apps/public/prod/public-settings/by-id/${APP_ID}`, { token })).json() as { time_zone: string };
    expect((await publicSettings()).time_zone).toBe('America/Chicago');
    await ok('PUT', `/entities/OrgSettings/${settings}`, { time_zone: null });
    expect((await publicSettings()).time_zone).toBe(t.services.config.timeZone);
    expect(await today(t.systemCtx(), new Date('2026-08-01T03:00:00Z'))).toBe(todayIn(t.services.config.timeZone, new Date('2026-08-01T03:00:00Z')));
    await ok('PUT', `/entities/OrgSettings/${settings}`, { time_zone: 'America/Chicago' });
  });
});

describe('the scheduler inside the server', () => {
  it('a server that starts after the run hour runs the day\'s assessments by itself, once', async () => {
    const pg = await freshDatabase();
    const where = pg ? { url: pg.url } : { dir: `/tmp/covenant-clock-${randomBytes(6).toString('hex')}` };
    const today = new Date().toISOString().slice(0, 10);
    const monthStart = `${today.slice(0, 7)}-01`;
    const setup = await appOn(where);
    const ownerId = await (async () => {
      const call = async (method: string, url: string, body?: unknown, token?: string) => {
        const res = await setup.app.inject({ method: method as 'GET', url: `/api/apps/${APP_ID}${url}`, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: body as object });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        return res.json();
      };
      const { access_token: token } = await call('POST', '/setup', { full_name: 'Admin', email: 'admin@clock.example', password: 'correct-horse-9' });
      await call('POST', '/entities/OrgSettings', { company_name: 'Clockwork HOA', run_hour: 0, time_zone: 'UTC' }, token);
      const chart = (await call('GET', '/entities/ChartOfAccount', undefined, token)) as Array<{ id: string; account_number: string }>;
      const item = await call('POST', '/entities/Product', { product_code: 'D', description: 'Dues', unit_price: 0, account_id: chart.find((a) => a.account_number === '4000')!.id }, token);
      const owner = await call('POST', '/entities/Owner', { owner_id: '720001', first_name: 'Clock', last_name: 'Owner' }, token);
      const unit = await call('POST', '/entities/Property', { property_id: '820001', unit_number: 'CL-1' }, token);
      await call('POST', '/entities/OwnerProperty', { owner_id: owner.id, property_id: unit.id }, token);
      await call('POST', '/entities/AssessmentSchedule', { name: 'Dues', product_id: item.id, frequency: 'monthly', amount_basis: 'fixed', amount: 10, start_date: monthStart }, token);
      return owner.id as string;
    })();
    await setup.close();

    // Started with its scheduler on, past the run hour (00:00 UTC): its first tick runs today's jobs.
    const server = await appOn(where, { schedulerEnabled: true });
    try {
      let runs: Array<{ job: string; trigger: string; count: number }> = [];
      for (let i = 0; i < 150 && runs.length < 3; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        runs = (await server.db.db.execute(sql`select job, trigger, count from charge_runs where as_of = ${today} order by job`)).rows as typeof runs;
      }
      // Collections run after them (no stages here: no letters).
      expect(runs).toEqual([{ job: 'assessments', trigger: 'scheduler', count: 1 }, { job: 'collections', trigger: 'scheduler', count: 0 }, { job: 'late_fees', trigger: 'scheduler', count: 0 }]);
      const invoices = (await server.db.db.execute(sql`select invoice_date, total_amount from invoices where owner_id = ${ownerId}`)).rows as Array<{ invoice_date: string; total_amount: string }>;
      expect(invoices.map((i) => [String(i.invoice_date).slice(0, 10), Number(i.total_amount)])).toEqual([[monthStart, 10]]);
    } finally {
      await server.close();
      await pg?.drop();
    }
  }, 60_000);
});

/** An app on a given database (PostgreSQL URL or a PGlite folder), started as production starts it. */
async function appOn(database: { url?: string; dir?: string }, overrides: Partial<AppConfig> = {}) {
  const config: AppConfig = {
    ...loadConfig({ APP_ID, LOG_LEVEL: 'silent', DATA_DIR: database.dir ?? `/tmp/covenant-test-${randomBytes(6).toString('hex')}`, PUBLIC_URL: 'http://127.0.0.1:3999' }),
    databaseUrl: database.url, inMemoryDb: false, webDistDir: undefined, schedulerEnabled: false, authRateLimitPerMinute: 10_000,
    ...overrides,
  };
  return buildApp(config);
}

describe('restart and two instances', () => {
  it('a restarted app bills nothing twice; two instances running at once bill each charge and write each collection letter once', async () => {
    const pg = await freshDatabase();
    const where = pg ? { url: pg.url } : { dir: `/tmp/covenant-restart-${randomBytes(6).toString('hex')}` };
    let first = await appOn(where);
    const tokens = new Map<unknown, string>();
    const as = async (app: Awaited<ReturnType<typeof appOn>>, email: string, method: string, url: string, body?: unknown) => {
      if (!tokens.has(app)) {
        const login = await app.app.inject({ method: 'POST', url: `/api/apps/${APP_ID}/auth/login`, payload: { email, password: 'correct-horse-9' } });
        tokens.set(app, login.json().access_token as string);
      }
      const res = await app.app.inject({ method: method as 'GET', url: `/api/apps/${APP_ID}${url}`, headers: { authorization: `Bearer ${tokens.get(app)!}` }, payload: body as object });
      if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const setup = await first.app.inject({ method: 'POST', url: `/api/apps/${APP_ID}/setup`, payload: { full_name: 'Admin', email: 'admin@runs.example', password: 'correct-horse-9' } });
    expect(setup.statusCode, setup.body).toBe(200);
    const admin = (m: string, u: string, b?: unknown) => as(first, 'admin@runs.example', m, u, b);
    const chart = (await admin('GET', '/entities/ChartOfAccount')) as Array<{ id: string; account_number: string }>;
    const item = await admin('POST', '/entities/Product', { product_code: 'D', description: 'Dues', unit_price: 0, account_id: chart.find((a) => a.account_number === '4000')!.id });
    for (let n = 0; n < 40; n++) {
      const owner = await admin('POST', '/entities/Owner', { owner_id: String(710000 + n), first_name: 'Unit', last_name: `Owner ${n}` });
      const unit = await admin('POST', '/entities/Property', { property_id: String(810000 + n), unit_number: `R-${n}`, monthly_hoa_fee: 100 + n });
      await admin('POST', '/entities/OwnerProperty', { owner_id: owner.id, property_id: unit.id });
    }
    await admin('POST', '/entities/AssessmentSchedule', { name: 'Dues', product_id: item.id, frequency: 'monthly', amount_basis: 'unit_fee', start_date: '2026-01-01' });
    expect(await admin('POST', '/functions/runAssessments', { as_of: '2026-01-05' })).toMatchObject({ count: 40, total: 4780 });
    // Collections: a reminder with a 10.00 fee at 30 days, a final notice at 60; January's dues fell due 01-16.
    const fee = await admin('POST', '/entities/Product', { product_code: 'F', description: 'Collection fee', unit_price: 10, account_id: chart.find((a) => a.account_number === '4100')!.id });
    await admin('POST', '/entities/CollectionStage', { name: 'Reminder', days_past_due: 30, letter_subject: 'Past due', letter_body: 'Dear {{owner_name}}', fee_product_id: fee.id });
    await admin('POST', '/entities/CollectionStage', { name: 'Final notice', days_past_due: 60, letter_subject: 'Final notice', letter_body: 'Dear {{owner_name}}' });
    expect(await admin('POST', '/functions/runCollections', { as_of: '2026-02-20' })).toMatchObject({ count: 40, total: 400 });
    await first.close();

    // After a restart: the same month bills nothing; two instances at once bill February once.
    first = await appOn(where);
    expect(await as(first, 'admin@runs.example', 'POST', '/functions/runAssessments', { as_of: '2026-01-31' })).toMatchObject({ count: 0 });
    expect(await as(first, 'admin@runs.example', 'POST', '/functions/runCollections', { as_of: '2026-02-20' })).toMatchObject({ count: 0 });
    const second = pg ? await appOn(where) : first;
    const [c1, c2] = await Promise.all([
      as(first, 'admin@runs.example', 'POST', '/functions/runCollections', { as_of: '2026-03-25' }),
      as(second, 'admin@runs.example', 'POST', '/functions/runCollections', { as_of: '2026-03-25' }),
    ]);
    expect([c1.count, c2.count].sort()).toEqual([0, 40]);
    const letters = (await first.db.db.execute(sql`select stage_name, count(*)::int as n from collection_letters group by stage_name order by stage_name`)).rows;
    expect(letters).toEqual([{ stage_name: 'Final notice', n: 40 }, { stage_name: 'Reminder', n: 40 }]);
    const [a, b] = await Promise.all([
      as(first, 'admin@runs.example', 'POST', '/functions/runAssessments', { as_of: '2026-02-01' }),
      as(second, 'admin@runs.example', 'POST', '/functions/runAssessments', { as_of: '2026-02-01' }),
    ]);
    expect([a.count, b.count].sort()).toEqual([0, 40]);
    const [{ n }] = (await first.db.db.execute(sql`select count(*)::int as n from invoices`)).rows as [{ n: number }];
    expect(n).toBe(120); // two months of dues and the reminders' fees
    const [{ d, c }] = (await first.db.db.execute(sql`select sum(debit)::text as d, sum(credit)::text as c from journal_lines`)).rows as [{ d: string; c: string }];
    expect(d).toBe(c);
    if (second !== first) await second.close();
    await first.close();
    await pg?.drop();
  }, 120_000);
});
