import { describe, expect, it } from 'vitest';
import { delinquencyOf, LETTER_PLACEHOLDERS, nextStage, planProblem, planStanding, renderLetter, unknownPlaceholders, type LetterPlaceholder } from './collections.ts';

const stages = [
  { id: 'ninety', days_past_due: 90, min_balance_cents: 50_000 },
  { id: 'thirty', days_past_due: 30, min_balance_cents: 0 },
  { id: 'sixty', days_past_due: 60, min_balance_cents: 10_000 },
];
const fresh = { stage_days_past_due: null, entered_on: null };

describe('nextStage: one stage a run, in order of days past due, with the time between stages', () => {
  it.each([
    // [days past due, past due cents, standing, as of, expected]
    [29, 100_000, fresh, '2026-05-01', null],
    [30, 100_000, fresh, '2026-05-01', 'thirty'],
    // A first run far past every stage still starts at the first.
    [200, 100_000, fresh, '2026-05-01', 'thirty'],
    [0, 0, fresh, '2026-05-01', null],
    [45, 0, fresh, '2026-05-01', null],
    // At 30 since 2026-04-01: the 60-day stage needs 60 days past due and 30 days since entering.
    [59, 100_000, { stage_days_past_due: 30, entered_on: '2026-04-01' }, '2026-05-01', null],
    [60, 100_000, { stage_days_past_due: 30, entered_on: '2026-04-01' }, '2026-05-01', 'sixty'],
    [60, 100_000, { stage_days_past_due: 30, entered_on: '2026-04-02' }, '2026-05-01', null],
    [95, 100_000, { stage_days_past_due: 30, entered_on: '2026-04-01' }, '2026-05-01', 'sixty'],
    // The 60-day stage's minimum is 100.00.
    [60, 9_999, { stage_days_past_due: 30, entered_on: '2026-04-01' }, '2026-05-01', null],
    [60, 10_000, { stage_days_past_due: 30, entered_on: '2026-04-01' }, '2026-05-01', 'sixty'],
    // The 90-day stage: 500.00 minimum, 30 days after the 60-day stage.
    [120, 49_999, { stage_days_past_due: 60, entered_on: '2026-03-01' }, '2026-05-01', null],
    [120, 50_000, { stage_days_past_due: 60, entered_on: '2026-03-01' }, '2026-05-01', 'ninety'],
    [120, 50_000, { stage_days_past_due: 60, entered_on: '2026-04-15' }, '2026-05-01', null],
    // The last stage reached: nothing further.
    [400, 900_000, { stage_days_past_due: 90, entered_on: '2026-01-01' }, '2026-05-01', null],
    // A stage removed from the ladder (45): the next is the first beyond it.
    [70, 100_000, { stage_days_past_due: 45, entered_on: '2026-04-01' }, '2026-05-01', 'sixty'],
    [70, 100_000, { stage_days_past_due: 45, entered_on: '2026-04-20' }, '2026-05-01', null],
  ] as const)('%i days, %i cents, %o on %s → %s', (days, cents, standing, asOf, expected) => {
    expect(nextStage(stages, { days_past_due: days, past_due_cents: cents }, standing, asOf)?.id ?? null).toBe(expected);
  });

  it('no stages: nothing', () => {
    expect(nextStage([], { days_past_due: 400, past_due_cents: 1 }, fresh, '2026-05-01')).toBeNull();
  });
});

describe('delinquencyOf', () => {
  it.each([
    [30_000, '2026-01-16', 0, '2026-02-20', { past_due_cents: 30_000, days_past_due: 35 }],
    [30_000, '2026-01-16', 10_000, '2026-02-20', { past_due_cents: 20_000, days_past_due: 35 }],
    [30_000, '2026-01-16', 30_000, '2026-02-20', { past_due_cents: 0, days_past_due: 0 }],
    [30_000, '2026-01-16', 45_000, '2026-02-20', { past_due_cents: 0, days_past_due: 0 }],
    [0, null, 0, '2026-02-20', { past_due_cents: 0, days_past_due: 0 }],
    [1, '2025-12-31', -500, '2026-01-01', { past_due_cents: 1, days_past_due: 1 }],
  ] as const)('%i cents since %s less %i credit on %s', (cents, oldest, credit, asOf, expected) => {
    expect(delinquencyOf(cents, oldest, credit, asOf)).toEqual(expected);
  });
});

describe('letters', () => {
  const values = Object.fromEntries(LETTER_PLACEHOLDERS.map((p) => [p, `<${p}>`])) as Record<LetterPlaceholder, string>;

  it('fills every placeholder, with or without spaces inside the braces', () => {
    expect(renderLetter('Dear {{owner_name}}, {{ past_due_balance }} is {{days_past_due}} days late ({{units}}).', values)).toBe(
      'Dear <owner_name>, <past_due_balance> is <days_past_due> days late (<units>).',
    );
    expect(renderLetter('No placeholders', values)).toBe('No placeholders');
  });

  it('names the unknown placeholders once each', () => {
    expect(unknownPlaceholders('{{owner_name}} {{amount}} {{amount}} {{ balanse }}')).toEqual(['amount', 'balanse']);
    expect(unknownPlaceholders(LETTER_PLACEHOLDERS.map((p) => `{{${p}}}`).join(' '))).toEqual([]);
  });
});

describe('payment plans', () => {
  const plan = { installments: [{ due_date: '2026-03-01', amount: '100.00' }, { due_date: '2026-04-01', amount: '100.00' }, { due_date: '2026-05-01', amount: 50.5 }], grace_days: 5 };

  it.each([
    // [paid cents, as of, status, due cents, missed]
    [0, '2026-03-01', 'active', 0, null],
    [0, '2026-03-06', 'active', 0, null], // the 5 grace days run to 03-06
    [0, '2026-03-07', 'defaulted', 10_000, '2026-03-01'],
    [10_000, '2026-03-07', 'active', 10_000, null],
    [9_999, '2026-03-07', 'defaulted', 10_000, '2026-03-01'],
    [10_000, '2026-04-07', 'defaulted', 20_000, '2026-04-01'],
    [20_000, '2026-04-07', 'active', 20_000, null],
    [20_000, '2026-05-07', 'defaulted', 25_050, '2026-05-01'],
    [25_050, '2026-02-01', 'completed', 0, null], // paid ahead: done
    [30_000, '2026-05-07', 'completed', 25_050, null],
  ] as const)('%i cents paid, as of %s → %s', (paid, asOf, status, due, missed) => {
    expect(planStanding(plan, paid, asOf)).toEqual({ status, due_cents: due, total_cents: 25_050, missed_due_date: missed });
  });

  it('installments start on or after the plan and come in order', () => {
    expect(planProblem({ start_date: '2026-03-01', installments: [{ due_date: '2026-03-01' }, { due_date: '2026-04-01' }] })).toBeNull();
    expect(planProblem({ start_date: '2026-03-02', installments: [{ due_date: '2026-03-01' }] })).toEqual({ path: 'installments', message: 'Installment 1 is due before the plan starts' });
    expect(planProblem({ start_date: '2026-03-01', installments: [{ due_date: '2026-04-01' }, { due_date: '2026-04-01' }] })).toEqual({ path: 'installments', message: 'Installment 2 must be due after installment 1' });
  });
});
