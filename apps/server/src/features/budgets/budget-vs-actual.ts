import { asc, eq } from 'drizzle-orm';
import { budgetVariance, fiscalMonths, monthsWithin, netVariance, type BudgetStatus } from '@covenant/contracts/budgets';
import { centsToNumber, toCents } from '@covenant/contracts/money';
import type { ReportAnswer, ReportParams, VarianceRow } from '@covenant/contracts/reports';
import { budgetLines } from '@covenant/db/schema/budgets';
import { chartOfAccounts, funds } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { referencedRecord } from '../../platform/entities/entities.service.ts';
import { defineReport } from '../../platform/reports/define-report.ts';
import { incomeFigures } from '../reports/ledger-queries.ts';
import { budgetEntity } from './budgets.entities.ts';

type Kind = 'revenue' | 'expense';

interface Figures {
  budget: number;
  actual: number;
}

const present = (kind: Kind, f: Figures) => {
  const v = budgetVariance(kind, f.budget, f.actual);
  return { budget: centsToNumber(f.budget), actual: centsToNumber(f.actual), variance: centsToNumber(v.varianceCents), percent: v.percent };
};

/**
 * Budget vs actual for one budget: per revenue and expense account, the budget of the whole fiscal months lying in
 * from..to (nothing prorated), the actual from the ledger for the budget's fund over from..to (as the income
 * statement has it), the variance
 * (favourable positive) and its percent of the budget; totals for revenue, expenses and net.
 */
export async function budgetVsActual(ctx: Ctx, q: ReportParams<'budget-vs-actual'>): Promise<ReportAnswer<'budget-vs-actual'>> {
  await requirePermission(ctx, 'reports', 'read');
  const budget = await referencedRecord(ctx, budgetEntity, q.budget_id, 'budget_id: the budget');
  const months = fiscalMonths(budget.fiscal_year as number, budget.start_month as number);
  const from = q.from || months[0]!.start;
  const to = q.to || months[11]!.end;
  if (from > to) throw new ValidationError('from must not be after to');
  const included = monthsWithin(months, from, to);

  const lines = await budgetLineCents(ctx, budget.id as string);
  // The income statement's figures (year-end closing entries left out): one definition of actual.
  const actual = await incomeFigures(ctx, { from, to, fundId: budget.fund_id as string });

  const rows = new Map<string, { account_id: string; account_number: string; account_name: string; kind: Kind } & Figures>();
  const rowOf = (a: { account_id: string; account_number: string; account_name: string; account_type: string }) => {
    let row = rows.get(a.account_id);
    if (!row) rows.set(a.account_id, (row = { account_id: a.account_id, account_number: a.account_number, account_name: a.account_name, kind: a.account_type as Kind, budget: 0, actual: 0 }));
    return row;
  };
  for (const l of lines) rowOf(l).budget += included.reduce((s, i) => s + l.months[i]!, 0);
  for (const a of [...actual.revenue, ...actual.expenses]) rowOf(a).actual += a.cents;

  const sorted = [...rows.values()].sort((a, b) => a.account_number.localeCompare(b.account_number));
  const section = (kind: Kind) => sorted.filter((r) => r.kind === kind);
  const total = (list: Figures[]): Figures => ({ budget: list.reduce((s, r) => s + r.budget, 0), actual: list.reduce((s, r) => s + r.actual, 0) });
  const revenue = total(section('revenue'));
  const expenses = total(section('expense'));
  const net = { budget: revenue.budget - expenses.budget, actual: revenue.actual - expenses.actual };
  const netV = netVariance(net.budget, net.actual);
  const [fund] = await ctx.db.select({ name: funds.name }).from(funds).where(eq(funds.id, budget.fund_id as string));
  const rowsOf = (kind: Kind) => section(kind).map((r) => ({ account_id: r.account_id, account_number: r.account_number, account_name: r.account_name, ...present(kind, r) }));

  return {
    budget: {
      id: budget.id as string, name: budget.name as string, fiscal_year: budget.fiscal_year as number, fund_id: budget.fund_id as string, fund_name: fund?.name ?? null,
      status: budget.status as BudgetStatus,
    },
    from,
    to,
    /** The fiscal months whose budget is counted. */
    months: included.map((i) => months[i]!.label),
    revenue: rowsOf('revenue'),
    expenses: rowsOf('expense'),
    totals: {
      revenue: present('revenue', revenue),
      expenses: present('expense', expenses),
      net: { budget: centsToNumber(net.budget), actual: centsToNumber(net.actual), variance: centsToNumber(netV.varianceCents), percent: netV.percent },
    },
  };
}

function csvRows(r: ReportAnswer<'budget-vs-actual'>): unknown[][] {
  const out: unknown[][] = [['section', 'account_number', 'account_name', 'budget', 'actual', 'variance', 'percent']];
  const add = (section: string, l: VarianceRow) => out.push([section, l.account_number, l.account_name, l.budget, l.actual, l.variance, l.percent ?? '']);
  for (const l of r.revenue) add('revenue', l);
  for (const l of r.expenses) add('expenses', l);
  for (const [name, t] of [['total_revenue', r.totals.revenue], ['total_expenses', r.totals.expenses], ['net', r.totals.net]] as const) {
    out.push(['total', '', name, t.budget, t.actual, t.variance, t.percent ?? '']);
  }
  return out;
}

export const budgetVsActualReport = defineReport('budget-vs-actual', budgetVsActual, {
  rows: csvRows,
  filename: (r) => `budget-vs-actual-${r.budget.fiscal_year}-${r.to}.csv`,
});

/** A budget's lines with their accounts, in account order: each month's amount in cents, and the year's. */
export async function budgetLineCents(ctx: Ctx, budgetId: string) {
  const lines = await ctx.db
    .select({
      account_id: budgetLines.account_id, account_number: chartOfAccounts.account_number, account_name: chartOfAccounts.account_name,
      account_type: chartOfAccounts.account_type, amounts: budgetLines.monthly_amounts,
    })
    .from(budgetLines)
    .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, budgetLines.account_id))
    .where(eq(budgetLines.budget_id, budgetId))
    .orderBy(asc(chartOfAccounts.account_number));
  return lines.map(({ amounts, ...l }) => {
    const months = amounts.map((a) => toCents(a));
    return { ...l, months, annual: months.reduce((s, c) => s + c, 0) };
  });
}
