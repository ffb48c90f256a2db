import { createHash } from 'node:crypto';
import { centsToDecimal, formatMoney } from '@covenant/contracts/money';
import { ConflictError } from '../../lib/errors.ts';
import { decodeStatementBytes } from './statement-formats/statement.values.ts';

/** What dedupe compares of a line already stored on the bank account. */
export interface StoredLineKey {
  id: string;
  date: string;
  amount_cents: number;
  description: string;
  bank_reference: string | null;
}

/** What dedupe compares of a line of the file being imported. */
export interface IncomingLineKey {
  date: string;
  amount_cents: number;
  description: string;
  bank_reference: string | null;
}

export interface DuplicateLine {
  /** Index of the incoming line. */
  index: number;
  /** The stored line it repeats. */
  existing_id: string;
  rule: 'bank_reference' | 'identical_line';
}

/** Descriptions compare without case and spacing differences (banks re-export with other padding). */
export function descriptionKey(description: string): string {
  return description.replace(/\s+/g, ' ').trim().toUpperCase();
}

/** Stored line ids by key, handed out in order, each once. */
class IdQueues {
  private readonly queues = new Map<string, { ids: string[]; next: number }>();
  add(key: string, id: string): void {
    const q = this.queues.get(key);
    if (q) q.ids.push(id);
    else this.queues.set(key, { ids: [id], next: 0 });
  }
  take(key: string): string | undefined {
    const q = this.queues.get(key);
    return q && q.next < q.ids.length ? q.ids[q.next++] : undefined;
  }
}

/**
 * Which incoming lines repeat lines already stored on the account. First by bank id with the same date and
 * amount (banks reuse ids, so an id alone proves nothing); then, among what is left on both sides, by date,
 * amount and description in order: the k-th such incoming line repeats the k-th such stored line, so a new
 * (k+1)-th identical line is new. Each stored line answers for one incoming line at most.
 */
export function findDuplicateLines(stored: readonly StoredLineKey[], incoming: readonly IncomingLineKey[]): DuplicateLine[] {
  const byReference = new IdQueues();
  const refKey = (ref: string, date: string, cents: number) => `${ref.trim()}\u0000${date}\u0000${cents}`;
  for (const s of stored) {
    if (!s.bank_reference?.trim()) continue;
    byReference.add(refKey(s.bank_reference, s.date, s.amount_cents), s.id);
  }
  const found = new Map<number, DuplicateLine>();
  const used = new Set<string>();
  incoming.forEach((line, index) => {
    if (!line.bank_reference?.trim()) return;
    const id = byReference.take(refKey(line.bank_reference, line.date, line.amount_cents));
    if (id === undefined) return;
    used.add(id);
    found.set(index, { index, existing_id: id, rule: 'bank_reference' });
  });
  const lineKey = (l: IncomingLineKey) => `${l.date}\u0000${l.amount_cents}\u0000${descriptionKey(l.description)}`;
  const identical = new IdQueues();
  for (const s of stored) if (!used.has(s.id)) identical.add(lineKey(s), s.id);
  incoming.forEach((line, index) => {
    if (found.has(index)) return;
    const id = identical.take(lineKey(line));
    if (id !== undefined) found.set(index, { index, existing_id: id, rule: 'identical_line' });
  });
  return [...found.values()].sort((a, b) => a.index - b.index);
}

/**
 * The warning when a statement does not start where the previous one ended (a statement in between is
 * missing, or a line was lost). Overlapping statements are not compared: their opening is inside the past.
 */
export function openingBalanceGap(
  previous: { period_end: string; closing_balance_cents: number | null } | null,
  current: { period_start: string; opening_balance_cents: number | null },
): string | null {
  if (!previous || previous.closing_balance_cents === null || current.opening_balance_cents === null) return null;
  if (current.period_start <= previous.period_end) return null;
  const gap = current.opening_balance_cents - previous.closing_balance_cents;
  if (gap === 0) return null;
  const fmt = (cents: number) => formatMoney(centsToDecimal(cents));
  return `The opening balance ${fmt(current.opening_balance_cents)} on ${current.period_start} differs from the closing balance ${fmt(previous.closing_balance_cents)} of the statement ending ${previous.period_end} by ${fmt(gap)}: a statement or some transactions between them may be missing.`;
}

/**
 * A file's identity for "imported before": SHA-256 of its text with the byte-order mark, line-end style and
 * trailing spaces taken out, so the same file saved by another program still counts as the same.
 */
export function statementFingerprint(input: Uint8Array | string): string {
  const text = decodeStatementBytes(input)
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The 409 for a file whose fingerprint the account already holds. */
export function statementAlreadyImported(previous: { period_start: string; period_end: string }): ConflictError {
  return new ConflictError(
    `This file was imported before (the statement of ${previous.period_start} to ${previous.period_end}); nothing was imported again.`,
    'statement_already_imported',
  );
}
