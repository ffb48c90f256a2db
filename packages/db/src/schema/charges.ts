import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MONEY, recordColumns } from './common.ts';
import { funds, invoices, products } from './finance.ts';

/** Rates and percentages with four decimals (a per-square-foot rate, a late-fee percent, an interest rate). */
const RATE = { precision: 14, scale: 4 } as const;

/**
 * What the association bills every unit (or the units listed) on a schedule: dues, or a special assessment in
 * installments. The runs bill each due period once per unit and owner (charge_run_items).
 */
export const assessmentSchedules = pgTable(
  'assessment_schedules',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    product_id: text('product_id').notNull().references(() => products.id),
    fund_id: text('fund_id').notNull().references(() => funds.id),
    frequency: text('frequency').notNull(),
    amount_basis: text('amount_basis').notNull(),
    amount: numeric('amount', RATE),
    total_amount: numeric('total_amount', MONEY),
    allocation_method: text('allocation_method'),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }),
    invoice_day: integer('invoice_day').notNull().default(1),
    due_days: integer('due_days').notNull().default(15),
    installments: integer('installments').notNull().default(1),
    /** Empty: every unit. */
    property_ids: text('property_ids').array().notNull().default(sql`'{}'::text[]`),
    is_active: boolean('is_active').notNull().default(true),
    notes: text('notes'),
  },
  (t) => [
    check('assessment_schedules_frequency', sql`${t.frequency} in ('monthly', 'quarterly', 'semiannual', 'annual', 'once')`),
    check('assessment_schedules_basis', sql`${t.amount_basis} in ('unit_fee', 'fixed', 'per_sqft', 'allocation')`),
    check('assessment_schedules_method', sql`${t.allocation_method} is null or ${t.allocation_method} in ('equal', 'sqft', 'percentage')`),
    check('assessment_schedules_invoice_day', sql`${t.invoice_day} between 1 and 28`),
    check('assessment_schedules_due_days', sql`${t.due_days} between 0 and 365`),
    check('assessment_schedules_installments', sql`${t.installments} >= 1 and (${t.installments} = 1 or ${t.frequency} = 'once')`),
    check('assessment_schedules_dates', sql`${t.end_date} is null or ${t.end_date} >= ${t.start_date}`),
    check('assessment_schedules_amounts_nonneg', sql`coalesce(${t.amount}, 0) >= 0 and coalesce(${t.total_amount}, 0) >= 0`),
  ],
);

/** A late-fee rule: the fee and monthly interest charged on late invoices of the items it lists. */
export const lateFeeRules = pgTable(
  'late_fee_rules',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    grace_days: integer('grace_days').notNull(),
    fee_type: text('fee_type').notNull(),
    fixed_amount: numeric('fixed_amount', MONEY),
    percent: numeric('percent', RATE),
    max_amount: numeric('max_amount', MONEY),
    min_balance: numeric('min_balance', MONEY),
    annual_interest_rate: numeric('annual_interest_rate', RATE),
    product_ids: text('product_ids').array().notNull(),
    late_fee_product_id: text('late_fee_product_id').notNull().references(() => products.id),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check('late_fee_rules_type', sql`${t.fee_type} in ('fixed', 'percent', 'greater_of')`),
    check('late_fee_rules_grace', sql`${t.grace_days} between 0 and 365`),
    check('late_fee_rules_amounts_nonneg', sql`coalesce(${t.fixed_amount}, 0) >= 0 and coalesce(${t.percent}, 0) between 0 and 100 and coalesce(${t.max_amount}, 0) >= 0 and coalesce(${t.min_balance}, 0) >= 0 and coalesce(${t.annual_interest_rate}, 0) between 0 and 100`),
  ],
);

/** One posted run of a scheduled job (by the scheduler or by hand): the history on the Assessments screen. */
export const chargeRuns = pgTable(
  'charge_runs',
  {
    ...recordColumns(),
    job: text('job').notNull(),
    as_of: date('as_of', { mode: 'string' }).notNull(),
    /** manual or scheduler. */
    trigger: text('trigger').notNull(),
    count: integer('count').notNull(),
    total: numeric('total', MONEY).notNull(),
  },
  (t) => [
    check('charge_runs_job', sql`${t.job} in ('assessments', 'late_fees', 'collections')`),
    check('charge_runs_trigger', sql`${t.trigger} in ('manual', 'scheduler')`),
    index('charge_runs_job_created_idx').on(t.job, t.created_date),
    // The scheduler runs each job once a day, whatever the number of processes.
    uniqueIndex('charge_runs_scheduled_day_key').on(t.job, t.as_of).where(sql`${t.trigger} = 'scheduler'`),
  ],
);

/**
 * The run records: one per charge a run billed, unique per job, schedule or rule, unit or invoice, owner, period
 * and kind, so no restart, second process or manual run bills it twice.
 */
export const chargeRunItems = pgTable(
  'charge_run_items',
  {
    ...recordColumns(),
    run_id: text('run_id').notNull().references(() => chargeRuns.id),
    job: text('job').notNull(),
    /** The schedule (assessments) or the rule (late fees). */
    source_id: text('source_id').notNull(),
    /** The unit (assessments) or the late invoice (late fees). */
    target_id: text('target_id').notNull(),
    owner_id: text('owner_id').notNull(),
    period: text('period').notNull(),
    /** assessment, late_fee or interest: how a payment's application order sees the invoice. */
    kind: text('kind').notNull(),
    invoice_id: text('invoice_id').notNull().references(() => invoices.id),
    amount: numeric('amount', MONEY).notNull(),
  },
  (t) => [
    uniqueIndex('charge_run_items_key').on(t.job, t.source_id, t.target_id, t.owner_id, t.period, t.kind),
    index('charge_run_items_run_idx').on(t.run_id),
    index('charge_run_items_invoice_idx').on(t.invoice_id),
    check('charge_run_items_kind', sql`${t.kind} in ('assessment', 'late_fee', 'interest')`),
  ],
);
