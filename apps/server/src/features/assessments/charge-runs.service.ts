import { analyzeIfBulk } from '../../lib/analyze.ts';
import { CHARGE_RUN_LOCK } from '../../lib/advisory-locks.ts';
import { sql } from 'drizzle-orm';
import { insertRows } from '../../lib/bulk-insert.ts';
import type { ChargeJob } from '@covenant/contracts/charges';
import { chargeRunsQuery } from '@covenant/contracts/charges';
import type { FunctionInput, FunctionParams } from '@covenant/contracts/functions';
import { callFunction, defineFunction } from '../../platform/functions/define-function.ts';
import { addDays } from '@covenant/contracts/documents';
import { centsToDecimal, centsToNumber, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { chargeRunItems, chargeRuns } from '@covenant/db/schema/charges';
import { invoices } from '@covenant/db/schema/finance';
import { today, withTransaction, type Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { openInvoicesOn } from '../invoices/open-as-of.ts';
import { insertInvoices, type CompletedLine, type NewInvoiceDoc } from '../invoices/invoice.commands.ts';
import { defaultDueDate, receivable } from '../document-lifecycle/lifecycle.rules.ts';
import { bulkNumbers } from '../invoices/numbering.ts';
import { orgPolicy } from '../org-settings/org-policy.ts';
import { applyCreditsToCharges } from '../payments/payment.commands.ts';
import { ownersOnPlan } from '../collections/payment-plans.ts';
import { ownsOnDay } from '../properties/ownership.ts';
import { AssessmentInputError, chargeForPeriod, periodAmounts, periodsDue, splitAmongOwners, type UnitOwner } from './assessment.rules.ts';
import { lateCharges } from './late-fee.rules.ts';
import { hearings } from '@covenant/db/schema/violations';
import { associationState } from '../state-law/association-state.ts';
import { lateFeesAllowedOnFines } from '../state-law/state-law.rules.ts';

/**
 * The scheduled jobs: assessments (each active schedule's due periods, every unit, every owner) and late fees
 * (each active rule over the late invoices of its items). A run computes its charges with the pure rules, then,
 * unless it is a dry run, writes the invoices through the invoice commands' bulk writer and one run record per
 * charge, all in one transaction under one advisory lock. The run records' unique key (job, schedule or rule,
 * unit or invoice, owner, period, kind) is what makes a repeated, concurrent or restarted run bill nothing twice.
 */

export interface ChargeItem {
  job: ChargeJob;
  kind: 'assessment' | 'late_fee' | 'interest';
  source_id: string;
  source_name: string;
  target_id: string;
  owner_id: string;
  owner_number: string;
  owner_name: string;
  property_id: string | null;
  unit_number: string | null;
  period: string;
  invoice_date: string;
  due_date: string;
  cents: number;
  description: string;
  product_id: string;
  account_id: string;
  fund_id: string;
  /** Late fees: the invoice the fee is charged on. */
  charged_invoice_number?: string;
}

export interface RunAnswer {
  count: number;
  total: number;
  as_of: string;
  dry_run: boolean;
  run_id: string | null;
  items: RunItemOut[];
}

/** One charge as a run answers it (invoice_id null in a preview): the charge without its internal keys, in money. */
export type RunItemOut = Omit<ChargeItem, 'job' | 'target_id' | 'cents' | 'product_id' | 'account_id' | 'fund_id' | 'charged_invoice_number'> & {
  amount: number;
  charged_invoice_number: string | null;
  invoice_id: string | null;
};

type Row = Record<string, unknown>;
const rowsOf = async <T>(ctx: Ctx, query: ReturnType<typeof sql>) => (await ctx.db.execute(query)).rows as T[];
const isoOf = (v: unknown) => (v === null || v === undefined ? null : String(v instanceof Date ? v.toISOString() : v).slice(0, 10));

/** The keys already billed for the given sources (narrowed by `where`), as "source|target|owner|period|kind". */
async function billedKeys(ctx: Ctx, job: ChargeJob, sourceIds: readonly string[], where: ReturnType<typeof sql>): Promise<Set<string>> {
  if (sourceIds.length === 0) return new Set();
  const rows = await rowsOf<{ source_id: string; target_id: string; owner_id: string; period: string; kind: string }>(ctx, sql`
    select source_id, target_id, owner_id, period, kind from ${chargeRunItems}
    where job = ${job} and source_id in (${sql.join(sourceIds.map((id) => sql`${id}`), sql`, `)}) and ${where}`);
  return new Set(rows.map(keyOf));
}
function keyOf(i: { source_id: string; target_id: string; owner_id: string; period: string; kind: string }): string {
  return `${i.source_id}|${i.target_id}|${i.owner_id}|${i.period}|${i.kind}`;
}

interface UnitRow {
  id: string;
  unit_number: string;
  monthly_hoa_fee: string | null;
  square_footage: number | null;
  assessment_share: string | null;
  owners: Array<UnitOwner & { owner_number: string; name: string; end_date: string | null }>;
  /** The unit has a recorded sale: its owners' start dates are days of title (ownsOnDay). */
  sold: boolean;
}

/** Every unit with its owners and co-owners (renters and household members are never billed). */
async function unitsWithOwners(ctx: Ctx): Promise<UnitRow[]> {
  const rows = await rowsOf<Row>(ctx, sql`
    select p.id, p.unit_number, p.monthly_hoa_fee, p.square_footage, p.assessment_share,
      o.id as owner_id, o.owner_id as owner_number, o.first_name, o.last_name, op.ownership_percentage, op.start_date, op.end_date,
      exists (select 1 from owner_properties sold where sold.property_id = p.id and sold.end_date is not null) as sold
    from properties p
    join owner_properties op on op.property_id = p.id and op.relationship_type in ('owner', 'co-owner')
    join owners o on o.id = op.owner_id
    order by p.unit_number, p.id, op.created_date, op.id`);
  const units = new Map<string, UnitRow>();
  for (const r of rows) {
    let u = units.get(r.id as string);
    if (!u) {
      u = { id: r.id as string, unit_number: r.unit_number as string, monthly_hoa_fee: r.monthly_hoa_fee as string | null, square_footage: r.square_footage as number | null, assessment_share: r.assessment_share as string | null, owners: [], sold: Boolean(r.sold) };
      units.set(u.id, u);
    }
    u.owners.push({ owner_id: r.owner_id as string, owner_number: r.owner_number as string, name: `${r.first_name as string} ${r.last_name as string}`.trim(), ownership_percentage: r.ownership_percentage as string, start_date: isoOf(r.start_date)!, end_date: isoOf(r.end_date) });
  }
  return [...units.values()];
}

/** The charges the active schedules bill by `asOf` that no earlier run billed. */
async function assessmentCharges(ctx: Ctx, asOf: string): Promise<ChargeItem[]> {
  const policy = await orgPolicy(ctx);
  const schedules = await rowsOf<Row>(ctx, sql`
    select s.*, pr.account_id as product_account_id,
      (select max(period) from ${chargeRunItems} c where c.job = 'assessments' and c.source_id = s.id) as last_period
    from assessment_schedules s join products pr on pr.id = s.product_id
    where s.is_active and s.start_date <= ${asOf} order by s.created_date, s.id`);
  if (schedules.length === 0) return [];
  const units = await unitsWithOwners(ctx);
  const lastPeriod = new Map(schedules.filter((s) => s.last_period).map((s) => [s.id as string, s.last_period as string]));
  // Only the latest billed period and later can still be billed (below), so only their keys are read.
  const oldest = [...lastPeriod.values()].sort()[0];
  const billed = await billedKeys(ctx, 'assessments', [...lastPeriod.keys()], oldest ? sql`period >= ${oldest}` : sql`true`);
  const items: ChargeItem[] = [];
  for (const s of schedules) {
    const scheduleId = s.id as string;
    const terms = {
      frequency: s.frequency as never, start_date: isoOf(s.start_date)!, end_date: isoOf(s.end_date), invoice_day: s.invoice_day as number,
      due_days: s.due_days as number, installments: s.installments as number,
    };
    // From the latest billed period on: a first run catches up from the start; later runs never bill the past again.
    const last = lastPeriod.get(scheduleId);
    const periods = periodsDue(terms, asOf).filter((p) => !last || p.key >= last);
    if (periods.length === 0) continue;
    const only = new Set((s.property_ids as string[] | null) ?? []);
    const scheduleUnits = units.filter((u) => only.size === 0 || only.has(u.id));
    let whole: Map<string, number>;
    try {
      whole = periodAmounts(
        { frequency: terms.frequency, amount_basis: s.amount_basis as never, amount: s.amount as string | null, total_amount: s.total_amount as string | null, allocation_method: s.allocation_method as never },
        scheduleUnits,
      );
    } catch (err) {
      if (!(err instanceof AssessmentInputError)) throw err;
      const unit = scheduleUnits.find((u) => err.message.includes(u.id));
      throw new ValidationError(`${s.name as string}: ${unit ? err.message.replace(unit.id, unit.unit_number) : err.message}`);
    }
    for (const period of periods) {
      for (const u of scheduleUnits) {
        const cents = chargeForPeriod(whole.get(u.id) ?? 0, period, terms.installments);
        // A unit sold: the period is billed to whoever owns it on the invoice date.
        const owners = u.owners.filter((o) => ownsOnDay(o, period.invoice_date, u.sold));
        if (owners.length === 0) continue;
        for (const part of splitAmongOwners(cents, owners, policy.coOwnerBilling)) {
          const owner = owners.find((o) => o.owner_id === part.owner_id)!;
          const item: ChargeItem = {
            job: 'assessments', kind: 'assessment', source_id: scheduleId, source_name: s.name as string, target_id: u.id, owner_id: owner.owner_id,
            owner_number: owner.owner_number, owner_name: owner.name, property_id: u.id, unit_number: u.unit_number, period: period.key,
            invoice_date: period.invoice_date, due_date: period.due_date, cents: part.cents, product_id: s.product_id as string,
            account_id: s.product_account_id as string, fund_id: s.fund_id as string,
            description: period.installment !== null && terms.installments > 1
              ? `${s.name as string}, installment ${period.installment} of ${terms.installments}`
              : `${s.name as string} ${period.key}${period.covered_days < period.period_days ? ` (${period.covered_days} of ${period.period_days} days)` : ''}`,
          };
          if (!billed.has(keyOf(item))) items.push(item);
        }
      }
    }
  }
  return items;
}

/** The fees and interest the active rules charge on late invoices as of `asOf` that no earlier run charged. */
async function lateFeeCharges(ctx: Ctx, asOf: string, dryRun: boolean): Promise<ChargeItem[]> {
  // Owners keeping to a payment plan are charged nothing; a posted run also marks plans paid or missed.
  const onPlan = [...(await ownersOnPlan(ctx, asOf, !dryRun))];
  const notOnPlan = onPlan.length ? sql`and i.owner_id not in (${sql.join(onPlan.map((id) => sql`${id}`), sql`, `)})` : sql``;
  // Where the state bars late fees and interest on fines (CA), a fine's invoice (a hearing's) is never late-charged.
  const notFines = lateFeesAllowedOnFines(await associationState(ctx), asOf).allowed ? sql`` : sql`and not exists (select 1 from ${hearings} h where h.fine_invoice_id = i.id)`;
  const rules = await rowsOf<Row>(ctx, sql`
    select r.*, pr.account_id as product_account_id, pr.fund_id as product_fund_id
    from late_fee_rules r join products pr on pr.id = r.late_fee_product_id where r.is_active order by r.created_date, r.id`);
  const items: ChargeItem[] = [];
  const month = asOf.slice(0, 7);
  for (const r of rules) {
    const ruleId = r.id as string;
    const productIds = (r.product_ids as string[]) ?? [];
    if (productIds.length === 0) continue;
    // The database finds the candidates: open, past the grace days, with a line of one of the rule's items.
    const late = await rowsOf<Row>(ctx, sql`
      select i.id, i.invoice_number, i.owner_id, i.property_id, i.due_date, i.balance_on as balance_due, o.owner_id as owner_number,
        o.first_name, o.last_name, p.unit_number,
        exists (select 1 from ${chargeRunItems} c where c.job = 'late_fees' and c.source_id = ${ruleId} and c.target_id = i.id and c.kind = 'late_fee') as fee_charged
      from ${openInvoicesOn(asOf)} i
      join owners o on o.id = i.owner_id
      left join properties p on p.id = i.property_id
      where i.balance_on > 0
        and i.due_date < ${addDays(asOf, -(r.grace_days as number))}::date ${notOnPlan} ${notFines}
        and exists (select 1 from invoice_line_items l where l.invoice_id = i.id and l.product_id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)}))
      order by i.due_date, i.invoice_number`);
    // A fee is charged once per invoice (fee_charged above); interest once per month.
    const billed = await billedKeys(ctx, 'late_fees', [ruleId], sql`kind = 'interest' and period = ${month}`);
    const terms = {
      grace_days: r.grace_days as number, fee_type: r.fee_type as never, fixed_amount: r.fixed_amount as string | null, percent: r.percent as string | null,
      max_amount: r.max_amount as string | null, min_balance: r.min_balance as string | null, annual_interest_rate: r.annual_interest_rate as string | null,
    };
    for (const inv of late) {
      const dueDate = isoOf(inv.due_date)!;
      const charge = lateCharges({ balanceCents: toCents(inv.balance_due as string), due_date: dueDate }, terms, asOf, inv.fee_charged as boolean);
      const common = {
        job: 'late_fees' as const, source_id: ruleId, source_name: r.name as string, target_id: inv.id as string, owner_id: inv.owner_id as string,
        owner_number: inv.owner_number as string, owner_name: `${inv.first_name as string} ${inv.last_name as string}`.trim(), property_id: (inv.property_id as string | null) ?? null,
        unit_number: (inv.unit_number as string | null) ?? null, invoice_date: asOf, due_date: defaultDueDate(receivable, asOf), product_id: r.late_fee_product_id as string,
        account_id: r.product_account_id as string, fund_id: r.product_fund_id as string, charged_invoice_number: inv.invoice_number as string,
      };
      // The fee's period is the month the charge fell due (once per invoice); interest's is the run's month.
      const fee: ChargeItem = { ...common, kind: 'late_fee', period: dueDate.slice(0, 7), cents: charge.feeCents, description: `Late fee on ${inv.invoice_number as string}` };
      const interest: ChargeItem = {
        ...common, kind: 'interest', period: month, cents: charge.interestCents,
        description: `Interest ${month} on ${inv.invoice_number as string} (${Number(r.annual_interest_rate)}% a year on ${centsToDecimal(toCents(inv.balance_due as string))})`,
      };
      for (const item of [fee, interest]) if (item.cents > 0 && !billed.has(keyOf(item))) items.push(item);
    }
  }
  return items;
}

const itemOut = (i: ChargeItem, invoiceId?: string): RunItemOut => ({
  kind: i.kind, source_id: i.source_id, source_name: i.source_name, owner_id: i.owner_id, owner_number: i.owner_number, owner_name: i.owner_name,
  property_id: i.property_id, unit_number: i.unit_number, period: i.period, invoice_date: i.invoice_date, due_date: i.due_date,
  amount: centsToNumber(i.cents), description: i.description, charged_invoice_number: i.charged_invoice_number ?? null, invoice_id: invoiceId ?? null,
});

/**
 * Computes a job's charges as of a date and, unless dry, posts them: invoices through the invoice commands'
 * bulk writer (numbers per owner and day under the day locks, dates in order), one run and its run records,
 * then (when the organization says so) the owners' existing credit applied to what was billed. A scheduler run
 * is recorded once per job and day; when today's already exists this answers null and writes nothing.
 */
async function runJob(ctx: Ctx, job: 'assessments' | 'late_fees', asOf: string, dryRun: boolean, trigger: 'manual' | 'scheduler'): Promise<RunAnswer | null> {
  const compute = job === 'assessments' ? (c: Ctx, d: string) => assessmentCharges(c, d) : (c: Ctx, d: string) => lateFeeCharges(c, d, dryRun);
  if (dryRun) {
    const items = await compute(ctx, asOf);
    return { count: items.length, total: centsToNumber(items.reduce((s, i) => s + i.cents, 0)), as_of: asOf, dry_run: true, run_id: null, items: items.map((i) => itemOut(i)) };
  }
  return withTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${CHARGE_RUN_LOCK}, 0)`);
    if (trigger === 'scheduler') {
      const [done] = await rowsOf<{ id: string }>(tx, sql`select id from ${chargeRuns} where job = ${job} and as_of = ${asOf} and trigger = 'scheduler' limit 1`);
      if (done) return null;
    }
    const items = await compute(tx, asOf);
    const runId = newId();
    const total = items.reduce((s, i) => s + i.cents, 0);
    await tx.db.insert(chargeRuns).values({ id: runId, job, as_of: asOf, trigger, count: items.length, total: centsToDecimal(total), created_by: tx.actor?.email ?? null });
    // One invoice per charge, except that a late invoice's fee and interest of one run share one invoice (two lines).
    const docs: NewInvoiceDoc[] = [];
    const ordered: ChargeItem[] = [];
    const docOf: number[] = [];
    const dates = [...new Set(items.map((i) => i.invoice_date))].sort();
    for (const date of dates) {
      const numberFor = await bulkNumbers(tx, 'INV', invoices, invoices.invoice_number, invoices.invoice_date, date);
      const byDoc = new Map<string, number>();
      for (const i of items.filter((x) => x.invoice_date === date)) {
        const key = i.job === 'late_fees' ? `${i.source_id}|${i.target_id}|${i.owner_id}` : `${ordered.length}`;
        let n = byDoc.get(key);
        if (n === undefined) {
          n = docs.push({
            invoice_number: numberFor(i.owner_number), invoice_date: i.invoice_date, due_date: i.due_date, owner_id: i.owner_id, property_id: i.property_id,
            tax_rate_id: null, tax_rate: null, phase: 'issued', lines: [],
          }) - 1;
          byDoc.set(key, n);
        }
        (docs[n]!.lines as CompletedLine[]).push({ product_id: i.product_id, description: i.description, quantity: '1', unit_price: centsToDecimal(i.cents), account_id: i.account_id, fund_id: i.fund_id, extended_price: centsToDecimal(i.cents) });
        ordered.push(i);
        docOf.push(n);
      }
    }
    const docIds = await insertInvoices(tx, docs);
    const ids = docOf.map((n) => docIds[n]!);
    const records = ordered.map((i, n) => ({
      run_id: runId, job, source_id: i.source_id, target_id: i.target_id, owner_id: i.owner_id, period: i.period, kind: i.kind, invoice_id: ids[n]!,
      amount: centsToDecimal(i.cents), created_by: tx.actor?.email ?? null,
    }));
    await insertRows(tx.db, chargeRunItems, records);
    analyzeIfBulk(tx, records.length, ['charge_run_items']);
    const policy = await orgPolicy(tx);
    if (policy.autoApplyCredits && ordered.length) await applyCreditsToCharges(tx, ordered.map((i) => i.owner_id), await today(tx));
    return { count: items.length, total: centsToNumber(total), as_of: asOf, dry_run: false, run_id: runId, items: ordered.map((i, n) => itemOut(i, ids[n])) };
  });
}

async function runByHand(ctx: Ctx, job: 'assessments' | 'late_fees', input: FunctionParams<'runAssessments'>): Promise<RunAnswer> {
  const asOf = input.as_of ?? (await today(ctx));
  return (await runJob(ctx, job, asOf, input.dry_run ?? false, 'manual'))!;
}

const chargeRunOptions = { authorize: (ctx: Ctx) => requirePermission(ctx, 'invoices', 'create') };

/** runAssessments {as_of?, dry_run?}: every active schedule's due periods not billed yet → {count, total, items}. */
export const runAssessmentsFn = defineFunction('runAssessments', (ctx, input) => runByHand(ctx, 'assessments', input), chargeRunOptions);
export const runAssessments = (ctx: Ctx, input: FunctionInput<'runAssessments'>) => callFunction(ctx, runAssessmentsFn, input);

/** runLateFees {as_of?, dry_run?}: each active rule's fees and interest on late invoices → {count, total, items}. */
export const runLateFeesFn = defineFunction('runLateFees', (ctx, input) => runByHand(ctx, 'late_fees', input), chargeRunOptions);
export const runLateFees = (ctx: Ctx, input: FunctionInput<'runLateFees'>) => callFunction(ctx, runLateFeesFn, input);

/**
 * The scheduler's daily work at an instant: once the association's clock has reached the run hour, assessments
 * then late fees run for its today, each at most once a day (a run that finds today's done does nothing). A
 * process that starts after the hour catches up. Answers what ran.
 */
export async function runDueJobs(ctx: Ctx, at: Date = new Date()): Promise<Array<{ job: ChargeJob; run: RunAnswer | null }>> {
  const policy = await orgPolicy(ctx);
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: policy.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at));
  if (hour < policy.runHour) return [];
  const day = await today(ctx, at);
  const out: Array<{ job: ChargeJob; run: RunAnswer | null }> = [];
  const failed: unknown[] = [];
  // One job failing (a unit without the figure its schedule needs) does not keep the other from running.
  for (const job of ['assessments', 'late_fees'] as const) {
    try {
      out.push({ job, run: await runJob(ctx, job, day, false, 'scheduler') });
    } catch (err) {
      failed.push(err);
    }
  }
  if (failed.length) throw new AggregateError(failed, `Scheduled runs of ${day} failed: ${failed.map((e) => (e as Error).message).join('; ')}`);
  return out;
}

/** The history of posted runs, newest first, paged in SQL. */
export async function listChargeRuns(ctx: Ctx, query: unknown) {
  await requirePermission(ctx, 'invoices', 'create');
  const q = parseInput(chargeRunsQuery, query ?? {});
  const where = q.job ? sql`where job = ${q.job}` : sql``;
  const rows = await rowsOf<Row>(ctx, sql`
    select id, job, as_of, trigger, count, total, created_by, created_date from ${chargeRuns} ${where}
    order by created_date desc, id desc limit ${q.limit} offset ${q.skip}`);
  const [{ n }] = await rowsOf<{ n: number | string }>(ctx, sql`select count(*) as n from ${chargeRuns} ${where}`) as [{ n: number | string }];
  return {
    rows: rows.map((r) => ({ ...r, as_of: isoOf(r.as_of), total: Number(r.total), created_date: new Date(r.created_date as string).toISOString() })),
    total: Number(n),
  };
}
