import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures/read-fixture.ts';
import { parseBai2 } from './bai2.parser.ts';
import { decodeStatementBytes } from './statement.values.ts';

const fixture = (name: string) => decodeStatementBytes(readFixture(name));
const good = fixture('bai2-continuation.bai');
/** The fixture with one of its lines replaced (1-based), or removed when the replacement is null. */
function edit(lineNo: number, replacement: string | null, text = good): string {
  const lines = text.split('\r\n');
  if (replacement === null) lines.splice(lineNo - 1, 1);
  else lines[lineNo - 1] = replacement;
  return lines.join('\r\n');
}

describe('BAI2 with continuation records', () => {
  const s = parseBai2(good);
  it('reads the account, the as-of date and the opening (010) and closing (015) ledger balances', () => {
    expect(s.format).toBe('bai2');
    expect(s.account).toEqual({ number_last4: '6789' });
    expect([s.period_start, s.period_end]).toEqual(['2026-11-02', '2026-11-02']);
    expect([s.opening_balance_cents, s.closing_balance_cents]).toEqual([1_000_000, 1_169_025]);
    expect(s.warnings).toEqual([]);
  });
  it('signs by type code, reads amounts in cents, skips funds-type detail, joins 88 text, takes check numbers of 475', () => {
    expect(s.lines.map((l) => [l.line_no, l.amount_cents, l.bank_reference, l.check_number, l.description])).toEqual([
      [5, 150_000, 'BR2611020001', null, 'ACH CREDIT RECEIVED HOA DUES'],
      [6, 100_000, 'BR2611020002', null, 'PREAUTHORIZED ACH CREDIT, AUTOPAY BATCH 17 RECEIVED FROM COVENANT HOA AUTOPAY, SEC PPD'],
      [8, 200_000, 'BR2611020003', null, 'COMMERCIAL DEPOSIT'],
      [9, -120_000, 'BR2611020004', '1044', 'Check paid'],
      [10, -8_475, 'BR2611020005', null, 'CITY WATER UTIL WEB PMT 2026-11'],
      [12, -150_000, 'BR2611020006', null, 'INSURANCE PREMIUM STATE FARM'],
      [13, -2_500, 'BR2611020007', null, 'ACCOUNT ANALYSIS FEE 10/2026'],
    ]);
    expect(s.lines.every((l) => l.date === '2026-11-02')).toBe(true);
  });
  it('tolerates records padded with spaces to a fixed length and trailers without their slash', () => {
    const padded = good.split('\r\n').map((l) => (l === '' ? l : l.padEnd(80, ' '))).join('\n').replace('49,3630975,12/', '49,3630975,12');
    expect(parseBai2(padded).lines).toHaveLength(7);
  });
});

describe('BAI2 groups and funds types', () => {
  it('two days of one account chain into one statement', () => {
    const text = ['01,SENDER,RECEIVER,261104,0600,2,,,2/', '02,RECEIVER,121000358,1,261102,,USD,2/', '03,555000111,,010,100000,,,015,150000,,/',
      '16,165,50000,0,R1,,DUES/', '49,300000,3/', '98,300000,1,5/', '02,RECEIVER,121000358,1,261103,,USD,2/', '03,555000111,,010,150000,,,015,140000,,/',
      '16,455,10000,0,R2,,WATER/', '49,300000,3/', '98,300000,1,5/', '99,600000,2,12/'].join('\n');
    const s = parseBai2(text);
    expect([s.period_start, s.period_end, s.opening_balance_cents, s.closing_balance_cents]).toEqual(['2026-11-02', '2026-11-03', 100_000, 140_000]);
    expect(s.lines.map((l) => [l.date, l.amount_cents])).toEqual([['2026-11-02', 50_000], ['2026-11-03', -10_000]]);
    expect(s.account).toEqual({ number_last4: '0111' });
  });
  it('distribution funds (D) are skipped; a non-monetary type code (890) is left out with a warning', () => {
    const text = ['01,S,R,261104,0600,3,,,2/', '02,R,121000358,1,261102,,,2/', '03,777,USD,015,5000,,/', '16,301,20000,D,2,0,15000,1,5000,REF1,,DEPOSIT/',
      '16,890,0,0,,,INFO ONLY/', '49,25000,4/', '98,25000,1,6/', '99,25000,1,8/'].join('\n');
    const s = parseBai2(text);
    expect(s.lines.map((l) => [l.amount_cents, l.bank_reference, l.description])).toEqual([[20_000, 'REF1', 'DEPOSIT']]);
    expect(s.warnings).toEqual(['Line 5: type code 890 is neither a credit (100-399) nor a debit (400-699); the transaction was left out.']);
    expect([s.opening_balance_cents, s.closing_balance_cents]).toEqual([null, 5_000]);
  });
  it('two accounts in a group need the account to read', () => {
    const text = ['01,S,R,261104,0600,4,,,2/', '02,R,121000358,1,261102,,USD,2/', '03,111122223333,,015,100,,/', '49,100,2/', '03,999988887777,,015,200,,/',
      '16,142,200,0,X,,IN/', '49,400,3/', '98,500,2,7/', '99,500,1,9/'].join('\n');
    expect(() => parseBai2(text)).toThrow('the file holds statements of 2 accounts (ending 3333, ending 7777)');
    expect(parseBai2(text, { accountLast4: '7777' }).lines.map((l) => l.amount_cents)).toEqual([200]);
  });
});

describe('malformed BAI2 files are refused, naming the line', () => {
  it('wrong control total in the account trailer', () => {
    expect(() => parseBai2(fixture('bai2-wrong-totals.bai'))).toThrow('Line 14: the account trailer (49) gives a control total of 36310.75, but the amounts it covers add up to 36309.75');
  });
  it.each([
    [edit(14, '49,3630975,11/'), 'Line 14: the account trailer (49) counts 11 records, but there are 12'],
    [edit(15, '98,3630975,2,14/'), 'Line 15: the group trailer (98) counts 2 accounts, but there are 1'],
    [edit(15, '98,3630974,1,14/'), 'Line 15: the group trailer (98) gives a control total of 36309.74, but the amounts it covers add up to 36309.75'],
    [edit(16, '99,3630975,1,15/'), 'Line 16: the file trailer (99) counts 15 records, but there are 16'],
    [edit(16, '99,3630975,3,16/'), 'Line 16: the file trailer (99) counts 3 groups, but there are 1'],
    [edit(16, null), 'the file ends before its file trailer (99): it looks cut off'],
    [good.split('\r\n').slice(0, 13).join('\r\n'), 'the file ends before the account trailer (49): it looks cut off'],
    [edit(5, '16,142,15O000,0,BR2611020001,INV-1001,ACH CREDIT/'), "Line 5: the amount '15O000' is not a number (BAI2 amounts are whole cents)"],
    [edit(5, '16,14,150000,0,BR2611020001,INV-1001,ACH CREDIT/'), "Line 5: the type code '14' is not a three-digit BAI2 code"],
    [edit(5, '16,142,150000,X,BR2611020001,INV-1001,ACH CREDIT/'), "Line 5: the funds type 'X' is not a BAI2 funds type (0, 1, 2, S, V, D or Z)"],
    [edit(2, '02,HOAASSOC,121000358,1,261302,2400,USD,2/'), "Line 2: the as-of date '261302' is not a date (YYMMDD)"],
    [edit(2, '02,HOAASSOC,121000358,1,261102,2400,EUR,2/'), 'Line 2: the statement is in EUR; only US dollar (USD) statements can be imported'],
    [edit(5, '17,142,150000,0,BR2611020001/'), 'Line 5: a transaction record (16) or the account trailer (49) was expected here, not a record 17'],
    [edit(3, '16,142,150000,0,X/'), 'Line 3: an account record (03) or the group trailer (98) was expected here, not a record 16'],
    [`88,CONTINUED/\r\n${good}`, 'Line 1: a continuation record (88) must follow the record it continues'],
    [edit(1, '02,HOAASSOC,121000358,1,261102,2400,USD,2/'), 'Line 1: a BAI2 file starts with a file header record (01)'],
    [`${good}99,0,0,2/\r\n`, 'Line 17: there are records after the file trailer (99)'],
    [edit(5, 'ABC,142'), "Line 5: 'ABC,142' is not a BAI2 record (records start with a two-digit code and a comma)"],
  ])('refused: %#', (text, message) => {
    expect(() => parseBai2(text)).toThrow(message);
  });
});
