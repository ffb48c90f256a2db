/**
 * The demo's budgets and reserves, through the same services as the API: percentage interests by square footage,
 * an adopted operating and reserve budget for the current fiscal year (the reserve budget plans the monthly
 * contribution the demo transfers), and the components of a reserve study.
 */
import { fiscalMonths, fiscalYearOf, spreadEvenly } from '@covenant/contracts/budgets';
import { addDays } from '@covenant/contracts/documents';
import { centsToNumber } from '@covenant/contracts/money';
import type { Ctx } from './lib/context.ts';
import { createEntity, listEntities } from './platform/entities/entities.service.ts';
import { systemFunds } from './features/accounts/accounts.service.ts';
import { budgetVsActual } from './features/budgets/budget-vs-actual.ts';
import { adoptBudget, fiscalYearStartMonth, saveBudget } from './features/budgets/budget.commands.ts';
import { reserveStudy } from './features/reserves/reserves.feature.ts';

const COMPONENTS = [
  { name: 'Roof replacement (townhouses and clubhouse)', category: 'Roofing', useful_life_years: 25, remaining_life_years: 9, current_replacement_cost: 420000 },
  { name: 'Asphalt paving: mill and overlay', category: 'Paving', useful_life_years: 20, remaining_life_years: 6, current_replacement_cost: 185000 },
  { name: 'Asphalt seal coat and striping', category: 'Paving', useful_life_years: 5, remaining_life_years: 2, current_replacement_cost: 18500 },
  { name: 'Pool resurfacing', category: 'Amenities', useful_life_years: 12, remaining_life_years: 1, current_replacement_cost: 48000 },
  { name: 'Exterior painting', category: 'Painting', useful_life_years: 8, remaining_life_years: 3, current_replacement_cost: 160000 },
  { name: 'Elevator modernization (condo building)', category: 'Elevators', useful_life_years: 25, remaining_life_years: 14, current_replacement_cost: 240000 },
  { name: 'Clubhouse HVAC', category: 'Mechanical', useful_life_years: 15, remaining_life_years: 5, current_replacement_cost: 36000 },
  { name: 'Perimeter fencing and gates', category: 'Site', useful_life_years: 20, remaining_life_years: 11, current_replacement_cost: 52000 },
];

/** Loads the budgets and reserves; answers the figures the demo prints. */
export async function loadBudgetsAndReserves(ctx: Ctx, today: string) {
  const def = (name: string) => ctx.services.registry.requireEntity(name);
  const make = (name: string, body: Record<string, unknown>) => createEntity(ctx, def(name), body);
  const fund = await systemFunds(ctx);

  const accounts = await listEntities(ctx, def('ChartOfAccount'), { limit: 200 });
  const account = (number: string) => accounts.find((a) => a.account_number === number)!.id as string;
  const contributions = await make('ChartOfAccount', { account_number: '4200', account_name: 'Reserve Contributions', account_type: 'revenue', account_subtype: 'other_revenue' });
  const replacements = await make('ChartOfAccount', { account_number: '6100', account_name: 'Reserve Replacements', account_type: 'expense', account_subtype: 'non_operating_expense' });

  const fiscalYear = fiscalYearOf(today, await fiscalYearStartMonth(ctx));
  const calendar = fiscalMonths(fiscalYear, await fiscalYearStartMonth(ctx));
  const even = (annual: number) => spreadEvenly(annual * 100).map(centsToNumber);
  const inMonths = (amount: number, calendarMonths: number[]) => calendar.map((m) => (calendarMonths.includes(m.month) ? amount : 0));
  const units = await listEntities(ctx, def('Property'), { fields: 'monthly_hoa_fee', limit: 5000 });
  const dues = units.reduce((s, u) => s + Number(u.monthly_hoa_fee), 0);
  const operating = await saveBudget(ctx, {
    name: `Operating budget ${fiscalYear}`, fiscal_year: fiscalYear, fund_id: fund.operating, notes: 'Adopted at the annual meeting',
    lines: [
      { account_id: account('4000'), amounts: even(dues * 12) },
      { account_id: account('4100'), amounts: even(1800) },
      { account_id: account('5000'), amounts: even(30000) },
      { account_id: account('5100'), amounts: even(12000) },
      { account_id: account('5200'), amounts: even(22800) },
      { account_id: account('5300'), amounts: inMonths(5400, [1, 4, 7, 10]) },
      { account_id: account('5400'), amounts: even(43200) },
      { account_id: account('5500'), amounts: even(6000) },
      { account_id: account('5600'), amounts: inMonths(650, [5, 6, 7, 8, 9]) },
    ],
  });
  await adoptBudget(ctx, { budget_id: operating.id });
  const reserve = await saveBudget(ctx, {
    name: `Reserve budget ${fiscalYear}`, fiscal_year: fiscalYear, fund_id: fund.reserve, notes: 'Contribution per the reserve study',
    lines: [
      { account_id: contributions.id as string, amounts: even(54000) },
      { account_id: replacements.id as string, amounts: inMonths(48000, [5]) },
    ],
  });
  await adoptBudget(ctx, { budget_id: reserve.id });
  for (const c of COMPONENTS) await make('ReserveComponent', { ...c, inflation_rate: 3 });

  // Through the end of last month: whole months on both sides of the comparison.
  const lastMonthEnd = addDays(`${today.slice(0, 7)}-01`, -1);
  const vsActual = await budgetVsActual(ctx, { format: 'json', budget_id: operating.id, from: calendar[0]!.start, to: lastMonthEnd < calendar[0]!.start ? today : lastMonthEnd });
  const study = await reserveStudy(ctx, { format: 'json', as_of: today });
  return { fiscalYear, vsActual, study };
}
