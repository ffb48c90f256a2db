import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures/read-fixture.ts';
import { parseCamt053 } from './camt053.parser.ts';
import { decodeStatementBytes } from './statement.values.ts';

const camt = (name: string) => parseCamt053(decodeStatementBytes(readFixture(name)));

/** A camt.053.001.08 document with a namespace prefix, as some banks write it. */
function v08(stmts: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ns2:Document xmlns:ns2="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
<ns2:BkToCstmrStmt>
${stmts}
</ns2:BkToCstmrStmt>
</ns2:Document>`;
}
const bal = (code: string, amount: string, ind = 'CRDT', date = '2026-12-01') =>
  `<ns2:Bal><ns2:Tp><ns2:CdOrPrtry><ns2:Cd>${code}</ns2:Cd></ns2:CdOrPrtry></ns2:Tp><ns2:Amt Ccy="USD">${amount}</ns2:Amt><ns2:CdtDbtInd>${ind}</ns2:CdtDbtInd><ns2:Dt><ns2:Dt>${date}</ns2:Dt></ns2:Dt></ns2:Bal>`;
const ntry = (body: string) => `<ns2:Ntry>\n${body}\n</ns2:Ntry>`;
const stmt = (acct: string, body: string) => `<ns2:Stmt>\n<ns2:Acct><ns2:Id><ns2:IBAN>${acct}</ns2:IBAN></ns2:Id></ns2:Acct>\n${body}\n</ns2:Stmt>`;

describe('CAMT.053: several statements of one account, entries with AcctSvcrRef, OPBD and CLBD', () => {
  const s = camt('camt053-two-days.xml');
  it('chains the days: the first opening balance, the last closing balance, the whole period', () => {
    expect(s.format).toBe('camt053');
    expect(s.account).toEqual({ routing: '026009593', number_last4: '4321' });
    expect([s.period_start, s.period_end]).toEqual(['2026-11-02', '2026-11-03']);
    expect([s.opening_balance_cents, s.closing_balance_cents]).toEqual([1_000_000, 1_096_500]);
  });
  it('signs entries by CdtDbtInd and takes the bank reference, payee, remittance text and check number', () => {
    expect(s.lines).toEqual([
      { line_no: 30, date: '2026-11-02', amount_cents: 75_000, description: 'HOA DUES UNIT 12 NOV', payee: 'JANE DOE', bank_reference: 'BK20261102-0001', check_number: null },
      { line_no: 47, date: '2026-11-02', amount_cents: -125_000, description: 'CHEQUE PAID', payee: 'ACME POOL SERVICE', bank_reference: 'BK20261102-0002', check_number: '1043' },
      { line_no: 91, date: '2026-11-03', amount_cents: -3_500, description: 'SERVICE CHARGE', payee: null, bank_reference: 'BK20261103-0001', check_number: null },
      { line_no: 100, date: '2026-11-03', amount_cents: 150_000, description: 'LOCKBOX DEPOSIT 2 ITEMS', payee: null, bank_reference: 'BK20261103-0002', check_number: null },
    ]);
  });
  it('leaves pending entries out, saying so', () => {
    expect(s.warnings).toEqual(['1 entry is pending or informational (not booked) and was left out.']);
  });
});

describe('CAMT.053 versions and tolerance', () => {
  it('reads version 08 with a namespace prefix, Sts/Cd, DtTm dates, an overdrawn (DBIT) balance, PRCD when OPBD is missing', () => {
    const s = parseCamt053(v08(stmt('US12345678901234', `${bal('PRCD', '20.00', 'DBIT')}${bal('CLBD', '80.00', 'CRDT', '2026-12-02')}
${ntry('<ns2:Amt Ccy="USD">100.00</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd><ns2:Sts><ns2:Cd>BOOK</ns2:Cd></ns2:Sts><ns2:BookgDt><ns2:DtTm>2026-12-02T10:00:00</ns2:DtTm></ns2:BookgDt><ns2:NtryDtls><ns2:TxDtls><ns2:Refs><ns2:AcctSvcrRef>TX-1</ns2:AcctSvcrRef></ns2:Refs><ns2:RltdPties><ns2:Dbtr><ns2:Pty><ns2:Nm>Ana Ruiz</ns2:Nm></ns2:Pty></ns2:Dbtr></ns2:RltdPties><ns2:RmtInf><ns2:Ustrd>UNIT 7</ns2:Ustrd><ns2:Ustrd>DECEMBER</ns2:Ustrd></ns2:RmtInf></ns2:TxDtls></ns2:NtryDtls>')}`)));
    expect([s.opening_balance_cents, s.closing_balance_cents]).toEqual([-2_000, 8_000]);
    expect([s.period_start, s.period_end]).toEqual(['2026-12-01', '2026-12-02']);
    expect(s.lines).toEqual([{ line_no: 7, date: '2026-12-02', amount_cents: 10_000, description: 'UNIT 7 DECEMBER', payee: 'Ana Ruiz', bank_reference: 'TX-1', check_number: null }]);
    expect(s.warnings).toEqual([]);
  });
  it('falls back on the value date, the entry reference, and a check number in the text; warns when balances do not add up', () => {
    const s = parseCamt053(v08(stmt('US1', `${bal('OPBD', '0')}${bal('CLBD', '10.00')}
${ntry('<ns2:NtryRef>77</ns2:NtryRef><ns2:Amt Ccy="USD">5.00</ns2:Amt><ns2:CdtDbtInd>DBIT</ns2:CdtDbtInd><ns2:ValDt><ns2:Dt>2026-12-03</ns2:Dt></ns2:ValDt><ns2:AddtlNtryInf>CHECK 1290 PAID</ns2:AddtlNtryInf>')}`)));
    expect(s.lines[0]).toMatchObject({ date: '2026-12-03', amount_cents: -500, bank_reference: '77', check_number: '1290' });
    expect(s.warnings).toEqual(['The statement starting on line 4 opens at 0.00 and closes at 10.00, but its transactions add up to -5.00.']);
  });
  it('statements of two accounts need the account to read', () => {
    const text = v08(`${stmt('US111122223333', ntry('<ns2:Amt Ccy="USD">1</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd><ns2:BookgDt><ns2:Dt>2026-12-01</ns2:Dt></ns2:BookgDt>'))}
${stmt('US999988887777', ntry('<ns2:Amt Ccy="USD">2</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd><ns2:BookgDt><ns2:Dt>2026-12-01</ns2:Dt></ns2:BookgDt>'))}`);
    expect(() => parseCamt053(text)).toThrow('the file holds statements of 2 accounts (ending 3333, ending 7777)');
    expect(parseCamt053(text, { accountLast4: '3333' }).lines.map((l) => l.amount_cents)).toEqual([100]);
  });
});

describe('malformed CAMT files are refused, naming the line', () => {
  it('an entry without an amount', () => {
    expect(() => camt('camt053-missing-amount.xml')).toThrow('Line 91: the entry has no amount (Amt)');
  });
  it.each([
    [v08(stmt('US1', ntry('<ns2:Amt Ccy="USD">5.00</ns2:Amt><ns2:BookgDt><ns2:Dt>2026-12-03</ns2:Dt></ns2:BookgDt>'))), "Line 7: the entry's credit/debit indicator (CdtDbtInd) must be CRDT or DBIT"],
    [v08(stmt('US1', ntry('<ns2:Amt Ccy="USD">5.00</ns2:Amt><ns2:CdtDbtInd>CR</ns2:CdtDbtInd><ns2:BookgDt><ns2:Dt>2026-12-03</ns2:Dt></ns2:BookgDt>'))), "Line 7: the entry's credit/debit indicator (CdtDbtInd) must be CRDT or DBIT, not 'CR'"],
    [v08(stmt('US1', ntry('<ns2:Amt Ccy="USD">5,00.1</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd>'))), "Line 7: the amount '5,00.1' is not a number"],
    [v08(stmt('US1', ntry('<ns2:Amt Ccy="EUR">5.00</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd>'))), 'Line 7: the statement is in EUR; only US dollar (USD) statements can be imported'],
    [v08(stmt('US1', ntry('<ns2:Amt Ccy="USD">5.00</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd>'))), 'Line 6: the entry has no booking date (BookgDt)'],
    [v08(stmt('US1', ntry('<ns2:Amt Ccy="USD">5.00</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd><ns2:BookgDt><ns2:Dt>2026-02-30</ns2:Dt></ns2:BookgDt>'))), "Line 6: the booking date '2026-02-30' is not a date"],
    [v08(stmt('US1', '<ns2:Ntry><ns2:Amt>1</ns2:Ntry>')), "Line 6: the XML is malformed: Expected closing tag 'ns2:Amt' (opened in line 6, col 11) instead of closing tag 'ns2:Ntry'."],
    ['<?xml version="1.0"?><Document><BkToCstmrAcctRpt/></Document>', 'the file is a camt.052 intraday report, not a statement; import the camt.053 end-of-day statement'],
    ['<?xml version="1.0"?><Document><pain.001/></Document>', 'the file is XML but not an ISO 20022 camt.053 statement (no Document/BkToCstmrStmt)'],
    ['<?xml version="1.0"?><Document><BkToCstmrStmt><GrpHdr/></BkToCstmrStmt></Document>', 'Line 1: the statement file holds no statement (Stmt)'],
  ])('refused: %#', (text, message) => {
    expect(() => parseCamt053(text)).toThrow(message);
  });
});
