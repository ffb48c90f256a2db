import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BALLOT_LOG_HOW, appendBallot, canonicalBallot, canonicalJson, entryHash, exportBallotLog, findReceipt, genesisHash, receiptOf, recount, verifyChain, type BallotLogEntry,
} from './ballot-log.rules.ts';
import { tally, type BallotContent, type ElectorateEntry, type VoteRules } from './tally.rules.ts';

const SCRIPT = resolve(import.meta.dirname, '../../../../../scripts/recount-ballot-log.mjs');
const dir = mkdtempSync(join(tmpdir(), 'ballot-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const election: VoteRules = {
  weight_basis: 'share', quorum_basis: 'share', quorum_percent: '30', majority: 'simple', majority_percent: null, abstain_counts_for_quorum: false,
  questions: [
    { text: 'Elect two directors', kind: 'candidates', seats: 2, options: ['Avery', 'Blake', 'Casey', 'Devon'] },
    { text: 'Build the dog park?', kind: 'yes_no', options: [] },
  ],
};

// 120 units whose shares add up to exactly 1: 119 of 0.008333 and one of 0.008373.
const electorate: ElectorateEntry[] = Array.from({ length: 120 }, (_, i) => ({ property_id: `unit-${i + 1}`, weight: i === 119 ? '0.008373' : '0.008333', eligible: i !== 7 }));

function seededBallots(n: number, seed = 7): BallotContent[] {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const names = ['Avery', 'Blake', 'Casey', 'Devon'];
  return Array.from({ length: n }, (_, i) => {
    const first = names[Math.floor(rand() * 4)]!;
    const second = names[Math.floor(rand() * 4)]!;
    const choices = rand() < 0.1 ? [] : first === second ? [first] : [first, second];
    const dog = rand();
    return { weight: i === 0 ? '0.008373' : '0.008333', answers: [{ question_index: 0, choices }, { question_index: 1, choices: dog < 0.08 ? [] : dog < 0.6 ? ['yes'] : ['no'] }] };
  });
}

function buildLog(rules: VoteRules, ballots: readonly BallotContent[]): { entries: BallotLogEntry[]; nonces: string[] } {
  const entries: BallotLogEntry[] = [];
  const nonces: string[] = [];
  for (const b of ballots) {
    const { entry, nonce } = appendBallot(rules, entries.at(-1) ?? null, b);
    entries.push(entry);
    nonces.push(nonce);
  }
  return { entries, nonces };
}

describe('canonical JSON', () => {
  it('sorts keys at every depth, keeps array order, drops undefined, no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: 'é"' }], c: true }, u: undefined })).toBe('{"a":{"c":true,"d":[3,{"y":"é\\"","z":null}]},"b":1}');
    expect(() => canonicalJson({ w: 0.5 })).toThrow(/whole numbers/);
  });
  it('a ballot is canonical whatever order its answers and choices came in, and its weight is the shortest decimal', () => {
    const a = canonicalBallot({ weight: '0.8333330', answers: [{ question_index: 1, choices: ['no'] }, { question_index: 0, choices: ['Casey', 'Avery'] }] });
    expect(canonicalJson(a)).toBe('{"answers":[{"choices":["Avery","Casey"],"question_index":0},{"choices":["no"],"question_index":1}],"weight":"0.833333"}');
  });
});

describe('the hash chain', () => {
  const ballots = seededBallots(12);
  const { entries, nonces } = buildLog(election, ballots);

  it('links every entry to the one before it, from a genesis bound to the vote rules', () => {
    expect(entries[0]!.prev_hash).toBe(genesisHash(election));
    expect(genesisHash({ ...election, quorum_percent: '25' })).not.toBe(genesisHash(election));
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.prev_hash).toBe(entries[i - 1]!.hash);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(entries.every((e) => e.how === BALLOT_LOG_HOW)).toBe(true);
    expect(verifyChain(election, entries)).toEqual({ ok: true, head_hash: entries.at(-1)!.hash, entries: 12 });
    expect(verifyChain(election, [])).toEqual({ ok: true, head_hash: genesisHash(election), entries: 0 });
  });

  it('each hash is what the how string says: sha256(prev_hash + canonical({ballot, receipt, seq}))', () => {
    const e = entries[4]!;
    const byHand = createHash('sha256').update(e.prev_hash + JSON.stringify({ ballot: JSON.parse(canonicalJson(e.ballot)), receipt: e.receipt, seq: e.seq })).digest('hex');
    expect(e.hash).toBe(byHand);
    expect(e.hash).toBe(entryHash(e.prev_hash, e.seq, e.ballot, e.receipt));
    expect(e.receipt).toBe(createHash('sha256').update(canonicalJson(e.ballot) + nonces[4]).digest('hex'));
  });

  it('detects a changed choice, a changed weight, a removed, reordered or inserted entry, a rewritten hash', () => {
    const original = entries[5]!.ballot.answers[1]!.choices;
    const other = original[0] === 'yes' ? ['no'] : ['yes'];
    const changed = entries.map((e, i) => (i === 5 ? { ...e, ballot: { ...e.ballot, answers: [e.ballot.answers[0]!, { question_index: 1, choices: other }] } } : e));
    expect(verifyChain(election, changed)).toEqual({ ok: false, seq: 6, reason: 'its content changed after it was logged' });
    const heavier = entries.map((e, i) => (i === 2 ? { ...e, ballot: { ...e.ballot, weight: '0.008334' } } : e));
    expect(verifyChain(election, heavier)).toMatchObject({ ok: false, seq: 3 });
    expect(verifyChain(election, entries.filter((_, i) => i !== 3))).toMatchObject({ ok: false, seq: 5, reason: expect.stringMatching(/expected entry 4/) });
    expect(verifyChain(election, [entries[0]!, entries[2]!, entries[1]!, ...entries.slice(3)])).toMatchObject({ ok: false, seq: 3 });
    // Rewriting an entry and its own hash still breaks the next link.
    const forged = entries.map((e, i) => (i === 7 ? { ...e, ballot: { ...e.ballot, weight: '0.008334' } } : e));
    forged[7] = { ...forged[7]!, hash: entryHash(forged[7]!.prev_hash, 8, forged[7]!.ballot, forged[7]!.receipt) };
    expect(verifyChain(election, forged)).toMatchObject({ ok: false, seq: 9, reason: 'its prev_hash is not the hash of the entry before it' });
    // A well-formed extra ballot appended by someone else is only caught by the head hash that was published.
    const extra = appendBallot(election, entries.at(-1)!, ballots[0]!).entry;
    expect(() => recount({ vote: election, electorate, entries: [...entries, extra], head_hash: entries.at(-1)!.hash })).toThrow(/head hash does not match/);
    // A ballot that does not fit the vote, even re-hashed, is refused.
    const invalid = appendBallot(election, entries.at(-1)!, ballots[0]!).entry;
    const badBallot = { ...invalid, ballot: { weight: '0.008333', answers: [{ question_index: 0, choices: ['Avery', 'Blake', 'Casey'] }] } };
    badBallot.hash = entryHash(badBallot.prev_hash, badBallot.seq, badBallot.ballot, badBallot.receipt);
    expect(verifyChain(election, [...entries, badBallot])).toMatchObject({ ok: false, seq: 13, reason: expect.stringMatching(/at most 2 choices/) });
    // The same receipt twice is refused.
    const twice = { ...entries[1]!, seq: 13, prev_hash: entries.at(-1)!.hash };
    twice.hash = entryHash(twice.prev_hash, 13, twice.ballot, twice.receipt);
    expect(verifyChain(election, [...entries, twice])).toMatchObject({ ok: false, seq: 13, reason: 'its receipt is malformed or repeated' });
  });

  it('refuses a ballot that does not fit the vote before it is logged', () => {
    expect(() => appendBallot(election, null, { weight: '0.008333', answers: [{ question_index: 1, choices: ['maybe'] }] })).toThrow(/not one of its options/);
  });
});

describe('receipts', () => {
  it('reveal nothing of the choice without the nonce: the same ballot gets unrelated receipts', () => {
    const b: BallotContent = { weight: '1', answers: [{ question_index: 1, choices: ['yes'] }] };
    const r1 = appendBallot(election, null, b);
    const r2 = appendBallot(election, null, b);
    expect(r1.entry.receipt).not.toBe(r2.entry.receipt);
    // Guessing the content does not reproduce the receipt: without the nonce, every candidate content misses.
    for (const guess of [b, { ...b, answers: [{ question_index: 1, choices: ['no'] }] }]) {
      expect(createHash('sha256').update(canonicalJson(canonicalBallot(guess))).digest('hex')).not.toBe(r1.entry.receipt);
      expect(receiptOf(guess, '0'.repeat(64))).not.toBe(r1.entry.receipt);
    }
    expect(receiptOf(b, r1.nonce)).toBe(r1.entry.receipt);
    expect(() => receiptOf(b, 'short')).toThrow(/64 lowercase hex/);
  });

  it('a voter finds their ballot by receipt and proves it with the nonce', () => {
    const { entries, nonces } = buildLog(election, seededBallots(5, 3));
    expect(findReceipt(entries, entries[3]!.receipt, nonces[3])).toBe(entries[3]);
    expect(findReceipt(entries, entries[3]!.receipt, nonces[2])).toBeNull();
    expect(findReceipt(entries, 'f'.repeat(64))).toBeNull();
  });
});

describe('recount', () => {
  it('an independent recount from the log equals the tally of the ballots', () => {
    const ballots = seededBallots(90);
    const { entries } = buildLog(election, ballots);
    const exported = exportBallotLog(election, electorate, entries);
    const results = recount(exported);
    expect({ ...results, head_hash: undefined }).toEqual({ ...tally(election, electorate, ballots), head_hash: undefined });
    expect(results.head_hash).toBe(entries.at(-1)!.hash);
    expect(results.participation).toMatchObject({ ballots: 90, eligible_units: 119 });
    // The export round-trips through JSON.
    expect(recount(JSON.parse(JSON.stringify(exported)))).toEqual(results);
  });

  it('recounts a tie as a tie', () => {
    const rules: VoteRules = { ...election, weight_basis: 'unit', quorum_basis: 'unit' };
    const v = (c: string[]) => ({ weight: '1', answers: [{ question_index: 0, choices: c }, { question_index: 1, choices: ['yes'] }] });
    const { entries } = buildLog(rules, [v(['Avery', 'Blake']), v(['Avery', 'Casey']), v(['Avery']), v(['Blake']), v(['Casey'])]);
    const e = Array.from({ length: 10 }, (_, i) => ({ property_id: `u${i}`, weight: '1', eligible: true }));
    expect(recount({ vote: rules, electorate: e, entries }).questions[0]).toMatchObject({ status: 'tie', winners: ['Avery'], tied: ['Blake', 'Casey'] });
  });

  it('refuses to count a broken log', () => {
    const { entries } = buildLog(election, seededBallots(4));
    const broken = entries.map((e, i) => (i === 1 ? { ...e, receipt: 'a'.repeat(64) } : e));
    expect(() => recount({ vote: election, electorate, entries: broken })).toThrow(/broken at entry 2: its content changed/);
    expect(() => exportBallotLog(election, electorate, broken)).toThrow(/broken at entry 2/);
  });
});

describe('scripts/recount-ballot-log.mjs', () => {
  const strip = (r: ReturnType<typeof tally>) => ({
    participation: r.participation,
    quorum: { basis: r.quorum.basis, required_percent: r.quorum.required_percent, present: r.quorum.present, total: r.quorum.total, met: r.quorum.met },
    questions: r.questions.map((q) => ({ index: q.index, text: q.text, tally: q.tally, status: q.status, winners: q.winners, tied: q.tied })),
  });
  const run = (rules: VoteRules, e: ElectorateEntry[], ballots: BallotContent[], name: string) => {
    const { entries } = buildLog(rules, ballots);
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(exportBallotLog(rules, e, entries)));
    return { file, entries, out: JSON.parse(execFileSync(process.execPath, [SCRIPT, file, '--json'], { encoding: 'utf8' })) };
  };

  it('verifies a generated export and prints the same results as tally: 120 units by share, two seats', () => {
    const ballots = seededBallots(100, 11);
    const { out, entries } = run(election, electorate, ballots, 'election.json');
    expect(out).toEqual({ head_hash: entries.at(-1)!.hash, ...strip(tally(election, electorate, ballots)) });
  });

  it('agrees on ties, on a vote by unit with a quorum by share, on two-thirds and percent majorities and on a missed quorum', () => {
    const e = Array.from({ length: 9 }, (_, i) => ({ property_id: `u${i}`, weight: '1', quorum_weight: i < 3 ? '0.2' : '0.066666', eligible: true }));
    e[8]!.quorum_weight = '0.066670';
    const rules = (over: Partial<VoteRules>): VoteRules => ({ ...election, weight_basis: 'unit', quorum_basis: 'share', quorum_percent: '100/3', abstain_counts_for_quorum: true, ...over });
    const v = (c: string[], dog: string[], share: string) => ({ weight: '1', quorum_weight: share, answers: [{ question_index: 0, choices: c }, { question_index: 1, choices: dog }] });
    const ballots = [v(['Avery', 'Blake'], ['yes'], '0.2'), v(['Avery', 'Casey'], ['yes'], '0.2'), v(['Blake'], ['no'], '0.066666'), v(['Casey'], [], '0.066666')];
    for (const [i, over] of [{}, { majority: 'two_thirds' as const }, { majority: 'percent' as const, majority_percent: '200/3' }, { quorum_percent: '60' }].entries()) {
      const { out } = run(rules(over), e, ballots, `case-${i}.json`);
      expect({ ...out, head_hash: undefined }, JSON.stringify(over)).toEqual({ head_hash: undefined, ...strip(tally(rules(over), e, ballots)) });
    }
  });

  it('prints a readable summary and fails on a tampered file', () => {
    const { file, entries } = run(election, electorate, seededBallots(40, 5), 'summary.json');
    const text = execFileSync(process.execPath, [SCRIPT, file], { encoding: 'utf8' });
    expect(text).toContain(`Chain verified: 40 ballots, head hash ${entries.at(-1)!.hash}`);
    expect(text).toMatch(/1\. Elect two directors: (elected|tie)/);
    const tampered = JSON.parse(JSON.stringify(exportBallotLog(election, electorate, entries)));
    tampered.entries[10].ballot.answers[1].choices = tampered.entries[10].ballot.answers[1].choices[0] === 'yes' ? ['no'] : ['yes'];
    writeFileSync(file, JSON.stringify(tampered));
    const r = spawnSync(process.execPath, [SCRIPT, file], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('The ballot log does not verify: entry 11: content changed after it was logged');
  });
});
