/**
 * The report registry of the contracts (`@covenant/contracts/reports`) and the reports the server registers are the
 * same set; each report is its own OpenAPI operation with its query and its answer schema, and its JSON answer is
 * checked against that schema outside production (a mismatch is a 500 `answer_mismatch`), not in production. Every
 * report is read here in each of its shapes (all funds, one fund, a column per fund) on books with activity, and
 * each answer must be exactly what its schema describes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSummarySchema, REPORT_ACCESS, reportContracts, REPORT_NAMES, type ReportName } from '@covenant/contracts/reports';
import { FEATURES } from '../src/app.ts';
import { answerProblem } from '../src/platform/answers/answer-check.ts';
import { Registry, type ReportDef } from '../src/platform/registry.ts';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';
import { fundsAndAccounts } from './ledger-helpers.ts';

const REGISTRY = new Registry(FEATURES);

interface Operation {
  operationId?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let t: TestApp;
let token: string;
let funds: { operating: string; reserve: string };
let budgetId: string;

const ok = async (method: string, url: string, body?: unknown) => {
  const res = await t.call(method, url, { token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 500)}`).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t, 'admin')).token;
  const books = await fundsAndAccounts(t, token);
  funds = books.funds;
  const { accounts } = books;
  // A month of activity in both funds: dues billed and partly paid, a bill partly paid, a reserve contribution.
  const owner = await makeOwner(t, token);
  const reserveIncome = await ok('POST', '/entities/ChartOfAccount', { account_number: '4200', account_name: 'Reserve Contributions', account_type: 'revenue' });
  const contribution = await ok('POST', '/entities/Product', { product_code: 'RES', description: 'Reserve contribution', unit_price: 50, account_id: reserveIncome.id, fund_id: funds.reserve });
  const invoice = await ok('POST', '/functions/saveInvoice', {
    owner_id: owner.id, invoice_date: '2025-03-01', status: 'sent',
    lines: [{ description: 'Dues', quantity: 1, unit_price: 300 }, { product_id: contribution.id, quantity: 1, unit_price: 50 }],
  });
  await ok('POST', '/functions/recordPayment', { owner_id: owner.id, amount: 200, payment_date: '2025-03-05', invoice_ids: [invoice.id] });
  const vendor = await ok('POST', '/entities/Vendor', { vendor_name: 'Pool Co' });
  const bill = await ok('POST', '/functions/saveBill', { vendor_id: vendor.id, bill_number: 'PC-1', bill_date: '2025-03-02', lines: [{ description: 'Chemicals', quantity: 2, unit_price: 40, account_id: accounts['5600'] }] });
  await ok('POST', '/entities/BillPayment', { bill_id: bill.id, amount: 30, payment_date: '2025-03-10' });
  const budget = await ok('POST', '/functions/saveBudget', {
    name: 'Operating 2025', fiscal_year: 2025, fund_id: funds.operating,
    lines: [{ account_id: accounts['4000'], amounts: Array(12).fill(300) }, { account_id: accounts['5600'], amounts: Array(12).fill(50) }],
  });
  budgetId = budget.id;
  await ok('POST', '/entities/ReserveComponent', { name: 'Roof', useful_life_years: 20, remaining_life_years: 5, current_replacement_cost: 40000, inflation_rate: 3 });
});
afterAll(async () => t?.close());

describe('the report registry', () => {
  it('every report the server registers is in the contracts registry, and every contract is registered', () => {
    const registered = [...REGISTRY.reports.keys()].sort();
    console.log(`reports: ${registered.length} registered, ${REPORT_NAMES.length} in the contracts registry`);
    expect(registered).toEqual([...REPORT_NAMES].sort());
  });

  it('each report takes its query and declares its answer from its contract', () => {
    for (const name of REPORT_NAMES) {
      const report = REGISTRY.reports.get(name)!;
      expect(report.query, name).toBe(reportContracts[name].query);
      expect(report.answer, name).toBe(reportContracts[name].answer);
      expect(report.access, name).toBe(REPORT_ACCESS);
    }
  });

  it('each report is its own OpenAPI operation with its query parameters, a JSON answer schema and the CSV', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const problems: string[] = [];
    for (const name of REPORT_NAMES) {
      const op = doc.paths[`/api/apps/{appId}/reports/${name}`]?.get;
      if (!op) {
        problems.push(`${name}: no operation`);
        continue;
      }
      const content = op.responses?.['200']?.content ?? {};
      if (!content['application/json']?.schema) problems.push(`${name}: no JSON answer schema`);
      if (!content['text/csv']) problems.push(`${name}: no CSV answer`);
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      if (!query.includes('format')) problems.push(`${name}: no format parameter`);
      expect(op.operationId, name).toBe(`report-${name}`);
    }
    expect(problems).toEqual([]);
    const budgetQuery = doc.paths['/api/apps/{appId}/reports/budget-vs-actual']!.get!.parameters!;
    expect(budgetQuery.find((p) => p.name === 'budget_id')).toMatchObject({ in: 'query', required: true });
    expect(doc.paths['/api/apps/{appId}/reports/general-ledger']!.get!.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['from', 'to', 'fund', 'by_fund', 'account_id']));
    expect(doc.paths['/api/apps/{appId}/reports/{name}'], 'the route of unknown names is not an operation').toBeUndefined();
  });
});

describe('every report answers exactly its schema, in each of its shapes', () => {
  const views = () => [
    { label: 'all funds', query: '' },
    { label: 'one fund', query: `&fund=${funds.reserve}` },
    { label: 'a column per fund', query: '&by_fund=true' },
  ];
  const queryOf = (name: ReportName) => (name === 'budget-vs-actual' ? `budget_id=${budgetId}` : name === 'reserve-study' ? 'as_of=2025-12-31&contribution=1000&interest_rate=1.5' : 'from=2025-01-01&to=2025-12-31&as_of=2025-12-31');

  for (const name of REPORT_NAMES) {
    it(name, async () => {
      const shapes = name === 'budget-vs-actual' || name === 'reserve-study' ? [{ label: 'its query', query: '' }] : views();
      for (const view of shapes) {
        const answer = await ok('GET', `/reports/${name}?${queryOf(name)}${view.query}`);
        expect(answerProblem(reportContracts[name].answer, answer), `${name}, ${view.label}`).toBeNull();
        // A column per fund: the fund columns listed, or (the general ledger) each account's ledger kept per fund.
        if (view.label === 'a column per fund' && name === 'general-ledger') expect(answer.by_fund).toBe(true);
        else if (view.label === 'a column per fund' && name !== 'monthly-activity') expect(answer.funds?.length, `${name}: its fund columns`).toBe(2);
        if (view.label === 'one fund') expect(answer.fund).toBe(funds.reserve);
      }
      const csv = await t.call('GET', `/reports/${name}?${queryOf(name)}&format=csv`, { token });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    });
  }

  it('the figures are the books\' (a spot check of the answers the schemas describe)', async () => {
    const ar = await ok('GET', '/reports/ar-aging?as_of=2025-12-31');
    expect(ar.totals).toEqual({ current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 150, total: 150 });
    const ap = await ok('GET', '/reports/ap-aging?as_of=2025-12-31');
    expect(ap.rows).toEqual([{ vendor_id: expect.any(String), vendor_name: 'Pool Co', current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 50, total: 50 }]);
    const income = await ok('GET', '/reports/income-statement?from=2025-01-01&to=2025-12-31&by_fund=true');
    expect(income).toMatchObject({ total_revenue: 350, total_expenses: 80, net_income: 270 });
    expect(income.total_revenue_by_fund).toEqual({ [funds.operating]: 300, [funds.reserve]: 50 });
    const study = await ok('GET', '/reports/reserve-study?as_of=2025-12-31&contribution=1000');
    expect(study).toMatchObject({ contribution: 1000, contribution_source: 'input', fully_funded_balance: 30000 });
  });

  it('the dashboard summary answers exactly its schema', async () => {
    const summary = await ok('GET', '/dashboard/summary');
    expect(answerProblem(dashboardSummarySchema, summary)).toBeNull();
    expect(summary.recent_invoices.length).toBe(1);
    expect(summary.recent_payments.length).toBe(1);
  });
});

describe('answers outside their schema', () => {
  /** Makes a registered report answer one undeclared key more, for the length of the callback. */
  async function withExtraKey(app: TestApp, name: ReportName, body: () => Promise<void>): Promise<void> {
    const report = app.services.registry.reports.get(name) as ReportDef;
    const run = report.run;
    report.run = async (ctx, query) => {
      const result = await run(ctx, query);
      return { ...result, json: { ...(result.json as object), not_in_the_schema: 1 } };
    };
    try {
      await body();
    } finally {
      report.run = run;
    }
  }

  it('are a 500 answer_mismatch naming the key outside production', async () => {
    await withExtraKey(t, 'summary', async () => {
      const res = await t.call('GET', '/reports/summary?from=2025-01-01&to=2025-12-31', { token });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 'answer_mismatch', message: 'Report summary answered outside its schema: undeclared keys: not_in_the_schema' });
    });
  });

  it('go out unchecked in production', async () => {
    const production = await createTestApp({ checkAnswers: false });
    try {
      const admin = (await createUser(production, 'admin')).token;
      await withExtraKey(production, 'summary', async () => {
        const res = await production.call('GET', '/reports/summary?from=2025-01-01&to=2025-12-31', { token: admin });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ total_revenue: 0, not_in_the_schema: 1 });
      });
    } finally {
      await production.close();
    }
  });
});

describe('report calls keep their wire behaviour', () => {
  it('the privilege comes before the query: an owner gets 403 whatever the query, a reader a 400 naming the field', async () => {
    const owner = (await createUser(t, 'owner')).token;
    for (const name of REPORT_NAMES) expect((await t.call('GET', `/reports/${name}?from=not-a-date`, { token: owner })).statusCode, name).toBe(403);
    const bad = await t.call('GET', '/reports/summary?from=not-a-date', { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error', message: 'from: must be a date (YYYY-MM-DD)' });
    const noBudget = await t.call('GET', '/reports/budget-vs-actual', { token });
    expect(noBudget.statusCode).toBe(400);
    expect(noBudget.json().message).toMatch(/budget_id/);
  });

  it('an unknown name is a 404 listing the reports', async () => {
    const res = await t.call('GET', '/reports/nope', { token });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`Unknown report 'nope'; reports: ${[...REGISTRY.reports.keys()].join(', ')}`);
  });
});
