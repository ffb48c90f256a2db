#!/usr/bin/env node
// Recounts a Covenant ballot-log export on its own: re-derives every hash of the chain, then counts the ballots.
// Usage: node scripts/recount-ballot-log.mjs <export.json> [--json]. Needs only Node (node:crypto, node:fs).
// It shares no code with the server on purpose: two implementations agreeing is the check.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const PLACES = 10;
const SCALE = 10n ** BigInt(PLACES);

function canonical(v) {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new Error(`not a whole number: ${v}`);
    return String(v);
  }
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const keys = Object.keys(v).filter((k) => v[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
}
const sha256 = (s) => createHash('sha256').update(s, 'utf8').digest('hex');

function scaled(s) {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(String(s).trim());
  if (!m || (m[1] === '' && !m[2]) || (m[2] ?? '').replace(/0+$/, '').length > PLACES) throw new Error(`not a weight: ${s}`);
  return BigInt(`${m[1] || '0'}${(m[2] ?? '').padEnd(PLACES, '0').slice(0, PLACES)}`);
}
function decimal(n) {
  const frac = (n % SCALE).toString().padStart(PLACES, '0').replace(/0+$/, '');
  return frac ? `${n / SCALE}.${frac}` : `${n / SCALE}`;
}
function fraction(p) {
  const f = /^(\d+)\/(\d+)$/.exec(p.trim());
  return f ? [BigInt(f[1]), BigInt(f[2])] : [scaled(p), SCALE];
}
function percent(part, whole) {
  if (whole === 0n) return '0.00';
  const num = part * 10000n;
  let h = num / whole;
  if ((num % whole) * 2n >= whole) h += 1n;
  return `${h / 100n}.${(h % 100n).toString().padStart(2, '0')}`;
}
const atLeast = (part, whole, [n, d], strict) => (strict ? part * 100n * d > whole * n : part * 100n * d >= whole * n);

function verify(log) {
  const v = log.vote;
  const vote = {
    weight_basis: v.weight_basis, quorum_basis: v.quorum_basis, quorum_percent: v.quorum_percent, majority: v.majority,
    majority_percent: v.majority_percent ?? null, abstain_counts_for_quorum: v.abstain_counts_for_quorum,
    questions: v.questions.map((q) => ({ text: q.text, kind: q.kind, seats: q.seats ?? null, options: q.options })),
  };
  let prev = sha256(`covenant-ballot-log/1\n${canonical(vote)}`);
  log.entries.forEach((e, i) => {
    if (e.seq !== i + 1) throw new Error(`entry ${i + 1}: sequence number ${e.seq}`);
    if (e.prev_hash !== prev) throw new Error(`entry ${e.seq}: prev_hash does not match the entry before it`);
    if (sha256(prev + canonical({ ballot: e.ballot, receipt: e.receipt, seq: e.seq })) !== e.hash) throw new Error(`entry ${e.seq}: content changed after it was logged`);
    prev = e.hash;
  });
  if (log.head_hash !== undefined && log.head_hash !== prev) throw new Error('head_hash does not match the last entry');
  return prev;
}

function count(log) {
  const v = log.vote;
  const eligible = log.electorate.filter((e) => e.eligible);
  const shareOf = (e) => scaled(v.weight_basis === 'share' ? e.weight : e.quorum_weight);
  const eligibleWeight = eligible.reduce((s, e) => s + scaled(e.weight), 0n);
  const quorumTotal = v.quorum_basis === 'unit' ? BigInt(eligible.length) * SCALE : eligible.reduce((s, e) => s + shareOf(e), 0n);
  const ballots = log.entries.map((e) => e.ballot);
  let weight = 0n;
  let present = 0n;
  for (const b of ballots) {
    weight += scaled(b.weight);
    if (!v.abstain_counts_for_quorum && b.answers.every((a) => a.choices.length === 0)) continue;
    present += v.quorum_basis === 'unit' ? SCALE : scaled(v.weight_basis === 'share' ? b.weight : b.quorum_weight);
  }
  const met = quorumTotal > 0n && atLeast(present, quorumTotal, fraction(v.quorum_percent), false);
  const need = v.majority === 'simple' ? [[50n, 1n], true] : v.majority === 'two_thirds' ? [[200n, 3n], false] : [fraction(v.majority_percent), false];
  const questions = v.questions.map((q, index) => {
    const options = q.kind === 'yes_no' ? ['yes', 'no'] : q.options;
    const sums = options.map((option, i) => ({ option, i, w: 0n, n: 0 }));
    let cast = 0n;
    for (const b of ballots) {
      const a = b.answers.find((x) => x.question_index === index);
      if (!a || a.choices.length === 0) continue;
      cast += scaled(b.weight);
      for (const c of a.choices) {
        const s = sums.find((x) => x.option === c);
        s.w += scaled(b.weight);
        s.n += 1;
      }
    }
    sums.sort((a, b) => (a.w === b.w ? a.i - b.i : a.w > b.w ? -1 : 1));
    const out = { index, text: q.text, tally: sums.map((s) => ({ option: s.option, weight: decimal(s.w), ballots: s.n })) };
    if (!met) return { ...out, status: 'no_quorum', winners: [], tied: [] };
    if (q.kind === 'candidates') {
      if (sums.length <= q.seats) return { ...out, status: 'elected', winners: sums.map((s) => s.option), tied: [] };
      const last = sums[q.seats - 1].w;
      const above = sums.filter((s) => s.w > last).map((s) => s.option);
      const level = sums.filter((s) => s.w === last).map((s) => s.option);
      return above.length + level.length === q.seats ? { ...out, status: 'elected', winners: [...above, ...level], tied: [] } : { ...out, status: 'tie', winners: above, tied: level };
    }
    const top = sums.filter((s) => s.w === sums[0].w).map((s) => s.option);
    const tied = top.length > 1 && cast > 0n ? top : [];
    if (q.kind === 'yes_no') {
      const passed = cast > 0n && atLeast(sums.find((s) => s.option === 'yes').w, cast, need[0], need[1]);
      return { ...out, status: passed ? 'passed' : 'failed', winners: passed ? ['yes'] : [], tied };
    }
    if (tied.length) return { ...out, status: 'tie', winners: [], tied };
    const decided = cast > 0n && atLeast(sums[0].w, cast, need[0], need[1]);
    return { ...out, status: decided ? 'decided' : 'no_majority', winners: decided ? [sums[0].option] : [], tied: [] };
  });
  return {
    participation: { ballots: ballots.length, eligible_units: eligible.length, weight: decimal(weight), eligible_weight: decimal(eligibleWeight), percent_by_count: percent(BigInt(ballots.length), BigInt(eligible.length)), percent_by_weight: percent(weight, eligibleWeight) },
    quorum: { basis: v.quorum_basis, required_percent: v.quorum_percent, present: decimal(present), total: decimal(quorumTotal), met },
    questions,
  };
}

const [file, flag] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node scripts/recount-ballot-log.mjs <ballot-log export.json> [--json]');
  process.exit(2);
}
const log = JSON.parse(readFileSync(file, 'utf8'));
if (log.format !== 'covenant-ballot-log' || log.version !== 1) {
  console.error('Not a version 1 Covenant ballot-log export');
  process.exit(2);
}
let head;
try {
  head = verify(log);
} catch (err) {
  console.error(`The ballot log does not verify: ${err.message}`);
  process.exit(1);
}
const results = { head_hash: head, ...count(log) };
if (flag === '--json') {
  console.log(JSON.stringify(results, null, 2));
} else {
  const p = results.participation;
  console.log(`Chain verified: ${log.entries.length} ballots, head hash ${head}`);
  console.log(`Participation: ${p.ballots} of ${p.eligible_units} units (${p.percent_by_count}%), weight ${p.weight} of ${p.eligible_weight} (${p.percent_by_weight}%)`);
  console.log(`Quorum (${results.quorum.basis}, ${results.quorum.required_percent}%): ${results.quorum.met ? 'met' : 'not met'} with ${results.quorum.present} of ${results.quorum.total}`);
  for (const q of results.questions) {
    console.log(`\n${q.index + 1}. ${q.text}: ${q.status}${q.winners.length ? ` (${q.winners.join(', ')})` : ''}${q.tied.length ? `, tied: ${q.tied.join(', ')}` : ''}`);
    for (const t of q.tally) console.log(`   ${t.option}: ${t.weight} (${t.ballots} ballots)`);
  }
}
