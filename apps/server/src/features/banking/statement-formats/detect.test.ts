import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures/read-fixture.ts';
import { detectStatementFormat, parseStatement } from './detect.ts';
import { decodeStatementBytes, StatementFormatError } from './statement.values.ts';

const text = (name: string) => decodeStatementBytes(readFixture(name));

describe('the format comes from the content, never the file name', () => {
  it.each([
    ['ofx1-sgml-unclosed.ofx', 'ofx'], ['ofx2-xml.ofx', 'ofx'], ['qfx-intuit.qfx', 'qfx'], ['ofx-one-line-positive-amounts.ofx', 'ofx'],
    ['camt053-two-days.xml', 'camt053'], ['bai2-continuation.bai', 'bai2'],
  ] as const)('%s is %s', (name, format) => {
    expect(detectStatementFormat(text(name), false)).toBe(format);
    expect(parseStatement(readFixture(name)).format).toBe(format);
  });
  it('CSV needs its mapping', () => {
    expect(detectStatementFormat(text('csv-debit-credit-bom.csv'), true)).toBe('csv');
    expect(() => detectStatementFormat(text('csv-bad-date.csv'), false)).toThrow('the file looks like a CSV statement: say which columns hold the date, the amount and the description');
    const s = parseStatement(readFixture('csv-bad-amount.csv').toString('utf8').replace('12.3.4', '12.34'), { mapping: { date: 'Date', amount: 'Amount', description: 'Description', date_format: 'MM/DD/YYYY' } });
    expect(s.lines.map((l) => l.amount_cents)).toEqual([25_000, 1_234]);
  });
  it('leading blank lines and a BOM before an OFX header do not matter', () => {
    expect(detectStatementFormat(`\uFEFF\r\n\r\n${text('ofx1-sgml-unclosed.ofx')}`.replace(/^\uFEFF/, ''), false)).toBe('ofx');
  });
  it.each([
    [Buffer.from('%PDF-1.7\n...'), 'the file is a PDF document, not a bank statement'],
    [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), 'the file is a spreadsheet or zip archive (export the statement as CSV, OFX, BAI2 or CAMT.053), not a bank statement'],
    [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]), 'the file is an Excel workbook (export the statement as CSV, OFX, BAI2 or CAMT.053), not a bank statement'],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]), 'the file is an image, not a bank statement'],
    [Buffer.from(''), 'the file is empty'],
    [Buffer.from('  \n \n'), 'the file is empty'],
    [Buffer.from('<?xml version="1.0"?><rss></rss>'), 'the file is XML but not an OFX file or an ISO 20022 camt.053 statement'],
    [Buffer.from('Dear treasurer, here is the statement.'), 'the file is not a bank statement format we read (OFX, QFX, CAMT.053, BAI2 or CSV)'],
  ])('refuses what is not a statement: %#', (bytes, message) => {
    expect(() => parseStatement(bytes)).toThrow(StatementFormatError);
    expect(() => parseStatement(bytes)).toThrow(message);
  });
  it('decodes UTF-8, Windows-1252 and UTF-16 by their bytes', () => {
    expect(decodeStatementBytes(Buffer.from([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
    expect(decodeStatementBytes(Buffer.from('Café', 'utf8'))).toBe('Café');
    expect(decodeStatementBytes(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80]))).toBe('Café €');
    expect(decodeStatementBytes(Buffer.from([0xff, 0xfe, 0x41, 0x00, 0xe9, 0x00]))).toBe('Aé');
    expect(decodeStatementBytes(Buffer.from([0xfe, 0xff, 0x00, 0x41]))).toBe('A');
  });
});
