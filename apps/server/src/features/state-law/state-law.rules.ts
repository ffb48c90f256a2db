import { TZDate } from '@date-fns/tz';
import { addDays } from '@covenant/contracts/documents';
import { todayIn } from '@covenant/contracts/dates';
import { centsToDecimal, formatMoney } from '@covenant/contracts/money';
import { addBusinessDays, assertIsoDate, calendarDaysBetween } from './business-days.ts';

/**
 * State law as data: each state's numbers with the dates they are in force, and the checks the commands call.
 * Every answer names the rule (id and citation) so a refusal, a due date or a timeline step can say what law it
 * follows. Days before an event count from the day after the notice through the event's day (Cal. Code Civ. Proc.
 * § 12; Fla. R. Gen. Prac. & Jud. Admin. 2.514): a notice on March 1 for a hearing on March 11 gives 10 days.
 */

export type RuleSetName = 'CA' | 'FL' | 'generic';

export interface RuleValues {
  /** Written notice of a violation hearing: at least `min_days` before it; FL also holds it within `max_days`. */
  hearing_notice: { min_days: number; max_days: number | null };
  /** Who may sit on the hearing committee (FL); null where the board hears the case itself. */
  hearing_committee: { min_members: number; excluded_roles: readonly string[] } | null;
  /** Fine limits; null is no statutory limit (the governing documents' fine schedule governs). */
  fine_cap: { per_violation_cents: number | null; continuing_aggregate_cents: number | null; health_safety_exception: boolean; governing_documents_may_differ: boolean };
  /** Whether a violation cured before the hearing may still be fined. */
  cure_before_hearing: { bars_fine: boolean; financial_commitment_counts: boolean };
  /** The written decision reaches the owner within `days` after the hearing's decision. */
  decision_notice: { days: number };
  late_fees_on_fines: { allowed: boolean };
  /** What a denial of an architectural request must say. */
  arc_denial: { reason_required: boolean; reconsideration_required: boolean };
  /** Records open to an owner's inspection: `current` for the current fiscal year, `prior` for the `prior_years` before it. */
  records_request: { current: Span; prior: Span | null; prior_years: number };
  meeting_notice_board: { min_days: number; min_hours: number | null; assessment_min_days: number | null };
  meeting_notice_member: { min_days: number; max_days: number | null };
  estoppel: {
    due: Span;
    rush: Span;
    /** Statutory fee limits in cents; null where the organization's own fee settings apply. */
    fee_cap_cents: number | null;
    rush_fee_cents: number | null;
    delinquent_fee_cents: number | null;
    no_fee_when_late: boolean;
    /** Days a certificate stays valid by delivery; null where no statute sets it. */
    valid_days: { electronic: number; mail: number } | null;
  };
  /** A decimal ("30") or a fraction ("100/3") of the voting power; null where only the bylaws decide. */
  quorum_default: { percent: string | null };
  electronic_voting: { allowed: boolean; assessments_allowed: boolean; inspector_required: boolean };
}

export interface Span {
  days: number;
  business: boolean;
}

export type RuleKey = keyof RuleValues;

export interface Rule<K extends RuleKey = RuleKey> {
  id: string;
  set: RuleSetName;
  key: K;
  citation: string;
  effective_from: string;
  /** Last day in force; absent while in force. */
  effective_to?: string;
  value: RuleValues[K];
}

export interface RuleRef {
  rule_id: string;
  citation: string;
}

export interface Refusal extends RuleRef {
  ok: false;
  message: string;
}

export type Check = { ok: true; rules: RuleRef[] } | Refusal;

export interface DueDate extends RuleRef {
  /** Null where no law sets a deadline. */
  due_on: string | null;
  message: string;
}

type Entry<K extends RuleKey> = { citation: string; effective_from: string; effective_to?: string; value: RuleValues[K] };
type Table = { [K in RuleKey]?: Array<Entry<K>> };

const GENERIC_FROM = '1900-01-01';
const GENERIC_CITATION = 'Covenant generic rule set (docs/decisions.md)';

/**
 * Where no modelled statute speaks (another state, or a state before its statute took effect), the generic set
 * applies: the longer notice and the shorter deadline of the two modelled states, and no invented fine limit.
 */
const GENERIC: Table = {
  hearing_notice: [{ citation: GENERIC_CITATION, effective_from: GENERIC_FROM, value: { min_days: 14, max_days: null } }],
  hearing_committee: [{ citation: GENERIC_CITATION, effective_from: GENERIC_FROM, value: null }],
  fine_cap: [{ citation: GENERIC_CITATION, effective_from: GENERIC_FROM, value: { per_violation_cents: null, continuing_aggregate_cents: null, health_safety_exception: false, governing_documents_may_differ: true } }],
  cure_before_hearing: [{ citation: GENERIC_CITATION, effective_from: GENERIC_FROM, value: { bars_fine: true, financial_commitment_counts: false } }],
  decision_notice: [{ citation: GENERIC_CITATION, effective_from: GENERIC_FROM, value: { days: 7 } }],
  late_fees_on_fines: [{ citation: GENERIC_CITATION, effective_from: GENERIC_FROM, value: { allowed: true } }],
  arc_denial: [{ citation: GENERIC_CITATION, effective_from: GENERIC_FROM, value: { reason_required: true, reconsideration_required: false } }],
  records_request: [{ citation: GENERIC_CITATION, effective_from: GENERIC_FROM, value: { current: { days: 10, business: true }, prior: { days: 10, business: true }, prior_years: 2 } }],
  meeting_notice_board: [{ citation: GENERIC_CITATION, effective_from: GENERIC_FROM, value: { min_days: 4, min_hours: null, assessment_min_days: null } }],
  meeting_notice_member: [{ citation: GENERIC_CITATION, effective_from: GENERIC_FROM, value: { min_days: 14, max_days: null } }],
  estoppel: [{ citation: GENERIC_CITATION, effective_from: GENERIC_FROM, value: { due: { days: 10, business: true }, rush: { days: 3, business: true }, fee_cap_cents: null, rush_fee_cents: null, delinquent_fee_cents: null, no_fee_when_late: false, valid_days: null } }],
  quorum_default: [{ citation: GENERIC_CITATION, effective_from: GENERIC_FROM, value: { percent: null } }],
  electronic_voting: [{ citation: GENERIC_CITATION, effective_from: GENERIC_FROM, value: { allowed: true, assessments_allowed: true, inspector_required: false } }],
};

// The Davis-Stirling Act as recodified (Civ. Code §§ 4000-6150) is operative from this day.
const CA_FROM = '2014-01-01';
// AB 130 (Stats. 2025, ch. 22) amended Civ. Code §§ 5850 and 5855 with immediate effect.
const AB_130 = '2025-07-01';
// AB 2159 (Stats. 2024, ch. 383): electronic secret ballots, Civ. Code § 5105(i).
const AB_2159 = '2025-01-01';

const CA: Table = {
  hearing_notice: [{ citation: 'Cal. Civ. Code § 5855(a)', effective_from: CA_FROM, value: { min_days: 10, max_days: null } }],
  hearing_committee: [{ citation: 'Cal. Civ. Code § 5855(a)', effective_from: CA_FROM, value: null }],
  fine_cap: [
    { citation: 'Cal. Civ. Code § 5850(a)', effective_from: CA_FROM, effective_to: '2025-06-30', value: { per_violation_cents: null, continuing_aggregate_cents: null, health_safety_exception: false, governing_documents_may_differ: true } },
    { citation: 'Cal. Civ. Code § 5850(c)-(d)', effective_from: AB_130, value: { per_violation_cents: 10_000, continuing_aggregate_cents: null, health_safety_exception: true, governing_documents_may_differ: false } },
  ],
  cure_before_hearing: [{ citation: 'Cal. Civ. Code § 5855(c)', effective_from: AB_130, value: { bars_fine: true, financial_commitment_counts: true } }],
  // 15 days as the product decided (the issue); docs/decisions.md notes a reading of AB 130 that makes it 14.
  decision_notice: [{ citation: 'Cal. Civ. Code § 5855', effective_from: CA_FROM, value: { days: 15 } }],
  late_fees_on_fines: [{ citation: 'Cal. Civ. Code § 5850(c)', effective_from: AB_130, value: { allowed: false } }],
  arc_denial: [{ citation: 'Cal. Civ. Code § 4765(a)', effective_from: CA_FROM, value: { reason_required: true, reconsideration_required: true } }],
  records_request: [{ citation: 'Cal. Civ. Code § 5210(b)', effective_from: CA_FROM, value: { current: { days: 10, business: true }, prior: { days: 30, business: false }, prior_years: 2 } }],
  meeting_notice_board: [{ citation: 'Cal. Civ. Code § 4920(a)', effective_from: CA_FROM, value: { min_days: 4, min_hours: null, assessment_min_days: null } }],
  meeting_notice_member: [{ citation: 'Cal. Corp. Code § 7511(a)', effective_from: CA_FROM, value: { min_days: 10, max_days: 90 } }],
  estoppel: [{ citation: 'Cal. Civ. Code § 4530(a)', effective_from: CA_FROM, value: { due: { days: 10, business: false }, rush: { days: 3, business: true }, fee_cap_cents: null, rush_fee_cents: null, delinquent_fee_cents: null, no_fee_when_late: false, valid_days: null } }],
  quorum_default: [{ citation: 'Cal. Corp. Code § 7512(a)', effective_from: CA_FROM, value: { percent: '100/3' } }],
  electronic_voting: [
    { citation: 'Cal. Civ. Code § 5115', effective_from: CA_FROM, effective_to: '2024-12-31', value: { allowed: false, assessments_allowed: false, inspector_required: true } },
    { citation: 'Cal. Civ. Code § 5105(i)', effective_from: AB_2159, value: { allowed: true, assessments_allowed: false, inspector_required: true } },
  ],
};

// The estoppel statute (Fla. Stat. § 720.30851) in its fee-capped form is in force from this day.
const FL_FROM = '2017-07-01';
// HB 1203 (Laws of Fla. 2024-221): hearing within 90 days, no fine after a cure, decision notice within 7 days.
const HB_1203 = '2024-07-01';
// The Department of Business and Professional Regulation's inflation adjustment of the estoppel fees.
const FL_FEES_2022 = '2022-07-01';
const FL_COMMITTEE_EXCLUDED = ['board_member', 'admin', 'property_manager'] as const;

const FL: Table = {
  hearing_notice: [
    { citation: 'Fla. Stat. § 720.305(2)', effective_from: FL_FROM, effective_to: '2024-06-30', value: { min_days: 14, max_days: null } },
    { citation: 'Fla. Stat. § 720.305(2)', effective_from: HB_1203, value: { min_days: 14, max_days: 90 } },
  ],
  hearing_committee: [{ citation: 'Fla. Stat. § 720.305(2)', effective_from: FL_FROM, value: { min_members: 3, excluded_roles: FL_COMMITTEE_EXCLUDED } }],
  fine_cap: [{ citation: 'Fla. Stat. § 720.305(2)', effective_from: FL_FROM, value: { per_violation_cents: 10_000, continuing_aggregate_cents: 100_000, health_safety_exception: false, governing_documents_may_differ: true } }],
  cure_before_hearing: [{ citation: 'Fla. Stat. § 720.305(2)', effective_from: HB_1203, value: { bars_fine: true, financial_commitment_counts: false } }],
  decision_notice: [{ citation: 'Fla. Stat. § 720.305(2)', effective_from: HB_1203, value: { days: 7 } }],
  records_request: [{ citation: 'Fla. Stat. § 720.303(5)', effective_from: FL_FROM, value: { current: { days: 10, business: true }, prior: { days: 10, business: true }, prior_years: 6 } }],
  meeting_notice_board: [{ citation: 'Fla. Stat. § 720.303(2)(c)', effective_from: FL_FROM, value: { min_days: 2, min_hours: 48, assessment_min_days: 14 } }],
  meeting_notice_member: [{ citation: 'Fla. Stat. § 720.306(5)', effective_from: FL_FROM, value: { min_days: 14, max_days: null } }],
  estoppel: [
    {
      citation: 'Fla. Stat. § 720.30851', effective_from: FL_FROM, effective_to: '2022-06-30',
      value: { due: { days: 10, business: true }, rush: { days: 3, business: true }, fee_cap_cents: 25_000, rush_fee_cents: 10_000, delinquent_fee_cents: 15_000, no_fee_when_late: true, valid_days: { electronic: 30, mail: 35 } },
    },
    {
      citation: 'Fla. Stat. § 720.30851', effective_from: FL_FEES_2022,
      value: { due: { days: 10, business: true }, rush: { days: 3, business: true }, fee_cap_cents: 29_900, rush_fee_cents: 11_900, delinquent_fee_cents: 17_900, no_fee_when_late: true, valid_days: { electronic: 30, mail: 35 } },
    },
  ],
  quorum_default: [{ citation: 'Fla. Stat. § 720.306(1)(a)', effective_from: FL_FROM, value: { percent: '30' } }],
  electronic_voting: [{ citation: 'Fla. Stat. § 720.317', effective_from: FL_FROM, value: { allowed: true, assessments_allowed: true, inspector_required: false } }],
};

const TABLES: Record<RuleSetName, Table> = { CA, FL, generic: GENERIC };
/** The first day each state's own rules are kept for; earlier dates are refused rather than guessed. */
export const TRACKED_FROM: Record<'CA' | 'FL', string> = { CA: CA_FROM, FL: FL_FROM };

function toRule<K extends RuleKey>(set: RuleSetName, key: K, e: Entry<K>): Rule<K> {
  return { id: `${set}.${key}@${e.effective_from}`, set, key, ...e };
}

/** Every rule of every set, for listing and for the consistency tests. */
export function allRules(): Rule[] {
  const out: Rule[] = [];
  for (const set of Object.keys(TABLES) as RuleSetName[]) {
    const table = TABLES[set];
    for (const key of Object.keys(table) as RuleKey[]) for (const e of table[key] as Array<Entry<RuleKey>>) out.push(toRule(set, key, e));
  }
  return out;
}

/** The rule set a two-letter state code uses: its own when modelled, else the generic set. */
export function ruleSetOf(state: string): RuleSetName {
  const s = state.trim().toUpperCase();
  // An association that has not said its state follows the generic rules.
  if (s === '') return 'generic';
  if (!/^[A-Z]{2}$/.test(s)) throw new RangeError(`Not a two-letter state code: ${state}`);
  return s === 'CA' || s === 'FL' ? s : 'generic';
}

function pick<K extends RuleKey>(set: RuleSetName, key: K, onDate: string): Rule<K> | undefined {
  const entries = (TABLES[set][key] ?? []) as Array<Entry<K>>;
  const e = entries.find((x) => x.effective_from <= onDate && (!x.effective_to || onDate <= x.effective_to));
  return e ? toRule(set, key, e) : undefined;
}

/**
 * The rule in force for a state on a date. A modelled state falls back to the generic rule for a matter its statutes
 * did not address on that date; dates before the state's rules are kept are refused.
 */
export function ruleFor<K extends RuleKey>(state: string, key: K, onDate: string): Rule<K> {
  assertIsoDate(onDate);
  const set = ruleSetOf(state);
  if (set !== 'generic' && onDate < TRACKED_FROM[set]) {
    throw new RangeError(`Covenant keeps ${set === 'CA' ? 'California' : 'Florida'} rules from ${TRACKED_FROM[set]}; ${onDate} is earlier`);
  }
  const rule = pick(set, key, onDate) ?? pick('generic', key, onDate);
  if (!rule) throw new Error(`No rule ${key} on ${onDate}`);
  return rule;
}

const ref = (r: Rule): RuleRef => ({ rule_id: r.id, citation: r.citation });
const refuse = (r: Rule, message: string): Refusal => ({ ok: false, rule_id: r.id, citation: r.citation, message: `${message} (${r.citation}).` });
const money = (cents: number) => formatMoney(centsToDecimal(cents));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function dueAfter(from: string, span: Span): string {
  return span.business ? addBusinessDays(from, span.days) : addDays(from, span.days);
}
function spanText(span: Span): string {
  return plural(span.days, span.business ? 'business day' : 'day');
}
function assertCents(cents: number, what: string): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`${what} must be a non-negative whole number of cents: ${cents}`);
}

// ---- Violations ---------------------------------------------------------------------------------------------

export interface CommitteeMember {
  user_id: string;
  /** The member's application role (`board_member`, `admin`, `property_manager`, `owner`, …). */
  role: string;
  name?: string;
  /** Spouse, parent, child, brother or sister of a director, officer or employee. */
  is_relative_of_director_officer_or_employee?: boolean;
}

export interface HearingNoticeInput {
  state: string;
  notice_sent_on: string;
  hearing_on: string;
  committee?: readonly CommitteeMember[];
}

/** Whether a violation hearing may be held on `hearing_on` after a notice sent on `notice_sent_on`, with that committee. */
export function checkHearingNotice(input: HearingNoticeInput): Check {
  assertIsoDate(input.hearing_on);
  const notice = ruleFor(input.state, 'hearing_notice', input.notice_sent_on);
  const days = calendarDaysBetween(input.notice_sent_on, input.hearing_on);
  const { min_days, max_days } = notice.value;
  if (days < min_days) {
    const gave = days < 0 ? 'the notice would come after the hearing' : `a notice sent on ${input.notice_sent_on} gives ${plural(days, 'day')}`;
    return refuse(notice, `The hearing notice must be sent at least ${min_days} days before the hearing on ${input.hearing_on}; ${gave}. Send it by ${addDays(input.hearing_on, -min_days)} or move the hearing to ${addDays(input.notice_sent_on, min_days)} or later`);
  }
  if (max_days !== null && days > max_days) {
    return refuse(notice, `The hearing must be held within ${max_days} days after its notice; a notice sent on ${input.notice_sent_on} allows a hearing until ${addDays(input.notice_sent_on, max_days)}, not ${input.hearing_on}`);
  }
  const rules = [ref(notice)];
  const committeeRule = ruleFor(input.state, 'hearing_committee', input.notice_sent_on);
  if (committeeRule.value) {
    const { min_members, excluded_roles } = committeeRule.value;
    const members = [...new Map((input.committee ?? []).map((m) => [m.user_id, m])).values()];
    const barred = members.filter((m) => excluded_roles.includes(m.role) || m.is_relative_of_director_officer_or_employee);
    if (barred.length > 0) {
      const who = barred.map((m) => `${m.name ?? m.user_id} (${m.is_relative_of_director_officer_or_employee ? 'a relative of a director, officer or employee' : roleText(m.role)})`).join(', ');
      return refuse(committeeRule, `The hearing committee may not include directors, officers or employees of the association or their spouses, parents, children, brothers or sisters: ${who}`);
    }
    if (members.length < min_members) {
      return refuse(committeeRule, `The hearing committee needs at least ${min_members} members who are not directors, officers or employees; ${plural(members.length, 'member')} named`);
    }
    rules.push(ref(committeeRule));
  }
  return { ok: true, rules };
}

function roleText(role: string): string {
  if (role === 'board_member') return 'a director or officer';
  if (role === 'admin' || role === 'property_manager') return 'staff of the association';
  return role;
}

export interface FineInput {
  state: string;
  /** The day of the decision: the law in force then applies. */
  decided_on: string;
  amount_cents: number;
  /** Fines already imposed for the same violation, before this one. */
  per_violation_total_cents: number;
  health_safety_finding: boolean;
  continuing: boolean;
  /** For a continuing violation: the daily amount the fine is made of. */
  per_day_cents?: number;
  cured_before_hearing: boolean;
  /** CA: the owner showed a financial commitment to a cure that takes longer than the notice period. */
  financial_commitment_to_cure?: boolean;
  hearing_held: boolean;
  /** FL: whether the committee approved the fine by a majority; undefined when not recorded. */
  committee_approved?: boolean;
  /** FL: the limits the governing documents set instead of the statute's, when they do. */
  governing_documents_caps?: { per_violation_cents: number | null; continuing_aggregate_cents: number | null };
}

/** Whether a fine of `amount_cents` may be imposed. */
export function checkFine(input: FineInput): Check {
  assertCents(input.amount_cents, 'A fine');
  assertCents(input.per_violation_total_cents, 'Fines already imposed');
  if (input.amount_cents === 0) throw new RangeError('A fine must be more than zero');
  const hearing = ruleFor(input.state, 'hearing_notice', input.decided_on);
  if (!input.hearing_held) return refuse(hearing, 'A fine can be imposed only after the owner was given notice and the hearing was held');
  const committee = ruleFor(input.state, 'hearing_committee', input.decided_on);
  if (committee.value && input.committee_approved === false) return refuse(committee, 'The hearing committee did not approve the fine by a majority vote, so it may not be imposed');
  const cure = ruleFor(input.state, 'cure_before_hearing', input.decided_on);
  if (cure.value.bars_fine && input.cured_before_hearing) return refuse(cure, 'The violation was cured before the hearing, so no fine may be imposed');
  if (cure.value.financial_commitment_counts && input.financial_commitment_to_cure) {
    return refuse(cure, 'The owner made a financial commitment to cure a violation that takes longer than the notice period, so no fine may be imposed');
  }
  const capRule = ruleFor(input.state, 'fine_cap', input.decided_on);
  const cap = capRule.value.governing_documents_may_differ && input.governing_documents_caps ? { ...capRule.value, ...input.governing_documents_caps } : capRule.value;
  const total = input.per_violation_total_cents + input.amount_cents;
  const exempt = cap.health_safety_exception && input.health_safety_finding;
  if (!exempt) {
    if (input.continuing && cap.continuing_aggregate_cents !== null) {
      if (cap.per_violation_cents !== null && input.per_day_cents !== undefined && input.per_day_cents > cap.per_violation_cents) {
        return refuse(capRule, `A daily fine for a continuing violation may not exceed ${money(cap.per_violation_cents)} a day; ${money(input.per_day_cents)} a day was asked`);
      }
      if (total > cap.continuing_aggregate_cents) {
        return refuse(capRule, `Fines for a continuing violation may not exceed ${money(cap.continuing_aggregate_cents)} in all; ${money(input.per_violation_total_cents)} already imposed and ${money(input.amount_cents)} more makes ${money(total)}`);
      }
    } else if (cap.per_violation_cents !== null && total > cap.per_violation_cents) {
      const already = input.per_violation_total_cents > 0 ? `; ${money(input.per_violation_total_cents)} was already imposed for it` : '';
      const unless = cap.health_safety_exception ? ' unless the board found in writing, at an open board meeting, that the violation may harm health or safety' : '';
      return refuse(capRule, `A fine may not exceed ${money(cap.per_violation_cents)} per violation${unless}; ${money(input.amount_cents)} was asked${already}`);
    }
  }
  return { ok: true, rules: [ref(hearing), ...(committee.value ? [ref(committee)] : []), ref(cure), ref(capRule)] };
}

/** The day the written decision must reach the owner. */
export function decisionNoticeDue(input: { state: string; decided_on: string }): DueDate {
  const rule = ruleFor(input.state, 'decision_notice', input.decided_on);
  const due_on = addDays(input.decided_on, rule.value.days);
  return { ...ref(rule), due_on, message: `The written decision is due within ${rule.value.days} days of the hearing's decision, by ${due_on} (${rule.citation}).` };
}

/** Whether late fees or interest may be charged on an unpaid fine. */
export function lateFeesAllowedOnFines(state: string, onDate: string): RuleRef & { allowed: boolean; message: string } {
  const rule = ruleFor(state, 'late_fees_on_fines', onDate);
  const message = rule.value.allowed
    ? `No statute bars late fees on fines; the governing documents decide (${rule.citation}).`
    : `Late fees and interest may not be charged on fines (${rule.citation}).`;
  return { ...ref(rule), allowed: rule.value.allowed, message };
}

// ---- Architectural review -----------------------------------------------------------------------------------

export const DEFAULT_ARC_RESPONSE_DAYS = 45;

/** The day an architectural request must be answered by: the organization's `arc_response_days` (default 45). */
export function arcRespondBy(input: { submitted_on: string; arc_response_days?: number | null }): { respond_by: string; days: number } {
  const days = input.arc_response_days ?? DEFAULT_ARC_RESPONSE_DAYS;
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`arc_response_days must be a positive whole number: ${days}`);
  return { respond_by: addDays(input.submitted_on, days), days };
}

/** Whether an architectural decision says what the law requires of it. */
export function checkArchitecturalDecision(input: { state: string; decided_on: string; decision: string; reason?: string | null; reconsideration_instructions?: string | null }): Check {
  const rule = ruleFor(input.state, 'arc_denial', input.decided_on);
  if (input.decision !== 'denied') return { ok: true, rules: [] };
  if (rule.value.reason_required && !input.reason?.trim()) return refuse(rule, 'A denial must explain why the request is denied');
  if (rule.value.reconsideration_required && !input.reconsideration_instructions?.trim()) {
    return refuse(rule, 'A denial must describe how the owner can ask the board to reconsider the decision at an open board meeting');
  }
  return { ok: true, rules: [ref(rule)] };
}

// ---- Records --------------------------------------------------------------------------------------------------

export interface RecordsRequestInput {
  state: string;
  received_on: string;
  fiscal_year_of_records: number;
  current_fiscal_year: number;
}

/** The day records asked for on `received_on` must be open for inspection. */
export function recordsRequestDue(input: RecordsRequestInput): DueDate {
  for (const y of [input.fiscal_year_of_records, input.current_fiscal_year]) if (!Number.isInteger(y)) throw new RangeError(`Not a fiscal year: ${y}`);
  const rule = ruleFor(input.state, 'records_request', input.received_on);
  const age = input.current_fiscal_year - input.fiscal_year_of_records;
  if (age < 0) throw new RangeError(`Fiscal year ${input.fiscal_year_of_records} has not begun`);
  const span = age === 0 ? rule.value.current : age <= rule.value.prior_years ? rule.value.prior : null;
  if (!span) {
    return { ...ref(rule), due_on: null, message: `No deadline applies to records of fiscal year ${input.fiscal_year_of_records}, older than the ${rule.value.prior_years} previous fiscal years (${rule.citation}).` };
  }
  const due_on = dueAfter(input.received_on, span);
  const which = age === 0 ? 'the current fiscal year' : `fiscal year ${input.fiscal_year_of_records}`;
  return { ...ref(rule), due_on, message: `Records of ${which} are due within ${spanText(span)} of the request received on ${input.received_on}, by ${due_on} (${rule.citation}).` };
}

// ---- Meetings -------------------------------------------------------------------------------------------------

export type MeetingKind = 'board' | 'annual' | 'special' | 'committee';

export interface MeetingNoticeInput {
  state: string;
  kind: MeetingKind;
  notice_sent_on: string;
  /** When the notice went out, if known to the minute (an ISO instant); hour-counted rules need it to be exact. */
  notice_sent_at?: string;
  /** The meeting's start, an ISO instant with its offset. */
  starts_at: string;
  /** The association's IANA time zone, for the meeting's calendar day. */
  time_zone: string;
  /** FL: a board meeting that will consider assessments (or rules on parcel use) needs 14 days. */
  considers_assessments?: boolean;
}

/** Whether a meeting notice sent on `notice_sent_on` is early enough (and, for CA member meetings, not too early). */
export function checkMeetingNotice(input: MeetingNoticeInput): Check {
  const startMs = Date.parse(input.starts_at);
  if (Number.isNaN(startMs)) throw new RangeError(`Not a date and time: ${input.starts_at}`);
  const meetingDay = todayIn(input.time_zone, new Date(startMs));
  const days = calendarDaysBetween(input.notice_sent_on, meetingDay);
  if (input.kind === 'board' || input.kind === 'committee') {
    const rule = ruleFor(input.state, 'meeting_notice_board', input.notice_sent_on);
    const { min_days, min_hours, assessment_min_days } = rule.value;
    if (input.considers_assessments && assessment_min_days !== null && days < assessment_min_days) {
      return refuse(rule, `A board meeting that will consider assessments must be noticed at least ${assessment_min_days} days before it; a notice sent on ${input.notice_sent_on} gives ${plural(days, 'day')} before ${meetingDay}`);
    }
    if (min_hours !== null) {
      // Without the hour it went out, a notice is counted from the end of its day: the earliest time we can prove.
      const sentMs = input.notice_sent_at ? Date.parse(input.notice_sent_at) : endOfDayMs(input.notice_sent_on, input.time_zone);
      if (Number.isNaN(sentMs)) throw new RangeError(`Not a date and time: ${input.notice_sent_at}`);
      const hours = (startMs - sentMs) / 3_600_000;
      if (hours < min_hours) {
        const known = input.notice_sent_at ? '' : ' (without the time it was posted, a notice counts from the end of its day)';
        return refuse(rule, `Notice of a board meeting must be posted at least ${min_hours} hours before it; this notice gives ${Math.max(0, Math.floor(hours))} hours${known}`);
      }
    } else if (days < min_days) {
      return refuse(rule, `Notice of a board meeting must be given at least ${min_days} days before it; a notice sent on ${input.notice_sent_on} gives ${plural(days, 'day')} before ${meetingDay}. Send it by ${addDays(meetingDay, -min_days)}`);
    }
    return { ok: true, rules: [ref(rule)] };
  }
  const rule = ruleFor(input.state, 'meeting_notice_member', input.notice_sent_on);
  const { min_days, max_days } = rule.value;
  if (days < min_days) {
    return refuse(rule, `Notice of a members' meeting must be given at least ${min_days} days before it; a notice sent on ${input.notice_sent_on} gives ${plural(days, 'day')} before ${meetingDay}. Send it by ${addDays(meetingDay, -min_days)}`);
  }
  if (max_days !== null && days > max_days) {
    return refuse(rule, `Notice of a members' meeting may not be given more than ${max_days} days before it; send it on ${addDays(meetingDay, -max_days)} or later`);
  }
  return { ok: true, rules: [ref(rule)] };
}

function endOfDayMs(date: string, timeZone: string): number {
  assertIsoDate(date);
  const next = addDays(date, 1);
  return new TZDate(Number(next.slice(0, 4)), Number(next.slice(5, 7)) - 1, Number(next.slice(8, 10)), 0, 0, 0, timeZone).getTime();
}

// ---- Estoppel certificates ------------------------------------------------------------------------------------

/** The day an estoppel certificate (CA: the resale disclosure documents) requested on `requested_on` is due. */
export function estoppelDueOn(input: { state: string; requested_on: string; rush: boolean }): DueDate {
  const rule = ruleFor(input.state, 'estoppel', input.requested_on);
  const span = input.rush ? rule.value.rush : rule.value.due;
  const due_on = dueAfter(input.requested_on, span);
  return { ...ref(rule), due_on, message: `Due within ${spanText(span)} of the request received on ${input.requested_on}${input.rush ? ' (rush)' : ''}, by ${due_on} (${rule.citation}).` };
}

export interface OrgEstoppelFees {
  base_cents: number;
  rush_cents: number;
  delinquent_cents: number;
}

export interface EstoppelFee extends RuleRef {
  fee_cents: number;
  parts: Array<{ kind: 'preparation' | 'rush' | 'delinquent'; cents: number }>;
  message: string;
}

/**
 * The fee for an estoppel certificate. Before it is issued (`issued_on` absent) this quotes the fee for delivery
 * on time. In FL the statute caps each part and a certificate issued late costs nothing; the rush part is due only
 * when the certificate is delivered within the rush period.
 */
export function estoppelFee(input: { state: string; requested_on: string; issued_on?: string | null; rush: boolean; delinquent: boolean; org_fees?: OrgEstoppelFees | null }): EstoppelFee {
  const rule = ruleFor(input.state, 'estoppel', input.requested_on);
  const v = rule.value;
  const org = input.org_fees;
  if (org) for (const [k, c] of Object.entries(org)) assertCents(c, `The ${k.replace('_cents', '')} estoppel fee`);
  const capped = (own: number | undefined, cap: number | null) => (cap === null ? (own ?? 0) : Math.min(own ?? cap, cap));
  const base = capped(org?.base_cents, v.fee_cap_cents);
  const rushFee = capped(org?.rush_cents, v.rush_fee_cents);
  const delinquentFee = capped(org?.delinquent_cents, v.delinquent_fee_cents);
  const due = dueAfter(input.requested_on, v.due);
  if (input.issued_on) {
    assertIsoDate(input.issued_on);
    if (input.issued_on < input.requested_on) throw new RangeError('A certificate cannot be issued before it was requested');
    if (v.no_fee_when_late && input.issued_on > due) {
      return { ...ref(rule), fee_cents: 0, parts: [], message: `Issued on ${input.issued_on}, after the ${spanText(v.due)} that ended on ${due}: no fee may be charged (${rule.citation}).` };
    }
  }
  const rushOnTime = input.rush && (!input.issued_on || input.issued_on <= dueAfter(input.requested_on, v.rush));
  const parts: EstoppelFee['parts'] = [{ kind: 'preparation', cents: base }];
  if (rushOnTime && rushFee > 0) parts.push({ kind: 'rush', cents: rushFee });
  if (input.delinquent && delinquentFee > 0) parts.push({ kind: 'delinquent', cents: delinquentFee });
  const fee_cents = parts.reduce((s, p) => s + p.cents, 0);
  const words = parts.map((p) => `${p.kind} ${money(p.cents)}`).join(', ');
  const lostRush = input.rush && !rushOnTime ? `; the rush fee is not due because the certificate was not delivered within ${spanText(v.rush)}` : '';
  const source = v.fee_cap_cents === null ? "the organization's fee settings" : rule.citation;
  return { ...ref(rule), fee_cents, parts, message: `${money(fee_cents)} (${words})${lostRush}, per ${source}.` };
}

/** The last day an issued certificate is valid; null where no statute sets a period. */
export function estoppelValidUntil(input: { state: string; issued_on: string; delivery?: 'electronic' | 'hand' | 'mail' }): DueDate {
  const rule = ruleFor(input.state, 'estoppel', input.issued_on);
  const valid = rule.value.valid_days;
  if (!valid) return { ...ref(rule), due_on: null, message: `No statute limits how long the certificate is valid (${rule.citation}).` };
  const days = input.delivery === 'mail' ? valid.mail : valid.electronic;
  const due_on = addDays(input.issued_on, days);
  return { ...ref(rule), due_on, message: `Valid for ${days} days after issue${input.delivery === 'mail' ? ' by mail' : ''}, through ${due_on} (${rule.citation}).` };
}

// ---- Votes ----------------------------------------------------------------------------------------------------

/** Whether a vote may be cast electronically. */
export function allowsElectronicVote(input: { state: string; is_assessment: boolean; on: string; has_inspector?: boolean }): Check {
  const rule = ruleFor(input.state, 'electronic_voting', input.on);
  const v = rule.value;
  if (!v.allowed) return refuse(rule, 'Secret-ballot votes must be cast on written ballots; electronic voting is not allowed on this date');
  if (input.is_assessment && !v.assessments_allowed) return refuse(rule, 'A vote on regular or special assessments cannot be held electronically; use written ballots');
  if (v.inspector_required && input.has_inspector === false) return refuse(rule, 'An electronic vote must be conducted by an inspector of elections; name one');
  return { ok: true, rules: [ref(rule)] };
}

/** The quorum that applies when the bylaws set none; `percent` is null where there is no statutory default. */
export function defaultQuorumPercent(state: string, onDate: string): RuleRef & { percent: string | null; message: string } {
  const rule = ruleFor(state, 'quorum_default', onDate);
  const p = rule.value.percent;
  const shown = p === '100/3' ? 'one third' : `${p}%`;
  const message = p === null ? `No statute sets a default quorum; the bylaws decide (${rule.citation}).` : `Unless the bylaws set another, the quorum is ${shown} of the voting interests (${rule.citation}).`;
  return { ...ref(rule), percent: p, message };
}

