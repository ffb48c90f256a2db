import { associationState as lawState } from '../state-law/association-state.ts';
import { sql } from 'drizzle-orm';
import { centsToDecimal, formatMoney, toCents } from '@covenant/contracts/money';
import { effectiveRole, isBoardMemberRole } from '@covenant/contracts/permissions';
import { inspectionUnitsQuery, NOTICE_KIND_LABELS, violationsQuery, type NoticeKind, type ViolationStatus, type ViolationTimeline } from '@covenant/contracts/violations';
import { addDays } from '@covenant/contracts/documents';
import { newId } from '@covenant/db/ids';
import { invoices } from '@covenant/db/schema/finance';
import { hearings, violationNotices, violations, violationTypes } from '@covenant/db/schema/violations';
import { today, withTransaction, type Ctx } from '../../lib/context.ts';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { permissionLevel, requirePermission, requireSignedIn } from '../../platform/access/access.service.ts';
import { referencedRecord } from '../../platform/entities/entities.service.ts';
import { defineFunction } from '../../platform/functions/define-function.ts';
import { lineFund, revenueAccount } from '../accounts/accounts.service.ts';
import { defaultDueDate, receivable } from '../document-lifecycle/lifecycle.rules.ts';
import { insertInvoices } from '../invoices/invoice.commands.ts';
import { nextDocumentNumber } from '../invoices/numbering.ts';
import { deliver } from '../mailings/mailings.service.ts';
import { propertyEntity } from '../properties/properties.feature.ts';
import { checkFine, checkHearingNotice, decisionNoticeDue, type Check, type RuleRef } from '../state-law/state-law.rules.ts';
import { loadLetterhead, organizationName } from '../statements/pdf.ts';
import { renderViolationNoticePdf } from './violation-notice.pdf.ts';

type Row = Record<string, unknown>;
const rowsOf = async <T = Row>(ctx: Ctx, query: ReturnType<typeof sql>) => (await ctx.db.execute(query)).rows as T[];
const isoOf = (v: unknown) => (v === null || v === undefined ? null : String(v instanceof Date ? v.toISOString() : v).slice(0, 10));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const money = (cents: number) => formatMoney(centsToDecimal(cents));
export const ID_PATTERN = /^[0-9a-f]{24}$/;

/** The state the association is in ('' and null: none, the generic rule set), as the state-law module reads it. */
async function associationState(ctx: Ctx): Promise<{ code: string; state: string | null }> {
  const code = await lawState(ctx);
  return { code, state: code || null };
}

/** A refusal of the state's law: the rule's message, naming it, with its id and citation for the client. */
function refuseByLaw(check: Check): asserts check is Extract<Check, { ok: true }> {
  if (!check.ok) throw new AppError(422, 'refused_by_law', check.message, { rule_id: check.rule_id, citation: check.citation });
}

async function todayChecked(ctx: Ctx, value: string | undefined, label: string): Promise<string> {
  const day = await today(ctx);
  if (!value) return day;
  if (value > day) throw new ValidationError(`${label} cannot be after today (${day})`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Access
// ---------------------------------------------------------------------------------------------

/** Staff who record violations, send notices and schedule hearings: violations read_write. */
const staffOnly = (ctx: Ctx) => requirePermission(ctx, 'violations', 'create');

/** Staff (violations read_write) and board members (directors and officers) decide hearings. */
async function hearingDeciders(ctx: Ctx): Promise<void> {
  const level = await requirePermission(ctx, 'violations', 'read');
  if (level === 'read_write' || isBoardMemberRole(requireSignedIn(ctx))) return;
  throw new ForbiddenError('Only staff and board members decide hearings');
}

/** A violation through the caller's scope: staff and the board read any; an owner only their own (others look missing). */
export async function violationForActor(ctx: Ctx, id: string, forUpdate = false): Promise<Row & { level: string }> {
  const level = await requirePermission(ctx, 'violations', 'read');
  if (!ID_PATTERN.test(id)) throw new NotFoundError('Violation not found');
  const own = level === 'own_records' ? sql`and v.owner_id = ${ctx.actor!.owner_id ?? ''}` : sql``;
  const [v] = await rowsOf(ctx, sql`
    select v.*, t.name as type_name, t.ccr_reference, t.fine_amount as type_fine, t.continuing_daily_fine, t.fine_product_id, t.health_safety,
      p.unit_number, o.owner_id as owner_number, o.first_name, o.last_name, o.email, o.mailing_address, o.mailing_address_2, o.city, o.state as owner_state, o.zip_code
    from ${violations} v join ${violationTypes} t on t.id = v.violation_type_id join properties p on p.id = v.property_id join owners o on o.id = v.owner_id
    where v.id = ${id} ${own} ${forUpdate ? sql`for update of v` : sql``}`);
  if (!v) throw new NotFoundError('Violation not found');
  return { ...v, level };
}

export function violationOut(v: Row) {
  return {
    id: v.id as string, property_id: v.property_id as string, violation_type_id: v.violation_type_id as string, owner_id: v.owner_id as string,
    observed_on: isoOf(v.observed_on)!, description: (v.description as string | null) ?? null, status: v.status as ViolationStatus, cure_by: isoOf(v.cure_by)!,
    cured_on: isoOf(v.cured_on), hearing_requested_on: isoOf(v.hearing_requested_on), latitude: numOrNull(v.latitude), longitude: numOrNull(v.longitude),
    created_date: new Date(v.created_date as string).toISOString(),
  };
}

function hearingOut(h: Row) {
  const rules = [...((h.schedule_rules as RuleRef[] | null) ?? []), ...((h.decision_rules as RuleRef[] | null) ?? [])];
  return {
    id: h.id as string, violation_id: h.violation_id as string, scheduled_for: isoOf(h.scheduled_for)!, committee_member_ids: (h.committee_member_ids as string[]) ?? [],
    notice_sent_on: isoOf(h.notice_sent_on)!, outcome: (h.outcome as 'fine' | 'no_fine' | 'cured' | null) ?? null, decided_on: isoOf(h.decided_on),
    fine_amount: numOrNull(h.fine_amount), health_safety_finding: h.health_safety_finding as boolean, fine_invoice_id: (h.fine_invoice_id as string | null) ?? null,
    decision_notice_due_on: isoOf(h.decision_notice_due_on), rules: rules.map((r) => ({ rule_id: r.rule_id, citation: r.citation })),
  };
}

function noticeOut(n: Row) {
  return {
    id: n.id as string, violation_id: n.violation_id as string, kind: n.kind as NoticeKind, sent_on: isoOf(n.sent_on)!, due_on: isoOf(n.due_on), subject: n.subject as string,
    delivery: n.delivery as 'sent' | 'outbox' | 'failed' | 'print' | 'recorded', email_to: (n.email_to as string | null) ?? null, error: (n.error as string | null) ?? null,
    rule_id: (n.rule_id as string | null) ?? null, citation: (n.citation as string | null) ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Recording
// ---------------------------------------------------------------------------------------------

/** recordViolation: a violation at a unit, owned by whoever owned the unit on the day it was observed. */
export const recordViolation = defineFunction('recordViolation', async (ctx, input) => {
  const observed = await todayChecked(ctx, input.observed_on, 'Observed on');
  return withTransaction(ctx, async (tx) => {
    const property = await referencedRecord(tx, propertyEntity, input.property_id, 'Property');
    const [type] = await rowsOf(tx, sql`select id, name, cure_days, is_active from ${violationTypes} where id = ${input.violation_type_id}`);
    if (!type) throw new ValidationError('Violation type does not exist');
    if (!type.is_active) throw new ValidationError(`Violation type: ${type.name as string} is inactive`);
    // The unit's owner that day: the latest ownership begun by then (the largest share first).
    const [owner] = await rowsOf<{ owner_id: string }>(tx, sql`
      select owner_id from owner_properties where property_id = ${input.property_id} and relationship_type in ('owner', 'co-owner') and start_date <= ${observed}::date
        and (end_date is null or end_date >= ${observed}::date)
      order by start_date desc, ownership_percentage desc, created_date limit 1`);
    if (!owner) throw new ValidationError(`Unit ${property.unit_number as string} had no owner on ${observed}: link the unit's owner first`);
    const id = newId();
    await tx.db.insert(violations).values({
      id, property_id: input.property_id, violation_type_id: input.violation_type_id, owner_id: owner.owner_id, observed_on: observed,
      description: input.description || null, status: 'open', cure_by: addDays(observed, type.cure_days as number),
      latitude: input.latitude === undefined ? null : String(input.latitude), longitude: input.longitude === undefined ? null : String(input.longitude),
      created_by: tx.actor?.email ?? null,
    });
    return violationOut((await violationForActor(tx, id)));
  });
}, { authorize: staffOnly });

/** The generic update of a violation: the cure day sets it cured; closing or dismissing it ends it. */
export async function prepareViolationUpdate(ctx: Ctx, changes: Row, existing: Row): Promise<Row> {
  const out = { ...changes };
  const ended = ['closed', 'dismissed'].includes(existing.status as string);
  if (ended) throw new ConflictError(`The violation is ${existing.status as string}; it cannot be changed`, 'violation_ended');
  if (changes.cured_on) {
    const cured = changes.cured_on as string;
    if (cured < isoOf(existing.observed_on)!) throw new ValidationError(`Cured on cannot be before the violation was observed (${isoOf(existing.observed_on)})`);
    await todayChecked(ctx, cured, 'Cured on');
    if (!changes.status && ['open', 'hearing'].includes(existing.status as string)) out.status = 'cured';
  }
  if (changes.status === 'dismissed' && existing.status === 'fined') throw new ConflictError('A fined violation cannot be dismissed; cancel the fine invoice and close it', 'violation_fined');
  return out;
}

// ---------------------------------------------------------------------------------------------
// Notices
// ---------------------------------------------------------------------------------------------

interface NoticeDraft {
  kind: NoticeKind;
  sent_on: string;
  due_on: string | null;
  subject: string;
  body: string;
  hearing_id: string | null;
  rule: RuleRef | null;
}

function ownerName(v: Row): string {
  return `${v.first_name as string} ${v.last_name as string}`.trim();
}

function whatWasSeen(v: Row): string {
  const ccr = v.ccr_reference ? ` (${v.ccr_reference as string})` : '';
  const desc = v.description ? ` ${String(v.description).trim().replace(/\.?$/, '.')}` : '';
  return `On ${isoOf(v.observed_on)} we observed at unit ${v.unit_number as string}: ${v.type_name as string}${ccr}.${desc}`;
}

/** The text of a notice of each kind, from the violation and (hearing notice, decision) its hearing. */
function draftNotice(v: Row, kind: NoticeKind, sentOn: string, association: string, hearing: Row | null, rule: RuleRef | null): NoticeDraft {
  const label = NOTICE_KIND_LABELS[kind];
  const subject = `${label}: ${v.type_name as string}, unit ${v.unit_number as string}`;
  const cite = rule ? ` (${rule.citation})` : '';
  const dear = `Dear ${ownerName(v)},`;
  let body: string;
  let due: string | null = isoOf(v.cure_by);
  if (kind === 'courtesy') {
    body = `${dear}\n\n${whatWasSeen(v)}\n\nThis is a friendly reminder: please correct it by ${due}. If you have already done so, thank you, and please disregard this notice.\n\n${association}`;
  } else if (kind === 'notice') {
    const fine = toCents(v.type_fine as string);
    const fineText = fine > 0 ? ` and may impose a fine of ${money(fine)} after a hearing you will be invited to` : ' and may call you to a hearing';
    body = `${dear}\n\n${whatWasSeen(v)}\n\nPlease correct it by ${due}. If it is not corrected by then, the board may act under the governing documents${fineText}.\n\n${association}`;
  } else if (kind === 'hearing_notice') {
    due = isoOf(hearing!.scheduled_for);
    body = `${dear}\n\n${whatWasSeen(v)}\n\nA hearing on this violation will be held on ${due}. You may attend and speak, or send a written statement before the hearing. The decision may include a fine.${cite ? `\n\nThis notice is given under${cite}.` : ''}\n\n${association}`;
  } else {
    due = isoOf(hearing!.decision_notice_due_on);
    const outcome = hearing!.outcome as string;
    const decided = isoOf(hearing!.decided_on);
    const result = outcome === 'fine'
      ? `decided to impose a fine of ${money(toCents(hearing!.fine_amount as string))}, invoiced to your account as ${String(hearing!.invoice_number ?? '')}`.trim()
      : outcome === 'cured' ? 'found that the violation has been cured; no fine is imposed' : 'decided to impose no fine';
    body = `${dear}\n\n${whatWasSeen(v)}\n\nAt the hearing on ${isoOf(hearing!.scheduled_for)}, the board ${result} (decided on ${decided}).${cite ? `\n\nThis written decision is given under${cite}.` : ''}\n\n${association}`;
  }
  return { kind, sent_on: sentOn, due_on: due, subject, body, hearing_id: (hearing?.id as string | undefined) ?? null, rule };
}

/**
 * Writes a notice; one sent today is to be emailed with its PDF to the owner after the commit (sendWritten), or
 * printed for an owner without an email address. A notice given earlier outside Covenant is only recorded.
 */
async function issueNotice(ctx: Ctx, v: Row, draft: NoticeDraft): Promise<{ id: string; email: boolean }> {
  const id = newId();
  const sendNow = draft.sent_on === (await today(ctx));
  const email = (v.email as string | null) || null;
  await ctx.db.insert(violationNotices).values({
    id, violation_id: v.id as string, kind: draft.kind, sent_on: draft.sent_on, due_on: draft.due_on, subject: draft.subject, body: draft.body, hearing_id: draft.hearing_id,
    email_to: sendNow ? email : null, delivery: !sendNow ? 'recorded' : email ? 'outbox' : 'print', rule_id: draft.rule?.rule_id ?? null, citation: draft.rule?.citation ?? null,
    created_by: ctx.actor?.email ?? null,
  });
  return { id, email: sendNow && !!email };
}

/** Emails a written notice with its PDF (after its transaction: no transaction waits on the mail server) and records how it went. */
async function sendWritten(ctx: Ctx, notice: { id: string; email: boolean }): Promise<void> {
  if (!notice.email) return;
  const { pdf, notice: n } = await noticePdf(ctx, notice.id, true);
  const r = await deliver(ctx, {
    to: n.email_to as string, subject: n.subject as string, text: n.body as string,
    attachments: [{ filename: `${n.kind as string}-${isoOf(n.sent_on)}.pdf`, contentType: 'application/pdf', content: pdf }],
  });
  await ctx.db.execute(sql`update ${violationNotices} set delivery = ${r.status}, error = ${r.status === 'failed' ? r.error : null}, updated_date = now() where id = ${notice.id}`);
}

/** A notice's PDF: staff and the board read any; an owner only their own violation's. */
export async function noticePdf(ctx: Ctx, noticeId: string, internal = false): Promise<{ pdf: Buffer; filename: string; notice: Row }> {
  if (!ID_PATTERN.test(noticeId)) throw new NotFoundError('Notice not found');
  let own = sql``;
  if (!internal) {
    const level = await requirePermission(ctx, 'violations', 'read');
    if (level === 'own_records') own = sql`and v.owner_id = ${ctx.actor!.owner_id ?? ''}`;
  }
  const [n] = await rowsOf(ctx, sql`
    select n.*, o.first_name, o.last_name, o.owner_id as owner_number, o.mailing_address, o.mailing_address_2, o.city, o.state, o.zip_code
    from ${violationNotices} n join ${violations} v on v.id = n.violation_id join owners o on o.id = v.owner_id where n.id = ${noticeId} ${own}`);
  if (!n) throw new NotFoundError('Notice not found');
  const pdf = await renderViolationNoticePdf(await loadLetterhead(ctx), {
    title: NOTICE_KIND_LABELS[n.kind as NoticeKind], sent_on: isoOf(n.sent_on)!, subject: n.subject as string, body: n.body as string, account: n.owner_number as string,
    to: [ownerName(n), n.mailing_address as string | null, n.mailing_address_2 as string | null, [n.city, [n.state, n.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')],
  });
  return { pdf, filename: `${n.kind as string}-${n.owner_number as string}-${isoOf(n.sent_on)}.pdf`, notice: n };
}

/** sendViolationNotice {violation_id, kind, sent_on?}: a courtesy notice, notice of violation, hearing notice or written decision. */
export const sendViolationNotice = defineFunction('sendViolationNotice', async (ctx, input) => {
  const sentOn = await todayChecked(ctx, input.sent_on, 'Sent on');
  const written = await withTransaction(ctx, async (tx) => {
    const v = await violationForActor(tx, input.violation_id, true);
    if (['closed', 'dismissed'].includes(v.status as string)) throw new ConflictError(`The violation is ${v.status as string}; no notice can be sent`, 'violation_ended');
    if (sentOn < isoOf(v.observed_on)!) throw new ValidationError(`Sent on cannot be before the violation was observed (${isoOf(v.observed_on)})`);
    const association = await organizationName(tx);
    let hearing: Row | null = null;
    let rule: RuleRef | null = null;
    if (input.kind === 'hearing_notice') {
      hearing = (await rowsOf(tx, sql`select * from ${hearings} where violation_id = ${v.id as string} and decided_on is null`))[0] ?? null;
      if (!hearing) throw new ConflictError('No hearing is scheduled: schedule it with scheduleHearing, which sends its notice', 'no_hearing');
      rule = ((hearing.schedule_rules as RuleRef[])[0]) ?? null;
    } else if (input.kind === 'decision') {
      hearing = (await rowsOf(tx, sql`
        select h.*, i.invoice_number from ${hearings} h left join ${invoices} i on i.id = h.fine_invoice_id
        where h.violation_id = ${v.id as string} and h.decided_on is not null order by h.decided_on desc, h.created_date desc limit 1`))[0] ?? null;
      if (!hearing) throw new ConflictError('The hearing has not been decided yet', 'not_decided');
      if (sentOn < isoOf(hearing.decided_on)!) throw new ValidationError(`Sent on cannot be before the decision (${isoOf(hearing.decided_on)})`);
      const due = decisionNoticeDue({ state: (await associationState(tx)).code, decided_on: isoOf(hearing.decided_on)! });
      rule = { rule_id: due.rule_id, citation: due.citation };
    }
    return issueNotice(tx, v, draftNotice(v, input.kind, sentOn, association, hearing, rule));
  });
  await sendWritten(ctx, written);
  const [n] = await rowsOf(ctx, sql`select * from ${violationNotices} where id = ${written.id}`);
  return noticeOut(n!);
}, { authorize: staffOnly });

// ---------------------------------------------------------------------------------------------
// Hearings
// ---------------------------------------------------------------------------------------------

/**
 * scheduleHearing {violation_id, scheduled_for, committee_member_ids, notice_sent_on?}: refused, naming the rule,
 * when the notice comes too late (CA 10 days, FL 14) or, in FL, the committee is not three independent members.
 * The hearing notice goes out with it (or, for a notice sent earlier, is recorded with its day).
 */
export const scheduleHearing = defineFunction('scheduleHearing', async (ctx, input) => {
  const noticeOn = await todayChecked(ctx, input.notice_sent_on, 'Notice sent on');
  const { hearing, notice } = await withTransaction(ctx, async (tx) => {
    const v = await violationForActor(tx, input.violation_id, true);
    if (!['open', 'hearing', 'cured'].includes(v.status as string)) throw new ConflictError(`The violation is ${v.status as string}; no hearing can be scheduled`, 'violation_ended');
    const [open] = await rowsOf(tx, sql`select scheduled_for from ${hearings} where violation_id = ${v.id as string} and decided_on is null`);
    if (open) throw new ConflictError(`A hearing is already scheduled for ${isoOf(open.scheduled_for)}; decide it first`, 'hearing_scheduled');
    if (noticeOn < isoOf(v.observed_on)!) throw new ValidationError(`Notice sent on cannot be before the violation was observed (${isoOf(v.observed_on)})`);
    const ids = [...new Set(input.committee_member_ids)];
    const members = ids.length
      ? await rowsOf<{ id: string; full_name: string; email: string; role: string | null; user_role: string | null }>(tx, sql`
          select id, full_name, email, role::text as role, user_role::text as user_role from users where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
      : [];
    const missing = ids.find((id) => !members.some((m) => m.id === id));
    if (missing) throw new ValidationError(`Committee member ${missing} is not a user of the association`);
    const state = await associationState(tx);
    const check = checkHearingNotice({
      state: state.code, notice_sent_on: noticeOn, hearing_on: input.scheduled_for,
      committee: members.map((m) => ({ user_id: m.id, role: effectiveRole(m) ?? 'none', name: m.full_name || m.email })),
    });
    refuseByLaw(check);
    const id = newId();
    await tx.db.insert(hearings).values({
      id, violation_id: v.id as string, scheduled_for: input.scheduled_for, committee_member_ids: ids, notice_sent_on: noticeOn, schedule_rules: check.rules, created_by: tx.actor?.email ?? null,
    });
    await tx.db.execute(sql`update ${violations} set status = 'hearing', updated_date = now() where id = ${v.id as string}`);
    const [h] = await rowsOf(tx, sql`select * from ${hearings} where id = ${id}`);
    const written = await issueNotice(tx, v, draftNotice(v, 'hearing_notice', noticeOn, await organizationName(tx), h!, check.rules[0] ?? null));
    return { hearing: hearingOut(h!), notice: written };
  });
  await sendWritten(ctx, notice);
  return hearing;
}, { authorize: staffOnly });

/** The Fine Income account (4150, seeded with the chart). */
const fineIncomeAccount = (ctx: Ctx) => revenueAccount(ctx, { number: '4150', name: 'Fine Income', purpose: 'post fines', code: 'no_fine_account' });

/**
 * decideHearing {hearing_id, outcome, fine_amount?, health_safety_finding?, decided_on?}: a fine is refused before
 * the hearing, over the state's cap, or when the violation was cured before the hearing; otherwise it is invoiced to
 * the owner on 4150 Fine Income through the invoice commands. Every outcome records when the written decision is due.
 */
export const decideHearing = defineFunction('decideHearing', async (ctx, input) => {
  const decidedOn = await todayChecked(ctx, input.decided_on, 'Decided on');
  return withTransaction(ctx, async (tx) => {
    const [h] = await rowsOf(tx, sql`select * from ${hearings} where id = ${input.hearing_id} for update`);
    if (!h) throw new NotFoundError('Hearing not found');
    const v = await violationForActor(tx, h.violation_id as string, true);
    if (h.decided_on) throw new ConflictError(`The hearing was decided on ${isoOf(h.decided_on)}`, 'hearing_decided');
    const state = await associationState(tx);
    const scheduled = isoOf(h.scheduled_for)!;
    let rules: RuleRef[] = [];
    let fineCents: number | null = null;
    let invoiceId: string | null = null;
    if (input.outcome === 'fine') {
      fineCents = input.fine_amount === undefined ? toCents(v.type_fine as string) : toCents(input.fine_amount);
      if (fineCents <= 0) throw new ValidationError('Fine amount: give the fine (the violation type has none)');
      const [earlier] = await rowsOf<{ total: string }>(tx, sql`select coalesce(sum(fine_amount), 0) as total from ${hearings} where violation_id = ${v.id as string} and outcome = 'fine'`);
      const daily = v.continuing_daily_fine === null ? null : toCents(v.continuing_daily_fine as string);
      const check = checkFine({
        state: state.code, decided_on: decidedOn, amount_cents: fineCents, per_violation_total_cents: toCents(earlier!.total),
        health_safety_finding: input.health_safety_finding ?? false, continuing: daily !== null, ...(daily !== null ? { per_day_cents: daily } : {}),
        cured_before_hearing: !!v.cured_on && isoOf(v.cured_on)! < scheduled, hearing_held: decidedOn >= scheduled,
      });
      refuseByLaw(check);
      rules = check.rules;
      invoiceId = newId();
      const description = `Fine: ${v.type_name as string}${v.ccr_reference ? ` (${v.ccr_reference as string})` : ''}, observed ${isoOf(v.observed_on)}, hearing of ${scheduled}`;
      await insertInvoices(tx, [{
        id: invoiceId, invoice_number: await nextDocumentNumber(tx, 'INV', invoices, invoices.invoice_number, v.owner_number as string, decidedOn),
        invoice_date: decidedOn, due_date: defaultDueDate(receivable, decidedOn), owner_id: v.owner_id as string, property_id: v.property_id as string,
        tax_rate_id: null, tax_rate: null, phase: 'issued', notes: 'Violation fine',
        lines: [{ product_id: (v.fine_product_id as string | null) ?? null, description, quantity: '1', unit_price: centsToDecimal(fineCents), account_id: await fineIncomeAccount(tx), fund_id: await lineFund(tx, null), extended_price: centsToDecimal(fineCents) }],
      }]);
    }
    const due = decisionNoticeDue({ state: state.code, decided_on: decidedOn });
    const decisionRules = [...rules, { rule_id: due.rule_id, citation: due.citation }];
    await tx.db.execute(sql`
      update ${hearings} set outcome = ${input.outcome}, decided_on = ${decidedOn}, decided_by = ${tx.actor?.email ?? null}, fine_amount = ${fineCents === null ? null : centsToDecimal(fineCents)},
        health_safety_finding = ${input.health_safety_finding ?? false}, fine_invoice_id = ${invoiceId}, decision_notice_due_on = ${due.due_on},
        decision_rules = ${JSON.stringify(decisionRules)}::jsonb, updated_date = now()
      where id = ${h.id as string}`);
    const status: ViolationStatus = input.outcome === 'fine' ? 'fined' : input.outcome === 'cured' ? 'cured' : 'closed';
    await tx.db.execute(sql`update ${violations} set status = ${status}, cured_on = ${input.outcome === 'cured' ? sql`coalesce(cured_on, ${decidedOn}::date)` : sql`cured_on`}, updated_date = now() where id = ${v.id as string}`);
    const [after] = await rowsOf(tx, sql`select * from ${hearings} where id = ${h.id as string}`);
    return {
      hearing: hearingOut(after!), violation: violationOut(await violationForActor(tx, v.id as string)),
      decision_notice: { due_on: due.due_on, rule_id: due.rule_id, citation: due.citation, message: due.message },
    };
  });
}, { authorize: hearingDeciders });

/** requestHearing {violation_id, reason?}: the owner (their own violation) or staff on their behalf asks for a hearing. */
export const requestHearing = defineFunction('requestHearing', async (ctx, input) => {
  return withTransaction(ctx, async (tx) => {
    const v = await violationForActor(tx, input.violation_id, true);
    if (v.level !== 'own_records' && v.level !== 'read_write') throw new ForbiddenError('Only the owner or staff can ask for a hearing');
    if (!['open', 'cured', 'hearing'].includes(v.status as string)) throw new ConflictError(`The violation is ${v.status as string}; a hearing can no longer be requested`, 'violation_ended');
    if (!v.hearing_requested_on) await tx.db.execute(sql`update ${violations} set hearing_requested_on = ${await today(tx)}, updated_date = now() where id = ${v.id as string}`);
    return violationOut(await violationForActor(tx, v.id as string));
  });
}, { authorize: (ctx) => requirePermission(ctx, 'violations', 'read') });

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** GET /violations: the list joined with unit, owner and type, filtered and paged in SQL; an owner sees their own. */
export async function listViolations(ctx: Ctx, query: unknown) {
  const level = await requirePermission(ctx, 'violations', 'read');
  const q = parseInput(violationsQuery, query ?? {});
  const conditions = [
    level === 'own_records' ? sql`v.owner_id = ${ctx.actor!.owner_id ?? ''}` : undefined,
    q.status ? sql`v.status = ${q.status}` : undefined,
    q.owner_id ? sql`v.owner_id = ${q.owner_id}` : undefined,
  ].filter(Boolean) as ReturnType<typeof sql>[];
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await rowsOf(ctx, sql`
    select v.id, v.observed_on, v.status, v.cure_by, v.owner_id, v.description, t.name as type_name, p.unit_number, o.first_name, o.last_name
    from ${violations} v join ${violationTypes} t on t.id = v.violation_type_id join properties p on p.id = v.property_id join owners o on o.id = v.owner_id
    ${where} order by v.observed_on desc, v.id desc limit ${q.limit} offset ${q.skip}`);
  const [{ n }] = (await rowsOf<{ n: string }>(ctx, sql`select count(*) as n from ${violations} v ${where}`)) as [{ n: string }];
  return {
    rows: rows.map((r) => ({
      id: r.id as string, observed_on: isoOf(r.observed_on)!, status: r.status as ViolationStatus, cure_by: isoOf(r.cure_by)!, type_name: r.type_name as string,
      unit_number: r.unit_number as string, owner_id: r.owner_id as string, owner_name: ownerName(r), description: (r.description as string | null) ?? null,
    })),
    total: Number(n),
  };
}

/** The most units the inspection picker lists (the nearest first when a position is given). */
const INSPECTION_UNITS_LIMIT = 500;

/**
 * GET /violations/inspection-units: the units for inspection mode. Units carry no coordinates; a unit's known
 * positions are those recorded with its earlier violations and their photos' EXIF, so with the phone's position the
 * units nearest those come first (great-circle metres, in SQL), then the rest by unit number.
 */
export async function inspectionUnits(ctx: Ctx, query: unknown) {
  await staffOnly(ctx);
  const q = parseInput(inspectionUnitsQuery, query ?? {});
  if ((q.latitude === undefined) !== (q.longitude === undefined)) throw new ValidationError('Give both latitude and longitude, or neither');
  const at = q.latitude === undefined ? null : { lat: q.latitude, lon: q.longitude! };
  const distance = at
    ? sql`(select min(2 * 6371000 * asin(least(1, sqrt(power(sin(radians(pos.lat - ${at.lat}::float8) / 2), 2)
          + cos(radians(${at.lat}::float8)) * cos(radians(pos.lat)) * power(sin(radians(pos.lon - ${at.lon}::float8) / 2), 2)))))
        from (
          select v.latitude::float8 as lat, v.longitude::float8 as lon from ${violations} v where v.property_id = p.id and v.latitude is not null and v.longitude is not null
          union all
          select ph.latitude::float8, ph.longitude::float8 from violation_photos ph join ${violations} v on v.id = ph.violation_id
          where v.property_id = p.id and ph.latitude is not null and ph.longitude is not null
        ) pos)`
    : sql`null::float8`;
  const rows = await rowsOf<{ id: string; unit_number: string; street_address: string | null; distance_m: number | string | null }>(ctx, sql`
    select p.id, p.unit_number, p.street_address, ${distance} as distance_m from properties p
    order by distance_m nulls last, p.unit_sort_key, p.id limit ${INSPECTION_UNITS_LIMIT}`);
  return { rows: rows.map((r) => ({ id: r.id, unit_number: r.unit_number, street_address: r.street_address ?? null, distance_m: r.distance_m === null ? null : Math.round(Number(r.distance_m)) })) };
}

/** A hearing as the calendar feed takes it: an all-day event (features/calendar reads this feature, not the other way round). */
export interface HearingDayEvent {
  kind: 'hearing';
  id: string;
  title: string;
  description: string | null;
  on: string;
}

/**
 * The calendar's hearings (features/calendar reads this): staff and the board with violations read see every
 * undecided and decided hearing; an owner those of their own violations; nothing without the privilege.
 */
export async function hearingEvents(ctx: Ctx): Promise<HearingDayEvent[]> {
  const level = await permissionLevel(ctx, 'violations');
  if (!['read', 'read_write', 'own_records'].includes(level)) return [];
  const own = level === 'own_records' ? sql`where v.owner_id = ${ctx.actor?.owner_id ?? ''}` : sql``;
  const rows = await rowsOf(ctx, sql`
    select h.id, h.scheduled_for, h.outcome, h.decided_on, t.name as type_name, p.unit_number
    from ${hearings} h join ${violations} v on v.id = h.violation_id join ${violationTypes} t on t.id = v.violation_type_id join properties p on p.id = v.property_id
    ${own} order by h.scheduled_for, h.id`);
  return rows.map((h) => ({
    kind: 'hearing' as const, id: h.id as string, on: isoOf(h.scheduled_for)!,
    title: `Violation hearing: ${h.type_name as string} at unit ${h.unit_number as string}`,
    description: h.decided_on ? `Decided on ${isoOf(h.decided_on)}` : null,
  }));
}

type Step = { step: string; date: string; label: string; detail: string | null; rule_id: string | null; citation: string | null; ref_id: string | null; order: number };
// A step allowed by several rules names each once (Florida's hearing rules all sit in one subsection).
const refsOf = (rules: RuleRef[]) => (rules.length ? { rule_id: [...new Set(rules.map((r) => r.rule_id))].join(', '), citation: [...new Set(rules.map((r) => r.citation))].join('; ') } : { rule_id: null, citation: null });

/** GET /violations/{id}/timeline: every step with its date and the rule (id and citation) that allowed it. */
export async function violationTimeline(ctx: Ctx, id: string) {
  const v = await violationForActor(ctx, id);
  const state = await associationState(ctx);
  const notices = await rowsOf(ctx, sql`select * from ${violationNotices} where violation_id = ${id} order by sent_on, created_date`);
  const hs = await rowsOf(ctx, sql`select h.*, i.invoice_number from ${hearings} h left join ${invoices} i on i.id = h.fine_invoice_id where h.violation_id = ${id} order by h.scheduled_for, h.created_date`);
  const photos = await rowsOf(ctx, sql`select * from violation_photos where violation_id = ${id} order by created_date, id`);
  const steps: Step[] = [];
  const add = (s: Omit<Step, 'order'>) => steps.push({ ...s, order: steps.length });
  add({ step: 'observed', date: isoOf(v.observed_on)!, label: `Observed: ${v.type_name as string}`, detail: `Cure by ${isoOf(v.cure_by)}${v.ccr_reference ? `; ${v.ccr_reference as string}` : ''}`, rule_id: null, citation: null, ref_id: id });
  for (const p of photos) {
    add({ step: 'photo', date: (p.taken_at as string | null)?.slice(0, 10) ?? isoOf(p.uploaded_at)!, label: p.kind === 'cure' ? 'Proof-of-cure photo' : 'Evidence photo', detail: `SHA-256 ${p.sha256 as string}`, rule_id: null, citation: null, ref_id: p.id as string });
  }
  if (v.hearing_requested_on) add({ step: 'hearing_requested', date: isoOf(v.hearing_requested_on)!, label: 'The owner asked for a hearing', detail: null, rule_id: null, citation: null, ref_id: id });
  for (const h of hs) {
    const schedule = (h.schedule_rules as RuleRef[]) ?? [];
    const members = (h.committee_member_ids as string[]).length;
    add({ step: 'hearing_scheduled', date: isoOf(h.notice_sent_on)!, label: `Hearing scheduled for ${isoOf(h.scheduled_for)}`, detail: `Notice sent on ${isoOf(h.notice_sent_on)}${members ? `; committee of ${members}` : ''}`, ...refsOf(schedule), ref_id: h.id as string });
    if (!h.decided_on) continue;
    const decision = (h.decision_rules as RuleRef[] | null) ?? [];
    const noticeRule = decision.slice(-1);
    const outcome = h.outcome === 'fine' ? 'a fine' : h.outcome === 'cured' ? 'cured, no fine' : 'no fine';
    add({ step: 'hearing_decided', date: isoOf(h.decided_on)!, label: `Hearing decided: ${outcome}`, detail: `Written decision due by ${isoOf(h.decision_notice_due_on)}`, ...refsOf(noticeRule), ref_id: h.id as string });
    if (h.outcome === 'fine') {
      add({ step: 'fine', date: isoOf(h.decided_on)!, label: `Fine of ${money(toCents(h.fine_amount as string))} invoiced${h.invoice_number ? ` (${h.invoice_number as string})` : ''}`, detail: h.health_safety_finding ? 'With a finding that the violation may harm health or safety' : null, ...refsOf(decision.slice(0, -1)), ref_id: (h.fine_invoice_id as string | null) ?? null });
    }
  }
  for (const n of notices) {
    const how = n.delivery === 'recorded' ? 'recorded after the fact' : n.delivery === 'print' ? 'to print and mail' : `${n.delivery as string}${n.email_to ? ` to ${n.email_to as string}` : ''}`;
    add({ step: 'notice', date: isoOf(n.sent_on)!, label: NOTICE_KIND_LABELS[n.kind as NoticeKind], detail: `${how}${n.due_on ? `; due ${isoOf(n.due_on)}` : ''}`, rule_id: (n.rule_id as string | null) ?? null, citation: (n.citation as string | null) ?? null, ref_id: n.id as string });
  }
  if (v.cured_on) add({ step: 'cured', date: isoOf(v.cured_on)!, label: 'Cured', detail: null, rule_id: null, citation: null, ref_id: id });
  if (v.status === 'closed' || v.status === 'dismissed') add({ step: v.status, date: isoOf(v.updated_date)!, label: v.status === 'closed' ? 'Closed' : 'Dismissed', detail: null, rule_id: null, citation: null, ref_id: id });
  steps.sort((a, b) => (a.date === b.date ? a.order - b.order : a.date < b.date ? -1 : 1));
  return {
    violation: { ...violationOut(v), type_name: v.type_name as string, ccr_reference: (v.ccr_reference as string | null) ?? null, unit_number: v.unit_number as string, owner_name: ownerName(v), state: state.state },
    steps: steps.map(({ order: _o, ...s }) => s) as ViolationTimeline['steps'],
    notices: notices.map(noticeOut),
    hearings: hs.map(hearingOut),
    photos: photos.map(photoOut),
  };
}

export function photoOut(p: Row) {
  return {
    id: p.id as string, violation_id: p.violation_id as string, kind: p.kind as 'evidence' | 'cure', sha256: p.sha256 as string, bytes: Number(p.bytes), mime: p.mime as string,
    width: Number(p.width), height: Number(p.height), original_name: (p.original_name as string | null) ?? null, taken_at: (p.taken_at as string | null) ?? null,
    latitude: numOrNull(p.latitude), longitude: numOrNull(p.longitude), uploaded_at: new Date(p.uploaded_at as string).toISOString(),
  };
}
