import { describe, expect, it } from 'vitest';
import { readFixture } from './fixtures/read-fixture.ts';
import { parseStatement } from './statement-formats/detect.ts';
import { findDuplicateLines, openingBalanceGap, statementAlreadyImported, statementFingerprint, type IncomingLineKey, type StoredLineKey } from './statement-dedupe.rules.ts';

const line = (date: string, cents: number, description: string, ref: string | null = null): IncomingLineKey => ({ date, amount_cents: cents, description, bank_reference: ref });
const stored = (id: string, l: IncomingLineKey): StoredLineKey => ({ id, ...l });
const indexes = (found: ReturnType<typeof findDuplicateLines>) => found.map((d) => d.index);

describe('duplicates by bank id: the id with the same date and amount', () => {
  it('a re-import of the same lines is all duplicates, each against its own stored line', () => {
    const lines = [line('2026-11-02', 25_000, 'DEPOSIT', 'F1'), line('2026-11-05', -120_000, 'CHECK 1042', 'F2')];
    expect(findDuplicateLines([stored('a', lines[0]!), stored('b', lines[1]!)], lines)).toEqual([
      { index: 0, existing_id: 'a', rule: 'bank_reference' },
      { index: 1, existing_id: 'b', rule: 'bank_reference' },
    ]);
  });
  it('a reused id on another date or amount is a new line', () => {
    const old = [stored('a', line('2026-12-01', 25_000, 'DEPOSIT', '1'))];
    expect(findDuplicateLines(old, [line('2026-12-02', 25_000, 'DEPOSIT', '1')])).toEqual([]);
    expect(findDuplicateLines(old, [line('2026-12-01', 50_000, 'DEPOSIT', '1')])).toEqual([]);
  });
  it('the same id, date and amount twice in a file and once stored: one duplicate, one new', () => {
    const fee = line('2026-12-01', -300, 'ATM FEE', 'X');
    expect(indexes(findDuplicateLines([stored('a', fee)], [fee, fee]))).toEqual([0]);
    expect(indexes(findDuplicateLines([stored('a', fee), stored('b', fee)], [fee, fee, fee]))).toEqual([0, 1]);
  });
  it('ids compare after trimming; a blank id is no id', () => {
    expect(indexes(findDuplicateLines([stored('a', line('2026-12-01', 1, 'A', ' F9 '))], [line('2026-12-01', 1, 'B', 'F9')]))).toEqual([0]);
    expect(findDuplicateLines([stored('a', line('2026-12-01', 1, 'A', '  '))], [line('2026-12-01', 1, 'B', '')])).toEqual([]);
  });
});

describe('duplicates by date, amount, description and position among identical lines', () => {
  const dues = (n: number) => Array.from({ length: n }, () => line('2026-11-01', 25_000, 'HOA DUES ACH'));
  it('the 3rd identical line of a re-import repeats the 3rd stored one; a new 4th is new', () => {
    const old = dues(3).map((l, i) => stored(`s${i}`, l));
    const found = findDuplicateLines(old, dues(4));
    expect(found.map((d) => [d.index, d.existing_id, d.rule])).toEqual([[0, 's0', 'identical_line'], [1, 's1', 'identical_line'], [2, 's2', 'identical_line']]);
  });
  it('twenty identical dues payments stored, twenty again plus two more: exactly twenty duplicates', () => {
    expect(findDuplicateLines(dues(20).map((l, i) => stored(`s${i}`, l)), dues(22))).toHaveLength(20);
  });
  it('descriptions compare without case and spacing', () => {
    expect(indexes(findDuplicateLines([stored('a', line('2026-11-01', 5, 'Hoa  Dues ach '))], [line('2026-11-01', 5, 'HOA DUES ACH')]))).toEqual([0]);
  });
  it('another date, amount or description is a new line', () => {
    const old = [stored('a', line('2026-11-01', 25_000, 'HOA DUES'))];
    expect(findDuplicateLines(old, [line('2026-11-02', 25_000, 'HOA DUES'), line('2026-11-01', 25_001, 'HOA DUES'), line('2026-11-01', 25_000, 'HOA DUES 2')])).toEqual([]);
  });
  it('a bank that changes its ids on every download: the identical-line rule still finds the repeats', () => {
    const old = [stored('a', line('2026-11-01', 25_000, 'DEPOSIT', 'DL1-1')), stored('b', line('2026-11-01', 25_000, 'DEPOSIT', 'DL1-2'))];
    const again = [line('2026-11-01', 25_000, 'DEPOSIT', 'DL2-1'), line('2026-11-01', 25_000, 'DEPOSIT', 'DL2-2'), line('2026-11-01', 25_000, 'DEPOSIT', 'DL2-3')];
    expect(findDuplicateLines(old, again).map((d) => [d.index, d.existing_id, d.rule])).toEqual([[0, 'a', 'identical_line'], [1, 'b', 'identical_line']]);
  });
  it('a stored line matched by its id is not matched again by the identical-line rule', () => {
    // Stored: one deposit with id A. The new file has A again and a second, identical deposit B: B is new.
    const a = line('2026-11-01', 40_000, 'DEPOSIT', 'A');
    expect(findDuplicateLines([stored('a', a)], [line('2026-11-01', 40_000, 'DEPOSIT', 'B'), a]).map((d) => [d.index, d.rule])).toEqual([[1, 'bank_reference']]);
  });
  it('lines without ids mixed with lines with ids', () => {
    const x = line('2026-11-03', 900, 'INTEREST');
    const a = line('2026-11-03', 900, 'INTEREST', 'I1');
    expect(findDuplicateLines([stored('x', x), stored('a', a)], [x, a, x]).map((d) => [d.index, d.existing_id])).toEqual([[0, 'x'], [1, 'a']]);
  });
});

describe('the reused-FITID fixtures imported one after the other', () => {
  it('the overlap is found, the new day with the same ids is new', () => {
    const first = parseStatement(readFixture('ofx-reused-fitid.ofx')).lines.map((l, i) => stored(`f${i}`, l));
    const second = parseStatement(readFixture('ofx-reused-fitid-later.ofx')).lines;
    const found = findDuplicateLines(first, second);
    expect(found.map((d) => [d.index, d.existing_id, d.rule])).toEqual([[0, 'f2', 'bank_reference'], [1, 'f3', 'bank_reference']]);
    expect(second.filter((_, i) => !found.some((d) => d.index === i)).map((l) => [l.date, l.amount_cents, l.bank_reference])).toEqual([
      ['2026-12-03', 25_000, '1'], ['2026-12-03', -3_000, '2'],
    ]);
  });
});

describe('the opening-balance gap', () => {
  const prev = { period_end: '2026-10-31', closing_balance_cents: 1_000_000 };
  it('no warning when the statement opens where the previous closed', () => {
    expect(openingBalanceGap(prev, { period_start: '2026-11-01', opening_balance_cents: 1_000_000 })).toBeNull();
  });
  it('names the gap, both balances and both dates', () => {
    expect(openingBalanceGap(prev, { period_start: '2026-11-01', opening_balance_cents: 1_003_456 })).toBe(
      'The opening balance $10,034.56 on 2026-11-01 differs from the closing balance $10,000.00 of the statement ending 2026-10-31 by $34.56: a statement or some transactions between them may be missing.',
    );
    expect(openingBalanceGap(prev, { period_start: '2026-12-01', opening_balance_cents: 990_000 })).toMatch(/by -\$100\.00/);
  });
  it('nothing to compare: no previous statement, no balances, or overlapping periods', () => {
    expect(openingBalanceGap(null, { period_start: '2026-11-01', opening_balance_cents: 5 })).toBeNull();
    expect(openingBalanceGap({ ...prev, closing_balance_cents: null }, { period_start: '2026-11-01', opening_balance_cents: 5 })).toBeNull();
    expect(openingBalanceGap(prev, { period_start: '2026-11-01', opening_balance_cents: null })).toBeNull();
    expect(openingBalanceGap(prev, { period_start: '2026-10-15', opening_balance_cents: 5 })).toBeNull();
    expect(openingBalanceGap(prev, { period_start: '2026-10-31', opening_balance_cents: 5 })).toBeNull();
  });
});

describe('the file fingerprint', () => {
  const file = readFixture('ofx1-sgml-unclosed.ofx');
  it('is the SHA-256 of the normalized text', () => {
    expect(statementFingerprint(file)).toMatch(/^[0-9a-f]{64}$/);
    expect(statementFingerprint(file)).toBe(statementFingerprint(Buffer.from(file)));
  });
  it('ignores a BOM, line-end style, trailing spaces and blank lines at the end', () => {
    const text = file.toString('latin1');
    const variants = [
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text.replace(/\r\n/g, '\n'), 'latin1')]),
      Buffer.from(text.replace(/\r\n/g, '  \n') + '\n\n', 'latin1'),
    ];
    for (const v of variants) expect(statementFingerprint(v)).toBe(statementFingerprint(file));
  });
  it('changes with any change of content', () => {
    const text = file.toString('latin1');
    expect(statementFingerprint(text.replace('250.00', '250.01'))).not.toBe(statementFingerprint(file));
    expect(statementFingerprint(readFixture('ofx-reused-fitid.ofx'))).not.toBe(statementFingerprint(readFixture('ofx-reused-fitid-later.ofx')));
  });
});

describe('a file imported before', () => {
  it('answers 409 statement_already_imported, naming the statement', () => {
    const e = statementAlreadyImported({ period_start: '2026-11-01', period_end: '2026-11-30' });
    expect([e.status, e.code, e.message]).toEqual([409, 'statement_already_imported', 'This file was imported before (the statement of 2026-11-01 to 2026-11-30); nothing was imported again.']);
  });
});
