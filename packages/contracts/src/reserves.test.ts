import { describe, expect, it } from 'vitest';
import { componentFullyFundedCents, fullyFundedBalanceCents, inflatedCents, percentFunded, projectReserves } from './reserves.ts';

const component = (over: Partial<Parameters<typeof componentFullyFundedCents>[0]> = {}) => ({ name: 'Roof', useful_life_years: 20, remaining_life_years: 5, cost_cents: 10_000_000, ...over });

describe('fully funded balance (CAI)', () => {
  it.each([
    [{}, 7_500_000],
    [{ useful_life_years: 3, remaining_life_years: 1, cost_cents: 100 }, 67],
    [{ useful_life_years: 3, remaining_life_years: 2, cost_cents: 100 }, 33],
    [{ remaining_life_years: 20 }, 0],
    [{ remaining_life_years: 0 }, 10_000_000],
    [{ useful_life_years: 1, remaining_life_years: 0, cost_cents: 1 }, 1],
    [{ useful_life_years: 7, remaining_life_years: 3, cost_cents: 2_345_678 }, 1_340_387],
  ])('%j → %i cents', (over, cents) => expect(componentFullyFundedCents(component(over))).toBe(cents));
  it.each([
    [{ useful_life_years: 0, remaining_life_years: 0 }, /useful life must be at least 1 year/],
    [{ useful_life_years: -5, remaining_life_years: 0 }, /useful life/],
    [{ useful_life_years: 2.5 }, /useful life/],
    [{ remaining_life_years: -1 }, /remaining life must be 0 or more/],
    [{ remaining_life_years: 21 }, /cannot exceed useful life/],
  ])('refuses %j', (over, message) => expect(() => componentFullyFundedCents(component(over))).toThrow(message));
  it('sums each component to the cent', () => {
    expect(fullyFundedBalanceCents([component(), component({ useful_life_years: 3, remaining_life_years: 1, cost_cents: 100 })])).toBe(7_500_067);
    expect(fullyFundedBalanceCents([])).toBe(0);
  });
});

describe('percent funded', () => {
  it.each([[750_000, 1_000_000, 75], [0, 0, null], [5, 0, null], [1, 3, 33.33], [2_000_000, 1_000_000, 200], [-50_000, 1_000_000, -5], [0, 1_000, 0]])(
    'balance %i of %i → %s',
    (b, f, p) => expect(percentFunded(b, f)).toBe(p),
  );
});

describe('inflation', () => {
  it.each([
    [10000, 3, 2, 10609], [10000, '2.5', 1, 10250], [10000, 0, 10, 10000], [10000, null, 10, 10000], [1_000_000, 3, 10, 1_343_916],
    [12345, 3, 0, 12345], [100, '3.3333', 1, 103], [999, 10, 3, 1330],
  ] as const)('%i cents at %s%% for %i years = %i', (cost, rate, years, cents) => expect(inflatedCents(cost, rate, years)).toBe(cents));
  it('refuses negative or partial years', () => {
    expect(() => inflatedCents(100, 3, -1)).toThrow(RangeError);
    expect(() => inflatedCents(100, 3, 1.5)).toThrow(RangeError);
  });
});

describe('projection', () => {
  // Worked by hand: a roof (3-year life, 1 left, 300.00, no inflation) and paint (2-year life, due now, 100.00, 10%).
  const components = [
    { name: 'Roof', useful_life_years: 3, remaining_life_years: 1, cost_cents: 30000, inflation_rate: 0 },
    { name: 'Paint', useful_life_years: 2, remaining_life_years: 0, cost_cents: 10000, inflation_rate: 10 },
  ];
  it('five years, each component replaced several times at its inflated cost', () => {
    const rows = projectReserves({ startingBalanceCents: 50000, annualContributionCents: 20000, components, firstYear: 2026, years: 5 });
    expect(rows.map((r) => [r.year, r.starting_balance, r.contribution, r.interest, r.replacements, r.ending_balance, r.fully_funded_balance, r.percent_funded, r.replaced])).toEqual([
      [2026, 50000, 20000, 0, 10000, 60000, 30000, 166.67, ['Paint']],
      [2027, 60000, 20000, 0, 30000, 50000, 35500, 169.01, ['Roof']],
      [2028, 50000, 20000, 0, 12100, 57900, 22100, 226.24, ['Paint']],
      [2029, 57900, 20000, 0, 0, 77900, 26655, 217.22, []],
      [2030, 77900, 20000, 0, 44641, 53259, 44641, 174.5, ['Roof', 'Paint']],
    ]);
  });
  it('year 0 is today: its fully funded balance and percent are the headline figures', () => {
    const [first] = projectReserves({ startingBalanceCents: 12345, annualContributionCents: 0, components, firstYear: 2026 });
    expect(first!.fully_funded_balance).toBe(fullyFundedBalanceCents(components));
    expect(first!.percent_funded).toBe(percentFunded(12345, fullyFundedBalanceCents(components)));
  });
  it('thirty years of a five-year component with two years left: replaced in years 2, 7, 12, 17, 22 and 27', () => {
    const rows = projectReserves({ startingBalanceCents: 0, annualContributionCents: 0, components: [{ name: 'Pool', useful_life_years: 5, remaining_life_years: 2, cost_cents: 100000 }], firstYear: 2026 });
    expect(rows).toHaveLength(30);
    expect(rows.filter((r) => r.replacements > 0).map((r) => r.year)).toEqual([2028, 2033, 2038, 2043, 2048, 2053]);
    expect(rows[29]!.ending_balance).toBe(-600000);
    // Each year's ending balance is the next year's start.
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.starting_balance).toBe(rows[i - 1]!.ending_balance);
  });
  it('interest on a positive starting balance only, compounding', () => {
    const rows = projectReserves({ startingBalanceCents: 100000, annualContributionCents: 0, interestRate: 2, components: [], firstYear: 2026, years: 3 });
    expect(rows.map((r) => [r.interest, r.ending_balance])).toEqual([[2000, 102000], [2040, 104040], [2081, 106121]]);
    const negative = projectReserves({ startingBalanceCents: -100000, annualContributionCents: 50000, interestRate: 5, components: [], firstYear: 2026, years: 3 });
    expect(negative.map((r) => [r.interest, r.ending_balance])).toEqual([[0, -50000], [0, 0], [0, 50000]]);
    expect(negative[0]!.percent_funded).toBeNull();
  });
  it('a one-year component is replaced every year', () => {
    const rows = projectReserves({ startingBalanceCents: 0, annualContributionCents: 1000, components: [{ name: 'Filters', useful_life_years: 1, remaining_life_years: 0, cost_cents: 1000 }], firstYear: 2030, years: 30 });
    expect(rows.every((r) => r.replacements === 1000 && r.ending_balance === 0)).toBe(true);
  });
  it('refuses a component with zero useful life', () => {
    expect(() => projectReserves({ startingBalanceCents: 0, annualContributionCents: 0, components: [{ name: 'Gate', useful_life_years: 0, remaining_life_years: 0, cost_cents: 1 }], firstYear: 2026 })).toThrow(
      /Gate: useful life must be at least 1 year/,
    );
  });
});
