import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MONEY, recordColumns } from './common.ts';
import { budgetStatusEnum } from './enums.ts';
import { chartOfAccounts, funds } from './finance.ts';

/**
 * A budget of one fund for one fiscal year (named by the calendar year it starts in). It keeps the fiscal year's
 * start month it was made with, so a later change of the setting does not move its months. Adopted budgets are
 * read-only until un-adopted (both recorded in the audit log).
 */
export const budgets = pgTable(
  'budgets',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    fiscal_year: integer('fiscal_year').notNull(),
    fund_id: text('fund_id').notNull().references(() => funds.id),
    status: budgetStatusEnum('status').notNull().default('draft'),
    start_month: integer('start_month').notNull(),
    notes: text('notes'),
    adopted_at: timestamp('adopted_at', { withTimezone: true, mode: 'date' }),
    adopted_by: text('adopted_by'),
  },
  (t) => [
    uniqueIndex('budgets_fund_year_key').on(t.fund_id, t.fiscal_year),
    check('budgets_fiscal_year_range', sql`${t.fiscal_year} between 1900 and 9999`),
    check('budgets_start_month_range', sql`${t.start_month} between 1 and 12`),
  ],
);

/** One account of a budget: twelve monthly amounts in fiscal-year order, exact (NUMERIC). */
export const budgetLines = pgTable(
  'budget_lines',
  {
    ...recordColumns(),
    budget_id: text('budget_id').notNull().references(() => budgets.id, { onDelete: 'cascade' }),
    account_id: text('account_id').notNull().references(() => chartOfAccounts.id),
    monthly_amounts: numeric('monthly_amounts', MONEY).array().notNull(),
    notes: text('notes'),
    line_no: integer('line_no').notNull().default(0),
  },
  (t) => [
    uniqueIndex('budget_lines_budget_account_key').on(t.budget_id, t.account_id),
    index('budget_lines_account_idx').on(t.account_id),
    check('budget_lines_twelve_months', sql`array_length(${t.monthly_amounts}, 1) = 12 and array_ndims(${t.monthly_amounts}) = 1`),
    check('budget_lines_amounts_nonneg', sql`0 <= all(${t.monthly_amounts})`),
  ],
);

/** A common-area component the reserve fund replaces (roof, paving, ...), as a reserve study lists it. */
export const reserveComponents = pgTable(
  'reserve_components',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    category: text('category'),
    useful_life_years: integer('useful_life_years').notNull(),
    remaining_life_years: integer('remaining_life_years').notNull(),
    current_replacement_cost: numeric('current_replacement_cost', MONEY).notNull(),
    /** Percent a year. */
    inflation_rate: numeric('inflation_rate', { precision: 7, scale: 4 }).notNull().default('0'),
    notes: text('notes'),
  },
  (t) => [
    check('reserve_components_useful_life', sql`${t.useful_life_years} >= 1`),
    check('reserve_components_remaining_life', sql`${t.remaining_life_years} between 0 and ${t.useful_life_years}`),
    check('reserve_components_cost_nonneg', sql`${t.current_replacement_cost} >= 0`),
    check('reserve_components_inflation_range', sql`${t.inflation_rate} between 0 and 100`),
  ],
);
