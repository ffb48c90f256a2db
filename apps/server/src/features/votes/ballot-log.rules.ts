import { createHash, randomBytes } from 'node:crypto';
import { BallotError, formatWeight, tally, toScaledWeight, validateBallot, type BallotContent, type ElectorateEntry, type VoteResults, type VoteRules } from './tally.rules.ts';

/**
 * The ballot log: an append-only SHA-256 hash chain of ballots, each holding only its weight and answers. Anyone
 * with the export can recompute every hash and the results (scripts/recount-ballot-log.mjs does, with no
 * dependency); a voter who kept the nonce of their receipt can prove their ballot is in it as cast.
 */

export const BALLOT_LOG_FORMAT = 'covenant-ballot-log';
export const BALLOT_LOG_VERSION = 1;

/** How every hash of an entry is computed, carried by each entry so the log explains itself. */
export const BALLOT_LOG_HOW = [
  'canonical(x) = JSON with object keys sorted by UTF-16 code units, no whitespace, integers only, weights as decimal strings;',
  'a ballot is canonical after its answers are sorted by question_index and each answer\'s choices are sorted;',
  'genesis = sha256_hex("covenant-ballot-log/1\\n" + canonical(vote)), the first entry\'s prev_hash;',
  'receipt = sha256_hex(canonical(ballot) + nonce), the nonce being 64 hex characters only the voter receives;',
  'hash = sha256_hex(prev_hash + canonical({ballot, receipt, seq})); each entry\'s prev_hash is the hash before it.',
].join(' ');

export interface BallotLogEntry {
  seq: number;
  ballot: BallotContent;
  receipt: string;
  prev_hash: string;
  hash: string;
  how: string;
}

export interface BallotLogExport {
  format: typeof BALLOT_LOG_FORMAT;
  version: typeof BALLOT_LOG_VERSION;
  how: string;
  vote: VoteRules;
  electorate: ElectorateEntry[];
  entries: BallotLogEntry[];
  head_hash: string;
}

/** JSON with sorted keys and no whitespace; refuses values with no single spelling (non-integer numbers, undefined). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Only whole numbers have one spelling: ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  throw new RangeError(`No canonical JSON for ${typeof value}`);
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const codeUnitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The ballot as the log stores it: weights in their shortest decimal, answers and choices in a fixed order. */
export function canonicalBallot(ballot: BallotContent): BallotContent {
  const answers = [...ballot.answers]
    .sort((a, b) => a.question_index - b.question_index)
    .map((a) => ({ question_index: a.question_index, choices: [...a.choices].sort(codeUnitOrder) }));
  const out: BallotContent = { weight: formatWeight(toScaledWeight(ballot.weight)), answers };
  return ballot.quorum_weight ? { ...out, quorum_weight: formatWeight(toScaledWeight(ballot.quorum_weight)) } : out;
}

/** The vote's rules as they are hashed into the start of its chain, so they cannot change once ballots are in. */
export function voteOfRules(rules: VoteRules): VoteRules {
  return {
    weight_basis: rules.weight_basis, quorum_basis: rules.quorum_basis, quorum_percent: rules.quorum_percent, majority: rules.majority,
    majority_percent: rules.majority_percent ?? null, abstain_counts_for_quorum: rules.abstain_counts_for_quorum,
    questions: rules.questions.map((q) => ({ text: q.text, kind: q.kind, seats: q.seats ?? null, options: [...q.options] })),
  };
}

export function genesisHash(rules: VoteRules): string {
  return sha256(`covenant-ballot-log/1\n${canonicalJson(voteOfRules(rules))}`);
}

export function receiptOf(ballot: BallotContent, nonce: string): string {
  if (!/^[0-9a-f]{64}$/.test(nonce)) throw new RangeError('A receipt nonce is 64 lowercase hex characters');
  return sha256(canonicalJson(canonicalBallot(ballot)) + nonce);
}

export function entryHash(prevHash: string, seq: number, ballot: BallotContent, receipt: string): string {
  return sha256(prevHash + canonicalJson({ ballot: canonicalBallot(ballot), receipt, seq }));
}

/**
 * The next entry of a vote's log for a ballot (validated against the vote's questions), and the nonce that only
 * the voter receives with the receipt. `last` is the log's current last entry, or null for the first ballot.
 */
export function appendBallot(rules: VoteRules, last: Pick<BallotLogEntry, 'seq' | 'hash'> | null, ballot: BallotContent, nonce: string = randomBytes(32).toString('hex')): { entry: BallotLogEntry; nonce: string } {
  validateBallot(rules, ballot);
  const stored = canonicalBallot(ballot);
  const seq = last ? last.seq + 1 : 1;
  const prev_hash = last ? last.hash : genesisHash(rules);
  const receipt = receiptOf(stored, nonce);
  return { entry: { seq, ballot: stored, receipt, prev_hash, hash: entryHash(prev_hash, seq, stored, receipt), how: BALLOT_LOG_HOW }, nonce };
}

export type ChainCheck = { ok: true; head_hash: string; entries: number } | { ok: false; seq: number; reason: string };

/** Re-derives every link and hash of a log from the vote's rules; answers the first entry that does not hold. */
export function verifyChain(rules: VoteRules, entries: readonly BallotLogEntry[]): ChainCheck {
  let prev = genesisHash(rules);
  let expectedSeq = 1;
  const receipts = new Set<string>();
  for (const e of entries) {
    if (e.seq !== expectedSeq) return { ok: false, seq: e.seq, reason: `expected entry ${expectedSeq} here: an entry is missing, repeated or out of order` };
    if (e.prev_hash !== prev) return { ok: false, seq: e.seq, reason: 'its prev_hash is not the hash of the entry before it' };
    try {
      validateBallot(rules, e.ballot);
    } catch (err) {
      if (err instanceof BallotError || err instanceof RangeError) return { ok: false, seq: e.seq, reason: `its ballot does not fit the vote: ${err.message}` };
      throw err;
    }
    if (canonicalJson(canonicalBallot(e.ballot)) !== canonicalJson(e.ballot)) return { ok: false, seq: e.seq, reason: 'its ballot is not in canonical form' };
    if (!/^[0-9a-f]{64}$/.test(e.receipt) || receipts.has(e.receipt)) return { ok: false, seq: e.seq, reason: 'its receipt is malformed or repeated' };
    receipts.add(e.receipt);
    if (entryHash(prev, e.seq, e.ballot, e.receipt) !== e.hash) return { ok: false, seq: e.seq, reason: 'its content changed after it was logged' };
    prev = e.hash;
    expectedSeq += 1;
  }
  return { ok: true, head_hash: prev, entries: entries.length };
}

/** Whether a voter's receipt and nonce match a logged ballot; answers that entry. */
export function findReceipt(entries: readonly BallotLogEntry[], receipt: string, nonce?: string): BallotLogEntry | null {
  const e = entries.find((x) => x.receipt === receipt) ?? null;
  if (e && nonce !== undefined && receiptOf(e.ballot, nonce) !== receipt) return null;
  return e;
}

export function exportBallotLog(rules: VoteRules, electorate: readonly ElectorateEntry[], entries: readonly BallotLogEntry[]): BallotLogExport {
  const check = verifyChain(rules, entries);
  if (!check.ok) throw new BallotError(`The ballot log is broken at entry ${check.seq}: ${check.reason}`);
  return {
    format: BALLOT_LOG_FORMAT, version: BALLOT_LOG_VERSION, how: BALLOT_LOG_HOW, vote: voteOfRules(rules),
    electorate: electorate.map((e) => ({ property_id: e.property_id, weight: e.weight, quorum_weight: e.quorum_weight ?? null, eligible: e.eligible })),
    entries: [...entries], head_hash: check.head_hash,
  };
}

/** An independent recount: verifies the chain, then counts the logged ballots; refuses a broken log. */
export function recount(exported: Pick<BallotLogExport, 'vote' | 'electorate' | 'entries'> & { head_hash?: string }): VoteResults & { head_hash: string } {
  const check = verifyChain(exported.vote, exported.entries);
  if (!check.ok) throw new BallotError(`The ballot log is broken at entry ${check.seq}: ${check.reason}`);
  if (exported.head_hash !== undefined && exported.head_hash !== check.head_hash) throw new BallotError('The head hash does not match the last entry');
  return { ...tally(exported.vote, exported.electorate, exported.entries.map((e) => e.ballot)), head_hash: check.head_hash };
}
