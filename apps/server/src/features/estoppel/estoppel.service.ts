import { sql } from 'drizzle-orm';
import { addDays } from '@covenant/contracts/documents';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import type { EstoppelFigures } from '@covenant/contracts/estoppel';
import { orgSettings } from '@covenant/db/schema/community';
import { estoppelRequests } from '@covenant/db/schema/estoppel';
import { today, withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { publishRecord, recordForActor, referencedRecord } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { defineFunction } from '../../platform/functions/define-function.ts';
import { systemAccounts } from '../accounts/accounts.service.ts';
import { chargeForPeriod, FREQUENCY_MONTHS, addMonths, periodAmounts, periodsDue } from '../assessments/assessment.rules.ts';
import { orgPolicy } from '../org-settings/org-policy.ts';
import { openChargesByOwner } from '../payments/payment.commands.ts';
import { propertyEntity } from '../properties/properties.feature.ts';
import { associationState } from '../state-law/association-state.ts';
import { estoppelDueOn, estoppelFee, estoppelValidUntil, type OrgEstoppelFees } from '../state-law/state-law.rules.ts';
import { loadLetterhead } from '../statements/pdf.ts';
import { openInvoicesAsOf } from '../statements/statement.service.ts';
import { agingTotals } from '../statements/statement.rules.ts';
import { renderEstoppelCertificatePdf } from './estoppel-certificate.pdf.ts';
import { dueByKind, dueKindOf, fallsDue, paidThrough, type AssessmentPeriod } from './estoppel.rules.ts';

type EstoppelRow = Row & {
  id: string; property_id: string; requester_name: string; requester_email: string | null; requested_on: string; rush: boolean;
  status: 'requested' | 'issued' | 'cancelled'; due_on: string; fee_amount: string; delinquent: boolean; figures: EstoppelFigures | null;
};

const rowsOf = async <T = Row>(ctx: Ctx, query: ReturnType<typeof sql>) => (await ctx.db.execute(query)).rows as T[];
const isoOf = (v: unknown) => (v === null || v === undefined ? null : String(v instanceof Date ? v.toISOString() : v).slice(0, 10));
/** Days a certificate's "falls due" list covers where no statute limits its validity. */
const DEFAULT_WINDOW_DAYS = 30;

/** A state rule's refusal of a date it does not keep (before the statute) is the caller's input error. */
function byRule<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RangeError) throw new ValidationError(err.message);
    throw err;
  }
}

/** The organization's own fees (outside Florida's statute), in cents; null when none is set. */
async function orgFees(ctx: Ctx): Promise<OrgEstoppelFees | null> {
  const [s] = await ctx.db.select({ base: orgSettings.estoppel_fee, rush: orgSettings.estoppel_rush_fee, delinquent: orgSettings.estoppel_delinquent_fee }).from(orgSettings).limit(1);
  if (!s || (s.base === null && s.rush === null && s.delinquent === null)) return null;
  return { base_cents: toCents(s.base ?? 0), rush_cents: toCents(s.rush ?? 0), delinquent_cents: toCents(s.delinquent ?? 0) };
}

/** The unit's owners (and co-owners) on a date, the largest share first. */
async function ownersOn(ctx: Ctx, propertyId: string, on: string) {
  return rowsOf<{ owner_id: string; owner_number: string; first_name: string; last_name: string; ownership_percentage: string; start_date: unknown }>(ctx, sql`
    select o.id as owner_id, o.owner_id as owner_number, o.first_name, o.last_name, op.ownership_percentage::text as ownership_percentage, op.start_date
    from owner_properties op join owners o on o.id = op.owner_id
    where op.property_id = ${propertyId} and op.relationship_type in ('owner', 'co-owner') and op.start_date <= ${on}::date
      and (op.end_date is null or op.end_date >= ${on}::date)
    order by op.ownership_percentage desc, op.start_date, op.created_date`);
}

/**
 * Whether the unit's account was delinquent on a day: an invoice of the unit (or of its owners without a unit) open
 * and past its due date that day, as the A/R aging reads it (open from the receivables lines, bucketed by due date).
 */
export async function isDelinquentOn(ctx: Ctx, propertyId: string, on: string): Promise<boolean> {
  for (const owner of await ownersOn(ctx, propertyId, on)) {
    const open = (await openInvoicesAsOf(ctx, owner.owner_id, on)).filter((i) => i.property_id === null || i.property_id === propertyId);
    const aging = agingTotals(open, on);
    if (aging.total - aging.current > 0) return true;
  }
  return false;
}

/** The due date, the fee and the rule they follow, for a request received on `requested_on` (issued_on: the fee at issue). */
async function quoteFor(ctx: Ctx, r: { property_id: string; requested_on: string; rush: boolean; issued_on?: string }) {
  const state = await associationState(ctx);
  const org_fees = await orgFees(ctx);
  const due = byRule(() => estoppelDueOn({ state, requested_on: r.requested_on, rush: r.rush }));
  const delinquent = await isDelinquentOn(ctx, r.property_id, r.requested_on);
  const fee = byRule(() => estoppelFee({ state, requested_on: r.requested_on, issued_on: r.issued_on ?? null, rush: r.rush, delinquent, org_fees }));
  return { state, due, delinquent, fee };
}

async function prepareCreate(ctx: Ctx, values: Row): Promise<Row> {
  const day = await today(ctx);
  const requestedOn = (values.requested_on as string | undefined) ?? day;
  if (requestedOn > day) throw new ValidationError(`Requested on cannot be after today (${day})`);
  await referencedRecord(ctx, propertyEntity, values.property_id as string, 'Unit');
  const rush = Boolean(values.rush);
  const { due, delinquent, fee } = await quoteFor(ctx, { property_id: values.property_id as string, requested_on: requestedOn, rush });
  return {
    ...values, requested_on: requestedOn, rush, status: 'requested', due_on: due.due_on, fee_amount: centsToDecimal(fee.fee_cents), fee_rule: due.citation,
    fee_message: fee.message, delinquent, valid_until: null, issued_on: null, cancelled_on: null, certificate_file_id: null, figures: null,
  };
}

export function estoppelHooks(): EntityDef['hooks'] {
  return {
    prepareCreate,
    prepareUpdate: (_ctx, changes, existing) => {
      if (existing.status !== 'requested') throw new ConflictError(`This request is ${existing.status as string}; it cannot be changed`, 'estoppel_closed');
      return changes;
    },
    beforeDelete: (_ctx, existing) => {
      if (existing.status === 'issued') throw new ConflictError('An issued certificate is kept as issued; it cannot be deleted', 'estoppel_issued');
    },
  };
}

async function requestFor(ctx: Ctx, entity: EntityDef, id: string, op: 'read' | 'update'): Promise<EstoppelRow> {
  return (await recordForActor(ctx, entity, id, op)) as EstoppelRow;
}

async function lockRequest(ctx: Ctx, id: string): Promise<EstoppelRow> {
  const [row] = await rowsOf<EstoppelRow>(ctx, sql`select * from ${estoppelRequests} where id = ${id} for update`);
  if (!row) throw new NotFoundError('Estoppel request not found');
  return { ...row, requested_on: isoOf(row.requested_on)!, due_on: isoOf(row.due_on)! };
}

// ---- The certificate's figures -----------------------------------------------------------------------------------

interface ScheduleRow {
  id: string; name: string; frequency: string; amount_basis: string; amount: string | null; total_amount: string | null; allocation_method: string | null;
  start_date: unknown; end_date: unknown; invoice_day: number; due_days: number; installments: number; property_ids: string[] | null;
}

/** The active schedules that bill the unit, with what each bills it for a whole period (as the assessment run computes it). */
async function unitSchedules(ctx: Ctx, propertyId: string, asOf: string) {
  const schedules = await rowsOf<ScheduleRow>(ctx, sql`
    select * from assessment_schedules where is_active and (cardinality(property_ids) = 0 or ${propertyId} = any(property_ids))
      and (end_date is null or end_date >= ${asOf}::date or frequency = 'once') order by created_date, id`);
  if (schedules.length === 0) return [];
  // The run assesses the units that have an owner; an allocation is shared among them.
  const units = await rowsOf<{ id: string; monthly_hoa_fee: string | null; square_footage: number | null; assessment_share: string | null }>(ctx, sql`
    select p.id, p.monthly_hoa_fee, p.square_footage, p.assessment_share from properties p
    where exists (select 1 from owner_properties op where op.property_id = p.id and op.relationship_type in ('owner', 'co-owner')) order by p.id`);
  return schedules.map((s) => {
    const only = new Set(s.property_ids ?? []);
    const scheduleUnits = units.filter((u) => only.size === 0 || only.has(u.id));
    let whole = 0;
    try {
      whole = periodAmounts({ frequency: s.frequency as never, amount_basis: s.amount_basis as never, amount: s.amount, total_amount: s.total_amount, allocation_method: s.allocation_method as never }, scheduleUnits).get(propertyId) ?? 0;
    } catch {
      whole = 0;
    }
    const terms = { frequency: s.frequency as never, start_date: isoOf(s.start_date)!, end_date: isoOf(s.end_date), invoice_day: s.invoice_day, due_days: s.due_days, installments: s.installments };
    return { schedule: s, whole, terms };
  });
}

/** The unit's billed assessment periods (run items, and the monthly dues run's invoices by month) and whether each is open. */
async function assessmentPeriods(ctx: Ctx, propertyId: string): Promise<AssessmentPeriod[]> {
  const acc = await systemAccounts(ctx);
  const rows = await rowsOf<{ period: string; frequency: string | null; open: boolean }>(ctx, sql`
    select c.period, s.frequency, bool_or(i.balance_due > 0) as open
    from charge_run_items c join invoices i on i.id = c.invoice_id left join assessment_schedules s on s.id = c.source_id
    where c.kind = 'assessment' and c.target_id = ${propertyId} and i.deleted_at is null and i.status not in ('draft', 'cancelled')
    group by c.period, s.frequency
    union all
    select to_char(i.invoice_date, 'YYYY-MM') as period, 'monthly' as frequency, bool_or(i.balance_due > 0) as open
    from invoices i
    where i.property_id = ${propertyId} and i.deleted_at is null and i.status not in ('draft', 'cancelled')
      and not exists (select 1 from charge_run_items c where c.invoice_id = i.id)
      and exists (select 1 from invoice_line_items l where l.invoice_id = i.id and l.account_id = ${acc.assessment_income})
    group by 1`);
  return rows.map((r) => {
    const start = `${r.period}-01`;
    const months = FREQUENCY_MONTHS[(r.frequency ?? 'monthly') as keyof typeof FREQUENCY_MONTHS] ?? 1;
    return { start, end: addDays(addMonths(start, r.frequency === 'once' ? 1 : months), -1), open: r.open };
  });
}

/** The figures of a certificate issued on `asOf`, from the live ledger and records. */
export async function certificateFigures(ctx: Ctx, req: EstoppelRow, asOf: string, validUntil: { due_on: string | null; message: string }, fee: { fee_cents: number; message: string }): Promise<EstoppelFigures> {
  const propertyId = req.property_id;
  const [unit] = await rowsOf<{ unit_number: string; address: string | null }>(ctx, sql`
    select unit_number, nullif(concat_ws(', ', nullif(trim(street_address), ''), nullif(trim(city), ''), nullif(trim(concat_ws(' ', state, zip_code)), '')), '') as address from properties where id = ${propertyId}`);
  const owners = await ownersOn(ctx, propertyId, asOf);
  const ownerIds = owners.map((o) => o.owner_id);
  const windowEnd = validUntil.due_on ?? addDays(asOf, DEFAULT_WINDOW_DAYS);

  // Open charges of the unit (or of its owners without a unit), by kind; a hearing's fine is a fine.
  const policy = await orgPolicy(ctx);
  const byOwner = await openChargesByOwner(ctx, ownerIds, policy.applicationOrder);
  const charges = [...byOwner.values()].flat().filter((c) => c.property_id === null || c.property_id === propertyId);
  const fineIds = new Set(charges.length === 0 ? [] : (await rowsOf<{ id: string }>(ctx, sql`
    select fine_invoice_id as id from hearings where fine_invoice_id in (${sql.join(charges.map((c) => sql`${c.id}`), sql`, `)})`)).map((r) => r.id));
  const classified = charges.map((c) => ({ ...c, dueKind: dueKindOf(c.kind, fineIds.has(c.id)) }));
  const due = dueByKind(classified.map((c) => ({ kind: c.dueKind, cents: c.balanceCents })));
  const openCents = classified.reduce((s, c) => s + c.balanceCents, 0);
  const [credit] = ownerIds.length === 0 ? [{ net: '0' }] : await rowsOf<{ net: string }>(ctx, sql`
    select coalesce(sum(credit - debit), 0)::text as net from journal_lines
    where owner_id in (${sql.join(ownerIds.map((id) => sql`${id}`), sql`, `)}) and account_id = ${(await systemAccounts(ctx)).owner_prepayments} and entry_date <= ${asOf}::date`);
  const creditCents = toCents(credit?.net ?? 0);

  // Assessments: each schedule billing the unit; the monthly dues run's fee where no recurring schedule bills it.
  const schedules = await unitSchedules(ctx, propertyId, asOf);
  const assessments: EstoppelFigures['assessments'] = schedules.map(({ schedule, whole, terms }) => ({
    name: schedule.name, frequency: schedule.frequency, amount_cents: whole, special: terms.frequency === 'once',
  }));
  const [fee0] = await rowsOf<{ fee: string | null }>(ctx, sql`select monthly_hoa_fee as fee from properties where id = ${propertyId}`);
  if (!assessments.some((a) => !a.special) && fee0?.fee && toCents(fee0.fee) > 0) {
    assessments.unshift({ name: 'Monthly dues', frequency: 'monthly', amount_cents: toCents(fee0.fee), special: false });
  }

  // What falls due in the validity period: open charges due then, and scheduled periods not billed yet.
  const billed = new Set((await rowsOf<{ source_id: string; period: string }>(ctx, sql`
    select distinct source_id, period from charge_run_items where kind = 'assessment' and target_id = ${propertyId}`)).map((r) => `${r.source_id}|${r.period}`));
  const upcoming: Array<{ date: string; cents: number; description: string }> = classified
    .filter((c) => c.due_date !== null && c.due_date > asOf)
    .map((c) => ({ date: c.due_date!, cents: c.balanceCents, description: `Invoice ${c.invoice_number}` }));
  for (const { schedule, whole, terms } of schedules) {
    for (const p of periodsDue(terms, windowEnd)) {
      if (billed.has(`${schedule.id}|${p.key}`)) continue;
      upcoming.push({ date: p.due_date, cents: chargeForPeriod(whole, p, terms.installments), description: p.installment !== null ? `${schedule.name}, installment ${p.installment}` : `${schedule.name} ${p.key}` });
    }
  }

  const violations = await rowsOf<{ observed_on: unknown; type: string; status: string }>(ctx, sql`
    select v.observed_on, t.name as type, v.status from violations v join violation_types t on t.id = v.violation_type_id
    where v.property_id = ${propertyId} and v.status not in ('closed', 'dismissed') order by v.observed_on, v.id`);
  const arcs = await rowsOf<{ submitted_on: unknown; category: string; status: string }>(ctx, sql`
    select submitted_on, category, status from architectural_requests
    where property_id = ${propertyId} and status in ('submitted', 'under_review', 'appealed') order by submitted_on, id`);
  const [stage] = ownerIds.length === 0 ? [] : await rowsOf<{ name: string }>(ctx, sql`
    select s.name from collection_cases c join collection_stages s on s.id = c.stage_id
    where c.owner_id in (${sql.join(ownerIds.map((id) => sql`${id}`), sql`, `)}) and c.closed_on is null
    order by s.days_past_due desc limit 1`);

  return {
    as_of: asOf,
    valid_until: validUntil.due_on,
    validity_rule: validUntil.message,
    unit: { unit_number: unit?.unit_number ?? '', address: unit?.address ?? null },
    owners: owners.map((o) => ({ owner_number: o.owner_number, name: `${o.first_name} ${o.last_name}`.trim(), ownership_percentage: o.ownership_percentage, start_date: isoOf(o.start_date)! })),
    assessments,
    paid_through: paidThrough(await assessmentPeriods(ctx, propertyId)),
    due_by_kind: due,
    credit_cents: creditCents,
    balance_cents: openCents - creditCents,
    falls_due: fallsDue(upcoming, addDays(asOf, 1), windowEnd),
    open_violations: violations.map((v) => ({ observed_on: isoOf(v.observed_on)!, type: v.type, status: v.status })),
    architectural_requests: arcs.map((a) => ({ submitted_on: isoOf(a.submitted_on)!, category: a.category, status: a.status })),
    collection_stage: stage?.name ?? null,
    fee_cents: fee.fee_cents,
    fee_message: fee.message,
  };
}

// ---- Commands ----------------------------------------------------------------------------------------------------

const staffOnly = (ctx: Ctx) => requirePermission(ctx, 'estoppel', 'create');

/**
 * issueEstoppelCertificate: the fee fixed by the issue day (in FL nothing when late; the rush part only when
 * delivered within the rush period), the validity by rule, and the figures from the live ledger frozen.
 */
export function issueEstoppelCertificateFn(entity: EntityDef) {
  return defineFunction('issueEstoppelCertificate', async (ctx, input) => {
    await requestFor(ctx, entity, input.id, 'update');
    return withTransaction(ctx, async (tx) => {
      const req = await lockRequest(tx, input.id);
      if (req.status !== 'requested') throw new ConflictError(`This request is ${req.status}; only a requested certificate can be issued`, 'estoppel_closed');
      const issuedOn = await today(tx);
      const { state, fee } = await quoteFor(tx, { property_id: req.property_id, requested_on: req.requested_on, rush: req.rush, issued_on: issuedOn });
      const valid = byRule(() => estoppelValidUntil({ state, issued_on: issuedOn }));
      const figures = await certificateFigures(tx, req, issuedOn, valid, fee);
      await tx.db.update(estoppelRequests).set({
        status: 'issued', issued_on: issuedOn, valid_until: valid.due_on, fee_amount: centsToDecimal(fee.fee_cents), fee_message: fee.message, figures, updated_date: new Date(),
      }).where(sql`id = ${req.id}`);
      await publishRecord(tx, entity, req.id);
      return (await requestFor(tx, entity, req.id, 'read')) as never;
    });
  }, { authorize: staffOnly });
}

/** cancelEstoppelRequest: a request not yet issued is withdrawn; no fee is due. */
export function cancelEstoppelRequestFn(entity: EntityDef) {
  return defineFunction('cancelEstoppelRequest', async (ctx, input) => {
    await requestFor(ctx, entity, input.id, 'update');
    return withTransaction(ctx, async (tx) => {
      const req = await lockRequest(tx, input.id);
      if (req.status !== 'requested') throw new ConflictError(`This request is ${req.status}; only a requested certificate can be cancelled`, 'estoppel_closed');
      await tx.db.update(estoppelRequests).set({ status: 'cancelled', cancelled_on: await today(tx), fee_amount: '0', updated_date: new Date() }).where(sql`id = ${req.id}`);
      await publishRecord(tx, entity, req.id);
      return (await requestFor(tx, entity, req.id, 'read')) as never;
    });
  }, { authorize: staffOnly });
}

// ---- Reads -------------------------------------------------------------------------------------------------------

/** The Estoppel Requests list: the unit joined in, overdue marked (open after its due date), by due date. */
export async function listEstoppelRequests(ctx: Ctx, query: { status?: string }) {
  await requirePermission(ctx, 'estoppel', 'read');
  const day = await today(ctx);
  const status = query.status && ['requested', 'issued', 'cancelled'].includes(query.status) ? sql`and e.status = ${query.status}` : sql``;
  const rows = await rowsOf<Row>(ctx, sql`
    select e.id, e.property_id, p.unit_number, e.requester_name, e.requester_email, e.requested_on, e.rush, e.status, e.due_on, e.fee_amount::text as fee_amount,
      e.fee_rule, e.fee_message, e.delinquent, e.valid_until, e.issued_on, e.cancelled_on
    from ${estoppelRequests} e join properties p on p.id = e.property_id
    where true ${status}
    order by (e.status = 'requested') desc, e.due_on, e.id limit 500`);
  return rows.map((r) => {
    const out = {
      id: r.id as string, property_id: r.property_id as string, unit_number: r.unit_number as string, requester_name: r.requester_name as string,
      requester_email: (r.requester_email as string | null) ?? null, requested_on: isoOf(r.requested_on)!, rush: r.rush as boolean, status: r.status as 'requested' | 'issued' | 'cancelled',
      due_on: isoOf(r.due_on)!, fee_amount: Number(r.fee_amount), fee_rule: (r.fee_rule as string | null) ?? null, fee_message: (r.fee_message as string | null) ?? null,
      delinquent: r.delinquent as boolean, valid_until: isoOf(r.valid_until), issued_on: isoOf(r.issued_on), cancelled_on: isoOf(r.cancelled_on), is_overdue: false,
    };
    out.is_overdue = out.status === 'requested' && day > out.due_on;
    return out;
  });
}

/** The issued certificate as a PDF, drawn from the figures frozen when it was issued. */
export async function certificatePdf(ctx: Ctx, entity: EntityDef, id: string): Promise<{ pdf: Buffer; filename: string }> {
  const req = await requestFor(ctx, entity, id, 'read');
  if (req.status !== 'issued' || !req.figures) throw new NotFoundError('This request has no certificate: it has not been issued');
  const pdf = await renderEstoppelCertificatePdf(await loadLetterhead(ctx), {
    requester_name: req.requester_name, requester_email: req.requester_email, requested_on: isoOf(req.requested_on)!, figures: req.figures,
  });
  return { pdf, filename: `estoppel-${req.figures.unit.unit_number}-${req.figures.as_of}.pdf` };
}
