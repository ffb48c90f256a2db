import { z } from 'zod';
import { blankAsNull, decimal, enumOf, integer, isoDate, optDate, optMoney, optRecordId, optText, recordId, reqText } from './fields.ts';
import { listPageSchema } from './lists.ts';

/** How often an assessment schedule bills; `once` is a special assessment (optionally in installments). */
export const SCHEDULE_FREQUENCIES = ['monthly', 'quarterly', 'semiannual', 'annual', 'once'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/** What a unit is charged: its monthly HOA fee × months, a fixed amount, a rate per square foot, or a share of a total. */
export const AMOUNT_BASES = ['unit_fee', 'fixed', 'per_sqft', 'allocation'] as const;
export type AmountBasis = (typeof AMOUNT_BASES)[number];

/** How an `allocation` total is shared: equally, by square footage, or by the units' percentage interest. */
export const ALLOCATION_METHODS = ['equal', 'sqft', 'percentage'] as const;
export type AllocationMethod = (typeof ALLOCATION_METHODS)[number];

/** Co-owned units: each co-owner billed by ownership percentage, or the principal owner alone. */
export const CO_OWNER_BILLING = ['split', 'principal'] as const;
export type CoOwnerBilling = (typeof CO_OWNER_BILLING)[number];

export const LATE_FEE_TYPES = ['fixed', 'percent', 'greater_of'] as const;
export type LateFeeType = (typeof LATE_FEE_TYPES)[number];

/** The order a payment without chosen invoices pays the owner's open charges in. */
export const PAYMENT_APPLICATION_ORDERS = ['oldest_first', 'assessments_first', 'fees_first'] as const;
export type PaymentApplicationOrder = (typeof PAYMENT_APPLICATION_ORDERS)[number];

/** The scheduled jobs (their run history; assessments and late fees also their run records). */
export const CHARGE_JOBS = ['assessments', 'late_fees', 'collections'] as const;
export type ChargeJob = (typeof CHARGE_JOBS)[number];

const scheduleFields = {
  name: reqText('Name', 200),
  product_id: recordId('Item'),
  fund_id: optRecordId('Fund'),
  frequency: enumOf('Frequency', SCHEDULE_FREQUENCIES),
  amount_basis: enumOf('Amount basis', AMOUNT_BASES),
  amount: blankAsNull(decimal('Amount', { min: 0, max: 999_999_999, places: 4 })),
  total_amount: optMoney('Total amount'),
  allocation_method: enumOf('Allocation method', ALLOCATION_METHODS).nullable().optional(),
  start_date: isoDate('Start date'),
  end_date: optDate('End date'),
  invoice_day: integer('Invoice day', 1, 28).optional(),
  due_days: integer('Due days', 0, 365).optional(),
  installments: integer('Installments', 1, 120).optional(),
  property_ids: z.array(recordId('Property'), { error: 'Units must be a list of property ids' }).max(10_000).optional(),
  is_active: z.boolean().optional(),
  notes: optText(5000),
};

/** An assessment schedule as written; the cross-field rules are `scheduleProblem`'s. */
export const assessmentScheduleInput = z.strictObject(scheduleFields);

type ScheduleShape = Partial<z.infer<typeof assessmentScheduleInput>>;

/** What is wrong with a schedule as a whole (null when nothing): the fields each basis needs, dates, installments. */
export function scheduleProblem(s: ScheduleShape): { path: string; message: string } | null {
  const basis = s.amount_basis;
  if ((basis === 'fixed' || basis === 'per_sqft') && (s.amount === null || s.amount === undefined || Number(s.amount) <= 0)) {
    return { path: 'amount', message: basis === 'fixed' ? 'Enter the amount each unit is charged' : 'Enter the amount per square foot' };
  }
  if (basis === 'fixed' && s.amount !== null && s.amount !== undefined && !/^\d+(\.\d{1,2})?$/.test(String(s.amount))) {
    return { path: 'amount', message: 'A fixed amount has at most two decimals' };
  }
  if (basis === 'allocation') {
    if (s.total_amount === null || s.total_amount === undefined || Number(s.total_amount) <= 0) return { path: 'total_amount', message: 'Enter the total amount to allocate' };
    if (!s.allocation_method) return { path: 'allocation_method', message: 'Choose how the total is allocated' };
  }
  if (s.end_date && s.start_date && s.end_date < s.start_date) return { path: 'end_date', message: 'End date cannot be before the start date' };
  if ((s.installments ?? 1) > 1 && s.frequency !== 'once') return { path: 'installments', message: 'Installments are for a one-time (special) assessment' };
  return null;
}

export const assessmentScheduleCreate = assessmentScheduleInput.superRefine((v, ctx) => {
  const p = scheduleProblem(v);
  if (p) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
});

const lateFeeFields = {
  name: reqText('Name', 200),
  grace_days: integer('Grace days', 0, 365),
  fee_type: enumOf('Fee type', LATE_FEE_TYPES),
  fixed_amount: optMoney('Fixed amount'),
  percent: blankAsNull(decimal('Percent', { min: 0, max: 100, places: 4 })),
  max_amount: optMoney('Maximum fee'),
  min_balance: optMoney('Minimum balance'),
  annual_interest_rate: blankAsNull(decimal('Annual interest rate', { min: 0, max: 100, places: 4 })),
  product_ids: z.array(recordId('Item'), { error: 'Items must be a list of item ids' }).min(1, 'Choose at least one item the rule applies to').max(500),
  late_fee_product_id: recordId('Late fee item'),
  is_active: z.boolean().optional(),
};

export const lateFeeRuleInput = z.strictObject(lateFeeFields);

/** What is wrong with a late-fee rule as a whole (null when nothing). */
export function lateFeeRuleProblem(r: Partial<z.infer<typeof lateFeeRuleInput>>): { path: string; message: string } | null {
  const fixed = Number(r.fixed_amount ?? 0);
  const percent = Number(r.percent ?? 0);
  if ((r.fee_type === 'fixed' || r.fee_type === 'greater_of') && !(fixed > 0)) return { path: 'fixed_amount', message: 'Enter the fixed fee' };
  if ((r.fee_type === 'percent' || r.fee_type === 'greater_of') && !(percent > 0)) return { path: 'percent', message: 'Enter the percent of the balance' };
  if (r.max_amount !== null && r.max_amount !== undefined && r.fee_type === 'fixed' && Number(r.max_amount) < fixed) {
    return { path: 'max_amount', message: 'The maximum fee cannot be less than the fixed fee' };
  }
  return null;
}

export const lateFeeRuleCreate = lateFeeRuleInput.superRefine((v, ctx) => {
  const p = lateFeeRuleProblem(v);
  if (p) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
});

/** runAssessments and runLateFees: the date the run bills as of (default today in the association's zone). */
export const chargeRunInput = z.strictObject({
  as_of: isoDate('As of').optional(),
  dry_run: z.boolean().optional(),
});

/** Waiving a late fee: the fee invoice is cancelled with the reason. */
export const waiveLateFeeInput = z.strictObject({
  invoice_id: recordId('Invoice'),
  reason: reqText('Reason', 500),
  date: isoDate('Date').optional(),
});


/** The run history: one job or both, newest first, paged. */
export const chargeRunsQuery = z.object({
  job: z.enum(CHARGE_JOBS, { error: 'Job must be assessments, late_fees or collections' }).optional(),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1, 'Limit must be 1 to 500').max(500, 'Limit must be 1 to 500').default(20),
  skip: z.coerce.number({ error: 'Skip must be a number' }).int().min(0, 'Skip cannot be negative').default(0),
});

/** One posted assessment, late-fee or collections run. */
export const chargeRunSchema = z.looseObject({
  id: z.string(),
  job: z.enum(CHARGE_JOBS),
  as_of: z.string(),
  trigger: z.string(),
  count: z.number().int(),
  total: z.number(),
  created_by: z.string().nullable(),
  created_date: z.string(),
});
/** GET /charge-runs: one page, newest first. */
export const chargeRunPageSchema = listPageSchema(chargeRunSchema);
export type ChargeRun = z.infer<typeof chargeRunSchema>;
export type ChargeRunPage = z.infer<typeof chargeRunPageSchema>;
