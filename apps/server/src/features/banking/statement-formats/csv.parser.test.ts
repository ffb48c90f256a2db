import { describe, expect, it } from 'vitest';
import type { CsvMapping } from '@covenant/contracts/banking';
import { readFixture } from '../fixtures/read-fixture.ts';
import { csvAmountToCents, csvDate, parseCsvStatement } from './csv.parser.ts';
import { decodeStatementBytes } from './statement.values.ts';

const fixture = (name: string) => decodeStatementBytes(readFixture(name));
const map = (m: Partial<CsvMapping>): CsvMapping => ({
  date: 'Date', amount: 'Amount', debit: null, credit: null, description: 'Description', reference: null, check_number: null, date_format: 'MM/DD/YYYY', ...m,
});

describe('CSV amounts', () => {
  it.each([
    ['250.00', 25_000], ['-84.17', -8_417], ['+12', 1_200], ['$1,250.00', 125_000], ['-$1,250.00', -125_000], ['$-1,250.00', -125_000],
    ['(45.00)', -4_500], ['($1,312.45)', -131_245], ['2,000.00-', -200_000], ['12.00 CR', 1_200], ['12.00 DR', -1_200], ['12.00DR', -1_200],
    ['1.234,56', 123_456], ['1 250,00', 125_000], ['1\u00a0250,00', 125_000], ["1'250.00", 125_000], ['12,5', 1_250], ['1,234', 123_400],
    ['1.230', 123_000], ['.5', 50], ['0', 0], ['-0.00', 0], ['USD 15.00', 1_500], ['15.00 USD', 1_500], ['\u221212.00', -1_200], ['1,234,567.89', 123_456_789],
  ])('%j is %i cents', (text, cents) => {
    expect(csvAmountToCents(text, 3)).toBe(cents);
  });
  it('an empty cell is no amount', () => {
    expect(csvAmountToCents('  ', 3)).toBeNull();
  });
  it.each(['abc', '12.3.4', '1,23,456', '12..5', '1,2345.00', '--5', '$', '12.345.6'])('%j is refused, naming the line', (text) => {
    expect(() => csvAmountToCents(text, 7)).toThrow(`Line 7: the amount '${text}' is not a number`);
  });
});

describe('CSV dates', () => {
  it.each([
    ['11/05/2026', 'MM/DD/YYYY', '2026-11-05'], ['1/5/2026', 'MM/DD/YYYY', '2026-01-05'], ['11-05-2026', 'MM/DD/YYYY', '2026-11-05'],
    ['05/11/2026', 'DD/MM/YYYY', '2026-11-05'], ['31.12.2026', 'DD/MM/YYYY', '2026-12-31'], ['2026-11-05', 'YYYY-MM-DD', '2026-11-05'],
    ['2026/11/05', 'YYYY-MM-DD', '2026-11-05'], ['11/05/26', 'MM/DD/YY', '2026-11-05'], ['05/11/26', 'DD/MM/YY', '2026-11-05'],
    ['20261105', 'YYYYMMDD', '2026-11-05'], ['11/05/2026 12:00:00 AM', 'MM/DD/YYYY', '2026-11-05'], ['2026-11-05T08:00:00Z', 'YYYY-MM-DD', '2026-11-05'],
    ['02/29/2028', 'MM/DD/YYYY', '2028-02-29'],
  ] as const)('%j in %s is %s', (text, format, iso) => {
    expect(csvDate(text, format, 2)).toBe(iso);
  });
  it.each([
    ['13/45/2026', 'MM/DD/YYYY'], ['02/29/2026', 'MM/DD/YYYY'], ['11/05/2026', 'YYYY-MM-DD'], ['2026-11-05', 'MM/DD/YYYY'], ['Nov 5, 2026', 'MM/DD/YYYY'],
    ['20261105', 'MM/DD/YYYY'], ['111/05/2026', 'MM/DD/YYYY'],
  ] as const)('%j in %s is refused', (text, format) => {
    expect(() => csvDate(text, format, 9)).toThrow(`Line 9: the date '${text}' is not a date in the format ${format}`);
  });
});

describe('CSV statements with a mapping', () => {
  it('debit and credit columns, a BOM, CRLF, MM/DD/YYYY, account lines above the header, a totals row below', () => {
    const s = parseCsvStatement(fixture('csv-debit-credit-bom.csv'), map({ date: 'Posting Date', amount: null, debit: 'Debit', credit: 'Credit', check_number: 'Check Number' }));
    expect(s.format).toBe('csv');
    expect(s.lines.map((l) => [l.line_no, l.date, l.amount_cents, l.description, l.check_number])).toEqual([
      [5, '2026-11-02', 25_000, 'DEPOSIT, MOBILE REF 88812', null],
      [6, '2026-11-05', -120_000, 'CHECK 1042', '1042'],
      [7, '2026-11-10', -8_417, 'CITY WATER UTIL, ACH DEBIT', null],
      [8, '2026-11-15', 25_000, 'DEPOSIT, MOBILE REF 88812', null],
      [9, '2026-11-15', 25_000, 'DEPOSIT, MOBILE REF 88812', null],
      [10, '2026-11-30', -1_500, 'MONTHLY SERVICE FEE', null],
      [11, '2026-11-30', 42, 'INTEREST PAID', null],
    ]);
    expect([s.period_start, s.period_end, s.opening_balance_cents, s.closing_balance_cents]).toEqual(['2026-11-02', '2026-11-30', null, null]);
    expect(s.warnings).toEqual(["Line 12: a row without a date ('Total 1,299.17 750.42') was skipped."]);
  });
  it('one amount column with parentheses negatives, DD/MM/YYYY, a quoted line break (line numbers follow the file)', () => {
    const s = parseCsvStatement(fixture('csv-amount-parentheses.csv'), map({ description: 'Details', reference: 'Reference', date_format: 'DD/MM/YYYY' }));
    expect(s.lines.map((l) => [l.line_no, l.date, l.amount_cents, l.bank_reference, l.description])).toEqual([
      [2, '2026-12-03', 25_000, 'TRX-9001', 'Dues payment unit 14 (two lines)'],
      [4, '2026-12-04', -131_245, 'TRX-9002', 'Landscaping - Greenscape'],
      [5, '2026-12-05', 4_500, 'TRX-9003', 'Refund of deposit'],
      [6, '2026-12-06', -1_200, 'TRX-9004', 'Bank fee'],
      [7, '2026-12-31', -200_000, 'TRX-9005', 'Wire out'],
    ]);
  });
  it('a UTF-16 tab-separated export (Excel "Unicode text") with a decimal comma', () => {
    const s = parseCsvStatement(fixture('csv-utf16-tab.csv'), map({ date_format: 'YYYY-MM-DD' }));
    expect(s.lines.map((l) => [l.date, l.amount_cents, l.description])).toEqual([['2026-12-01', 125_000, 'Dépôt — cotisations'], ['2026-12-02', -950, 'Frais bancaires']]);
  });
  it('headers match without case or spacing; a debit column with signed values is still money out; a check number in the text', () => {
    const text = 'date , DEBIT,Credit ,Memo\n2026-11-03,-40.00,,CHK #0775\n2026-11-04,,"1,000.00",Transfer in\n';
    const s = parseCsvStatement(text, map({ date: 'Date', amount: null, debit: 'Debit', credit: 'Credit', description: 'memo', date_format: 'YYYY-MM-DD' }));
    expect(s.lines.map((l) => [l.amount_cents, l.check_number])).toEqual([[-4_000, '775'], [100_000, null]]);
  });
  it('no description column: empty descriptions', () => {
    const s = parseCsvStatement('Date,Amount\n11/02/2026,5\n', map({ description: null }));
    expect(s.lines[0]!.description).toBe('');
  });
});

describe('malformed CSV statements are refused, naming the line', () => {
  it('a bad date', () => {
    expect(() => parseCsvStatement(fixture('csv-bad-date.csv'), map({}))).toThrow("Line 4: the date '13/45/2026' is not a date in the format MM/DD/YYYY");
  });
  it('a bad amount', () => {
    expect(() => parseCsvStatement(fixture('csv-bad-amount.csv'), map({}))).toThrow("Line 3: the amount '12.3.4' is not a number");
  });
  it.each([
    ['Date,Amount,Description\n11/02/2026,,DEPOSIT\n', map({}), 'Line 2: the row has no amount'],
    ['Date,Debit,Credit\n11/02/2026,,\n', map({ amount: null, debit: 'Debit', credit: 'Credit', description: null }), 'Line 2: the row has neither a debit nor a credit amount'],
    ['Date,Amount,Description\n11/02/2026,"5,DEPOSIT\n', map({}), 'Line 2: a quoted value is not closed'],
    ['Posted,Amount,Description\n11/02/2026,5,X\n', map({}), "the column 'Date' of the mapping is not in the file's header (its columns: Posted, Amount, Description)"],
    ['Posted,Value\n11/02/2026,5\n', map({ description: 'Memo' }), "the columns 'Date', 'Amount', 'Memo' of the mapping are not in the file's header (its columns: Posted, Value)"],
    ['Date,Amount,Description\n', map({}), 'the file has no transaction rows under its header'],
  ])('refused: %#', (text, mapping, message) => {
    expect(() => parseCsvStatement(text, mapping)).toThrow(message);
  });
});
