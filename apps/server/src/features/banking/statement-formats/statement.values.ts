import { centsToDecimal } from '@covenant/contracts/money';
import type { StatementFormat } from '@covenant/contracts/banking';
import { AppError } from '../../../lib/errors.ts';
import { lastFour } from '../../../lib/secret-box.ts';

/** One transaction of a statement, normalized: amounts signed as the bank sees them (deposits positive). */
export interface StatementLine {
  /** The line of the file the transaction starts on (1-based). */
  line_no: number;
  date: string;
  amount_cents: number;
  description: string;
  payee: string | null;
  /** The bank's id of the transaction: OFX FITID, CAMT AcctSvcrRef, BAI2 bank reference. */
  bank_reference: string | null;
  check_number: string | null;
}

export interface StatementAccount {
  routing?: string;
  number_last4?: string;
}

/** What every parser answers, whatever the format. */
export interface ParsedStatement {
  format: StatementFormat;
  account?: StatementAccount;
  period_start: string;
  period_end: string;
  /** Null when the file states no balance. */
  opening_balance_cents: number | null;
  closing_balance_cents: number | null;
  lines: StatementLine[];
  warnings: string[];
}

export interface ParseOptions {
  /** When a file holds several accounts, the one to read (the last four characters of its number). */
  accountLast4?: string | null;
}

/** A malformed statement: the message names the file line; nothing of the file is imported. */
export class StatementFormatError extends AppError {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(400, 'statement_invalid', line === null ? message : `Line ${line}: ${message}`, { line });
  }
}

export function fail(line: number | null, message: string): never {
  throw new StatementFormatError(message, line);
}

/**
 * Bytes to text: a byte-order mark decides (UTF-8, UTF-16), else UTF-8 when the bytes are valid UTF-8,
 * else Windows-1252, which older OFX files declare (CHARSET:1252) and spreadsheets write.
 */
export function decodeStatementBytes(input: Uint8Array | string): string {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '');
  if (input[0] === 0xff && input[1] === 0xfe) return new TextDecoder('utf-16le').decode(input.subarray(2));
  if (input[0] === 0xfe && input[1] === 0xff) return new TextDecoder('utf-16be').decode(input.subarray(2));
  const body = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? input.subarray(3) : input;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** Maps a character offset of a text to its 1-based line number (binary search over the line starts). */
export function lineLocator(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** Whitespace runs to one space, trimmed. */
export function cleanText(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

export function textOrNull(value: string | null | undefined): string | null {
  const s = cleanText(value);
  return s === '' ? null : s;
}

/** A calendar date from its parts, or null when it does not exist (February 30th). */
export function isoFromParts(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "YYYYMMDD..." (OFX) or "YYYY-MM-DD..." (ISO 20022) to a date; the time and zone that may follow are ignored. */
export function compactOrIsoDate(value: string, line: number | null, what: string): string {
  const m = /^\s*(\d{4})-?(\d{2})-?(\d{2})/.exec(value);
  const iso = m ? isoFromParts(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  if (!iso) fail(line, `the ${what} '${value.trim()}' is not a date`);
  return iso;
}

/**
 * A plain decimal amount ("-1234.5", "+12.00", "12,50" with a decimal comma) to cents. More than two decimals
 * are accepted only when the extra digits are zeros: a statement never holds fractions of a cent.
 */
export function decimalToCents(value: string, line: number | null, what = 'amount'): number {
  const s = value.trim();
  const m = /^([+-])?(\d*)(?:[.,](\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) fail(line, `the ${what} '${s}' is not a number`);
  const frac = m[3] ?? '';
  if (/[1-9]/.test(frac.slice(2))) fail(line, `the ${what} '${s}' has fractions of a cent`);
  const cents = Number(m[2] || '0') * 100 + Number(frac.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents > 99_999_999_999_999) fail(line, `the ${what} '${s}' is too large`);
  return m[1] === '-' && cents !== 0 ? -cents : cents;
}

/** Statements in another currency would be booked as dollars; refuse them by name. */
export function assertUsd(currency: string | null | undefined, line: number | null): void {
  const c = cleanText(currency).toUpperCase();
  if (c !== '' && c !== 'USD') fail(line, `the statement is in ${c}; only US dollar (USD) statements can be imported`);
}

const CHECK_IN_TEXT = /\b(?:CHECK|CHECK\s+PAID|CHK|CHEQUE|CK)\s*(?:NO\.?|NUMBER|NUM|#)?\s*#?\s*(\d{1,10})\b/i;
/** A check number the bank wrote only in the text ("CHECK # 1042", "CHK 1042"); leading zeros dropped. */
export function checkNumberInText(text: string): string | null {
  const m = CHECK_IN_TEXT.exec(text);
  return m ? normalizeCheckNumber(m[1]!) : null;
}

/** Check numbers compare without leading zeros ("0001042" is check 1042). */
export function normalizeCheckNumber(value: string | null | undefined): string | null {
  const s = cleanText(value);
  if (s === '') return null;
  return /^\d+$/.test(s) ? s.replace(/^0+(?=\d)/, '') : s;
}

/** One account's part of a file, before the parts are joined into one statement. */
export interface AccountSection {
  /** The account as the file names it (full number or a masked one), used to tell accounts apart. */
  accountKey: string | null;
  account?: StatementAccount;
  /** Where the section starts, for messages. */
  line: number;
  period_start: string | null;
  period_end: string | null;
  opening_balance_cents: number | null;
  closing_balance_cents: number | null;
  lines: StatementLine[];
}

/** The account as a statement names it: the bank's routing number when given, the number's last four. */
export function statementAccount(number: string, routing?: string | null): StatementAccount {
  const last4 = lastFour(number);
  return { ...(routing ? { routing } : {}), ...(last4 ? { number_last4: last4 } : {}) };
}

function describeAccounts(sections: readonly AccountSection[]): string {
  return [...new Set(sections.map((s) => (s.account?.number_last4 ? `ending ${s.account.number_last4}` : 'without a number')))].join(', ');
}

/**
 * Joins a file's sections into one statement. Sections of one account (a CAMT file with one Stmt a day) chain
 * in date order; a file of several accounts needs the wanted account's last four characters.
 */
export function joinSections(
  format: StatementFormat,
  sections: readonly AccountSection[],
  warnings: string[],
  options: ParseOptions,
): ParsedStatement {
  if (sections.length === 0) fail(null, 'the file holds no account statement');
  let chosen = [...sections];
  const accounts = new Set(sections.map((s) => s.accountKey ?? ''));
  const wanted = options.accountLast4 ? cleanText(options.accountLast4) : null;
  if (accounts.size > 1) {
    if (!wanted) fail(null, `the file holds statements of ${accounts.size} accounts (${describeAccounts(sections)}); choose the bank account it belongs to`);
    chosen = sections.filter((s) => s.account?.number_last4 === wanted);
    if (chosen.length === 0) fail(null, `the file holds no statement of the account ending ${wanted} (it holds accounts ${describeAccounts(sections)})`);
    if (new Set(chosen.map((s) => s.accountKey ?? '')).size > 1) fail(null, `the file holds several accounts ending ${wanted}; export one account at a time`);
  } else if (wanted && chosen[0]!.account?.number_last4 && chosen[0]!.account.number_last4 !== wanted) {
    warnings.push(`The file is a statement of the account ending ${chosen[0]!.account.number_last4}; this bank account's number ends ${wanted}.`);
  }
  chosen.sort((a, b) => (a.period_start ?? a.lines[0]?.date ?? '').localeCompare(b.period_start ?? b.lines[0]?.date ?? '') || a.line - b.line);
  for (let i = 1; i < chosen.length; i += 1) {
    const prev = chosen[i - 1]!;
    const next = chosen[i]!;
    if (prev.closing_balance_cents !== null && next.opening_balance_cents !== null && prev.closing_balance_cents !== next.opening_balance_cents) {
      warnings.push(
        `The statement starting on line ${next.line} opens at ${centsToDecimal(next.opening_balance_cents)}, but the one before it closed at ${centsToDecimal(prev.closing_balance_cents)}.`,
      );
    }
  }
  for (const s of chosen) {
    if (s.opening_balance_cents === null || s.closing_balance_cents === null) continue;
    const moved = s.lines.reduce((sum, l) => sum + l.amount_cents, 0);
    if (s.opening_balance_cents + moved !== s.closing_balance_cents) {
      warnings.push(
        `The statement starting on line ${s.line} opens at ${centsToDecimal(s.opening_balance_cents)} and closes at ${centsToDecimal(s.closing_balance_cents)}, but its transactions add up to ${centsToDecimal(moved)}.`,
      );
    }
  }
  const lines = chosen.flatMap((s) => s.lines).sort((a, b) => a.line_no - b.line_no);
  const dates = lines.map((l) => l.date).sort();
  const starts = chosen.map((s) => s.period_start).filter((d): d is string => d !== null).sort();
  const ends = chosen.map((s) => s.period_end).filter((d): d is string => d !== null).sort();
  const period_start = [starts[0], dates[0]].filter((d): d is string => Boolean(d)).sort()[0];
  const period_end = [ends.at(-1), dates.at(-1)].filter((d): d is string => Boolean(d)).sort().at(-1);
  if (!period_start || !period_end) fail(chosen[0]!.line, 'the statement has no transactions and no period dates');
  const first = chosen[0]!;
  const last = chosen.at(-1)!;
  return {
    format,
    ...(first.account ? { account: first.account } : {}),
    period_start,
    period_end,
    opening_balance_cents: first.opening_balance_cents,
    closing_balance_cents: last.closing_balance_cents,
    lines,
    warnings,
  };
}
