import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fiscalYearOf } from '@covenant/contracts/budgets';
import { reserveComponentCreate, reserveComponentInput } from '@covenant/contracts/entities';
import { centsToNumber, toCents } from '@covenant/contracts/money';
import type { ReportAnswer, ReportParams } from '@covenant/contracts/reports';
import { componentFullyFundedCents, fullyFundedBalanceCents, percentFunded, projectReserves, type ProjectionYear, type ReserveComponentFigures } from '@covenant/contracts/reserves';
import { budgets, reserveComponents } from '@covenant/db/schema/budgets';
import { chartOfAccounts, funds } from '@covenant/db/schema/finance';
import { today, type Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { defineReport } from '../../platform/reports/define-report.ts';
import { systemFunds } from '../accounts/accounts.service.ts';
import { budgetLineCents } from '../budgets/budget-vs-actual.ts';
import { fiscalYearStartMonth } from '../budgets/budget.commands.ts';
import { netByAccount } from '../reports/ledger-queries.ts';

/** Reserve components: written under the chart of accounts privilege (accounting setup), read under reports. */
export const reserveComponentEntity: EntityDef = {
  name: 'ReserveComponent',
  label: 'reserve component',
  table: reserveComponents,
  resource: 'reports',
  writeResource: 'chart_of_accounts',
  createInput: reserveComponentCreate as unknown as z.ZodType<Row>,
  updateInput: reserveComponentInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
  hooks: {
    prepareUpdate(_ctx, changes, existing) {
      const useful = (changes.useful_life_years ?? existing.useful_life_years) as number;
      const remaining = (changes.remaining_life_years ?? existing.remaining_life_years) as number;
      if (remaining > useful) throw new ValidationError('remaining_life_years: Remaining life cannot exceed useful life');
      return changes;
    },
  },
};

/** The reserve fund's net assets (assets − liabilities) from its own postings, as of a date, in cents. */
async function reserveBalanceCents(ctx: Ctx, fundId: string, asOf: string): Promise<number> {
  const rows = await netByAccount(ctx, { to: asOf, fundId }, [sql`${chartOfAccounts.account_type} in ('asset', 'liability')`]);
  return rows.reduce((s, r) => s + r.net, 0);
}

/** The adopted reserve-fund budget of a fiscal year: its budgeted revenue is the planned contribution. */
async function budgetedContribution(ctx: Ctx, fundId: string, fiscalYear: number): Promise<{ budget_id: string; cents: number } | null> {
  const [budget] = await ctx.db
    .select({ id: budgets.id })
    .from(budgets)
    .where(and(eq(budgets.fund_id, fundId), eq(budgets.fiscal_year, fiscalYear), eq(budgets.status, 'adopted')))
    .limit(1);
  if (!budget) return null;
  const lines = await budgetLineCents(ctx, budget.id);
  return { budget_id: budget.id, cents: lines.filter((l) => l.account_type === 'revenue').reduce((s, l) => s + l.annual, 0) };
}

const money = (cents: number) => centsToNumber(cents);
const yearOut = (y: ProjectionYear) => ({
  ...y, starting_balance: money(y.starting_balance), contribution: money(y.contribution), interest: money(y.interest), replacements: money(y.replacements),
  ending_balance: money(y.ending_balance), fully_funded_balance: money(y.fully_funded_balance),
});

/**
 * The reserve study: percent funded today (the reserve fund's balance over the fully funded balance, CAI) and a
 * 30-year projection from the current fiscal year, with the planned contribution (given, else the adopted
 * reserve budget's revenue for that year) and an optional interest rate.
 */
export async function reserveStudy(ctx: Ctx, q: ReportParams<'reserve-study'>): Promise<ReportAnswer<'reserve-study'>> {
  await requirePermission(ctx, 'reports', 'read');
  const asOf = q.as_of || await today(ctx);
  const reserveFund = (await systemFunds(ctx)).reserve;
  const [fund] = await ctx.db.select({ id: funds.id, name: funds.name }).from(funds).where(eq(funds.id, reserveFund));
  const fiscalYear = fiscalYearOf(asOf, await fiscalYearStartMonth(ctx));
  const rows = await ctx.db.select().from(reserveComponents).orderBy(asc(reserveComponents.remaining_life_years), asc(reserveComponents.name), asc(reserveComponents.id));
  const components: Array<ReserveComponentFigures & { row: typeof rows[number] }> = rows.map((r) => ({
    row: r, name: r.name, useful_life_years: r.useful_life_years, remaining_life_years: r.remaining_life_years, cost_cents: toCents(r.current_replacement_cost), inflation_rate: r.inflation_rate,
  }));
  const balance = await reserveBalanceCents(ctx, reserveFund, asOf);
  const budgeted = await budgetedContribution(ctx, reserveFund, fiscalYear);
  const given = q.contribution !== undefined && q.contribution !== '';
  const contribution = given ? toCents(q.contribution as number) : (budgeted?.cents ?? 0);
  const interestRate = q.interest_rate === undefined || q.interest_rate === '' ? 0 : q.interest_rate;
  const ffb = fullyFundedBalanceCents(components);
  const projection = projectReserves({ startingBalanceCents: balance, annualContributionCents: contribution, interestRate, components, firstYear: fiscalYear });
  return {
    as_of: asOf,
    fiscal_year: fiscalYear,
    reserve_fund: fund ?? null,
    reserve_balance: money(balance),
    fully_funded_balance: money(ffb),
    percent_funded: percentFunded(balance, ffb),
    contribution: money(contribution),
    /** Where the contribution came from: the query, the adopted reserve budget, or none. */
    contribution_source: given ? 'input' : budgeted ? 'budget' : 'none',
    budget_contribution: budgeted ? money(budgeted.cents) : null,
    budget_id: budgeted?.budget_id ?? null,
    interest_rate: Number(interestRate),
    components: components.map((c) => ({
      id: c.row.id, name: c.name, category: c.row.category, useful_life_years: c.useful_life_years, remaining_life_years: c.remaining_life_years,
      current_replacement_cost: money(c.cost_cents), inflation_rate: Number(c.row.inflation_rate), notes: c.row.notes, fully_funded_balance: money(componentFullyFundedCents(c)),
    })),
    projection: projection.map(yearOut),
  };
}

function csvRows(s: ReportAnswer<'reserve-study'>): unknown[][] {
  const out: unknown[][] = [['year', 'starting_balance', 'contribution', 'interest', 'replacements', 'ending_balance', 'fully_funded_balance', 'percent_funded', 'replaced']];
  for (const y of s.projection) out.push([y.year, y.starting_balance, y.contribution, y.interest, y.replacements, y.ending_balance, y.fully_funded_balance, y.percent_funded ?? '', y.replaced.join('; ')]);
  return out;
}

export const reserveStudyReport = defineReport('reserve-study', reserveStudy, { rows: csvRows, filename: (s) => `reserve-study-${s.as_of}.csv` });

export const reservesFeature: Feature = { name: 'reserves', entities: [reserveComponentEntity], reports: [reserveStudyReport] };
