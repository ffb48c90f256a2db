import { roundDiv, scaledDecimal } from '@covenant/contracts/money';

/**
 * Results of a vote recomputed from its raw ballots and its electorate snapshot, never from a stored tally.
 * Weights are exact decimals (a unit's assessment share such as 0.833333) held as integers scaled by 10^10, so
 * sums and comparisons are exact; percentages are fractions compared by cross-multiplication.
 */

export const WEIGHT_PLACES = 10;
const SCALE = 10n ** BigInt(WEIGHT_PLACES);

export type QuestionKind = 'candidates' | 'yes_no' | 'choice';
export type Basis = 'unit' | 'share';
export type Majority = 'simple' | 'two_thirds' | 'percent';

export interface VoteQuestion {
  text: string;
  kind: QuestionKind;
  /** Candidates: how many are elected. */
  seats?: number | null;
  /** Candidates or choices; a yes_no question's options are always yes and no. */
  options: readonly string[];
}

/** The rules a vote is counted by: the parts of a Vote that decide its results. */
export interface VoteRules {
  weight_basis: Basis;
  quorum_basis: Basis;
  /** A decimal ("30", "33.34") or a fraction ("100/3") of the electorate. */
  quorum_percent: string;
  majority: Majority;
  majority_percent?: string | null;
  abstain_counts_for_quorum: boolean;
  questions: readonly VoteQuestion[];
}

export interface ElectorateEntry {
  property_id: string;
  /** 1, or the unit's share when the vote is weighted by share. */
  weight: string;
  /** The unit's share, when the quorum is counted by share but votes by unit. */
  quorum_weight?: string | null;
  eligible: boolean;
}

export interface BallotAnswer {
  question_index: number;
  choices: readonly string[];
}

/** A ballot as the log keeps it: its weight and answers, never its unit. */
export interface BallotContent {
  weight: string;
  quorum_weight?: string | null;
  answers: readonly BallotAnswer[];
}

export interface OptionTally {
  option: string;
  weight: string;
  ballots: number;
}

export type QuestionStatus = 'elected' | 'passed' | 'failed' | 'decided' | 'tie' | 'no_majority' | 'no_quorum';

export interface QuestionResult {
  index: number;
  text: string;
  kind: QuestionKind;
  /** Every option by weight, highest first (ties in option order). */
  tally: OptionTally[];
  abstained: { weight: string; ballots: number };
  cast: { weight: string; ballots: number };
  status: QuestionStatus;
  /** Candidates: those elected outright; choice: the option that met the majority. */
  winners: string[];
  /** Options tied at the last seat (candidates) or for the top (yes_no, choice); empty when no tie. */
  tied: string[];
  /** Candidates: seats the tie leaves open. */
  seats_open: number;
  /** The share of the cast weight the leading option needed, as a fraction "n/d" of 100. */
  required_percent: string | null;
}

export interface VoteResults {
  participation: { ballots: number; eligible_units: number; weight: string; eligible_weight: string; percent_by_count: string; percent_by_weight: string };
  quorum: { basis: Basis; required_percent: string; present: string; total: string; met: boolean; abstentions_counted: boolean };
  questions: QuestionResult[];
}

export class BallotError extends Error {}

interface Fraction {
  n: bigint;
  d: bigint;
}

/** A percent written as a decimal ("30", "66.6667") or a fraction ("100/3"), exactly. */
export function parsePercent(value: string): Fraction {
  const s = value.trim();
  const frac = /^(\d+)\/(\d+)$/.exec(s);
  const f = frac ? { n: BigInt(frac[1]!), d: BigInt(frac[2]!) } : { n: scaledDecimal(s, WEIGHT_PLACES), d: SCALE };
  if (f.d === 0n || f.n * 1n > f.d * 100n) throw new RangeError(`A percent must be between 0 and 100: ${value}`);
  return f;
}

/** A non-negative weight as an integer scaled by 10^10; more than ten decimal places is refused. */
export function toScaledWeight(value: string): bigint {
  return scaledDecimal(value, WEIGHT_PLACES);
}

/** A scaled weight back to its shortest exact decimal ("0.833333", "12"). */
export function formatWeight(scaled: bigint): string {
  const whole = scaled / SCALE;
  const frac = (scaled % SCALE).toString().padStart(WEIGHT_PLACES, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

function percentOf(part: bigint, whole: bigint): string {
  if (whole === 0n) return '0.00';
  const hundredths = roundDiv(part * 10_000n, whole);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** Whether part / whole reaches the fraction (at least, or strictly more than when `strict`). */
function reaches(part: bigint, whole: bigint, p: Fraction, strict: boolean): boolean {
  const lhs = part * 100n * p.d;
  const rhs = whole * p.n;
  return strict ? lhs > rhs : lhs >= rhs;
}

/** The options a question's ballots may choose from. */
export function questionOptions(q: VoteQuestion): readonly string[] {
  return q.kind === 'yes_no' ? ['yes', 'no'] : q.options;
}

/** Refuses rules a vote cannot be counted by (a person-readable message), before any ballot is cast. */
export function validateVoteRules(rules: VoteRules): void {
  parsePercent(rules.quorum_percent);
  if (rules.majority === 'percent') {
    if (!rules.majority_percent) throw new BallotError('A vote decided by a percentage needs majority_percent');
    const p = parsePercent(rules.majority_percent);
    if (p.n * 2n < p.d * 100n) throw new BallotError('majority_percent must be at least 50, or two options could both win');
  }
  if (rules.questions.length === 0) throw new BallotError('A vote needs at least one question');
  rules.questions.forEach((q, i) => {
    const opts = questionOptions(q);
    if (new Set(opts).size !== opts.length) throw new BallotError(`Question ${i + 1} lists an option twice`);
    if (q.kind !== 'yes_no' && opts.length < 2 && !(q.kind === 'candidates' && opts.length >= 1)) throw new BallotError(`Question ${i + 1} needs at least two options`);
    if (q.kind === 'candidates' && (!Number.isInteger(q.seats) || (q.seats ?? 0) < 1)) throw new BallotError(`Question ${i + 1} needs the number of seats`);
  });
}

/** Refuses a ballot that does not fit the vote's questions; answers with the ballot's weights scaled. */
export function validateBallot(rules: VoteRules, ballot: BallotContent): { weight: bigint; quorumWeight: bigint | null } {
  let weight: bigint;
  try {
    weight = toScaledWeight(ballot.weight);
  } catch {
    throw new BallotError(`A ballot's weight must be a positive decimal with at most ${WEIGHT_PLACES} places: ${ballot.weight}`);
  }
  if (weight <= 0n) throw new BallotError('A ballot must weigh more than zero');
  const seen = new Set<number>();
  for (const a of ballot.answers) {
    const q = rules.questions[a.question_index];
    if (!Number.isInteger(a.question_index) || !q) throw new BallotError(`The vote has no question ${a.question_index + 1}`);
    if (seen.has(a.question_index)) throw new BallotError(`Question ${a.question_index + 1} is answered twice`);
    seen.add(a.question_index);
    const options = questionOptions(q);
    const max = q.kind === 'candidates' ? (q.seats ?? 1) : 1;
    if (new Set(a.choices).size !== a.choices.length) throw new BallotError(`Question ${a.question_index + 1}: a choice is marked twice`);
    if (a.choices.length > max) throw new BallotError(`Question ${a.question_index + 1}: at most ${max} ${max === 1 ? 'choice' : 'choices'}, ${a.choices.length} marked`);
    for (const c of a.choices) if (!options.includes(c)) throw new BallotError(`Question ${a.question_index + 1}: "${c}" is not one of its options`);
  }
  const needsQuorumWeight = rules.quorum_basis === 'share' && rules.weight_basis === 'unit';
  let quorumWeight: bigint | null = null;
  if (needsQuorumWeight) {
    if (!ballot.quorum_weight) throw new BallotError("A ballot needs its unit's share when the quorum is counted by share");
    quorumWeight = toScaledWeight(ballot.quorum_weight);
  }
  return { weight, quorumWeight };
}

function abstainsEverywhere(ballot: BallotContent): boolean {
  return ballot.answers.every((a) => a.choices.length === 0);
}

/** The results of a vote from its electorate snapshot and its ballots. */
export function tally(rules: VoteRules, electorate: readonly ElectorateEntry[], ballots: readonly BallotContent[]): VoteResults {
  validateVoteRules(rules);
  const eligible = electorate.filter((e) => e.eligible);
  const eligibleWeight = eligible.reduce((s, e) => s + toScaledWeight(e.weight), 0n);
  const quorumTotal = rules.quorum_basis === 'unit'
    ? BigInt(eligible.length) * SCALE
    : eligible.reduce((s, e) => s + toScaledWeight(rules.weight_basis === 'share' ? e.weight : (e.quorum_weight ?? missingShare(e))), 0n);
  if (ballots.length > eligible.length) throw new BallotError(`${ballots.length} ballots for ${eligible.length} eligible units`);

  let castWeight = 0n;
  let present = 0n;
  const checked = ballots.map((b) => ({ b, ...validateBallot(rules, b) }));
  for (const { b, weight, quorumWeight } of checked) {
    castWeight += weight;
    if (!rules.abstain_counts_for_quorum && abstainsEverywhere(b)) continue;
    present += rules.quorum_basis === 'unit' ? SCALE : rules.weight_basis === 'share' ? weight : quorumWeight!;
  }
  if (castWeight > eligibleWeight) throw new BallotError('The ballots weigh more than the electorate');
  const quorumPercent = parsePercent(rules.quorum_percent);
  const met = quorumTotal > 0n && reaches(present, quorumTotal, quorumPercent, false);

  const questions = rules.questions.map((q, index) => countQuestion(rules, q, index, checked, met));
  return {
    participation: {
      ballots: ballots.length,
      eligible_units: eligible.length,
      weight: formatWeight(castWeight),
      eligible_weight: formatWeight(eligibleWeight),
      percent_by_count: percentOf(BigInt(ballots.length), BigInt(eligible.length)),
      percent_by_weight: percentOf(castWeight, eligibleWeight),
    },
    quorum: { basis: rules.quorum_basis, required_percent: rules.quorum_percent, present: formatWeight(present), total: formatWeight(quorumTotal), met, abstentions_counted: rules.abstain_counts_for_quorum },
    questions,
  };
}

function missingShare(e: ElectorateEntry): never {
  throw new BallotError(`The electorate entry of ${e.property_id} needs its share when the quorum is counted by share`);
}

function countQuestion(rules: VoteRules, q: VoteQuestion, index: number, ballots: Array<{ b: BallotContent; weight: bigint }>, quorumMet: boolean): QuestionResult {
  const options = questionOptions(q);
  const sums = new Map(options.map((o) => [o, { weight: 0n, ballots: 0 }]));
  let abstainedWeight = 0n;
  let abstained = 0;
  let castWeight = 0n;
  let cast = 0;
  for (const { b, weight } of ballots) {
    const answer = b.answers.find((a) => a.question_index === index);
    if (!answer || answer.choices.length === 0) {
      abstainedWeight += weight;
      abstained += 1;
      continue;
    }
    castWeight += weight;
    cast += 1;
    for (const c of answer.choices) {
      const s = sums.get(c)!;
      s.weight += weight;
      s.ballots += 1;
    }
  }
  const ranked = options.map((option, i) => ({ option, i, ...sums.get(option)! })).sort((a, b) => (a.weight === b.weight ? a.i - b.i : a.weight > b.weight ? -1 : 1));
  const base = {
    index, text: q.text, kind: q.kind,
    tally: ranked.map((r) => ({ option: r.option, weight: formatWeight(r.weight), ballots: r.ballots })),
    abstained: { weight: formatWeight(abstainedWeight), ballots: abstained },
    cast: { weight: formatWeight(castWeight), ballots: cast },
  };
  if (!quorumMet) return { ...base, status: 'no_quorum', winners: [], tied: [], seats_open: q.kind === 'candidates' ? (q.seats ?? 0) : 0, required_percent: null };
  if (q.kind === 'candidates') return { ...base, ...electSeats(ranked, q.seats ?? 1), required_percent: null };
  return { ...base, ...decideByMajority(rules, q, ranked, castWeight) };
}

function electSeats(ranked: Array<{ option: string; weight: bigint }>, seats: number): Pick<QuestionResult, 'status' | 'winners' | 'tied' | 'seats_open'> {
  if (ranked.length <= seats) return { status: 'elected', winners: ranked.map((r) => r.option), tied: [], seats_open: seats - ranked.length };
  const last = ranked[seats - 1]!.weight;
  const above = ranked.filter((r) => r.weight > last).map((r) => r.option);
  const atLast = ranked.filter((r) => r.weight === last).map((r) => r.option);
  if (above.length + atLast.length === seats) return { status: 'elected', winners: [...above, ...atLast], tied: [], seats_open: 0 };
  // More candidates share the last seat's weight than there are seats left: a tie, for a run-off or the rules' tie-breaker.
  return { status: 'tie', winners: above, tied: atLast, seats_open: seats - above.length };
}

function requiredFraction(rules: VoteRules): { p: Fraction; strict: boolean } {
  if (rules.majority === 'simple') return { p: { n: 50n, d: 1n }, strict: true };
  if (rules.majority === 'two_thirds') return { p: { n: 200n, d: 3n }, strict: false };
  return { p: parsePercent(rules.majority_percent!), strict: false };
}

function decideByMajority(rules: VoteRules, q: VoteQuestion, ranked: Array<{ option: string; weight: bigint }>, castWeight: bigint): Pick<QuestionResult, 'status' | 'winners' | 'tied' | 'seats_open' | 'required_percent'> {
  const { p, strict } = requiredFraction(rules);
  const required_percent = `${p.n}/${p.d}`;
  const top = ranked[0]!;
  const tied = ranked.filter((r) => r.weight === top.weight).map((r) => r.option);
  const isTie = tied.length > 1 && castWeight > 0n;
  if (q.kind === 'yes_no') {
    const yes = ranked.find((r) => r.option === 'yes')!.weight;
    const passed = castWeight > 0n && reaches(yes, castWeight, p, strict);
    // A yes/no tie fails the measure under every rule; it is still reported as a tie.
    return { status: passed ? 'passed' : 'failed', winners: passed ? ['yes'] : [], tied: isTie ? tied : [], seats_open: 0, required_percent };
  }
  if (isTie) return { status: 'tie', winners: [], tied, seats_open: 0, required_percent };
  if (castWeight > 0n && reaches(top.weight, castWeight, p, strict)) return { status: 'decided', winners: [top.option], tied: [], seats_open: 0, required_percent };
  return { status: 'no_majority', winners: [], tied: [], seats_open: 0, required_percent };
}

/**
 * How many eligible units carry a ballot weight (with its quorum weight) that no other eligible unit carries: in a
 * secret vote, the ballot log shows each ballot's weight, so such a unit's ballot can be matched to it by weight.
 */
export function identifyingWeights(electorate: readonly ElectorateEntry[]): { units: number; of: number } {
  const seen = new Map<string, number>();
  const key = (e: ElectorateEntry) => `${formatWeight(toScaledWeight(e.weight))}|${e.quorum_weight ? formatWeight(toScaledWeight(e.quorum_weight)) : ''}`;
  const eligible = electorate.filter((e) => e.eligible);
  for (const e of eligible) seen.set(key(e), (seen.get(key(e)) ?? 0) + 1);
  return { units: eligible.filter((e) => seen.get(key(e)) === 1).length, of: eligible.length };
}
