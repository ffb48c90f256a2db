import { allocateAssessment } from '@covenant/contracts/budgets';
import { addDays } from '@covenant/contracts/documents';
import { laterDate } from '@covenant/contracts/dates';
import { roundDiv, scaledDecimal, toCents } from '@covenant/contracts/money';
import type { AllocationMethod, AmountBasis, CoOwnerBilling, ScheduleFrequency } from '@covenant/contracts/charges';

/**
 * Assessment schedules without I/O: which billing periods are due by a date, what each unit owes for a period
 * (by its amount basis, prorated for a partial first or last period, split into installments) and how a unit's
 * charge is shared among its co-owners. Integer cents throughout.
 */

/** Months one period of each frequency covers (a one-time assessment's installments fall a month apart). */
export const FREQUENCY_MONTHS: Record<ScheduleFrequency, number> = { monthly: 1, quarterly: 3, semiannual: 6, annual: 12, once: 1 };

/** Decimal places of a per-square-foot rate. */
export const RATE_PLACES = 4;

export interface ScheduleTerms {
  frequency: ScheduleFrequency;
  start_date: string;
  end_date?: string | null;
  /** Day of the month the period's invoice is dated (1–28). */
  invoice_day: number;
  due_days: number;
  /** A one-time (special) assessment billed in this many monthly parts; 1 for every recurring schedule. */
  installments: number;
}

export interface BillingPeriod {
  /** The run-record key of the period: the month it starts in (YYYY-MM). */
  key: string;
  start: string;
  end: string;
  invoice_date: string;
  due_date: string;
  /** 1-based installment number of a one-time assessment; null for a recurring schedule. */
  installment: number | null;
  /** Days of the period the schedule covers, and days in the period (equal unless prorated). */
  covered_days: number;
  period_days: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first day of the month `months` after the month of an ISO date. */
export function addMonths(isoDate: string, months: number): string {
  const y = Number(isoDate.slice(0, 4));
  const m = Number(isoDate.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m / 12);
  return `${year}-${pad((((m % 12) + 12) % 12) + 1)}-01`;
}

/** Days from a to b inclusive (ISO dates). */
export function daysInclusive(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Every period of a schedule whose invoice date has come by `asOf`, oldest first. Recurring periods start in the
 * schedule's start month and follow its frequency; the first and last are prorated when the schedule starts or
 * ends inside them (covered days over the period's days). A one-time assessment has one period per installment,
 * a month apart, never prorated. An invoice is dated the invoice day of the period's first month, never before
 * the schedule starts; it is due `due_days` later.
 */
export function periodsDue(terms: ScheduleTerms, asOf: string): BillingPeriod[] {
  const step = FREQUENCY_MONTHS[terms.frequency];
  const first = `${terms.start_date.slice(0, 7)}-01`;
  const count = terms.frequency === 'once' ? Math.max(1, terms.installments) : Number.POSITIVE_INFINITY;
  const out: BillingPeriod[] = [];
  for (let k = 0; k < count; k++) {
    const start = addMonths(first, k * step);
    const end = addDays(addMonths(first, (k + 1) * step), -1);
    if (terms.frequency !== 'once' && terms.end_date && start > terms.end_date) break;
    const invoiceDate = laterDate(`${start.slice(0, 7)}-${pad(Math.min(Math.max(terms.invoice_day, 1), 28))}`, terms.start_date);
    if (invoiceDate > asOf) break;
    const periodDays = daysInclusive(start, end);
    let covered = periodDays;
    if (terms.frequency !== 'once') {
      const from = laterDate(start, terms.start_date);
      const to = terms.end_date && terms.end_date < end ? terms.end_date : end;
      covered = daysInclusive(from, to);
    }
    out.push({
      key: start.slice(0, 7), start, end, invoice_date: invoiceDate, due_date: addDays(invoiceDate, terms.due_days),
      installment: terms.frequency === 'once' ? k + 1 : null, covered_days: covered, period_days: periodDays,
    });
  }
  return out;
}

export interface UnitFacts {
  id: string;
  monthly_hoa_fee?: string | number | null;
  square_footage?: number | null;
  assessment_share?: string | number | null;
}

export interface BasisTerms {
  frequency: ScheduleFrequency;
  amount_basis: AmountBasis;
  /** fixed: per unit; per_sqft: per square foot (up to four decimals). */
  amount?: string | number | null;
  /** allocation: the amount shared among the units. */
  total_amount?: string | number | null;
  allocation_method?: AllocationMethod | null;
}

/** Why a unit cannot be assessed (the run refuses rather than guess). */
export class AssessmentInputError extends Error {}

/**
 * What each unit owes for one whole period, before proration and installments: the unit's monthly fee times the
 * period's months, a fixed amount, a rate per square foot (rounded half up to the cent), or its share of a total
 * (largest remainder, adding up exactly). A unit without a monthly fee owes nothing under `unit_fee`.
 */
export function periodAmounts(terms: BasisTerms, units: readonly UnitFacts[]): Map<string, number> {
  const months = FREQUENCY_MONTHS[terms.frequency];
  const out = new Map<string, number>();
  if (terms.amount_basis === 'allocation') {
    if (units.length === 0) return out;
    const method = terms.allocation_method ?? 'equal';
    try {
      for (const part of allocateAssessment(toCents(terms.total_amount ?? 0), units, method)) out.set(part.id, part.cents);
    } catch (err) {
      throw new AssessmentInputError((err as Error).message);
    }
    return out;
  }
  for (const u of units) {
    if (terms.amount_basis === 'unit_fee') out.set(u.id, toCents(u.monthly_hoa_fee ?? 0) * months);
    else if (terms.amount_basis === 'fixed') out.set(u.id, toCents(terms.amount ?? 0));
    else {
      if (!u.square_footage || u.square_footage <= 0) throw new AssessmentInputError(`Unit ${u.id} has no square footage`);
      const rate = scaledDecimal(String(terms.amount ?? 0), RATE_PLACES);
      out.set(u.id, Number(roundDiv(rate * BigInt(u.square_footage), 10n ** BigInt(RATE_PLACES - 2))));
    }
  }
  return out;
}

/** A partial period's share of a whole period's amount: covered days over period days, rounded half up. */
export function prorate(cents: number, coveredDays: number, periodDays: number): number {
  if (coveredDays >= periodDays) return cents;
  return Number(roundDiv(BigInt(cents) * BigInt(Math.max(0, coveredDays)), BigInt(periodDays)));
}

/** Installment n (1-based) of an amount in `count` parts: equal parts, the odd cents on the earliest ones. */
export function installmentCents(cents: number, count: number, n: number): number {
  const base = Math.floor(cents / count);
  return base + (n <= cents - base * count ? 1 : 0);
}

/** What a unit is charged for a period: the whole-period amount, prorated, or the installment's part. */
export function chargeForPeriod(wholeCents: number, period: BillingPeriod, installments: number): number {
  if (period.installment !== null) return installmentCents(wholeCents, Math.max(1, installments), period.installment);
  return prorate(wholeCents, period.covered_days, period.period_days);
}

export interface UnitOwner {
  owner_id: string;
  ownership_percentage: string | number;
  start_date: string;
}

/** The principal owner: the largest share, then the earliest start, then the first listed. */
export function principalIndex(owners: readonly UnitOwner[]): number {
  let best = 0;
  for (let i = 1; i < owners.length; i++) {
    const a = owners[i]!;
    const b = owners[best]!;
    const pa = scaledDecimal(String(a.ownership_percentage), 2);
    const pb = scaledDecimal(String(b.ownership_percentage), 2);
    if (pa > pb || (pa === pb && a.start_date < b.start_date)) best = i;
  }
  return best;
}

/**
 * A unit's charge among its owners. `principal`: all of it to the principal owner. `split`: each co-owner by
 * ownership percentage (in proportion to the shares listed, so 50/30 splits 5:3), rounded down to the cent, and
 * the cents of rounding to the principal owner. Owners whose part is zero get nothing.
 */
export function splitAmongOwners(cents: number, owners: readonly UnitOwner[], mode: CoOwnerBilling): Array<{ owner_id: string; cents: number }> {
  if (owners.length === 0 || cents <= 0) return [];
  const p = principalIndex(owners);
  const weights = owners.map((o) => scaledDecimal(String(o.ownership_percentage), 2));
  const sum = weights.reduce((s, w) => s + w, 0n);
  if (mode === 'principal' || sum === 0n) return [{ owner_id: owners[p]!.owner_id, cents }];
  const parts = weights.map((w) => Number((BigInt(cents) * w) / sum));
  parts[p] = cents - parts.reduce((s, c, i) => (i === p ? s : s + c), 0);
  return owners.map((o, i) => ({ owner_id: o.owner_id, cents: parts[i]! })).filter((x) => x.cents > 0);
}

