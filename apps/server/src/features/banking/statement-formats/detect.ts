import type { CsvMapping, StatementFormat } from '@covenant/contracts/banking';
import { parseBai2 } from './bai2.parser.ts';
import { parseCamt053 } from './camt053.parser.ts';
import { parseCsvStatement } from './csv.parser.ts';
import { parseOfx } from './ofx.parser.ts';
import { decodeStatementBytes, fail, type ParsedStatement, type ParseOptions } from './statement.values.ts';

/** Files people upload by mistake, told apart by their first bytes. */
const NOT_STATEMENTS: ReadonlyArray<readonly [readonly number[], string]> = [
  [[0x25, 0x50, 0x44, 0x46, 0x2d], 'a PDF document'],
  [[0x50, 0x4b, 0x03, 0x04], 'a spreadsheet or zip archive (export the statement as CSV, OFX, BAI2 or CAMT.053)'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'an Excel workbook (export the statement as CSV, OFX, BAI2 or CAMT.053)'],
  [[0xff, 0xd8, 0xff], 'an image'],
  [[0x89, 0x50, 0x4e, 0x47], 'an image'],
  [[0x47, 0x49, 0x46, 0x38], 'an image'],
];

function refuseOtherFiles(input: Uint8Array | string): void {
  const head = typeof input === 'string' ? Buffer.from(input.slice(0, 8), 'latin1') : input.subarray(0, 8);
  for (const [signature, what] of NOT_STATEMENTS) {
    if (signature.every((byte, i) => head[i] === byte)) fail(null, `the file is ${what}, not a bank statement`);
  }
}

/**
 * The statement format, by content only (a file's name says nothing reliable): OFX/QFX by their header or
 * <OFX> element, CAMT.053 by its XML document, BAI2 by its 01 file header, else CSV when a mapping is given.
 */
export function detectStatementFormat(text: string, hasMapping: boolean): StatementFormat {
  const head = text.slice(0, 8192);
  const trimmed = head.trimStart();
  if (/^OFXHEADER\s*:/i.test(trimmed) || /<\?OFX[\s>]/i.test(head) || /<OFX>/i.test(head)) return /<INTU\.BID>/i.test(text) ? 'qfx' : 'ofx';
  if (/^<(\?xml|Document|[A-Za-z0-9]+:Document)[\s>]/.test(trimmed)) {
    if (/BkToCstmr|camt\.05\d/.test(head)) return 'camt053';
    fail(null, 'the file is XML but not an OFX file or an ISO 20022 camt.053 statement');
  }
  if (/^01,/.test(trimmed)) return 'bai2';
  if (hasMapping) return 'csv';
  if (/^[^\n]*[,;\t|][^\n]*\r?\n/.test(trimmed)) fail(null, 'the file looks like a CSV statement: say which columns hold the date, the amount and the description');
  fail(null, 'the file is not a bank statement format we read (OFX, QFX, CAMT.053, BAI2 or CSV)');
}

/** Reads an uploaded statement of any supported format into the normalized statement; a malformed file throws. */
export function parseStatement(input: Uint8Array | string, options: ParseOptions & { mapping?: CsvMapping | null } = {}): ParsedStatement {
  refuseOtherFiles(input);
  const text = decodeStatementBytes(input);
  if (text.trim() === '') fail(null, 'the file is empty');
  const format = detectStatementFormat(text, Boolean(options.mapping));
  switch (format) {
    case 'ofx':
    case 'qfx':
      return parseOfx(text, options);
    case 'camt053':
      return parseCamt053(text, options);
    case 'bai2':
      return parseBai2(text, options);
    case 'csv':
      return parseCsvStatement(text, options.mapping!, options);
  }
}
