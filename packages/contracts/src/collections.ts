import { z } from 'zod';
import { addDays, daysPastDue } from './documents.ts';
import { integer, isoDate, money, optMoney, optRecordId, optText, recordId, reqText } from './fields.ts';
import { listPageSchema } from './lists.ts';
import { toCents } from './money.ts';

/**
 * The placeholders a collection letter's subject and body may use, each filled from the owner's account as of
 * the run (`{{name}}`). An unknown one is refused when the stage is saved, so no letter goes out with a hole.
 */
export const LETTER_PLACEHOLDERS = [
  'owner_name', 'first_name', 'last_name', 'account_number', 'units', 'past_due_balance', 'balance', 'days_past_due', 'oldest_due_date',
  'stage_name', 'fee_amount', 'date', 'association_name',
] as const;
export type LetterPlaceholder = (typeof LETTER_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The placeholders a template names that are not in LETTER_PLACEHOLDERS. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(LETTER_PLACEHOLDERS);
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !known.has(name)))];
}

/** A template with its placeholders filled in. */
export function renderLetter(template: string, values: Readonly<Record<LetterPlaceholder, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (name in values ? values[name as LetterPlaceholder] : whole));
}

const templateText = (label: string, max: number) =>
  reqText(label, max).superRefine((text, ctx) => {
    const unknown = unknownPlaceholders(text);
    if (unknown.length) {
      ctx.addIssue({ code: 'custom', message: `${label}: unknown placeholder ${unknown.map((u) => `{{${u}}}`).join(', ')}; use ${LETTER_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}` });
    }
  });

/** A collection stage as written: when an owner enters it, the letter sent and the optional fee charged. */
export const collectionStageInput = z.strictObject({
  name: reqText('Name', 200),
  days_past_due: integer('Days past due', 1, 3650),
  min_balance: optMoney('Minimum balance'),
  letter_subject: templateText('Letter subject', 300),
  letter_body: templateText('Letter body', 20_000),
  fee_product_id: optRecordId('Fee item'),
  requires_approval: z.boolean().optional(),
  is_active: z.boolean().optional(),
});

export const runCollectionsInput = z.strictObject({
  as_of: isoDate('As of').optional(),
  dry_run: z.boolean().optional(),
});

/** Approving or skipping letters of the queue. */
export const collectionLetterIdsInput = z.strictObject({
  letter_ids: z.array(recordId('Letter'), { error: 'letter_ids must be a list of letter ids' }).min(1, 'Select at least one letter').max(500, 'At most 500 letters at a time'),
  reason: optText(500),
});

/** Where a letter is: waiting in the approval queue, queued to send, being sent, sent, kept in the outbox, printed by hand, failed or skipped. */
export const LETTER_STATUSES = ['awaiting_approval', 'queued', 'sending', 'sent', 'outbox', 'no_email', 'failed', 'skipped'] as const;
export type LetterStatus = (typeof LETTER_STATUSES)[number];

export const collectionLettersQuery = z.object({
  status: z.enum(LETTER_STATUSES, { error: `Status must be one of ${LETTER_STATUSES.join(', ')}` }).optional(),
  owner_id: recordId('Owner').optional(),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1, 'Limit must be 1 to 500').max(500, 'Limit must be 1 to 500').default(50),
  skip: z.coerce.number({ error: 'Skip must be a number' }).int().min(0, 'Skip cannot be negative').default(0),
});

// ---------------------------------------------------------------------------------------------
// Stage selection
// ---------------------------------------------------------------------------------------------

export interface StageStep {
  id: string;
  days_past_due: number;
  /** Cents; 0 when the stage has no minimum. */
  min_balance_cents: number;
}

/** An owner's delinquency as of the run: the age of the oldest past-due charge and what is past due (net of credit). */
export interface Delinquency {
  days_past_due: number;
  past_due_cents: number;
}

/** Where the owner's open case stands: the stage it reached (its days past due) and when. */
export interface CaseStanding {
  stage_days_past_due: number | null;
  entered_on: string | null;
}

/**
 * The stage an owner moves into on a run, or null. Owners move one stage a run, in the order of the stages' days
 * past due: the next stage is entered once the owner is that many days past due with at least its minimum
 * balance, and, after an earlier stage, once the days between the two stages have passed since entering it, so
 * each letter gets the time the stages give before the next (a first run never sends three letters at once).
 */
export function nextStage<S extends StageStep>(stages: readonly S[], owner: Delinquency, standing: CaseStanding, asOf: string): S | null {
  if (owner.past_due_cents <= 0) return null;
  const ordered = [...stages].sort((a, b) => a.days_past_due - b.days_past_due);
  const current = standing.stage_days_past_due;
  const next = ordered.find((s) => current === null || s.days_past_due > current);
  if (!next) return null;
  if (owner.days_past_due < next.days_past_due || owner.past_due_cents < next.min_balance_cents) return null;
  if (current !== null && standing.entered_on && daysPastDue(standing.entered_on, asOf) < next.days_past_due - current) return null;
  return next;
}

/**
 * An owner's delinquency as of a date from their charges due before it (their open total and the oldest due date)
 * and their unapplied credit: what is past due net of the credit, and the days since the oldest such charge fell due.
 */
export function delinquencyOf(pastDueCents: number, oldestDueDate: string | null, creditCents: number, asOf: string): Delinquency {
  const net = Math.max(0, pastDueCents - Math.max(0, creditCents));
  return { past_due_cents: net, days_past_due: net > 0 && oldestDueDate ? daysPastDue(oldestDueDate, asOf) : 0 };
}

// ---------------------------------------------------------------------------------------------
// Payment plans
// ---------------------------------------------------------------------------------------------

export const PLAN_STATUSES = ['active', 'completed', 'defaulted'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

const installment = z.strictObject({
  due_date: isoDate('Installment due date'),
  amount: money('Installment amount').refine((v) => toCents(v) > 0, 'Installment amount must be more than zero'),
});

const planFields = {
  owner_id: recordId('Owner'),
  start_date: isoDate('Start date'),
  installments: z.array(installment, { error: 'Installments must be a list of {due_date, amount}' }).min(1, 'Add at least one installment').max(120, 'At most 120 installments'),
  grace_days: integer('Grace days', 0, 90).optional(),
  notes: optText(2000),
};

/** What is wrong with a plan's installments as a whole (null when nothing): dates on or after the start, in order, no day twice. */
export function planProblem(p: { start_date?: string | undefined; installments?: ReadonlyArray<{ due_date: string }> | undefined }): { path: string; message: string } | null {
  const list = p.installments ?? [];
  for (let i = 0; i < list.length; i++) {
    if (p.start_date && list[i]!.due_date < p.start_date) return { path: 'installments', message: `Installment ${i + 1} is due before the plan starts` };
    if (i > 0 && list[i]!.due_date <= list[i - 1]!.due_date) return { path: 'installments', message: `Installment ${i + 1} must be due after installment ${i}` };
  }
  return null;
}

export const paymentPlanInput = z.strictObject(planFields);
export const paymentPlanCreate = paymentPlanInput.superRefine((v, ctx) => {
  const p = planProblem(v);
  if (p) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
});
/** A plan's owner and status never change by hand: the runs complete or default it. */
export const paymentPlanUpdate = z.strictObject({ start_date: planFields.start_date, installments: planFields.installments, grace_days: planFields.grace_days, notes: planFields.notes }).partial();

/**
 * Where a plan stands as of a date, from what the owner paid since it started: completed once the installments are
 * paid, defaulted once an installment is unpaid past its grace days (paid less than every installment due by
 * then), else active.
 */
export function planStanding(plan: { installments: ReadonlyArray<{ due_date: string; amount: string | number }>; grace_days: number }, paidCents: number, asOf: string): { status: PlanStatus; due_cents: number; total_cents: number; missed_due_date: string | null } {
  let total = 0;
  let due = 0;
  let missed: string | null = null;
  for (const i of plan.installments) {
    const cents = toCents(i.amount);
    total += cents;
    if (addDays(i.due_date, plan.grace_days) < asOf) {
      due += cents;
      if (paidCents < due && !missed) missed = i.due_date;
    }
  }
  if (paidCents >= total) return { status: 'completed', due_cents: due, total_cents: total, missed_due_date: null };
  return { status: missed ? 'defaulted' : 'active', due_cents: due, total_cents: total, missed_due_date: missed };
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const nullableText = z.string().nullable();

/** A collection letter as the queue, the history and an owner's standing show it. */
export const collectionLetterSchema = z.looseObject({
  id: z.string(), owner_id: z.string(), stage_id: z.string(), stage_name: z.string(), as_of: z.string(), days_past_due: z.number(),
  past_due_balance: z.number(), subject: z.string(), fee_amount: z.number(), fee_invoice_id: nullableText, status: z.enum(LETTER_STATUSES),
  email_to: nullableText, error: nullableText, decided_by: nullableText, decided_at: nullableText, sent_at: nullableText, created_date: z.string(),
});
export type CollectionLetter = z.infer<typeof collectionLetterSchema>;
export const collectionLettersPage = listPageSchema(collectionLetterSchema);

/** An owner's collections standing: the open case, their letters and payment plans. */
export const ownerCollectionsSchema = z.looseObject({
  owner_id: z.string(),
  case: z.looseObject({ id: z.string(), opened_on: nullableText, stage_id: nullableText, stage_name: nullableText, stage_entered_on: nullableText }).nullable(),
  letters: z.array(collectionLetterSchema),
  payment_plans: z.array(z.looseObject({
    id: z.string(), start_date: nullableText, installments: z.array(z.looseObject({ due_date: z.string(), amount: z.union([z.string(), z.number()]) })),
    total_amount: z.number(), grace_days: z.number(), status: z.enum(PLAN_STATUSES), status_date: nullableText, notes: nullableText,
  })),
});
export type OwnerCollections = z.infer<typeof ownerCollectionsSchema>;
