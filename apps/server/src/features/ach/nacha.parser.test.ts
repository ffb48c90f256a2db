import { describe, expect, it } from 'vitest';
import { buildNachaFile, type NachaEntryInput } from './nacha.builder.ts';
import { NachaFormatError, parseNachaFile, readNachaFile } from './nacha.parser.ts';

const entry = (over: Partial<NachaEntryInput> = {}): NachaEntryInput => ({
  direction: 'debit', account_type: 'checking', routing_number: '021000021', account_number: '12345678', amount_cents: 25_000, individual_id: '000101', name: 'Jose Nunez', ...over,
});
/** Two batches: three PPD debits (one with an addenda), then two CCD credits; 11 records and 9 padding lines. */
const good = buildNachaFile({
  immediate_destination: '121000358', immediate_destination_name: 'Bank of America', immediate_origin: '1234567890', immediate_origin_name: 'Maple Grove HOA',
  creation_date: '2026-12-01', creation_time: '0930',
  batches: [
    { sec_code: 'PPD', company_name: 'Maple Grove HOA', company_id: '1234567890', entry_description: 'HOA DUES', effective_date: '2026-12-03', odfi_routing_number: '121000358',
      entries: [entry(), entry({ routing_number: '011000015', amount_cents: 31_000, addenda: 'UNIT 7' }), entry({ routing_number: '322271627', amount_cents: 12_345 })] },
    { sec_code: 'CCD', company_name: 'Maple Grove HOA', company_id: '1234567890', entry_description: 'VENDOR PAY', effective_date: '2026-12-03', odfi_routing_number: '121000358',
      entries: [entry({ direction: 'credit', amount_cents: 99_000 }), entry({ direction: 'credit', account_type: 'savings', amount_cents: 1_000 })] },
  ],
}).text;
const lines = good.split('\n').slice(0, -1);
// Lines: 1 header, 2 batch header, 3-6 entries and addenda (5 is the addenda), 7 batch control, 8 batch header, 9-10 entries,
// 11 batch control, 12 file control, 13-20 padding.
/** The good file with one record changed: `at` is a 1-based column, `text` overwrites from there. */
function patch(lineNo: number, at: number, text: string, from = lines): string {
  return from.map((l, i) => (i === lineNo - 1 ? l.slice(0, at - 1) + text + l.slice(at - 1 + text.length) : l)).join('\n') + '\n';
}
const issuesOf = (text: string) => readNachaFile(text).issues.map((i) => (i.line === null ? i.message : `Line ${i.line}: ${i.message}`));

describe('a good file', () => {
  it('has 20 records and no issues; reads back its batches and entries', () => {
    expect(lines).toHaveLength(20);
    const f = parseNachaFile(good);
    expect(f.immediate_destination).toBe('121000358');
    expect(f.creation_date).toBe('2026-12-01');
    expect(f.batches.map((b) => [b.sec_code, b.service_class_code, b.effective_date, b.entries.length])).toEqual([['PPD', '225', '2026-12-03', 3], ['CCD', '220', '2026-12-03', 2]]);
    expect(f.batches[0]!.entries[1]!.addenda).toEqual([{ line: 5, type: '05', payment_related_information: 'UNIT 7' }]);
  });
  it('reads CRLF files and files sent without line breaks', () => {
    expect(readNachaFile(good.replace(/\n/g, '\r\n')).issues).toEqual([]);
    expect(readNachaFile(lines.join('')).issues).toEqual([]);
  });
});

describe('broken files: each problem named precisely', () => {
  it.each([
    ['a short record', lines.map((l, i) => (i === 2 ? l.slice(0, 93) : l)).join('\n'), ['Line 3: a record must be 94 characters long; this one has 93', "Line 3: the trace number '12100035000000 ' must be 15 digits"]],
    ['a batch entry hash', patch(7, 11, '0000000001'), ["Line 7: the batch control's entry hash is '0000000001' but the batch has 35427165"]],
    ['a batch debit total', patch(7, 21, '000000068346'), ["Line 7: the batch control's debit total is '000000068346' but the batch has 683.45"]],
    ['a batch credit total', patch(11, 33, '000000100001'), ["Line 11: the batch control's credit total is '000000100001' but the batch has 1000.00"]],
    ['a batch count', patch(7, 5, '000003'), ["Line 7: the batch control's entry and addenda count is '000003' but the batch has 4"]],
    ['an entry amount changed without its totals', patch(3, 30, '0000025001'), [
      "Line 7: the batch control's debit total is '000000068345' but the batch has 683.46",
      "Line 12: the file control's debit total is '000000068345' but the file has 683.46",
    ]],
    ['a file entry hash', patch(12, 22, '0000000000'), ["Line 12: the file control's entry hash is '0000000000' but the file has 39627169"]],
    ['a file batch count', patch(12, 2, '000003'), ["Line 12: the file control's batch count is '000003' but the file has 2"]],
    ['a file block count', patch(12, 8, '000001'), ["Line 12: the file control's block count is '000001' but the file has 2"]],
    ['a file entry count', patch(12, 14, '00000007'), ["Line 12: the file control's entry and addenda count is '00000007' but the file has 6"]],
    ['missing padding', lines.slice(0, 19).join('\n'), ['the file has 19 records; it must be padded with lines of nines to a multiple of 10']],
    ['a record after the padding', [...lines.slice(0, 19), '5'.padEnd(94, ' ')].join('\n'), ['Line 20: after the file control only padding lines of 94 nines may follow']],
    ['no file control', lines.slice(0, 11).join('\n'), ['the file has no file control record (type 9): it looks cut off', 'the file has 11 records; it must be padded with lines of nines to a multiple of 10']],
    ['cut inside a batch', lines.slice(0, 4).join('\n'), ['Line 4: the addenda record indicator is 1 but no addenda follows the entry', 'the file ends inside the batch that starts on line 2: it looks cut off', 'the file has no file control record (type 9): it looks cut off', 'the file has 4 records; it must be padded with lines of nines to a multiple of 10']],
    ['a routing check digit', patch(3, 12, '2'), ['Line 3: the receiving bank routing number 021000022 fails the check digit (it should end in 1)']],
    ['a duplicate trace number', patch(4, 80, '121000350000001'), ['Line 4: the trace number 121000350000001 is also used on line 3', 'Line 4: trace numbers must ascend within a batch; 121000350000001 follows 121000350000001', "Line 5: the addenda's entry detail sequence number '0000002' is not the last seven digits of its entry's trace number"]],
    ['a trace number of another bank', patch(10, 80, '999999990000005'), ['Line 10: the trace number 999999990000005 does not start with the batch\'s originating DFI 12100035']],
    ['an addenda indicator without addenda', patch(3, 79, '1'), ['Line 3: the addenda record indicator is 1 but no addenda follows the entry']],
    ['an addenda without its indicator', patch(4, 79, '0'), ['Line 4: an addenda follows the entry but its addenda record indicator is 0']],
    ['an unknown transaction code', patch(9, 2, '42'), ["Line 9: the transaction code '42' is not a checking or savings code this application reads", "Line 11: the batch control's credit total is '000000100000' but the batch has 10.00", "Line 12: the file control's credit total is '000000100000' but the file has 10.00"]],
    ['a debit in a credits-only batch', patch(9, 2, '27'), ['Line 9: a debit entry in a credits-only batch (service class 220)', "Line 11: the batch control's debit total is '000000000000' but the batch has 990.00", "Line 11: the batch control's credit total is '000000100000' but the batch has 10.00", "Line 12: the file control's debit total is '000000068345' but the file has 1673.45", "Line 12: the file control's credit total is '000000100000' but the file has 10.00"]],
    ['a prenote with an amount', patch(3, 2, '28'), ['Line 3: a prenote or zero-dollar entry (code 28) must have a zero amount, not 250.00']],
    ['a character a bank file cannot carry', patch(3, 55, 'JOSÉ'), ['Line 3: the record holds a character a bank file cannot carry (U+00C9)']],
    ['an empty line', [...lines.slice(0, 2), '', ...lines.slice(2)].join('\n'), ['Line 3: an empty line; records follow one another without blank lines', "Line 13: the file control's block count is '000002' but the file has 3", 'the file has 21 records; it must be padded with lines of nines to a multiple of 10']],
    ['a priority code', patch(1, 2, '02'), ["Line 1: the priority code must be 01, not '02'"]],
    ['an immediate destination', patch(1, 4, ' 121000359'), ['Line 1: the immediate destination 121000359 fails the routing number check digit']],
    ['a blocking factor', patch(1, 38, '20'), ["Line 1: the blocking factor must be 10, not '20'"]],
    ['a creation date', patch(1, 24, '261301'), ["Line 1: the file creation date '261301' is not a date (YYMMDD)"]],
    ['an unknown SEC code', patch(2, 51, 'XYZ'), ["Line 2: the SEC code 'XYZ' is not one this application reads (PPD, WEB, CCD, CTX, COR, TEL)"]],
    ['an effective date', patch(2, 70, '26120X'), ["Line 2: the effective entry date '26120X' is not a date (YYMMDD)"]],
    ['batch numbers out of order', patch(11, 88, '0000001', patch(8, 88, '0000001').split('\n').slice(0, -1)), ['Line 8: batch numbers must ascend; 1 follows 1']],
    ['an addenda sequence number', patch(5, 84, '0002'), ["Line 5: the addenda sequence number is '0002', expected 0001"]],
    ['an unknown addenda type', patch(5, 2, '02'), ["Line 5: the addenda type '02' is not one this application reads (05, 98, 99)"]],
    ['an addenda with no entry before it', [lines[0], lines[1], lines[4], ...lines.slice(2, 4), ...lines.slice(5)].join('\n'), ['Line 3: an addenda record (type 7) must follow an entry (type 6)', 'Line 5: the addenda record indicator is 1 but no addenda follows the entry']],
    ['a batch without its control', [...lines.slice(0, 6), ...lines.slice(7), '9'.repeat(94)].join('\n'), ['Line 7: the batch that starts on line 2 ends without its batch control record (type 8)']],
    ['not a NACHA file', 'hello', ['Line 1: a record must be 94 characters long; this one has 5', 'Line 1: a NACHA file starts with a file header record (type 1)', 'the file has no file control record (type 9): it looks cut off', 'the file has 1 records; it must be padded with lines of nines to a multiple of 10']],
  ])('%s', (_name, text, expected) => {
    const issues = issuesOf(text);
    expect(issues).toEqual(expected);
  });

  it('the error lists the first five problems and counts the rest', () => {
    const text = patch(12, 2, '000009', patch(7, 5, '000009', patch(7, 11, '0000000001', patch(1, 2, '02', patch(1, 38, '20').split('\n').slice(0, -1)).split('\n').slice(0, -1)).split('\n').slice(0, -1)).split('\n').slice(0, -1));
    let error: NachaFormatError | null = null;
    try {
      parseNachaFile(`${text}XX\n`);
    } catch (e) {
      error = e as NachaFormatError;
    }
    expect(error).toBeInstanceOf(NachaFormatError);
    expect(error!.status).toBe(400);
    expect(error!.code).toBe('nacha_invalid');
    expect(error!.issues.length).toBeGreaterThan(5);
    expect(error!.message).toMatch(/^The ACH file is not valid: Line 1: the priority code must be 01, not '02'; Line 1: the blocking factor must be 10, not '20'; .*; and \d+ more$/);
  });
});
