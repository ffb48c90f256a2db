import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { budgetInput, budgetLineInput } from '@covenant/contracts/entities';
import { budgetLines, budgets } from '@covenant/db/schema/budgets';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import {
  addBudgetLine, createBudget, deleteBudget, deleteBudgetLine, updateBudget, updateBudgetLine, type BudgetFields, type LineFields,
} from './budget.commands.ts';

/** Annual total of a budget's lines on one account type. Qualified by hand: drizzle leaves a single-table select unqualified. */
const annualTotal = (type: 'revenue' | 'expense') => () =>
  sql`(select coalesce(sum(m.amount), 0) from budget_lines l join chart_of_accounts a on a.id = l.account_id
    cross join lateral unnest(l.monthly_amounts) as m(amount)
    where l.budget_id = ${sql.raw('"budgets"."id"')} and a.account_type = ${type})`;

/**
 * Budgets: accounting setup, so writes need the chart of accounts privilege; reading one is reading a report.
 * Every generic write goes through the budget commands (an adopted budget is read-only).
 */
export const budgetEntity: EntityDef = {
  name: 'Budget',
  label: 'budget',
  table: budgets,
  resource: 'reports',
  writeResource: 'chart_of_accounts',
  createInput: budgetInput as unknown as z.ZodType<Row>,
  updateInput: budgetInput.partial() as unknown as z.ZodType<Row>,
  derivedFields: ['total_revenue', 'total_expenses'],
  computed: { total_revenue: annualTotal('revenue'), total_expenses: annualTotal('expense') },
  scope: { kind: 'creator' },
  writes: {
    create: (ctx, values) => createBudget(ctx, values as unknown as BudgetFields),
    update: (ctx, id, changes) => updateBudget(ctx, id, changes as Partial<BudgetFields>),
    remove: (ctx, id) => deleteBudget(ctx, id),
  },
};

/** A budget line's twelve amounts are stored as NUMERIC[]; the API shows them as decimal numbers (`amounts`). */
export const budgetLineEntity: EntityDef = {
  name: 'BudgetLine',
  label: 'budget line',
  table: budgetLines,
  resource: 'reports',
  writeResource: 'chart_of_accounts',
  createInput: budgetLineInput as unknown as z.ZodType<Row>,
  updateInput: budgetLineInput.partial() as unknown as z.ZodType<Row>,
  hiddenColumns: ['monthly_amounts'],
  computed: { amounts: () => sql`to_jsonb(${budgetLines.monthly_amounts})` },
  scope: { kind: 'creator' },
  writes: {
    create: (ctx, values) => addBudgetLine(ctx, values as unknown as LineFields & { budget_id: string }),
    update: (ctx, id, changes) => updateBudgetLine(ctx, id, changes as Partial<LineFields> & { budget_id?: string }),
    remove: (ctx, id) => deleteBudgetLine(ctx, id),
  },
};
