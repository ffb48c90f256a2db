import { describe, expect, it } from 'vitest';
import { BallotError, formatWeight, identifyingWeights, parsePercent, tally, toScaledWeight, validateBallot, type BallotContent, type ElectorateEntry, type VoteRules } from './tally.rules.ts';

const units = (n: number, weight = '1'): ElectorateEntry[] => Array.from({ length: n }, (_, i) => ({ property_id: `p${i + 1}`, weight, eligible: true }));
const measure = (over: Partial<VoteRules> = {}): VoteRules => ({
  weight_basis: 'unit', quorum_basis: 'unit', quorum_percent: '30', majority: 'simple', abstain_counts_for_quorum: true,
  questions: [{ text: 'Repave the pool deck?', kind: 'yes_no', options: [] }], ...over,
});
const yesNo = (choice: 'yes' | 'no' | null, weight = '1'): BallotContent => ({ weight, answers: [{ question_index: 0, choices: choice ? [choice] : [] }] });
const many = (n: number, b: BallotContent) => Array.from({ length: n }, () => b);

describe('weights and percents are exact', () => {
  it('scales decimals to 10 places and back', () => {
    expect(toScaledWeight('0.833333')).toBe(8_333_330_000n);
    expect(formatWeight(toScaledWeight('0.8333330'))).toBe('0.833333');
    expect(formatWeight(toScaledWeight('12'))).toBe('12');
    expect(() => toScaledWeight('0.12345678901')).toThrow(/At most 10/);
    expect(() => toScaledWeight('-1')).toThrow();
  });
  it('three shares of 1/3 written to six places add up exactly, no float drift', () => {
    const shares = ['0.333333', '0.333333', '0.333334'];
    expect(formatWeight(shares.reduce((s, w) => s + toScaledWeight(w), 0n))).toBe('1');
    // The float sum of 0.1 ten times is not 1; the scaled sum is.
    expect(formatWeight(Array.from({ length: 10 }, () => toScaledWeight('0.1')).reduce((a, b) => a + b))).toBe('1');
  });
  it('percents as decimals or fractions', () => {
    expect(parsePercent('30')).toEqual({ n: 300_000_000_000n, d: 10_000_000_000n });
    expect(parsePercent('100/3')).toEqual({ n: 100n, d: 3n });
    expect(() => parsePercent('101')).toThrow(/between 0 and 100/);
    expect(() => parsePercent('abc')).toThrow();
  });
});

describe('participation and quorum', () => {
  it('by count: 30% of 10 units is 3 ballots; 2 is not enough', () => {
    expect(tally(measure(), units(10), many(3, yesNo('yes'))).quorum).toEqual({ basis: 'unit', required_percent: '30', present: '3', total: '10', met: true, abstentions_counted: true });
    const r = tally(measure(), units(10), many(2, yesNo('yes')));
    expect(r.quorum.met).toBe(false);
    expect(r.questions[0]!.status).toBe('no_quorum');
    expect(r.participation).toEqual({ ballots: 2, eligible_units: 10, weight: '2', eligible_weight: '10', percent_by_count: '20.00', percent_by_weight: '20.00' });
  });

  it('ineligible units count in neither participation nor quorum', () => {
    const e = [...units(9), { property_id: 'x', weight: '1', eligible: false }];
    expect(tally(measure({ quorum_percent: '100/3' }), e, many(3, yesNo('yes'))).quorum).toMatchObject({ total: '9', met: true });
  });

  it('one third as a fraction: 1 of 3 meets it, where 33.33 would and 33.34 would not', () => {
    expect(tally(measure({ quorum_percent: '100/3' }), units(3), [yesNo('yes')]).quorum.met).toBe(true);
    expect(tally(measure({ quorum_percent: '33.33' }), units(3), [yesNo('yes')]).quorum.met).toBe(true);
    expect(tally(measure({ quorum_percent: '33.34' }), units(3), [yesNo('yes')]).quorum.met).toBe(false);
  });

  it('abstentions count for the quorum or not', () => {
    const ballots = [yesNo('yes'), yesNo('no'), yesNo(null)];
    expect(tally(measure(), units(10), ballots).quorum).toMatchObject({ present: '3', met: true });
    expect(tally(measure({ abstain_counts_for_quorum: false }), units(10), ballots).quorum).toMatchObject({ present: '2', met: false });
  });

  it('by share: weights by share and quorum by share', () => {
    const e: ElectorateEntry[] = [
      { property_id: 'a', weight: '0.5', eligible: true }, { property_id: 'b', weight: '0.25', eligible: true },
      { property_id: 'c', weight: '0.166667', eligible: true }, { property_id: 'd', weight: '0.083333', eligible: true },
    ];
    const rules = measure({ weight_basis: 'share', quorum_basis: 'share', quorum_percent: '50' });
    // Three units but only 0.5 of the shares: quorum 50% is not reached by b, c, d (0.5) ... exactly reached.
    const r = tally(rules, e, [yesNo('no', '0.25'), yesNo('yes', '0.166667'), yesNo('yes', '0.083333')]);
    expect(r.participation).toMatchObject({ weight: '0.5', eligible_weight: '1', percent_by_count: '75.00', percent_by_weight: '50.00' });
    expect(r.quorum).toMatchObject({ present: '0.5', total: '1', met: true });
    expect(r.questions[0]).toMatchObject({ status: 'failed', tied: ['yes', 'no'], tally: [{ option: 'yes', weight: '0.25', ballots: 2 }, { option: 'no', weight: '0.25', ballots: 1 }] });
    expect(tally({ ...rules, quorum_percent: '50.0001' }, e, [yesNo('no', '0.25'), yesNo('yes', '0.166667'), yesNo('yes', '0.083333')]).quorum.met).toBe(false);
  });

  it('by unit weight but quorum by share: each ballot carries its share for the quorum only', () => {
    const e: ElectorateEntry[] = [
      { property_id: 'a', weight: '1', quorum_weight: '0.6', eligible: true }, { property_id: 'b', weight: '1', quorum_weight: '0.2', eligible: true }, { property_id: 'c', weight: '1', quorum_weight: '0.2', eligible: true },
    ];
    const rules = measure({ quorum_basis: 'share', quorum_percent: '50' });
    expect(tally(rules, e, [{ ...yesNo('yes'), quorum_weight: '0.6' }]).quorum).toMatchObject({ present: '0.6', met: true });
    expect(tally(rules, e, [{ ...yesNo('yes'), quorum_weight: '0.2' }, { ...yesNo('no'), quorum_weight: '0.2' }]).quorum).toMatchObject({ present: '0.4', met: false });
    expect(() => tally(rules, e, [yesNo('yes')])).toThrow(/needs its unit's share/);
  });

  it('refuses more ballots, or more weight, than the electorate holds', () => {
    expect(() => tally(measure(), units(2), many(3, yesNo('yes')))).toThrow(/3 ballots for 2 eligible units/);
    expect(() => tally(measure({ weight_basis: 'share' }), units(2, '0.5'), [yesNo('yes', '0.5'), yesNo('yes', '0.6')])).toThrow(/weigh more than the electorate/);
  });
});

describe('majorities', () => {
  it.each([
    ['simple', null, 6, 4, 'passed'],
    ['simple', null, 5, 5, 'failed'], // a tie is not a majority
    ['simple', null, 5, 4, 'passed'],
    ['two_thirds', null, 6, 3, 'passed'], // exactly two thirds
    ['two_thirds', null, 6, 4, 'failed'],
    ['two_thirds', null, 2, 1, 'passed'],
    ['percent', '75', 3, 1, 'passed'],
    ['percent', '75', 74, 26, 'failed'],
    ['percent', '66.67', 2, 1, 'failed'], // 66.666…% is under 66.67%
    ['percent', '200/3', 2, 1, 'passed'],
  ] as const)('%s %s: %i yes, %i no → %s', (majority, majority_percent, yes, no, status) => {
    const r = tally(measure({ majority, majority_percent }), units(yes + no), [...many(yes, yesNo('yes')), ...many(no, yesNo('no'))]);
    expect(r.questions[0]!.status).toBe(status);
  });

  it('a yes/no tie is reported as a tie and fails', () => {
    const q = tally(measure(), units(10), [yesNo('yes'), yesNo('no'), yesNo('yes'), yesNo('no')]).questions[0]!;
    expect(q).toMatchObject({ status: 'failed', tied: ['yes', 'no'], winners: [], cast: { weight: '4', ballots: 4 } });
  });

  it('majority is of the votes cast on the question: abstentions do not count against it', () => {
    const q = tally(measure(), units(10), [yesNo('yes'), yesNo('yes'), yesNo('no'), yesNo(null), yesNo(null)]).questions[0]!;
    expect(q).toMatchObject({ status: 'passed', abstained: { weight: '2', ballots: 2 }, cast: { weight: '3', ballots: 3 } });
  });

  it('by weight the fewer but heavier ballots carry it', () => {
    const e: ElectorateEntry[] = [{ property_id: 'a', weight: '0.833333', eligible: true }, ...Array.from({ length: 5 }, (_, i) => ({ property_id: `s${i}`, weight: '0.0333334', eligible: true }))];
    const rules = measure({ weight_basis: 'share' });
    const r = tally(rules, e, [yesNo('yes', '0.833333'), ...many(5, yesNo('no', '0.0333334'))]);
    expect(r.questions[0]).toMatchObject({ status: 'passed', tally: [{ option: 'yes', weight: '0.833333', ballots: 1 }, { option: 'no', weight: '0.166667', ballots: 5 }] });
    expect(r.participation.percent_by_weight).toBe('100.00');
  });

  it('choice questions: the option over the majority wins; none over it is no majority; a top tie is a tie', () => {
    const rules = measure({ questions: [{ text: 'Color', kind: 'choice', options: ['beige', 'gray', 'white'] }] });
    const pick = (c: string) => ({ weight: '1', answers: [{ question_index: 0, choices: [c] }] });
    expect(tally(rules, units(10), [pick('gray'), pick('gray'), pick('white')]).questions[0]).toMatchObject({ status: 'decided', winners: ['gray'] });
    expect(tally(rules, units(10), [pick('gray'), pick('beige'), pick('white'), pick('gray'), pick('white')]).questions[0]).toMatchObject({ status: 'tie', tied: ['gray', 'white'], winners: [] });
    expect(tally(rules, units(10), [pick('gray'), pick('gray'), pick('white'), pick('beige')]).questions[0]).toMatchObject({ status: 'no_majority', winners: [] });
    expect(tally({ ...rules, majority: 'two_thirds' }, units(10), [pick('gray'), pick('gray'), pick('white')]).questions[0]!.status).toBe('decided');
  });
});

describe('elections', () => {
  const election = (seats: number, options = ['Ana', 'Ben', 'Cy', 'Di']): VoteRules => measure({ questions: [{ text: 'Directors', kind: 'candidates', seats, options }] });
  const vote = (...names: string[]) => ({ weight: '1', answers: [{ question_index: 0, choices: names }] });

  it('elects the top seats by weight', () => {
    const r = tally(election(2), units(10), [vote('Ana', 'Ben'), vote('Ana', 'Cy'), vote('Ben'), vote('Ana', 'Ben'), vote('Di', 'Cy'), vote('Ana')]);
    expect(r.questions[0]).toMatchObject({ status: 'elected', winners: ['Ana', 'Ben'], tied: [], seats_open: 0 });
    expect(r.questions[0]!.tally).toEqual([
      { option: 'Ana', weight: '4', ballots: 4 }, { option: 'Ben', weight: '3', ballots: 3 }, { option: 'Cy', weight: '2', ballots: 2 }, { option: 'Di', weight: '1', ballots: 1 },
    ]);
  });

  it('a tie at the last seat is reported, never broken', () => {
    const r = tally(election(2), units(10), [vote('Ana', 'Ben'), vote('Ana', 'Cy'), vote('Ana'), vote('Ben'), vote('Cy')]);
    expect(r.questions[0]).toMatchObject({ status: 'tie', winners: ['Ana'], tied: ['Ben', 'Cy'], seats_open: 1 });
    // Three-way tie for two seats.
    expect(tally(election(2), units(10), [vote('Ana'), vote('Ben'), vote('Cy')]).questions[0]).toMatchObject({ status: 'tie', winners: [], tied: ['Ana', 'Ben', 'Cy'], seats_open: 2 });
    // Two level for the two seats is no tie.
    expect(tally(election(2), units(10), [vote('Ana', 'Ben'), vote('Ana', 'Ben'), vote('Cy')]).questions[0]).toMatchObject({ status: 'elected', winners: ['Ana', 'Ben'], tied: [] });
    // A tie below the last seat does not matter.
    expect(tally(election(1), units(10), [vote('Ana'), vote('Ana'), vote('Ben'), vote('Cy')]).questions[0]).toMatchObject({ status: 'elected', winners: ['Ana'] });
  });

  it('weights decide elections by share', () => {
    const e: ElectorateEntry[] = [{ property_id: 'a', weight: '0.4', eligible: true }, { property_id: 'b', weight: '0.35', eligible: true }, { property_id: 'c', weight: '0.25', eligible: true }];
    const rules = { ...election(1, ['Ana', 'Ben']), weight_basis: 'share' as const };
    const r = tally(rules, e, [{ weight: '0.4', answers: [{ question_index: 0, choices: ['Ana'] }] }, { weight: '0.35', answers: [{ question_index: 0, choices: ['Ben'] }] }, { weight: '0.25', answers: [{ question_index: 0, choices: ['Ben'] }] }]);
    expect(r.questions[0]).toMatchObject({ status: 'elected', winners: ['Ben'], tally: [{ option: 'Ben', weight: '0.6', ballots: 2 }, { option: 'Ana', weight: '0.4', ballots: 1 }] });
  });

  it('fewer candidates than seats elects them all and leaves seats open', () => {
    expect(tally(election(3, ['Ana', 'Ben']), units(3), [vote('Ana')]).questions[0]).toMatchObject({ status: 'elected', winners: ['Ana', 'Ben'], seats_open: 1 });
  });
});

describe('ballot validation', () => {
  const rules = measure({ questions: [{ text: 'Directors', kind: 'candidates', seats: 2, options: ['Ana', 'Ben', 'Cy'] }, { text: 'Pool?', kind: 'yes_no', options: [] }] });
  const bad = (b: BallotContent) => () => validateBallot(rules, b);
  it.each([
    [{ weight: '1', answers: [{ question_index: 0, choices: ['Ana', 'Ben', 'Cy'] }] }, /at most 2 choices, 3 marked/],
    [{ weight: '1', answers: [{ question_index: 0, choices: ['Ana', 'Ana'] }] }, /marked twice/],
    [{ weight: '1', answers: [{ question_index: 0, choices: ['Zed'] }] }, /"Zed" is not one of its options/],
    [{ weight: '1', answers: [{ question_index: 1, choices: ['yes', 'no'] }] }, /at most 1 choice, 2 marked/],
    [{ weight: '1', answers: [{ question_index: 1, choices: ['maybe'] }] }, /not one of its options/],
    [{ weight: '1', answers: [{ question_index: 2, choices: [] }] }, /no question 3/],
    [{ weight: '1', answers: [{ question_index: 1, choices: [] }, { question_index: 1, choices: ['yes'] }] }, /answered twice/],
    [{ weight: '0', answers: [] }, /more than zero/],
    [{ weight: 'one', answers: [] }, /positive decimal/],
  ])('refuses %j', (b, message) => {
    expect(bad(b as BallotContent)).toThrow(BallotError);
    expect(bad(b as BallotContent)).toThrow(message);
  });
  it('accepts a partial ballot (unanswered questions abstain)', () => {
    expect(validateBallot(rules, { weight: '1', answers: [{ question_index: 1, choices: ['no'] }] }).weight).toBe(10_000_000_000n);
  });
  it('refuses rules that cannot be counted', () => {
    expect(() => tally(measure({ majority: 'percent' }), units(3), [])).toThrow(/needs majority_percent/);
    expect(() => tally(measure({ majority: 'percent', majority_percent: '40' }), units(3), [])).toThrow(/at least 50/);
    expect(() => tally(measure({ questions: [{ text: 'x', kind: 'candidates', options: ['a'] }] }), units(3), [])).toThrow(/number of seats/);
    expect(() => tally(measure({ questions: [{ text: 'x', kind: 'choice', options: ['a', 'a'] }] }), units(3), [])).toThrow(/option twice/);
  });
});

describe('weights that identify a unit in a secret ballot', () => {
  const e = (weight: string, eligible = true, quorum_weight: string | null = null): ElectorateEntry => ({ property_id: `p${weight}`, weight, quorum_weight, eligible });
  it('counts eligible units whose weight no other eligible unit has', () => {
    expect(identifyingWeights(units(120))).toEqual({ units: 0, of: 120 });
    expect(identifyingWeights([e('0.7'), e('0.70'), e('0.95'), e('1.55'), e('1.55')])).toEqual({ units: 1, of: 5 });
    expect(identifyingWeights([e('0.5'), e('0.25'), e('0.25')])).toEqual({ units: 1, of: 3 });
    expect(identifyingWeights([])).toEqual({ units: 0, of: 0 });
  });
  it('an ineligible unit does not hide an eligible one, and quorum weights count too', () => {
    expect(identifyingWeights([e('2'), e('2', false), e('1'), e('1')])).toEqual({ units: 1, of: 3 });
    expect(identifyingWeights([e('1', true, '0.4'), e('1', true, '0.6'), e('1', true, '0.6')])).toEqual({ units: 1, of: 3 });
  });
  it('shares by floor area make nearly every unit identifiable; shares by unit type make none', () => {
    const byArea = Array.from({ length: 50 }, (_, i) => e((0.5 + i / 1000).toFixed(4)));
    expect(identifyingWeights(byArea)).toEqual({ units: 50, of: 50 });
    const byType = [...Array.from({ length: 40 }, () => e('0.7')), ...Array.from({ length: 10 }, () => e('1.2'))];
    expect(identifyingWeights(byType)).toEqual({ units: 0, of: 50 });
  });
});
