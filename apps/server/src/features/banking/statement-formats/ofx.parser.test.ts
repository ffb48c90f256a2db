import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures/read-fixture.ts';
import { parseOfx } from './ofx.parser.ts';
import { decodeStatementBytes, StatementFormatError } from './statement.values.ts';

const ofx = (name: string) => parseOfx(decodeStatementBytes(readFixture(name)));

/** A small OFX 1.x file around the given <STMTRS> bodies. */
function sgml(...statements: string[]): string {
  return ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', '', '<OFX>', '<BANKMSGSRSV1>',
    ...statements.map((s) => `<STMTTRNRS>\n<STMTRS>\n${s}\n</STMTRS>\n</STMTTRNRS>`), '</BANKMSGSRSV1>', '</OFX>'].join('\n');
}
const account = (id: string) => `<CURDEF>USD\n<BANKACCTFROM>\n<BANKID>121000358\n<ACCTID>${id}\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>`;
const list = (...trns: string[]) => `<BANKTRANLIST>\n<DTSTART>20261101\n<DTEND>20261130\n${trns.join('\n')}\n</BANKTRANLIST>`;
const trn = (fields: string) => `<STMTTRN>\n${fields}\n</STMTTRN>`;
function refusal(text: string): StatementFormatError {
  try {
    parseOfx(text);
  } catch (e) {
    if (e instanceof StatementFormatError) return e;
    throw e;
  }
  throw new Error('the file was accepted');
}

describe('OFX 1.x (SGML): leaf tags without closing tags, a header before <OFX>', () => {
  const s = ofx('ofx1-sgml-unclosed.ofx');
  it('reads the account, the period and the ledger balance; the opening follows from the lines', () => {
    expect(s.format).toBe('ofx');
    expect(s.account).toEqual({ routing: '121000358', number_last4: '6789' });
    expect([s.period_start, s.period_end]).toEqual(['2026-11-01', '2026-11-30']);
    expect(s.closing_balance_cents).toBe(1_234_567);
    expect(s.opening_balance_cents).toBe(1_234_567 + 91_935);
    expect(s.lines.reduce((sum, l) => sum + l.amount_cents, 0)).toBe(-91_935);
    expect(s.warnings).toEqual([]);
  });
  it('reads every transaction with its file line, signed amount, FITID and check number', () => {
    expect(s.lines.map((l) => [l.line_no, l.date, l.amount_cents, l.bank_reference, l.check_number])).toEqual([
      [39, '2026-11-02', 25_000, '2026110201', null],
      [47, '2026-11-05', -120_000, '2026110501', '1042'],
      [55, '2026-11-10', -8_417, '2026111001', null],
      [63, '2026-11-12', -4_550, '2026111201', null],
      [70, '2026-11-15', 25_000, '2026111501', null],
      [78, '2026-11-20', -7_510, '2026112001', null],
      [85, '2026-11-30', -1_500, '2026113001', null],
      [92, '2026-11-30', 42, '2026113002', null],
    ]);
  });
  it('joins NAME and MEMO, decodes Windows-1252 and keeps an unescaped ampersand', () => {
    expect(s.lines[0]).toMatchObject({ description: 'DEPOSIT MOBILE DEPOSIT REF 88812', payee: 'DEPOSIT' });
    expect(s.lines[3]!.description).toBe('PAPETERIE RENÉ');
    expect(s.lines[5]!.description).toBe('AT&T BILL PAY');
  });
});

describe('OFX 2.x (XML)', () => {
  const s = ofx('ofx2-xml.ofx');
  it('reads closed tags, entities, a PAYEE aggregate, empty and self-closed MEMOs, a plus sign', () => {
    expect(s.account).toEqual({ routing: '091000019', number_last4: '4321' });
    expect(s.lines.map((l) => [l.line_no, l.date, l.amount_cents, l.payee, l.description])).toEqual([
      [26, '2026-11-01', 500_000, 'TRANSFER FROM OPERATING', 'TRANSFER FROM OPERATING'],
      [34, '2026-11-18', -240_000, 'Smith & Sons Roofing', 'Smith & Sons Roofing Reserve study roof repair – invoice 77'],
      [42, '2026-11-30', 1_825, 'INTEREST', 'INTEREST'],
    ]);
    expect([s.opening_balance_cents, s.closing_balance_cents]).toEqual([8_000_000, 8_261_825]);
    expect([s.period_start, s.period_end]).toEqual(['2026-11-01', '2026-11-30']);
  });
});

describe('QFX and known bank quirks', () => {
  it('QFX (Intuit sign-on tags) is OFX with its own format name', () => {
    const s = ofx('qfx-intuit.qfx');
    expect(s.format).toBe('qfx');
    expect(s.lines.map((l) => [l.amount_cents, l.bank_reference])).toEqual([[40_000, 'Q-0001'], [-31_245, 'Q-0002']]);
  });
  it('a bank that restarts FITIDs every day: ids repeat on other dates, and the parser keeps them as they are', () => {
    const s = ofx('ofx-reused-fitid.ofx');
    expect(s.lines.map((l) => [l.date, l.amount_cents, l.bank_reference])).toEqual([
      ['2026-12-01', 25_000, '1'], ['2026-12-01', -3_000, '2'], ['2026-12-02', 50_000, '1'], ['2026-12-02', -3_000, '2'],
    ]);
  });
  it('a file on one line with every amount positive: withdrawals by TRNTYPE, decimal commas, a warning', () => {
    const s = ofx('ofx-one-line-positive-amounts.ofx');
    expect(s.lines.map((l) => [l.line_no, l.amount_cents, l.check_number])).toEqual([[11, 125_000, null], [11, -98_000, '2051'], [11, -1_999, null], [11, -1_200, null]]);
    expect([s.opening_balance_cents, s.closing_balance_cents]).toEqual([800_000, 823_801]);
    expect(s.warnings).toEqual(['The bank wrote every amount as positive; transactions of type DEBIT, CHECK, PAYMENT, FEE, SRVCHG, DIRECTDEBIT, CASH, REPEATPMT were taken as withdrawals.']);
  });
  it('a mix of signs is taken as written: a positive DEBIT is a refund', () => {
    const s = parseOfx(sgml(`${account('1234')}\n${list(trn('<TRNTYPE>DEBIT\n<DTPOSTED>20261102\n<TRNAMT>5.00\n<FITID>a'), trn('<TRNTYPE>DEBIT\n<DTPOSTED>20261103\n<TRNAMT>-7.00\n<FITID>b'))}`));
    expect(s.lines.map((l) => l.amount_cents)).toEqual([500, -700]);
    expect(s.warnings).toEqual([]);
  });
  it('lower-case tags, comments, leaves closed in a 1.x file, a date with time zone, DTUSER when DTPOSTED is missing', () => {
    const s = parseOfx(sgml(`${account('55556666')}\n<!-- exported by OnlineBank 4.2 -->\n${list(
      trn('<trntype>CHECK</trntype>\n<dtuser>20261109083000.000[-8:PST]</dtuser>\n<trnamt>-61.20</trnamt>\n<fitid>c1</fitid>\n<name>CHECK # 0881</name>'),
    )}`));
    expect(s.lines).toEqual([{ line_no: 19, date: '2026-11-09', amount_cents: -6_120, description: 'CHECK # 0881', payee: 'CHECK # 0881', bank_reference: 'c1', check_number: '881' }]);
    expect(s.closing_balance_cents).toBeNull();
    expect(s.opening_balance_cents).toBeNull();
  });
  it('a missing FITID is allowed with a warning (dedupe falls back on date, amount and description)', () => {
    const s = parseOfx(sgml(`${account('1234')}\n${list(trn('<TRNTYPE>CREDIT\n<DTPOSTED>20261102\n<TRNAMT>10'))}`));
    expect(s.lines[0]!.bank_reference).toBeNull();
    expect(s.lines[0]!.description).toBe('CREDIT');
    expect(s.warnings).toEqual(['1 transaction(s) have no bank id (FITID); duplicates among them are found by date, amount and description.']);
  });
  it('credit card statements read the same way', () => {
    const text = ['<OFX>', '<CREDITCARDMSGSRSV1>', '<CCSTMTTRNRS>', '<CCSTMTRS>', '<CURDEF>USD', '<CCACCTFROM>', '<ACCTID>4111111111111111', '</CCACCTFROM>',
      list(trn('<TRNTYPE>DEBIT\n<DTPOSTED>20261105\n<TRNAMT>-19.99\n<FITID>cc1\n<NAME>OFFICE SUPPLY')), '<LEDGERBAL>', '<BALAMT>-19.99', '<DTASOF>20261130', '</LEDGERBAL>',
      '</CCSTMTRS>', '</CCSTMTTRNRS>', '</CREDITCARDMSGSRSV1>', '</OFX>'].join('\n');
    const s = parseOfx(text);
    expect(s.account).toEqual({ number_last4: '1111' });
    expect([s.opening_balance_cents, s.closing_balance_cents, s.lines[0]!.amount_cents]).toEqual([0, -1_999, -1_999]);
  });
});

describe('files of several accounts', () => {
  const two = sgml(`${account('111122223333')}\n${list(trn('<TRNTYPE>CREDIT\n<DTPOSTED>20261102\n<TRNAMT>1\n<FITID>a'))}`, `${account('999988887777')}\n${list(trn('<TRNTYPE>CREDIT\n<DTPOSTED>20261102\n<TRNAMT>2\n<FITID>b'))}`);
  it('need the account to read', () => {
    expect(refusal(two).message).toBe('the file holds statements of 2 accounts (ending 3333, ending 7777); choose the bank account it belongs to');
  });
  it('read the account named by its last four', () => {
    expect(parseOfx(two, { accountLast4: '7777' }).lines.map((l) => l.amount_cents)).toEqual([200]);
    expect(() => parseOfx(two, { accountLast4: '0000' })).toThrow('the file holds no statement of the account ending 0000 (it holds accounts ending 3333, ending 7777)');
  });
  it('a one-account file of another account imports with a warning', () => {
    const s = parseOfx(sgml(`${account('111122223333')}\n${list(trn('<TRNTYPE>CREDIT\n<DTPOSTED>20261102\n<TRNAMT>1\n<FITID>a'))}`), { accountLast4: '9999' });
    expect(s.warnings).toEqual(["The file is a statement of the account ending 3333; this bank account's number ends 9999."]);
  });
});

describe('malformed OFX files are refused, naming the line; nothing partial is returned', () => {
  it('a file cut off inside a transaction', () => {
    const e = refusal(decodeStatementBytes(readFixture('ofx-truncated.ofx')));
    expect(e.message).toBe('Line 46: the file ends before <STMTTRN> is closed: it looks cut off');
    expect(e.line).toBe(46);
    expect(e.status).toBe(400);
    expect(e.code).toBe('statement_invalid');
  });
  it('an amount that is not a number', () => {
    expect(refusal(decodeStatementBytes(readFixture('ofx-bad-amount.ofx'))).message).toBe("Line 42: the amount 'abc' is not a number");
  });
  it.each([
    [sgml(`${account('1')}\n${list(trn('<TRNTYPE>CREDIT\n<DTPOSTED>20261102\n<FITID>a'))}`), 'Line 18: the transaction has no amount (TRNAMT)'],
    [sgml(`${account('1')}\n${list(trn('<TRNTYPE>CREDIT\n<TRNAMT>1\n<FITID>a'))}`), 'Line 18: the transaction has no date (DTPOSTED)'],
    [sgml(`${account('1')}\n${list(trn('<TRNTYPE>CREDIT\n<DTPOSTED>20261345\n<TRNAMT>1\n<FITID>a'))}`), "Line 20: the date '20261345' is not a date"],
    [sgml(`${account('1')}\n${list(trn('<TRNTYPE>CREDIT\n<DTPOSTED>20261102\n<TRNAMT>1.005\n<FITID>a'))}`), "Line 21: the amount '1.005' has fractions of a cent"],
    [sgml(`${account('1')}\n${list(trn('<TRNTYPE>CREDIT\n<DTPOSTED>20261102\n<TRNA'))}`), "Line 21: the tag '<TRNA' is not closed with '>': the file looks cut off"],
    [sgml(`${account('1').replace('USD', 'EUR')}\n${list()}`), 'Line 9: the statement is in EUR; only US dollar (USD) statements can be imported'],
    ['OFXHEADER:100\nDATA:OFXSGML\n\n<HTML>', 'the file has no <OFX> element: it is not an OFX or QFX file'],
    ['<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n<CODE>0\n</STATUS>\n</SONRS>\n</SIGNONMSGSRSV1>\n</OFX>', 'Line 1: the OFX file holds no bank statement (STMTRS)'],
    ['<OFX>\n<INVSTMTMSGSRSV1>\n<INVSTMTTRNRS>\n<INVSTMTRS>\n</INVSTMTRS>\n</INVSTMTTRNRS>\n</INVSTMTMSGSRSV1>\n</OFX>', 'the file is an investment statement, not a bank statement'],
    ['<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STATUS>\n<CODE>2000\n<SEVERITY>ERROR\n<MESSAGE>Account locked\n</STATUS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>', 'Line 4: the bank reported an error for this account (code 2000: Account locked); download the statement again'],
    ['<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>USD\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>', 'Line 4: the statement has no transactions and no period dates'],
    ['<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<B@D>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>', "Line 5: '<B@D>' is not an OFX tag"],
  ])('refused: %#', (text, message) => {
    expect(refusal(text).message).toBe(message);
  });
});
