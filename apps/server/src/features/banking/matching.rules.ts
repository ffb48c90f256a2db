import type { MATCH_CANDIDATE_KINDS, MATCH_RULES } from '@covenant/contracts/banking';
import { normalizeCheckNumber } from './statement-formats/statement.values.ts';

/**
 * Matching bank lines to the books, refusing to guess. Every amount is signed as the bank sees it: owner
 * payments and other deposits positive, bill payments and other withdrawals negative. The passes run in order;
 * the first pass that finds any candidate for a line decides it (matched when exactly one fits both ways,
 * else ambiguous); a line without candidates goes on to the next pass. A document is matched to one line at most.
 */
export interface LineToMatch {
  id: string;
  date: string;
  amount_cents: number;
  description: string;
  bank_reference: string | null;
  check_number: string | null;
}

/** An unmatched owner payment, bill payment or journal entry on the bank account's cash account. */
export interface PostingCandidate {
  id: string;
  date: string;
  amount_cents: number;
  reference: string | null;
}

export interface BillPaymentCandidate extends PostingCandidate {
  check_number: string | null;
}

/** An ACH file sent to the bank: its settlement shows as one line of the batch total on or after its effective date. */
export interface AchBatchCandidate {
  id: string;
  effective_date: string;
  total_cents: number;
  payment_ids: readonly string[];
  bill_payment_ids: readonly string[];
  reference: string | null;
}

/** One ACH entry, found by its trace number in a line's reference or text; it points at the document it paid. */
export interface AchEntryCandidate {
  trace_number: string;
  date: string;
  amount_cents: number;
  payment_id?: string;
  bill_payment_id?: string;
  journal_entry_id?: string;
}

export interface BankRuleForMatching {
  id: string;
  name: string;
  description_contains: string;
  amount_min_cents: number | null;
  amount_max_cents: number | null;
  account_id: string;
  fund_id: string;
}

export interface MatchingInput {
  lines: readonly LineToMatch[];
  payments: readonly PostingCandidate[];
  bill_payments: readonly BillPaymentCandidate[];
  journal_entries: readonly PostingCandidate[];
  ach_batches: readonly AchBatchCandidate[];
  ach_entries: readonly AchEntryCandidate[];
  rules: readonly BankRuleForMatching[];
}

export type MatchRule = Exclude<(typeof MATCH_RULES)[number], 'manual'>;

export interface LineMatch {
  line_id: string;
  rule: MatchRule;
  payment_ids?: string[];
  bill_payment_ids?: string[];
  journal_entry_ids?: string[];
  rule_id?: string;
}

export interface Candidate {
  kind: (typeof MATCH_CANDIDATE_KINDS)[number];
  id: string;
  date: string;
  amount_cents: number;
  reference: string | null;
}

export interface MatchingResult {
  matched: LineMatch[];
  ambiguous: Array<{ line_id: string; candidates: Candidate[] }>;
  unmatched: string[];
}

/** Days a deposit may post after its payments, and an amount-and-date match may be apart. */
export const MATCH_WINDOW_DAYS = 5;
/** An ACH batch settles on its effective date or up to this many days later. */
export const ACH_SETTLEMENT_DAYS = 5;
/**
 * Bounds of the deposit search (pass c): a deposit is searched only when at most this many unmatched payments
 * fall in its window, and the search stops after this many steps; past either, the line goes on unsearched.
 */
export const DEPOSIT_SEARCH_MAX_PAYMENTS = 40;
export const DEPOSIT_SEARCH_MAX_STEPS = 20_000;
/** Candidates listed for an ambiguous line (the nearest dates first). */
export const MAX_LISTED_CANDIDATES = 25;

const DAY_MS = 86_400_000;
function dayNumber(iso: string): number {
  const t = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(t)) throw new RangeError(`Not a date: ${iso}`);
  return Math.round(t / DAY_MS);
}

type DocKind = 'payment' | 'bill_payment' | 'journal_entry';
interface Doc {
  kind: DocKind;
  key: string;
  item: PostingCandidate;
  day: number;
}

const docKey = (kind: DocKind, id: string) => `${kind}:${id}`;
const asCandidate = (d: Doc): Candidate => ({ kind: d.kind, id: d.item.id, date: d.item.date, amount_cents: d.item.amount_cents, reference: d.item.reference });

/** Items of one amount in date order, searched by a window of days around a date. */
class AmountDateIndex<T extends { day: number }> {
  private readonly byAmount = new Map<number, T[]>();
  constructor(items: Iterable<T>, amountOf: (t: T) => number) {
    for (const item of items) {
      const list = this.byAmount.get(amountOf(item));
      if (list) list.push(item);
      else this.byAmount.set(amountOf(item), [item]);
    }
    for (const list of this.byAmount.values()) list.sort((a, b) => a.day - b.day);
  }

  /** Items of the amount dated from `from` to `to` (days), nearest to `around` first, up to `limit`. */
  near(amount: number, around: number, from: number, to: number, accept: (t: T) => boolean, limit: number): T[] {
    const list = this.byAmount.get(amount);
    if (!list) return [];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.day < around) lo = mid + 1;
      else hi = mid;
    }
    const out: T[] = [];
    let left = lo - 1;
    let right = lo;
    while (out.length < limit) {
      const l = left >= 0 && list[left]!.day >= from ? list[left] : undefined;
      const r = right < list.length && list[right]!.day <= to ? list[right] : undefined;
      if (!l && !r) break;
      if (r && (!l || r.day - around <= around - l.day)) {
        right += 1;
        if (accept(r)) out.push(r);
      } else {
        left -= 1;
        if (accept(l!)) out.push(l!);
      }
    }
    return out;
  }
}

interface LineState {
  line: LineToMatch;
  day: number;
  decided: boolean;
}

/** Runs the matching passes over in-memory candidates; pure, and linear in lines and candidates but for pass (c)'s bounded search. */
export function matchBankLines(input: MatchingInput): MatchingResult {
  const seen = new Set<string>();
  for (const l of input.lines) {
    if (seen.has(l.id)) throw new RangeError(`Bank line ${l.id} is given twice`);
    seen.add(l.id);
  }
  const states: LineState[] = input.lines.map((line) => ({ line, day: dayNumber(line.date), decided: false }));
  const used = new Set<string>();
  const matched = new Map<string, LineMatch>();
  const ambiguous = new Map<string, Candidate[]>();
  const docs: Doc[] = [
    ...input.payments.map((item) => ({ kind: 'payment' as const, item })),
    ...input.bill_payments.map((item) => ({ kind: 'bill_payment' as const, item })),
    ...input.journal_entries.map((item) => ({ kind: 'journal_entry' as const, item })),
  ].map(({ kind, item }) => ({ kind, item, key: docKey(kind, item.id), day: dayNumber(item.date) }));
  const open = () => states.filter((s) => !s.decided);

  /**
   * Decides lines from each line's candidates: a line with one candidate that no other line wants is matched,
   * any other line with candidates is ambiguous. `exclusive` overrides "no other line wants it" where the
   * lists are cut short (amount-and-date windows).
   */
  const decide = <C>(
    found: Map<LineState, C[]>,
    keysOf: (c: C) => readonly string[],
    describe: (c: C) => Candidate,
    onMatch: (s: LineState, c: C) => LineMatch,
    exclusive?: (s: LineState, c: C) => boolean,
  ) => {
    const claims = new Map<string, number>();
    for (const list of found.values()) for (const c of list) for (const k of keysOf(c)) claims.set(k, (claims.get(k) ?? 0) + 1);
    const isExclusive = exclusive ?? ((_s: LineState, c: C) => keysOf(c).every((k) => claims.get(k) === 1));
    const decisions: Array<[LineState, C | null, C[]]> = [];
    for (const [s, list] of found) {
      if (list.length === 0) continue;
      decisions.push([s, list.length === 1 && isExclusive(s, list[0]!) ? list[0]! : null, list]);
    }
    for (const [s, one, list] of decisions) {
      s.decided = true;
      if (one !== null) matched.set(s.line.id, onMatch(s, one));
      else ambiguous.set(s.line.id, list.slice(0, MAX_LISTED_CANDIDATES).map(describe));
    }
  };
  const consume = (keys: Iterable<string>) => {
    for (const k of keys) used.add(k);
  };

  // (a) ACH: a batch's settlement total, or an entry's trace number in the line.
  {
    const batchDocs = (b: AchBatchCandidate) => [...b.payment_ids.map((id) => docKey('payment', id)), ...b.bill_payment_ids.map((id) => docKey('bill_payment', id))];
    const batches = new AmountDateIndex(input.ach_batches.map((b) => ({ b, day: dayNumber(b.effective_date) })), (x) => x.b.total_cents);
    const entries = new Map<string, AchEntryCandidate[]>();
    for (const e of input.ach_entries) entries.set(e.trace_number, [...(entries.get(e.trace_number) ?? []), e]);
    const entryDoc = (e: AchEntryCandidate) =>
      e.payment_id ? docKey('payment', e.payment_id) : e.bill_payment_id ? docKey('bill_payment', e.bill_payment_id) : e.journal_entry_id ? docKey('journal_entry', e.journal_entry_id) : null;
    type AchFind = { batch: AchBatchCandidate } | { entry: AchEntryCandidate };
    const found = new Map<LineState, AchFind[]>();
    for (const s of open()) {
      const list: AchFind[] = batches
        .near(s.line.amount_cents, s.day, s.day - ACH_SETTLEMENT_DAYS, s.day, (x) => batchDocs(x.b).every((k) => !used.has(k)), MAX_LISTED_CANDIDATES)
        .map((x) => ({ batch: x.b }));
      const traces = new Set(`${s.line.bank_reference ?? ''} ${s.line.description}`.match(/(?<!\d)\d{15}(?!\d)/g) ?? []);
      for (const trace of traces) {
        for (const e of entries.get(trace) ?? []) {
          const key = entryDoc(e);
          if (key && !used.has(key) && e.amount_cents === s.line.amount_cents) list.push({ entry: e });
        }
      }
      found.set(s, list);
    }
    decide(
      found,
      (f) => ('batch' in f ? [`batch:${f.batch.id}`, ...batchDocs(f.batch)] : [entryDoc(f.entry)!]),
      (f) => ('batch' in f
        ? { kind: 'ach_batch', id: f.batch.id, date: f.batch.effective_date, amount_cents: f.batch.total_cents, reference: f.batch.reference }
        : { kind: 'ach_entry', id: f.entry.trace_number, date: f.entry.date, amount_cents: f.entry.amount_cents, reference: f.entry.trace_number }),
      (s, f) => {
        if ('batch' in f) {
          consume(batchDocs(f.batch));
          return {
            line_id: s.line.id, rule: 'ach_batch',
            ...(f.batch.payment_ids.length ? { payment_ids: [...f.batch.payment_ids] } : {}),
            ...(f.batch.bill_payment_ids.length ? { bill_payment_ids: [...f.batch.bill_payment_ids] } : {}),
          };
        }
        consume([entryDoc(f.entry)!]);
        const e = f.entry;
        return {
          line_id: s.line.id, rule: 'ach_trace',
          ...(e.payment_id ? { payment_ids: [e.payment_id] } : e.bill_payment_id ? { bill_payment_ids: [e.bill_payment_id] } : { journal_entry_ids: [e.journal_entry_id!] }),
        };
      },
    );
  }

  // (b) A check number and amount against bill payments.
  {
    const byCheck = new Map<string, Doc[]>();
    for (const d of docs) {
      if (d.kind !== 'bill_payment') continue;
      const number = normalizeCheckNumber((d.item as BillPaymentCandidate).check_number);
      if (number) byCheck.set(number, [...(byCheck.get(number) ?? []), d]);
    }
    const found = new Map<LineState, Doc[]>();
    for (const s of open()) {
      const number = normalizeCheckNumber(s.line.check_number);
      if (!number) continue;
      found.set(s, (byCheck.get(number) ?? []).filter((d) => !used.has(d.key) && d.item.amount_cents === s.line.amount_cents));
    }
    decide(found, (d) => [d.key], asCandidate, (s, d) => {
      consume([d.key]);
      return { line_id: s.line.id, rule: 'check_number', bill_payment_ids: [d.item.id] };
    });
  }

  // (c) A deposit of several owner payments dated within the window before it: the smallest set, if only one.
  {
    const payments = docs.filter((d) => d.kind === 'payment' && d.item.amount_cents > 0).sort((a, b) => a.day - b.day);
    const days = payments.map((p) => p.day);
    const firstAtOrAfter = (day: number) => {
      let lo = 0;
      let hi = days.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (days[mid]! < day) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const found = new Map<LineState, { set: Doc[] | null; members: Doc[] }>();
    for (const s of open()) {
      if (s.line.amount_cents <= 0) continue;
      const pool: Doc[] = [];
      let tooMany = false;
      for (let i = firstAtOrAfter(s.day - MATCH_WINDOW_DAYS); i < payments.length && payments[i]!.day <= s.day; i += 1) {
        const p = payments[i]!;
        if (used.has(p.key) || p.item.amount_cents > s.line.amount_cents) continue;
        pool.push(p);
        if (pool.length > DEPOSIT_SEARCH_MAX_PAYMENTS) {
          tooMany = true;
          break;
        }
      }
      if (tooMany || pool.length < 2) continue;
      const result = smallestSets(pool, (d) => d.item.amount_cents, s.line.amount_cents);
      if (result.found && result.size >= 2) found.set(s, { set: result.unique, members: result.members });
    }
    // A payment that two lines could take decides neither: both become ambiguous.
    const claims = new Map<string, number>();
    for (const f of found.values()) for (const d of f.members) claims.set(d.key, (claims.get(d.key) ?? 0) + 1);
    for (const [s, f] of found) {
      s.decided = true;
      const set = f.set;
      if (set && set.every((d) => claims.get(d.key) === 1)) {
        consume(set.map((d) => d.key));
        matched.set(s.line.id, { line_id: s.line.id, rule: 'deposit_group', payment_ids: set.map((d) => d.item.id) });
      } else {
        ambiguous.set(s.line.id, [...f.members].sort((a, b) => b.day - a.day).slice(0, MAX_LISTED_CANDIDATES).map(asCandidate));
      }
    }
  }

  // (d) Amount and date within the window, exactly one candidate, and no other line of that amount near it.
  {
    const pool = new AmountDateIndex(docs, (d) => d.item.amount_cents);
    const rest = open();
    const lines = new AmountDateIndex(rest, (s) => s.line.amount_cents);
    const found = new Map<LineState, Doc[]>();
    for (const s of rest) {
      found.set(s, pool.near(s.line.amount_cents, s.day, s.day - MATCH_WINDOW_DAYS, s.day + MATCH_WINDOW_DAYS, (d) => !used.has(d.key), MAX_LISTED_CANDIDATES + 1));
    }
    const alone = (s: LineState, d: Doc) =>
      lines.near(s.line.amount_cents, d.day, d.day - MATCH_WINDOW_DAYS, d.day + MATCH_WINDOW_DAYS, (x) => x !== s, 1).length === 0;
    decide(found, (d) => [d.key], asCandidate, (s, d) => {
      consume([d.key]);
      const ids = [d.item.id];
      return { line_id: s.line.id, rule: 'amount_date', ...(d.kind === 'payment' ? { payment_ids: ids } : d.kind === 'bill_payment' ? { bill_payment_ids: ids } : { journal_entry_ids: ids }) };
    }, alone);
  }

  // (e) Bank rules for what no document explains (fees, interest); rules that post alike count as one.
  {
    const rules = input.rules.map((r) => ({ r, needle: r.description_contains.replace(/\s+/g, ' ').trim().toUpperCase() }));
    for (const s of open()) {
      const text = s.line.description.replace(/\s+/g, ' ').toUpperCase();
      const fits = rules.filter(({ r, needle }) =>
        needle !== '' && text.includes(needle)
        && (r.amount_min_cents === null || s.line.amount_cents >= r.amount_min_cents)
        && (r.amount_max_cents === null || s.line.amount_cents <= r.amount_max_cents));
      if (fits.length === 0) continue;
      s.decided = true;
      const postings = new Set(fits.map(({ r }) => `${r.account_id}\u0000${r.fund_id}`));
      if (postings.size === 1) matched.set(s.line.id, { line_id: s.line.id, rule: 'bank_rule', rule_id: fits[0]!.r.id });
      else ambiguous.set(s.line.id, fits.map(({ r }) => ({ kind: 'bank_rule' as const, id: r.id, date: s.line.date, amount_cents: s.line.amount_cents, reference: r.name })));
    }
  }

  return {
    matched: input.lines.filter((l) => matched.has(l.id)).map((l) => matched.get(l.id)!),
    ambiguous: input.lines.filter((l) => ambiguous.has(l.id)).map((l) => ({ line_id: l.id, candidates: ambiguous.get(l.id)! })),
    unmatched: input.lines.filter((l) => !matched.has(l.id) && !ambiguous.has(l.id)).map((l) => l.id),
  };
}

/**
 * The sets of items adding up to a target with the fewest items. Items of equal amounts are interchangeable,
 * so the search runs over amounts and counts in how many ways each choice can be made: a choice is unique only
 * when it takes all or none of each equal amount. `members` are the items some smallest set uses; `unique` the
 * set when there is only one. Not found when nothing fits, or (exhausted) when the search passes DEPOSIT_SEARCH_MAX_STEPS.
 */
export type SetSearch<T> = { found: true; size: number; unique: T[] | null; members: T[] } | { found: false; exhausted: boolean };

export function smallestSets<T>(pool: readonly T[], amountOf: (t: T) => number, target: number): SetSearch<T> {
  const byAmount = new Map<number, T[]>();
  for (const item of pool) {
    const amount = amountOf(item);
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('Amounts of a deposit search must be positive cents');
    const list = byAmount.get(amount);
    if (list) list.push(item);
    else byAmount.set(amount, [item]);
  }
  const groups = [...byAmount.entries()].map(([amount, items]) => ({ amount, items })).sort((a, b) => b.amount - a.amount);
  const suffix: number[] = new Array<number>(groups.length + 1).fill(0);
  for (let i = groups.length - 1; i >= 0; i -= 1) suffix[i] = suffix[i + 1]! + groups[i]!.amount * groups[i]!.items.length;
  const maxSize = pool.length;
  const memo = new Map<string, Uint8Array>();
  let steps = 0;
  // ways(i, rest)[c]: in how many ways (0, 1, or 2 for "several") groups i.. make `rest` with c items.
  const ways = (i: number, rest: number): Uint8Array | null => {
    const key = `${i}:${rest}`;
    const hit = memo.get(key);
    if (hit) return hit;
    if (++steps > DEPOSIT_SEARCH_MAX_STEPS) return null;
    const out = new Uint8Array(maxSize + 1);
    if (rest === 0) out[0] = 1;
    else if (i < groups.length && rest <= suffix[i]!) {
      const g = groups[i]!;
      for (let k = 0; k <= g.items.length && k * g.amount <= rest; k += 1) {
        const sub = ways(i + 1, rest - k * g.amount);
        if (sub === null) return null;
        const choose = k === 0 || k === g.items.length ? 1 : 2;
        for (let c = 0; c + k <= maxSize; c += 1) if (sub[c]) out[c + k] = Math.min(2, out[c + k]! + sub[c]! * choose);
      }
    }
    memo.set(key, out);
    return out;
  };
  const root = ways(0, target);
  if (root === null) return { found: false, exhausted: true };
  const size = root.findIndex((w, c) => c > 0 && w > 0);
  if (size < 0) return { found: false, exhausted: false };
  // Walk the smallest solutions to learn which amounts they use.
  const used = new Set<number>();
  const seen = new Set<string>();
  const walk = (i: number, rest: number, need: number) => {
    const key = `${i}:${rest}:${need}`;
    if (rest === 0 || seen.has(key)) return;
    seen.add(key);
    const g = groups[i]!;
    for (let k = 0; k <= Math.min(need, g.items.length) && k * g.amount <= rest; k += 1) {
      if (!memo.get(`${i + 1}:${rest - k * g.amount}`)?.[need - k]) continue;
      if (k > 0) used.add(i);
      walk(i + 1, rest - k * g.amount, need - k);
    }
  };
  walk(0, target, size);
  const members = [...used].sort((a, b) => a - b).flatMap((i) => groups[i]!.items);
  return { found: true, size, unique: root[size] === 1 ? members : null, members };
}
