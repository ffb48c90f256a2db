import { describe, expect, it } from 'vitest';
import {
  checkNumberInText, compactOrIsoDate, decimalToCents, isoFromParts, joinSections, lineLocator, normalizeCheckNumber, statementAccount,
  type AccountSection,
} from './statement.values.ts';

describe('decimal amounts', () => {
  it.each([
    ['0', 0], ['12', 1_200], ['12.3', 1_230], ['12.34', 1_234], ['-12.34', -1_234], ['+12.34', 1_234], ['12,34', 1_234], ['.5', 50],
    ['12.3400', 1_234], ['-0.00', 0], [' 7.01 ', 701], ['999999999999.99', 99_999_999_999_999],
  ])('%j is %i cents', (text, cents) => {
    expect(decimalToCents(text, 1)).toBe(cents);
  });
  it.each([['abc', 'is not a number'], ['', 'is not a number'], ['1.2.3', 'is not a number'], ['1e3', 'is not a number'], ['12.345', 'has fractions of a cent'], ['1000000000000.00', 'is too large']])('%j is refused (%s)', (text, why) => {
    expect(() => decimalToCents(text, 5, 'balance')).toThrow(`Line 5: the balance '${text}' ${why}`);
  });
});

describe('dates', () => {
  it.each([
    ['20261105', '2026-11-05'], ['20261105120000.000[-5:EST]', '2026-11-05'], ['2026-11-05', '2026-11-05'], ['2026-11-05T23:59:59-05:00', '2026-11-05'], ['20280229', '2028-02-29'],
  ])('%j is %s', (text, iso) => {
    expect(compactOrIsoDate(text, 1, 'date')).toBe(iso);
  });
  it.each(['20261305', '20260229', '2026-11', 'Nov 5', ''])('%j is refused', (text) => {
    expect(() => compactOrIsoDate(text, 3, 'date')).toThrow(`Line 3: the date '${text.trim()}' is not a date`);
  });
  it('isoFromParts checks the calendar', () => {
    expect(isoFromParts(2026, 2, 28)).toBe('2026-02-28');
    expect(isoFromParts(2026, 2, 29)).toBeNull();
    expect(isoFromParts(2026, 13, 1)).toBeNull();
    expect(isoFromParts(1899, 1, 1)).toBeNull();
  });
});

describe('check numbers and lines', () => {
  it.each([
    ['CHECK 1042', '1042'], ['CHECK # 0881', '881'], ['CHK#77', '77'], ['Check No. 12', '12'], ['CHECK PAID 5512', '5512'], ['CK 9', '9'], ['CHEQUE 3', '3'],
    ['CHECKING TRANSFER', null], ['DEPOSIT 1042', null], ['CHECKCARD 1234 PURCHASE', null],
  ])('%j → %j', (text, number) => {
    expect(checkNumberInText(text)).toBe(number);
  });
  it('normalizes check numbers', () => {
    expect(normalizeCheckNumber('0001042')).toBe('1042');
    expect(normalizeCheckNumber('0')).toBe('0');
    expect(normalizeCheckNumber('  ')).toBeNull();
    expect(normalizeCheckNumber('A-17')).toBe('A-17');
  });
  it('locates lines by offset', () => {
    const at = lineLocator('a\nbc\n\nd');
    expect([0, 1, 2, 4, 5, 6].map(at)).toEqual([1, 1, 2, 2, 3, 4]);
  });
  it('names an account by routing and last four', () => {
    expect(statementAccount('000123456789', '121000358')).toEqual({ routing: '121000358', number_last4: '6789' });
    expect(statementAccount('12')).toEqual({});
  });
});

describe('joining the sections of a file', () => {
  const section = (over: Partial<AccountSection>): AccountSection => ({
    accountKey: '1234', account: { number_last4: '1234' }, line: 1, period_start: null, period_end: null, opening_balance_cents: null, closing_balance_cents: null, lines: [], ...over,
  });
  const tx = (line_no: number, date: string, amount_cents: number) => ({ line_no, date, amount_cents, description: 'X', payee: null, bank_reference: null, check_number: null });
  it('chains sections of one account in date order and warns where one does not open at the last close', () => {
    const warnings: string[] = [];
    const s = joinSections('camt053', [
      section({ line: 40, period_start: '2026-11-03', period_end: '2026-11-03', opening_balance_cents: 900, closing_balance_cents: 1_000, lines: [tx(41, '2026-11-03', 100)] }),
      section({ line: 2, period_start: '2026-11-02', period_end: '2026-11-02', opening_balance_cents: 500, closing_balance_cents: 800, lines: [tx(3, '2026-11-02', 300)] }),
    ], warnings, {});
    expect([s.period_start, s.period_end, s.opening_balance_cents, s.closing_balance_cents]).toEqual(['2026-11-02', '2026-11-03', 500, 1_000]);
    expect(s.lines.map((l) => l.line_no)).toEqual([3, 41]);
    expect(warnings).toEqual(['The statement starting on line 40 opens at 9.00, but the one before it closed at 8.00.']);
  });
  it('the period reaches the lines outside the stated dates', () => {
    const s = joinSections('ofx', [section({ period_start: '2026-11-05', period_end: '2026-11-10', lines: [tx(3, '2026-11-01', 1), tx(4, '2026-11-12', 1)] })], [], {});
    expect([s.period_start, s.period_end]).toEqual(['2026-11-01', '2026-11-12']);
  });
  it('an empty file or a statement with neither dates nor lines is refused', () => {
    expect(() => joinSections('ofx', [], [], {})).toThrow('the file holds no account statement');
    expect(() => joinSections('ofx', [section({ line: 9 })], [], {})).toThrow('Line 9: the statement has no transactions and no period dates');
  });
});
