import Papa from 'papaparse';
import type { CsvDateFormat, CsvMapping } from '@covenant/contracts/banking';
import {
  checkNumberInText, cleanText, fail, isoFromParts, joinSections, normalizeCheckNumber, textOrNull,
  type ParsedStatement, type ParseOptions, type StatementLine,
} from './statement.values.ts';

/** How far down a file the header row may be (banks put the account name and a blank line above it). */
const HEADER_SEARCH_ROWS = 20;

/**
 * A CSV amount: "$1,234.56", "(1,234.56)" and "1,234.56-" are negative, "12.00 CR" positive and "12.00 DR"
 * negative; the decimal separator is the last "." or "," followed by one or two digits, and the others group
 * thousands ("1.234,56" is 1234.56). Answers null for an empty cell.
 */
export function csvAmountToCents(raw: string, line: number): number | null {
  let s = raw.trim().replace(/\u2212/g, '-');
  if (s === '') return null;
  let negative = false;
  const mark = /\s*(CR|DR)\.?$/i.exec(s);
  if (mark) {
    negative = mark[1]!.toUpperCase() === 'DR';
    s = s.slice(0, mark.index);
  }
  if (/^\(.*\)$/.test(s)) {
    negative = !negative;
    s = s.slice(1, -1);
  }
  s = s.replace(/^(USD|US\$|\$)\s*|\s*(USD)$/i, '').trim();
  if (s.startsWith('-') || s.endsWith('-')) {
    negative = !negative;
    s = s.startsWith('-') ? s.slice(1) : s.slice(0, -1);
  } else if (s.startsWith('+')) s = s.slice(1);
  s = s.replace(/^(USD|US\$|\$)\s*/i, '').trim();
  const m = /^(.*?)(?:([.,])(\d{1,2}))?$/.exec(s)!;
  const whole = m[1]!;
  const frac = m[3] ?? '';
  const group = /^\d{1,3}(?:([.,' \u00a0])\d{3})(?:\1\d{3})*$/.exec(whole);
  const grouped = group !== null && group[1] !== m[2];
  if (!(/^\d+$/.test(whole) || grouped || (whole === '' && frac !== ''))) fail(line, `the amount '${raw.trim()}' is not a number`);
  const cents = Number(whole.replace(/\D/g, '') || '0') * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) fail(line, `the amount '${raw.trim()}' is too large`);
  return negative && cents !== 0 ? -cents : cents;
}

const DATE_ORDER: Record<CsvDateFormat, ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd']> = {
  'MM/DD/YYYY': ['m', 'd', 'y'],
  'DD/MM/YYYY': ['d', 'm', 'y'],
  'YYYY-MM-DD': ['y', 'm', 'd'],
  'MM/DD/YY': ['m', 'd', 'y'],
  'DD/MM/YY': ['d', 'm', 'y'],
  YYYYMMDD: ['y', 'm', 'd'],
};

/** A date cell in the mapping's format; a time after the date ("11/05/2026 12:00:00 AM") is ignored. */
export function csvDate(raw: string, format: CsvDateFormat, line: number): string {
  const cell = raw.trim().split(/[\sT]/)[0] ?? '';
  let parts = cell.split(/[/.-]/);
  if (parts.length === 1 && /^\d{8}$/.test(cell)) parts = format === 'YYYYMMDD' ? [cell.slice(0, 4), cell.slice(4, 6), cell.slice(6)] : [];
  const bad: () => never = () => fail(line, `the date '${raw.trim()}' is not a date in the format ${format}`);
  if (parts.length !== 3 || parts.some((p) => !/^\d{1,4}$/.test(p))) bad();
  const value: Record<'y' | 'm' | 'd', string> = { y: '', m: '', d: '' };
  DATE_ORDER[format].forEach((key, i) => (value[key] = parts[i]!));
  if (value.m.length > 2 || value.d.length > 2 || (value.y.length !== 4 && value.y.length !== 2)) bad();
  const year = value.y.length === 2 ? 2000 + Number(value.y) : Number(value.y);
  const iso = isoFromParts(year, Number(value.m), Number(value.d));
  if (!iso) bad();
  return iso;
}

const norm = (s: string) => cleanText(s.replace(/^\uFEFF/, '')).toLowerCase();

/** Reads a CSV statement with a column mapping; the header row is found by the mapped column names. */
export function parseCsvStatement(text: string, mapping: CsvMapping, options: ParseOptions = {}): ParsedStatement {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const rows = parsed.data;
  // The file line each row starts on: rows are one line apart, plus the line breaks inside quoted cells.
  const startLine: number[] = [];
  let next = 1;
  for (const row of rows) {
    startLine.push(next);
    next += 1 + row.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  }
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) fail(startLine[quoteError.row ?? 0] ?? null, 'a quoted value is not closed');

  const wanted = {
    date: mapping.date, amount: mapping.amount, debit: mapping.debit, credit: mapping.credit,
    description: mapping.description, reference: mapping.reference, check_number: mapping.check_number,
  };
  const mapped = Object.entries(wanted).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
  const headerIndex = rows.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => {
    const names = row.map(norm);
    return mapped.every(([, header]) => names.includes(norm(header)));
  });
  if (headerIndex < 0) {
    const first = rows.find((r) => r.some((c) => c.trim() !== '')) ?? [];
    const names = first.map(norm);
    const missing = mapped.filter(([, h]) => !names.includes(norm(h))).map(([, h]) => `'${h}'`);
    fail(null, `the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of the mapping ${missing.length > 1 ? 'are' : 'is'} not in the file's header (its columns: ${first.map((c) => cleanText(c)).filter(Boolean).join(', ')})`);
  }
  const header = rows[headerIndex]!.map(norm);
  const col = (key: keyof typeof wanted): number => {
    const name = wanted[key];
    return name ? header.indexOf(norm(name)) : -1;
  };
  const at = { date: col('date'), amount: col('amount'), debit: col('debit'), credit: col('credit'), description: col('description'), reference: col('reference'), check: col('check_number') };
  const cell = (row: string[], index: number) => (index < 0 ? '' : (row[index] ?? ''));

  const warnings: string[] = [];
  const lines: StatementLine[] = [];
  rows.slice(headerIndex + 1).forEach((row, k) => {
    const line = startLine[headerIndex + 1 + k]!;
    if (row.every((c) => c.trim() === '')) return;
    let amount_cents: number | null;
    if (at.amount >= 0) amount_cents = csvAmountToCents(cell(row, at.amount), line);
    else {
      const debit = csvAmountToCents(cell(row, at.debit), line);
      const credit = csvAmountToCents(cell(row, at.credit), line);
      // The debit column is money going out whatever sign the bank gave it, the credit column money coming in.
      amount_cents = debit === null && credit === null ? null : Math.abs(credit ?? 0) - Math.abs(debit ?? 0);
    }
    const dateCell = cell(row, at.date);
    // Banks end exports with a totals row and may wrap long descriptions onto dateless rows.
    if (dateCell.trim() === '') {
      warnings.push(`Line ${line}: a row without a date ('${cleanText(row.join(' ')).slice(0, 40)}') was skipped.`);
      return;
    }
    const date = csvDate(dateCell, mapping.date_format, line);
    if (amount_cents === null) fail(line, at.amount >= 0 ? 'the row has no amount' : 'the row has neither a debit nor a credit amount');
    const description = cleanText(cell(row, at.description));
    lines.push({
      line_no: line,
      date,
      amount_cents,
      description,
      payee: null,
      bank_reference: textOrNull(cell(row, at.reference)),
      check_number: normalizeCheckNumber(cell(row, at.check)) ?? (amount_cents < 0 ? checkNumberInText(description) : null),
    });
  });
  if (lines.length === 0) fail(null, 'the file has no transaction rows under its header');
  return joinSections('csv', [{ accountKey: null, line: startLine[headerIndex]!, period_start: null, period_end: null, opening_balance_cents: null, closing_balance_cents: null, lines }], warnings, options);
}
