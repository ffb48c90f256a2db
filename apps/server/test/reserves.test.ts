/**
 * Reserves through the real app: components and their refusals, the reserve fund's balance from postings made
 * through the real commands, percent funded (CAI) and the 30-year projection, against figures worked by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksSession, type BooksSession } from './books-helpers.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
let owner: { token: string };
let b: BooksSession;


beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t, 'admin')).token;
  owner = await createUser(t, 'owner');
  b = await booksSession(t, token);
  await b.ok('POST', '/entities/OrgSettings', { company_name: 'Lakeside Condominium Association', fiscal_year_start_month: 7 });
});
afterAll(async () => t?.close());

describe('reserve components', () => {
  it('are refused without a useful life, with more remaining life than useful life, or a negative cost', async () => {
    const base = { name: 'Gate', useful_life_years: 10, remaining_life_years: 4, current_replacement_cost: 1000 };
    expect((await b.refused(400, 'POST', '/entities/ReserveComponent', { ...base, useful_life_years: 0, remaining_life_years: 0 })).message).toMatch(/Useful life must be at least 1/);
    expect((await b.refused(400, 'POST', '/entities/ReserveComponent', { ...base, remaining_life_years: 11 })).message).toMatch(/Remaining life cannot exceed useful life/);
    await b.refused(400, 'POST', '/entities/ReserveComponent', { ...base, current_replacement_cost: -1 });
    await b.refused(400, 'POST', '/entities/ReserveComponent', { ...base, inflation_rate: 101 });
    const gate = await b.ok('POST', '/entities/ReserveComponent', base);
    expect(gate).toMatchObject({ inflation_rate: 0, current_replacement_cost: 1000 });
    expect((await b.refused(400, 'PUT', `/entities/ReserveComponent/${gate.id}`, { useful_life_years: 3 })).message).toMatch(/Remaining life cannot exceed useful life/);
    await b.ok('DELETE', `/entities/ReserveComponent/${gate.id}`);
  });
});

describe('reserve study', () => {
  it('percent funded and the projection, by hand', async () => {
    // Fully funded: roof 250,000 × 15/25 = 150,000; paving 80,000 × 15/20 = 60,000; pool due now 30,000. Total 240,000.
    await b.ok('POST', '/entities/ReserveComponent', { name: 'Roof replacement', category: 'Roofing', useful_life_years: 25, remaining_life_years: 10, current_replacement_cost: 250000, inflation_rate: 3 });
    await b.ok('POST', '/entities/ReserveComponent', { name: 'Asphalt paving', category: 'Paving', useful_life_years: 20, remaining_life_years: 5, current_replacement_cost: 80000 });
    await b.ok('POST', '/entities/ReserveComponent', { name: 'Pool resurfacing', category: 'Amenities', useful_life_years: 10, remaining_life_years: 0, current_replacement_cost: 30000, inflation_rate: 4 });

    // Reserve fund: 60,000 moved in from operating, then a 5,000 reserve repair billed and not yet paid.
    await b.ok('POST', '/functions/transferBetweenFunds', { date: '2025-08-01', from_fund_id: b.funds.operating, to_fund_id: b.funds.reserve, amount: 60000 });
    const vendor = await b.ok('POST', '/entities/Vendor', { vendor_name: 'Poolside Repairs' });
    await b.ok('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: 'P-1', bill_date: '2025-09-15', lines: [{ quantity: 1, unit_price: 5000, account_id: b.accounts['5600'], fund_id: b.funds.reserve }] });
    // After the as-of date: not counted.
    await b.ok('POST', '/functions/transferBetweenFunds', { date: '2026-04-01', from_fund_id: b.funds.operating, to_fund_id: b.funds.reserve, amount: 999 });

    // The adopted reserve budget of FY2025 (July 2025 – June 2026) plans 24,000.00 of contributions.
    const contributions = await b.ok('POST', '/entities/ChartOfAccount', { account_number: '4200', account_name: 'Reserve Contributions', account_type: 'revenue' });
    const budget = await b.ok('POST', '/functions/saveBudget', { name: 'Reserve FY2025', fiscal_year: 2025, fund_id: b.funds.reserve, lines: [{ account_id: contributions.id, amounts: Array(12).fill(2000) }] });
    const draftStudy = await b.ok('GET', '/reports/reserve-study?as_of=2026-03-31');
    expect([draftStudy.contribution, draftStudy.contribution_source]).toEqual([0, 'none']);
    await b.ok('POST', '/functions/adoptBudget', { budget_id: budget.id });

    const s = await b.ok('GET', '/reports/reserve-study?as_of=2026-03-31');
    expect(s).toMatchObject({
      as_of: '2026-03-31', fiscal_year: 2025, reserve_fund: { id: b.funds.reserve, name: 'Reserve' },
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
    const given = await b.ok('GET', '/reports/reserve-study?as_of=2026-03-31&contribution=30000&interest_rate=2');
    expect(given).toMatchObject({ contribution: 30000, contribution_source: 'input', interest_rate: 2 });
    // 55,000 + 30,000 + 2% of 55,000 (1,100) − 30,000 = 56,100.
    expect(given.projection[0]).toMatchObject({ interest: 1100, ending_balance: 56100 });

    const csv = await b.call('GET', '/reports/reserve-study?as_of=2026-03-31&format=csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('year,starting_balance,contribution,interest,replacements,ending_balance,fully_funded_balance,percent_funded,replaced');
    expect(lines[1]).toBe('2025,55000,24000,0,30000,49000,240000,22.92,Pool resurfacing');
    expect(lines).toHaveLength(31);

    await b.refused(400, 'GET', '/reports/reserve-study?contribution=-5');
    await b.refused(400, 'GET', '/reports/reserve-study?as_of=yesterday');
  });

  it('owners see neither components nor the study', async () => {
    await b.refused(403, 'GET', '/entities/ReserveComponent', undefined, owner.token);
    await b.refused(403, 'POST', '/entities/ReserveComponent', { name: 'x', useful_life_years: 1, remaining_life_years: 0, current_replacement_cost: 1 }, owner.token);
    await b.refused(403, 'GET', '/reports/reserve-study', undefined, owner.token);
  });
});
