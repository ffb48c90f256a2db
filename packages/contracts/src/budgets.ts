import { allocateByWeights, roundDiv, scaledDecimal } from './money.ts';

/** Months in a fiscal year; a budget line holds one amount per month, in fiscal-year order. */
export const MONTHS_PER_YEAR = 12;

export const BUDGET_STATUSES = ['draft', 'adopted'] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];

/** How the assessment calculator shares the income need among units. */
export const ASSESSMENT_BASES = ['equal', 'sqft', 'percentage'] as const;
export type AssessmentBasis = (typeof ASSESSMENT_BASES)[number];

/** Where the calculator takes the income need from (explicit on the screen). */
export const ASSESSMENT_NEEDS = ['revenue_accounts', 'net_expenses'] as const;
export type AssessmentNeed = (typeof ASSESSMENT_NEEDS)[number];

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad = (n: number) => String(n).padStart(2, '0');

export interface FiscalMonth {
  year: number;
  /** 1–12. */
  month: number;
  /** First and last day, YYYY-MM-DD. */
  start: string;
  end: string;
  /** "Jul 2026". */
  label: string;
}

function assertStartMonth(startMonth: number): void {
  if (!Number.isInteger(startMonth) || startMonth < 1 || startMonth > 12) throw new RangeError('The fiscal year start month must be 1 to 12');
}

/** The twelve calendar months of a fiscal year (named by the calendar year it starts in), in order. */
export function fiscalMonths(fiscalYear: number, startMonth: number): FiscalMonth[] {
  assertStartMonth(startMonth);
  return Array.from({ length: MONTHS_PER_YEAR }, (_, i) => {
    const m0 = startMonth - 1 + i;
    const year = fiscalYear + Math.floor(m0 / 12);
    const month = (m0 % 12) + 1;
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return { year, month, start: `${year}-${pad(month)}-01`, end: `${year}-${pad(month)}-${pad(last)}`, label: `${MONTH_NAMES[month - 1]} ${year}` };
  });
}

/** The fiscal year a date falls in: the calendar year its fiscal year starts in. */
export function fiscalYearOf(isoDate: string, startMonth: number): number {
  assertStartMonth(startMonth);
  const year = Number(isoDate.slice(0, 4));
  return Number(isoDate.slice(5, 7)) >= startMonth ? year : year - 1;
}

/** First and last day of a fiscal year. */
export function fiscalYearRange(fiscalYear: number, startMonth: number): { from: string; to: string } {
  const months = fiscalMonths(fiscalYear, startMonth);
  return { from: months[0]!.start, to: months[MONTHS_PER_YEAR - 1]!.end };
}

/** Indexes of the fiscal months lying wholly within from..to: budgets are compared by whole months, never prorated. */
export function monthsWithin(months: readonly FiscalMonth[], from: string, to: string): number[] {
  return months.flatMap((m, i) => (m.start >= from && m.end <= to ? [i] : []));
}

/** An annual amount spread over the twelve months: equal cents, the odd cents on the first months, so the total is exact. */
export function spreadEvenly(annualCents: number): number[] {
  if (!Number.isSafeInteger(annualCents) || annualCents < 0) throw new RangeError('The annual amount must be a non-negative number of cents');
  const base = Math.floor(annualCents / MONTHS_PER_YEAR);
  const odd = annualCents - base * MONTHS_PER_YEAR;
  return Array.from({ length: MONTHS_PER_YEAR }, (_, i) => base + (i < odd ? 1 : 0));
}

/** part as a percent of whole, to two places (half away from zero); null when whole is 0. Negative wholes count by size. */
export function percentOf(partCents: number, wholeCents: number): number | null {
  if (wholeCents === 0) return null;
  return Number(roundDiv(BigInt(partCents) * 10_000n, BigInt(Math.abs(wholeCents)))) / 100;
}

/**
 * Budget against actual for one account or total: the variance is favourable when positive (revenue: actual −
 * budget; expense and anything spent: budget − actual), and its percent is of the budget (null for a zero budget).
 */
export function budgetVariance(kind: 'revenue' | 'expense', budgetCents: number, actualCents: number): { varianceCents: number; percent: number | null } {
  const varianceCents = kind === 'revenue' ? actualCents - budgetCents : budgetCents - actualCents;
  return { varianceCents, percent: percentOf(varianceCents, budgetCents) };
}

/** Net (revenue − expenses) against its budget: favourable when the actual net is above the budgeted net. */
export function netVariance(budgetNetCents: number, actualNetCents: number): { varianceCents: number; percent: number | null } {
  const varianceCents = actualNetCents - budgetNetCents;
  return { varianceCents, percent: percentOf(varianceCents, budgetNetCents) };
}

export interface AssessmentUnit {
  id: string;
  square_footage?: number | null;
  /** The unit's percentage interest (e.g. "1.250000"). */
  assessment_share?: number | string | null;
}

/** Decimal places of a percentage interest. */
export const SHARE_PLACES = 6;

/** The income need per month: the annual need ÷ 12, rounded up to the cent so twelve months cover the year. */
export function monthlyNeedCents(annualNeedCents: number): number {
  if (!Number.isSafeInteger(annualNeedCents) || annualNeedCents < 0) throw new RangeError('The income need must be a non-negative number of cents');
  return Math.ceil(annualNeedCents / MONTHS_PER_YEAR);
}

/**
 * Shares an amount among units by an allocation basis: equal, by square footage, or by percentage interest
 * (in proportion to the shares, so interests that total 99.9999% through rounding still assign everything).
 * Odd cents by largest remainder, ties to the earlier unit: the parts add up exactly to the amount.
 */
export function allocateAssessment(amountCents: number, units: readonly AssessmentUnit[], basis: AssessmentBasis): Array<{ id: string; cents: number }> {
  if (units.length === 0) throw new RangeError('There are no units to assess');
  const weights = units.map((u) => {
    if (basis === 'equal') return 1n;
    if (basis === 'sqft') {
      if (!u.square_footage || u.square_footage <= 0) throw new RangeError(`Unit ${u.id} has no square footage`);
      return BigInt(u.square_footage);
    }
    if (u.assessment_share === null || u.assessment_share === undefined || u.assessment_share === '') throw new RangeError(`Unit ${u.id} has no assessment share`);
    return scaledDecimal(u.assessment_share, SHARE_PLACES);
  });
  const cents = allocateByWeights(amountCents, weights);
  return units.map((u, i) => ({ id: u.id, cents: cents[i]! }));
}
