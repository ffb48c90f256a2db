/**
 * Budgets through the real app: the fiscal year setting, budget CRUD and its refusals, adoption (read-only,
 * recorded), copy from last year, budget vs actual against postings made through the real commands, the
 * assessment calculator and its apply, and who may do what. Every figure is worked out by hand in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksSession, type BooksSession } from './books-helpers.ts';
import { createTestApp, createUser, makeOwner, makeProperty, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
let owner: { token: string };
let household: { token: string };
let b: BooksSession;

const months = (...amounts: number[]) => (amounts.length === 1 ? Array(12).fill(amounts[0]) : amounts);

beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t, 'admin')).token;
  owner = await createUser(t, 'owner');
  household = await createUser(t, 'household_member');
  b = await booksSession(t, token);
});
afterAll(async () => t?.close());

// FY2025 runs July 2025 to June 2026 once the fiscal year starts in July.
const operatingLines = () => [
  { account_id: b.accounts['4000'], amounts: months(10000) }, // Assessment Income: 120,000.00 spread evenly
  { account_id: b.accounts['4100'], amounts: months(100) }, // Late Fee Income: 1,200.00
  { account_id: b.accounts['5000'], amounts: months(2000) }, // Landscaping: 24,000.00
  { account_id: b.accounts['5200'], amounts: months(500) }, // Utilities: 6,000.00
  { account_id: b.accounts['5300'], amounts: months(12000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) }, // Insurance, paid in July
];
let budgetId = '';

describe('fiscal year setting', () => {
  it('is a month 1–12 on the organization settings, January by default', async () => {
    const settings = await b.ok('POST', '/entities/OrgSettings', { company_name: 'Maple Grove HOA' });
    expect(settings.fiscal_year_start_month).toBe(1);
    await b.refused(400, 'PUT', `/entities/OrgSettings/${settings.id}`, { fiscal_year_start_month: 13 });
    await b.refused(400, 'PUT', `/entities/OrgSettings/${settings.id}`, { fiscal_year_start_month: 0 });
    expect((await b.ok('PUT', `/entities/OrgSettings/${settings.id}`, { fiscal_year_start_month: 7 })).fiscal_year_start_month).toBe(7);
  });
});

describe('budgets', () => {
  it('a budget per fund and fiscal year, keeping the start month it was made with', async () => {
    const budget = await b.ok('POST', '/entities/Budget', { name: 'Operating FY2025', fiscal_year: 2025, fund_id: b.funds.operating });
    expect(budget).toMatchObject({ status: 'draft', start_month: 7, fiscal_year: 2025, total_revenue: 0, total_expenses: 0 });
    budgetId = budget.id;
    const second = await b.refused(409, 'POST', '/entities/Budget', { name: 'Again', fiscal_year: 2025, fund_id: b.funds.operating });
    expect(second.code).toBe('budget_exists');
    await b.refused(409, 'POST', '/functions/saveBudget', { name: 'Again', fiscal_year: 2025, fund_id: b.funds.operating, lines: [] });
    // The reserve fund has its own budget for the same year.
    const reserve = await b.ok('POST', '/entities/Budget', { name: 'Reserve FY2025', fiscal_year: 2025, fund_id: b.funds.reserve });
    expect(reserve.status).toBe('draft');
    await b.refused(400, 'POST', '/entities/Budget', { name: 'No fund', fiscal_year: 2025, fund_id: '0123456789abcdef01234567' });
    await b.refused(400, 'POST', '/entities/Budget', { name: 'Adopted already', fiscal_year: 2030, fund_id: b.funds.operating, status: 'adopted' });
  });

  it('saveBudget writes the header and every line, all or nothing; lines on balance-sheet accounts are refused', async () => {
    const header = { id: budgetId, name: 'Operating FY2025', fiscal_year: 2025, fund_id: b.funds.operating };
    for (const number of ['1000', '1200', '2000', '3000']) {
      const r = await b.refused(400, 'POST', '/functions/saveBudget', { ...header, lines: [...operatingLines(), { account_id: b.accounts[number], amounts: months(1) }] });
      expect(r.message).toMatch(/budget lines are on revenue and expense accounts only/);
    }
    await b.refused(400, 'POST', '/entities/BudgetLine', { budget_id: budgetId, account_id: b.accounts['1000'], amounts: months(1) });
    await b.refused(400, 'POST', '/functions/saveBudget', { ...header, lines: [{ account_id: b.accounts['4000'], amounts: [1, 2, 3] }] });
    await b.refused(400, 'POST', '/functions/saveBudget', { ...header, lines: [{ account_id: b.accounts['4000'], amounts: months(-5) }] });
    await b.refused(400, 'POST', '/functions/saveBudget', { ...header, lines: [{ account_id: b.accounts['4000'], amounts: months(1.005) }] });
    await b.refused(400, 'POST', '/functions/saveBudget', { ...header, lines: [{ account_id: b.accounts['4000'], amounts: months(1) }, { account_id: b.accounts['4000'], amounts: months(2) }] });
    // Nothing was written by the refusals.
    expect(await b.ok('GET', `/entities/BudgetLine?q=${encodeURIComponent(JSON.stringify({ budget_id: budgetId }))}`)).toEqual([]);

    const saved = await b.ok('POST', '/functions/saveBudget', { ...header, notes: 'Board draft', lines: operatingLines() });
    expect(saved.lines).toHaveLength(5);
    expect(saved.lines[0].amounts).toEqual(months(10000));
    expect(saved.lines[4].amounts).toEqual(months(12000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    // 120,000 + 1,200 revenue; 24,000 + 6,000 + 12,000 expenses.
    expect(saved).toMatchObject({ total_revenue: 121200, total_expenses: 42000, notes: 'Board draft' });
    const line = await b.ok('GET', `/entities/BudgetLine/${saved.lines[1].id}`);
    expect(line).toMatchObject({ account_id: b.accounts['4100'], amounts: months(100) });
    expect(line).not.toHaveProperty('monthly_amounts');
    // Exact decimals round-trip: 1,000.01 spread by hand, cents kept.
    const cents = await b.ok('PUT', `/entities/BudgetLine/${saved.lines[1].id}`, { amounts: months(100.01, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 99.99) });
    expect(cents.amounts).toEqual(months(100.01, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 99.99));
    await b.ok('PUT', `/entities/BudgetLine/${saved.lines[1].id}`, { amounts: months(100) });
  });

  it('an adopted budget is read-only until it is un-adopted, and both are recorded', async () => {
    const adopted = await b.ok('POST', '/functions/adoptBudget', { budget_id: budgetId });
    expect(adopted.status).toBe('adopted');
    expect(adopted.adopted_by).toMatch(/@/);
    const lineId = adopted.lines[0].id as string;
    for (const [method, url, body] of [
      ['PUT', `/entities/Budget/${budgetId}`, { notes: 'changed' }],
      ['DELETE', `/entities/Budget/${budgetId}`, undefined],
      ['POST', '/entities/BudgetLine', { budget_id: budgetId, account_id: b.accounts['5100'], amounts: months(1) }],
      ['PUT', `/entities/BudgetLine/${lineId}`, { amounts: months(1) }],
      ['DELETE', `/entities/BudgetLine/${lineId}`, undefined],
      ['POST', '/functions/saveBudget', { id: budgetId, name: 'x', fiscal_year: 2025, fund_id: b.funds.operating, lines: [] }],
      ['POST', '/functions/adoptBudget', { budget_id: budgetId }],
    ] as const) {
      expect((await b.refused(409, method, url, body)).code, `${method} ${url}`).toBe('budget_adopted');
    }
    expect((await b.ok('GET', `/entities/Budget/${budgetId}`)).notes).toBe('Board draft');
    expect((await b.ok('GET', `/entities/BudgetLine/${lineId}`)).amounts).toEqual(months(10000));

    await b.refused(400, 'POST', '/functions/unadoptBudget', { budget_id: budgetId });
    const draft = await b.ok('POST', '/functions/unadoptBudget', { budget_id: budgetId, reason: 'Insurance quote came in lower' });
    expect(draft).toMatchObject({ status: 'draft', adopted_at: null, adopted_by: null });
    await b.refused(409, 'POST', '/functions/unadoptBudget', { budget_id: budgetId, reason: 'again' });
    await b.ok('POST', '/functions/adoptBudget', { budget_id: budgetId });
    const log = await b.ok('GET', `/audit-log?action=budget`);
    expect(log.rows.map((r: { action: string }) => r.action)).toEqual(['budget.adopted', 'budget.unadopted', 'budget.adopted']);
    expect(log.rows[1].detail).toMatchObject({ reason: 'Insurance quote came in lower', fiscal_year: 2025 });
    // An empty budget is not adopted.
    const empty = await b.ok('POST', '/functions/saveBudget', { name: 'Empty', fiscal_year: 2031, fund_id: b.funds.operating, lines: [] });
    expect((await b.refused(409, 'POST', '/functions/adoptBudget', { budget_id: empty.id })).code).toBe('budget_empty');
    await b.ok('DELETE', `/entities/Budget/${empty.id}`);
  });

  it('copies last year: the fund\'s budget of the year before into a new draft', async () => {
    const copy = await b.ok('POST', '/functions/copyBudget', { fund_id: b.funds.operating, to_fiscal_year: 2026 });
    expect(copy).toMatchObject({ name: 'Operating budget 2026', fiscal_year: 2026, fund_id: b.funds.operating, status: 'draft', start_month: 7, total_revenue: 121200, total_expenses: 42000 });
    expect(copy.lines.map((l: { account_id: string; amounts: number[] }) => [l.account_id, l.amounts])).toEqual(operatingLines().map((l) => [l.account_id, l.amounts]));
    expect((await b.refused(409, 'POST', '/functions/copyBudget', { fund_id: b.funds.operating, to_fiscal_year: 2026 })).code).toBe('budget_not_empty');
    expect((await b.refused(404, 'POST', '/functions/copyBudget', { fund_id: b.funds.operating, to_fiscal_year: 2040 })).message).toMatch(/no budget for fiscal year 2039/);
    // Into an empty draft of that year; from an explicit budget.
    const empty = await b.ok('POST', '/entities/Budget', { name: 'Operating FY2027', fiscal_year: 2027, fund_id: b.funds.operating });
    const filled = await b.ok('POST', '/functions/copyBudget', { budget_id: budgetId, to_fiscal_year: 2027 });
    expect(filled).toMatchObject({ id: empty.id, name: 'Operating FY2027', total_revenue: 121200 });
    await b.refused(400, 'POST', '/functions/copyBudget', { to_fiscal_year: 2028 });
  });
});

describe('budget vs actual', () => {
  it('per account and in total, against postings made through the real commands, by whole fiscal months', async () => {
    const payer = await makeOwner(t, token);
    const vendor = await b.ok('POST', '/entities/Vendor', { vendor_name: 'Green Thumb Landscaping' });
    const invoice = (date: string, lines: Array<[string, number, string?]>) =>
      b.ok('POST', '/functions/saveInvoice', { owner_id: payer.id, invoice_date: date, status: 'sent', lines: lines.map(([n, price, fund]) => ({ description: n, quantity: 1, unit_price: price, account_id: b.accounts[n], ...(fund ? { fund_id: fund } : {}) })) });
    let billNo = 0;
    const bill = (date: string, lines: Array<[string, number, string?]>) =>
      b.ok('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: `BVA-${++billNo}`, bill_date: date, lines: lines.map(([n, price, fund]) => ({ quantity: 1, unit_price: price, account_id: b.accounts[n], ...(fund ? { fund_id: fund } : {}) })) });

    await invoice('2025-07-05', [['4000', 9500], ['4100', 150]]);
    await invoice('2025-08-05', [['4000', 10000]]);
    await invoice('2025-08-06', [['4000', 5000, b.funds.reserve]]); // the reserve fund's: not this budget's
    await bill('2025-07-10', [['5000', 2100], ['5300', 11500]]);
    await bill('2025-08-15', [['5000', 1900], ['5100', 800]]); // repairs: not budgeted
    await bill('2025-06-30', [['5000', 999]]); // before the range
    await bill('2025-09-01', [['5000', 777]]); // after it
    // The year-end close posts income into fund balance on 2025-08-31: that is not activity.
    expect((await b.ok('POST', '/functions/closeYear', { fiscal_year_end: '2025-08-31' })).closed_through).toBe('2025-08-31');

    const r = await b.ok('GET', `/reports/budget-vs-actual?budget_id=${budgetId}&from=2025-07-01&to=2025-08-31`);
    expect(r.budget).toMatchObject({ id: budgetId, fiscal_year: 2025, fund_id: b.funds.operating, fund_name: 'Operating', status: 'adopted' });
    expect(r.months).toEqual(['Jul 2025', 'Aug 2025']);
    const rows = (list: Array<Record<string, unknown>>) => list.map((l) => [l.account_number, l.budget, l.actual, l.variance, l.percent]);
    // Budget for July and August; actual from the ledger; revenue actual − budget, expense budget − actual.
    expect(rows(r.revenue)).toEqual([
      ['4000', 20000, 19500, -500, -2.5],
      ['4100', 200, 150, -50, -25],
    ]);
    expect(rows(r.expenses)).toEqual([
      ['5000', 4000, 4000, 0, 0],
      ['5100', 0, 800, -800, null],
      ['5200', 1000, 0, 1000, 100],
      ['5300', 12000, 11500, 500, 4.17],
    ]);
    // Revenue 20,200 vs 19,650; expenses 17,000 vs 16,300; net 3,200 vs 3,350.
    expect(r.totals).toEqual({
      revenue: { budget: 20200, actual: 19650, variance: -550, percent: -2.72 },
      expenses: { budget: 17000, actual: 16300, variance: 700, percent: 4.12 },
      net: { budget: 3200, actual: 3350, variance: 150, percent: 4.69 },
    });

    // Mid-July to August: only August is a whole month in range; the July invoice and bill fall outside too.
    const aug = await b.ok('GET', `/reports/budget-vs-actual?budget_id=${budgetId}&from=2025-07-15&to=2025-08-31`);
    expect(aug.months).toEqual(['Aug 2025']);
    expect(rows(aug.revenue)).toEqual([['4000', 10000, 10000, 0, 0], ['4100', 100, 0, -100, -100]]);
    expect(aug.totals.expenses).toEqual({ budget: 2500, actual: 2700, variance: -200, percent: -8 });

    // Without a range: the whole fiscal year (the September bill counts, the June one does not).
    const year = await b.ok('GET', `/reports/budget-vs-actual?budget_id=${budgetId}`);
    expect([year.from, year.to, year.months.length]).toEqual(['2025-07-01', '2026-06-30', 12]);
    expect(year.expenses.find((l: { account_number: string }) => l.account_number === '5000')).toMatchObject({ budget: 24000, actual: 4777, variance: 19223 });

    const csv = await b.call('GET', `/reports/budget-vs-actual?budget_id=${budgetId}&from=2025-07-01&to=2025-08-31&format=csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('section,account_number,account_name,budget,actual,variance,percent');
    expect(lines).toContain('revenue,4000,Assessment Income,20000,19500,-500,-2.5');
    expect(lines).toContain('expenses,5100,Repairs & Maintenance,0,800,-800,');
    expect(lines.at(-1)).toBe('total,,net,3200,3350,150,4.69');

    await b.refused(400, 'GET', '/reports/budget-vs-actual');
    await b.refused(400, 'GET', '/reports/budget-vs-actual?budget_id=0123456789abcdef01234567');
    await b.refused(400, 'GET', `/reports/budget-vs-actual?budget_id=${budgetId}&from=2025-09-01&to=2025-08-01`);
  });
});

describe('assessment calculator', () => {
  let units: Array<{ id: string }> = [];
  it('shares the adopted budget\'s income need by each basis, to the cent, and applies it in one transaction', async () => {
    units = [
      await makeProperty(t, token, { square_footage: 1000, assessment_share: 50, monthly_hoa_fee: 250 }),
      await makeProperty(t, token, { square_footage: 1500, assessment_share: 30, monthly_hoa_fee: 250 }),
      await makeProperty(t, token, { square_footage: 2500, assessment_share: 20, monthly_hoa_fee: 250 }),
    ];
    const ask = (basis: string, need = 'revenue_accounts') => b.ok('POST', '/functions/previewAssessment', { budget_id: budgetId, basis, need, account_ids: [b.accounts['4000']] });
    // Assessment Income is budgeted at 120,000.00 a year: 10,000.00 a month.
    const equal = await ask('equal');
    expect(equal).toMatchObject({ annual_need: 120000, monthly_need: 10000, annual_billed: 120000, total_monthly: 10000 });
    expect(equal.units.map((u: { monthly_fee: number }) => u.monthly_fee)).toEqual([3333.34, 3333.33, 3333.33]);
    expect((await ask('sqft')).units.map((u: { monthly_fee: number; annual_fee: number }) => [u.monthly_fee, u.annual_fee])).toEqual([[2000, 24000], [3000, 36000], [5000, 60000]]);
    const pct = await ask('percentage');
    expect(pct.units.map((u: { monthly_fee: number }) => u.monthly_fee)).toEqual([5000, 3000, 2000]);
    expect(pct.share_total).toBe(100);
    // Net expenses less other income: 42,000 − 1,200 late fees = 40,800 a year, 3,400.00 a month.
    const net = await ask('equal', 'net_expenses');
    expect(net).toMatchObject({ budgeted_expenses: 42000, other_income: 1200, annual_need: 40800, monthly_need: 3400 });
    expect(net.units.map((u: { monthly_fee: number }) => u.monthly_fee)).toEqual([1133.34, 1133.33, 1133.33]);
    // Nothing was written by the previews.
    expect((await b.ok('GET', `/entities/Property/${units[0]!.id}`)).monthly_hoa_fee).toBe(250);

    const applied = await b.ok('POST', '/functions/applyAssessment', { budget_id: budgetId, basis: 'sqft', need: 'revenue_accounts', account_ids: [b.accounts['4000']] });
    expect(applied.changed).toBe(3);
    const fees = await Promise.all(units.map(async (u) => (await b.ok('GET', `/entities/Property/${u.id}`)).monthly_hoa_fee));
    expect(fees).toEqual([2000, 3000, 5000]);
    expect((await b.ok('GET', '/audit-log?action=assessment.applied')).rows[0].detail).toMatchObject({ basis: 'sqft', annual_need: 120000, monthly_need: 10000, units: 3, changed: 3 });

    // The monthly billing run bills exactly the new fees to the units' owners.
    for (const u of units) await b.ok('POST', '/entities/OwnerProperty', { owner_id: (await makeOwner(t, token)).id, property_id: u.id });
    expect(await b.ok('POST', '/functions/runMonthlyBilling', { invoice_date: '2025-09-01' })).toMatchObject({ created: 3, total: 10000 });
  });

  it('refuses a draft budget, a unit without square footage, accounts that are not revenue lines, and owners', async () => {
    const draft = await b.ok('POST', '/functions/copyBudget', { budget_id: budgetId, to_fiscal_year: 2029 });
    expect((await b.refused(409, 'POST', '/functions/previewAssessment', { budget_id: draft.id, basis: 'equal', need: 'revenue_accounts', account_ids: [b.accounts['4000']] })).code).toBe('budget_not_adopted');
    await b.refused(400, 'POST', '/functions/previewAssessment', { budget_id: budgetId, basis: 'equal', need: 'revenue_accounts', account_ids: [b.accounts['5000']] });
    await b.refused(400, 'POST', '/functions/previewAssessment', { budget_id: budgetId, basis: 'equal', need: 'revenue_accounts' });
    await b.refused(400, 'POST', '/functions/previewAssessment', { budget_id: budgetId, basis: 'by_mood', need: 'revenue_accounts', account_ids: [b.accounts['4000']] });
    const bare = await makeProperty(t, token, { unit_number: 'NO-SQFT', square_footage: null });
    const r = await b.refused(400, 'POST', '/functions/applyAssessment', { budget_id: budgetId, basis: 'sqft', need: 'revenue_accounts', account_ids: [b.accounts['4000']] });
    expect(r.message).toMatch(/Unit NO-SQFT \(\d{6}\) has no square footage/);
    // All or nothing: no unit changed.
    expect((await b.ok('GET', `/entities/Property/${units[0]!.id}`)).monthly_hoa_fee).toBe(2000);
    await b.ok('DELETE', `/entities/Property/${bare.id}`);
    for (const fn of ['previewAssessment', 'applyAssessment']) {
      await b.refused(403, 'POST', `/functions/${fn}`, { budget_id: budgetId, basis: 'equal', need: 'revenue_accounts', account_ids: [b.accounts['4000']] }, owner.token);
    }
  });
});

describe('who may do what', () => {
  it('owners see no budgets; reading is a report privilege, writing an accounting-setup one', async () => {
    await b.refused(403, 'GET', '/entities/Budget', undefined, owner.token);
    await b.refused(403, 'GET', `/entities/BudgetLine`, undefined, owner.token);
    await b.refused(403, 'GET', `/reports/budget-vs-actual?budget_id=${budgetId}`, undefined, owner.token);
    await b.refused(403, 'POST', '/functions/saveBudget', { name: 'x', fiscal_year: 2035, fund_id: b.funds.operating, lines: [] }, owner.token);
    await b.refused(403, 'POST', '/functions/copyBudget', { budget_id: budgetId, to_fiscal_year: 2035 }, owner.token);
    await b.refused(403, 'POST', '/functions/adoptBudget', { budget_id: budgetId }, owner.token);
    await b.refused(403, 'POST', '/functions/unadoptBudget', { budget_id: budgetId, reason: 'x' }, owner.token);
    // A role given reports read (a board member, say) reads budgets and the report but changes nothing.
    await b.ok('POST', '/entities/Privilege', { role_name: 'household_member', resource_name: 'reports', permission_level: 'read' });
    expect((await b.ok('GET', '/entities/Budget?sort=fiscal_year')).length).toBeGreaterThan(0);
    expect((await b.call('GET', '/entities/Budget', undefined, household.token)).statusCode).toBe(200);
    expect((await b.call('GET', `/reports/budget-vs-actual?budget_id=${budgetId}`, undefined, household.token)).statusCode).toBe(200);
    await b.refused(403, 'POST', '/entities/Budget', { name: 'x', fiscal_year: 2036, fund_id: b.funds.operating }, household.token);
    await b.refused(403, 'PUT', `/entities/Budget/${budgetId}`, { notes: 'x' }, household.token);
    await b.refused(403, 'POST', '/functions/unadoptBudget', { budget_id: budgetId, reason: 'x' }, household.token);
    expect((await b.ok('GET', `/entities/Budget/${budgetId}`)).status).toBe('adopted');
  });
});
