import { percentOf } from './budgets.ts';
import { roundDiv, scaledDecimal } from './money.ts';

/** Years the reserve projection covers. */
export const PROJECTION_YEARS = 30;

/** Decimal places of a rate in percent (inflation, interest). */
const RATE_PLACES = 4;
const RATE_ONE = 100n * 10n ** BigInt(RATE_PLACES);

export interface ReserveComponentFigures {
  name: string;
  useful_life_years: number;
  remaining_life_years: number;
  /** Current replacement cost, in cents. */
  cost_cents: number;
  /** Percent a year (e.g. 3 or "2.5"). */
  inflation_rate?: number | string | null;
}

function assertLife(c: Pick<ReserveComponentFigures, 'name' | 'useful_life_years' | 'remaining_life_years'>): void {
  if (!Number.isInteger(c.useful_life_years) || c.useful_life_years < 1) throw new RangeError(`${c.name}: useful life must be at least 1 year`);
  if (!Number.isInteger(c.remaining_life_years) || c.remaining_life_years < 0) throw new RangeError(`${c.name}: remaining life must be 0 or more years`);
  if (c.remaining_life_years > c.useful_life_years) throw new RangeError(`${c.name}: remaining life cannot exceed useful life`);
}

/** A cost inflated for some years at a yearly rate (percent), compounded exactly, rounded to the cent. */
export function inflatedCents(costCents: number, ratePercent: number | string | null | undefined, years: number): number {
  if (!Number.isInteger(years) || years < 0) throw new RangeError('Years must be a whole number, 0 or more');
  const rate = ratePercent === null || ratePercent === undefined || ratePercent === '' ? 0n : scaledDecimal(ratePercent, RATE_PLACES);
  const factor = RATE_ONE + rate;
  return Number(roundDiv(BigInt(costCents) * factor ** BigInt(years), RATE_ONE ** BigInt(years)));
}

/** A component's fully funded balance (CAI): cost × (useful life − remaining life) ÷ useful life, to the cent. */
export function componentFullyFundedCents(c: Pick<ReserveComponentFigures, 'name' | 'useful_life_years' | 'remaining_life_years' | 'cost_cents'>): number {
  assertLife(c);
  return Number(roundDiv(BigInt(c.cost_cents) * BigInt(c.useful_life_years - c.remaining_life_years), BigInt(c.useful_life_years)));
}

/** The fully funded balance of a set of components: the sum of each component's, each to the cent. */
export function fullyFundedBalanceCents(components: readonly ReserveComponentFigures[]): number {
  return components.reduce((s, c) => s + componentFullyFundedCents(c), 0);
}

/** Reserve balance as a percent of the fully funded balance (two places); null when nothing is to be funded. */
export function percentFunded(balanceCents: number, fullyFundedCents: number): number | null {
  return percentOf(balanceCents, fullyFundedCents);
}

export interface ProjectionInput {
  /** The reserve fund's balance now: the first year's starting balance. */
  startingBalanceCents: number;
  /** Planned contribution each year. */
  annualContributionCents: number;
  /** Interest earned on a positive starting balance, percent a year. */
  interestRate?: number | string | null;
  components: readonly ReserveComponentFigures[];
  /** The first projected (fiscal) year. */
  firstYear: number;
  years?: number;
}

export interface ProjectionYear {
  year: number;
  starting_balance: number;
  contribution: number;
  interest: number;
  replacements: number;
  ending_balance: number;
  /** Fully funded balance at the start of the year, at that year's inflated costs. */
  fully_funded_balance: number;
  /** Starting balance as a percent of that fully funded balance (null when it is 0). */
  percent_funded: number | null;
  /** Names of the components replaced that year. */
  replaced: string[];
}

/**
 * The reserve projection: each year starts with last year's ending balance, adds the contribution and interest on a
 * positive starting balance, and pays for every component whose remaining life is 0 that year at its cost inflated
 * to that year; a replaced component's remaining life resets to its useful life. Year 0 is the current year, so its
 * percent funded is today's. Amounts in cents.
 */
export function projectReserves(input: ProjectionInput): ProjectionYear[] {
  const years = input.years ?? PROJECTION_YEARS;
  for (const c of input.components) assertLife(c);
  const remaining = input.components.map((c) => c.remaining_life_years);
  const rows: ProjectionYear[] = [];
  let balance = input.startingBalanceCents;
  for (let t = 0; t < years; t++) {
    let ffb = 0;
    let replacements = 0;
    const replaced: string[] = [];
    input.components.forEach((c, i) => {
      const cost = inflatedCents(c.cost_cents, c.inflation_rate, t);
      ffb += componentFullyFundedCents({ ...c, cost_cents: cost, remaining_life_years: remaining[i]! });
      if (remaining[i] === 0) {
        replacements += cost;
        replaced.push(c.name);
        remaining[i] = c.useful_life_years;
      }
    });
    const interest = balance > 0 ? inflatedCents(balance, input.interestRate, 1) - balance : 0;
    const ending = balance + input.annualContributionCents + interest - replacements;
    rows.push({
      year: input.firstYear + t, starting_balance: balance, contribution: input.annualContributionCents, interest, replacements, ending_balance: ending,
      fully_funded_balance: ffb, percent_funded: percentFunded(balance, ffb), replaced,
    });
    for (let i = 0; i < remaining.length; i++) remaining[i] = remaining[i]! - 1;
    balance = ending;
  }
  return rows;
}
