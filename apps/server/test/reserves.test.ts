/**
 * Reserves through the real app: components and their refusals, the reserve fund's balance from postings made
 * through the real commands, percent funded (CAI) and the 30-year projection, against figures worked by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
let owner: { token: string };
let funds: { operating: string; reserve: string };
let accounts: Record<string, string>;

const call = (method: string, url: string, body?: unknown, as = token) => t.call(method, url, { token: as, body });
const ok = async (method: string, url: string, body?: unknown) => {
  const res = await call(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};
const refused = async (status: number, method: string, url: string, body?: unknown, as = token) => {
  const res = await call(method, url, body, as);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json() as { message: string; code: string };
};

beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t, 'admin')).token;
  owner = await createUser(t, 'owner');
  const list = (await call('GET', '/entities/Fund')).json() as Array<{ id: string; system_key: string | null }>;
  funds = { operating: list.find((f) => f.system_key === 'operating')!.id, reserve: list.find((f) => f.system_key === 'reserve')!.id };
  const chart = (await call('GET', '/entities/ChartOfAccount?sort=account_number')).json() as Array<{ id: string; account_number: string }>;
  accounts = Object.fromEntries(chart.map((a) => [a.account_number, a.id]));
  await ok('POST', '/entities/OrgSettings', { company_name: 'Lakeside Condominium Association', fiscal_year_start_month: 7 });
});
afterAll(async () => t?.close());

describe('reserve components', () => {
  it('are refused without a useful life, with more remaining life than useful life, or a negative cost', async () => {
    const base = { name: 'Gate', useful_life_years: 10, remaining_life_years: 4, current_replacement_cost: 1000 };
    expect((await refused(400, 'POST', '/entities/ReserveComponent', { ...base, useful_life_years: 0, remaining_life_years: 0 })).message).toMatch(/Useful life must be at least 1/);
    expect((await refused(400, 'POST', '/entities/ReserveComponent', { ...base, remaining_life_years: 11 })).message).toMatch(/Remaining life cannot exceed useful life/);
    await refused(400, 'POST', '/entities/ReserveComponent', { ...base, current_replacement_cost: -1 });
    await refused(400, 'POST', '/entities/ReserveComponent', { ...base, inflation_rate: 101 });
    const gate = await ok('POST', '/entities/ReserveComponent', base);
    expect(gate).toMatchObject({ inflation_rate: 0, current_replacement_cost: 1000 });
    expect((await refused(400, 'PUT', `/entities/ReserveComponent/${gate.id}`, { useful_life_years: 3 })).message).toMatch(/Remaining life cannot exceed useful life/);
    await ok('DELETE', `/entities/ReserveComponent/${gate.id}`);
  });
});

describe('reserve study', () => {
  it('percent funded and the projection, by hand', async () => {
    // Fully funded: roof 250,000 × 15/25 = 150,000; paving 80,000 × 15/20 = 60,000; pool due now 30,000. Total 240,000.
    await ok('POST', '/entities/ReserveComponent', { name: 'Roof replacement', category: 'Roofing', useful_life_years: 25, remaining_life_years: 10, current_replacement_cost: 250000, inflation_rate: 3 });
    await ok('POST', '/entities/ReserveComponent', { name: 'Asphalt paving', category: 'Paving', useful_life_years: 20, remaining_life_years: 5, current_replacement_cost: 80000 });
    await ok('POST', '/entities/ReserveComponent', { name: 'Pool resurfacing', category: 'Amenities', useful_life_years: 10, remaining_life_years: 0, current_replacement_cost: 30000, inflation_rate: 4 });

    // Reserve fund: 60,000 moved in from operating, then a 5,000 reserve repair billed and not yet paid.
    await ok('POST', '/functions/transferBetweenFunds', { date: '2025-08-01', from_fund_id: funds.operating, to_fund_id: funds.reserve, amount: 60000 });
    const vendor = await ok('POST', '/entities/Vendor', { vendor_name: 'Poolside Repairs' });
    await ok('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: 'P-1', bill_date: '2025-09-15', lines: [{ quantity: 1, unit_price: 5000, account_id: accounts['5600'], fund_id: funds.reserve }] });
    // After the as-of date: not counted.
    await ok('POST', '/functions/transferBetweenFunds', { date: '2026-04-01', from_fund_id: funds.operating, to_fund_id: funds.reserve, amount: 999 });

    // The adopted reserve budget of FY2025 (July 2025 – June 2026) plans 24,000.00 of contributions.
    const contributions = await ok('POST', '/entities/ChartOfAccount', { account_number: '4200', account_name: 'Reserve Contributions', account_type: 'revenue' });
    const budget = await ok('POST', '/functions/saveBudget', { name: 'Reserve FY2025', fiscal_year: 2025, fund_id: funds.reserve, lines: [{ account_id: contributions.id, amounts: Array(12).fill(2000) }] });
    const draftStudy = await ok('GET', '/reports/reserve-study?as_of=2026-03-31');
    expect([draftStudy.contribution, draftStudy.contribution_source]).toEqual([0, 'none']);
    await ok('POST', '/functions/adoptBudget', { budget_id: budget.id });

    const s = await ok('GET', '/reports/reserve-study?as_of=2026-03-31');
    expect(s).toMatchObject({
      as_of: '2026-03-31', fiscal_year: 2025, reserve_fund: { id: funds.reserve, name: 'Reserve' },
      reserve_balance: 55000, fully_funded_balance: 240000, percent_funded: 22.92,
      contribution: 24000, contribution_source: 'budget', budget_contribution: 24000, budget_id: budget.id, interest_rate: 0,
    });
    expect(s.components.map((c: { name: string; fully_funded_balance: number }) => [c.name, c.fully_funded_balance])).toEqual([
      ['Pool resurfacing', 30000], ['Asphalt paving', 60000], ['Roof replacement', 150000],
    ]);
    expect(s.projection).toHaveLength(30);
    const row = (i: number) => {
      const y = s.projection[i];
      return [y.year, y.starting_balance, y.contribution, y.interest, y.replacements, y.ending_balance, y.fully_funded_balance, y.percent_funded, y.replaced];
    };
    // 2025: 55,000 + 24,000 − the pool (30,000) = 49,000; percent funded today 55,000 / 240,000.
    expect(row(0)).toEqual([2025, 55000, 24000, 0, 30000, 49000, 240000, 22.92, ['Pool resurfacing']]);
    // 2026: roof 257,500 × 16/25 = 164,800; paving 80,000 × 16/20 = 64,000; pool 31,200 × 1/10 = 3,120 → 231,920.
    expect(row(1)).toEqual([2026, 49000, 24000, 0, 0, 73000, 231920, 21.13, []]);
    const years = (name: string) => s.projection.filter((y: { replaced: string[] }) => y.replaced.includes(name)).map((y: { year: number }) => y.year);
    expect(years('Pool resurfacing')).toEqual([2025, 2035, 2045]);
    expect(years('Asphalt paving')).toEqual([2030, 2050]);
    expect(years('Roof replacement')).toEqual([2035]);
    // Paving in 2030 at today's cost (no inflation); the roof in 2035 at 250,000 × 1.03^10 = 335,979.09; the pool then 30,000 × 1.04^10 = 44,407.33.
    expect(s.projection[5].replacements).toBe(80000);
    expect(s.projection[10].replacements).toBe(380386.42);

    // A contribution and interest given on the screen replace the budget's.
    const given = await ok('GET', '/reports/reserve-study?as_of=2026-03-31&contribution=30000&interest_rate=2');
    expect(given).toMatchObject({ contribution: 30000, contribution_source: 'input', interest_rate: 2 });
    // 55,000 + 30,000 + 2% of 55,000 (1,100) − 30,000 = 56,100.
    expect(given.projection[0]).toMatchObject({ interest: 1100, ending_balance: 56100 });

    const csv = await call('GET', '/reports/reserve-study?as_of=2026-03-31&format=csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('year,starting_balance,contribution,interest,replacements,ending_balance,fully_funded_balance,percent_funded,replaced');
    expect(lines[1]).toBe('2025,55000,24000,0,30000,49000,240000,22.92,Pool resurfacing');
    expect(lines).toHaveLength(31);

    await refused(400, 'GET', '/reports/reserve-study?contribution=-5');
    await refused(400, 'GET', '/reports/reserve-study?as_of=yesterday');
  });

  it('owners see neither components nor the study', async () => {
    await refused(403, 'GET', '/entities/ReserveComponent', undefined, owner.token);
    await refused(403, 'POST', '/entities/ReserveComponent', { name: 'x', useful_life_years: 1, remaining_life_years: 0, current_replacement_cost: 1 }, owner.token);
    await refused(403, 'GET', '/reports/reserve-study', undefined, owner.token);
  });
});
