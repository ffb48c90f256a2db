import { describe, expect, it } from 'vitest';
import { buildNachaFile, toBankText, type NachaBatchInput, type NachaEntryInput, type NachaFileInput } from './nacha.builder.ts';
import { ENTRY_DETAIL, readRecord } from './nacha.layout.ts';
import { parseNachaFile, readNachaFile } from './nacha.parser.ts';

const debit = (over: Partial<NachaEntryInput> = {}): NachaEntryInput => ({
  direction: 'debit', account_type: 'checking', routing_number: '021000021', account_number: '12345678', amount_cents: 25_000, individual_id: '000101', name: 'Jose Nunez', ...over,
});
const batch = (over: Partial<NachaBatchInput> = {}): NachaBatchInput => ({
  sec_code: 'PPD', company_name: 'Maple Grove HOA', company_id: '1234567890', entry_description: 'HOA DUES', effective_date: '2026-12-03', odfi_routing_number: '121000358', entries: [debit()], ...over,
});
const file = (over: Partial<NachaFileInput> = {}): NachaFileInput => ({
  immediate_destination: '121000358', immediate_destination_name: 'Bank of America', immediate_origin: '1234567890', immediate_origin_name: 'Maple Grove HOA',
  creation_date: '2026-12-01', creation_time: '0930', batches: [batch()], ...over,
});
const records = (text: string) => text.split('\n').filter((l) => l !== '');

describe('a PPD debit file, record by record', () => {
  const built = buildNachaFile(file({ batches: [batch({ entries: [debit(), debit({ account_type: 'savings', prenote: true, amount_cents: 0, routing_number: '011000015', account_number: '99-88-77', individual_id: '000102', name: 'Søren Æbelø', addenda: 'Prenote for autopay' })] })] }));
  const r = records(built.text);
  it('writes every record at 94 characters, padded with lines of 9s to a multiple of ten', () => {
    expect(r).toHaveLength(10);
    expect(r.every((x) => x.length === 94)).toBe(true);
    expect(r.slice(7)).toEqual(Array(3).fill('9'.repeat(94)));
    expect(built.text.endsWith('\n')).toBe(true);
  });
  it('file header', () => {
    expect(r[0]).toBe('101 12100035812345678902612010930A094101BANK OF AMERICA        MAPLE GROVE HOA                ');
  });
  it('batch header: debits only (225), company, SEC, description, effective date, ODFI, batch number', () => {
    expect(r[1]).toBe('5225MAPLE GROVE HOA                     1234567890PPDHOA DUES        261203   1121000350000001');
  });
  it('entries: codes 27 and 38 (a savings prenote with zero amount), RDFI and check digit, account, amount, names upper-cased and transliterated, trace numbers', () => {
    expect(r[2]).toBe('62702100002112345678         0000025000000101         JOSE NUNEZ              0121000350000001');
    expect(r[3]).toBe('638011000015998877           0000000000000102         SOREN AEBELO            1121000350000002');
    expect(r[4]).toBe('705PRENOTE FOR AUTOPAY                                                             00010000002');
  });
  it('batch control and file control: counts, entry hash (02100002 + 01100001), totals, blocks', () => {
    expect(r[5]).toBe('822500000300032000030000000250000000000000001234567890                         121000350000001');
    expect(r[6]).toBe('9000001000001000000030003200003000000025000000000000000                                       ');
    expect(built.totals).toEqual({ batch_count: 1, block_count: 1, entry_addenda_count: 3, entry_hash: 3_200_003, debit_cents: 25_000, credit_cents: 0 });
    expect(built.traces).toEqual([['121000350000001', '121000350000002']]);
    expect(built.next_trace_sequence).toBe(3);
  });
  it('passes our own validator', () => {
    expect(readNachaFile(built.text).issues).toEqual([]);
  });
});

describe('transaction codes, service classes, SEC codes', () => {
  const codes = (input: NachaFileInput) => records(buildNachaFile(input).text).filter((l) => l[0] === '6').map((l) => l.slice(1, 3));
  const serviceClass = (input: NachaFileInput) => records(buildNachaFile(input).text)[1]!.slice(1, 4);
  it.each([
    [{ direction: 'debit', account_type: 'checking' }, '27'], [{ direction: 'debit', account_type: 'savings' }, '37'],
    [{ direction: 'debit', account_type: 'checking', prenote: true, amount_cents: 0 }, '28'], [{ direction: 'debit', account_type: 'savings', prenote: true, amount_cents: 0 }, '38'],
    [{ direction: 'credit', account_type: 'checking' }, '22'], [{ direction: 'credit', account_type: 'savings' }, '32'],
    [{ direction: 'credit', account_type: 'checking', prenote: true, amount_cents: 0 }, '23'], [{ direction: 'credit', account_type: 'savings', prenote: true, amount_cents: 0 }, '33'],
  ] as const)('%j is code %s', (over, code) => {
    expect(codes(file({ batches: [batch({ sec_code: 'CCD', entries: [debit(over)] })] }))).toEqual([code]);
  });
  it('service class: 225 debits only, 220 credits only, 200 both', () => {
    expect(serviceClass(file())).toBe('225');
    expect(serviceClass(file({ batches: [batch({ sec_code: 'CCD', entries: [debit({ direction: 'credit' })] })] }))).toBe('220');
    expect(serviceClass(file({ batches: [batch({ sec_code: 'CCD', entries: [debit({ direction: 'credit' }), debit()] })] }))).toBe('200');
  });
  it('CCD vendor credits: the credit total, the vendor name in the name field', () => {
    const built = buildNachaFile(file({ batches: [batch({ sec_code: 'CCD', entry_description: 'VENDOR PAY', entries: [debit({ direction: 'credit', amount_cents: 131_245, name: 'Greenscape Landscaping LLC', individual_id: 'V-0042' })] })] }));
    const entry = readRecord(ENTRY_DETAIL, records(built.text)[2]!);
    expect([entry.individual_name, entry.individual_id, entry.amount]).toEqual(['GREENSCAPE LANDSCAPING', 'V-0042         ', '0000131245']);
    expect(built.totals).toMatchObject({ credit_cents: 131_245, debit_cents: 0 });
  });
  it('WEB debits carry the payment type (R recurring by default, S single)', () => {
    const lines = records(buildNachaFile(file({ batches: [batch({ sec_code: 'WEB', entries: [debit(), debit({ payment_type: 'S' })] })] })).text);
    expect([lines[2]!.slice(76, 78), lines[3]!.slice(76, 78)]).toEqual(['R ', 'S ']);
  });
  it('several batches: numbered, trace numbers unique and continuing, file totals add up', () => {
    const built = buildNachaFile(file({ first_trace_sequence: 41, batches: [batch({ entries: [debit(), debit({ amount_cents: 1 })] }), batch({ sec_code: 'CCD', odfi_routing_number: '021000021', entries: [debit({ direction: 'credit', amount_cents: 700 })] })] }));
    expect(built.traces).toEqual([['121000350000041', '121000350000042'], ['021000020000043']]);
    expect(built.next_trace_sequence).toBe(44);
    expect(built.totals).toMatchObject({ batch_count: 2, debit_cents: 25_001, credit_cents: 700, entry_addenda_count: 3 });
    const lines = records(built.text);
    expect(lines.filter((l) => l[0] === '5').map((l) => l.slice(87))).toEqual(['0000001', '0000002']);
    expect(parseNachaFile(built.text).batches.map((b) => b.entries.length)).toEqual([2, 1]);
  });
  it('the entry hash keeps its last ten digits', () => {
    const entries = Array.from({ length: 400 }, () => debit({ routing_number: '322271627' }));
    const built = buildNachaFile(file({ batches: [batch({ entries })] }));
    expect(built.totals.entry_hash).toBe((400 * 32_227_162) % 10_000_000_000);
    expect(built.totals.entry_hash).toBe(2_890_864_800);
    expect(readNachaFile(built.text).issues).toEqual([]);
  });
  it('CRLF line ends when asked, and a block count for 10 and 11 records', () => {
    expect(buildNachaFile(file({ line_ending: '\r\n' })).text.split('\r\n')).toHaveLength(11);
    const seven = buildNachaFile(file({ batches: [batch({ entries: Array.from({ length: 6 }, () => debit()) })] }));
    expect(seven.totals.block_count).toBe(1);
    const eight = buildNachaFile(file({ batches: [batch({ entries: Array.from({ length: 7 }, () => debit()) })] }));
    expect([eight.totals.block_count, records(eight.text).length]).toEqual([2, 20]);
  });
});

describe('text for the bank: upper case, transliterated, or refused by name', () => {
  it.each([
    ['José Núñez', 'JOSE NUNEZ'], ['Søren Æbelø', 'SOREN AEBELO'], ['Straße', 'STRASSE'], ['Łódź', 'LODZ'], ['O’Brien “Jr.”', 'O\'BRIEN "JR."'],
    ['Anne–Marie', 'ANNE-MARIE'], ['  two \t  spaces ', 'TWO SPACES'], ['Ｆｕｌｌwidth', 'FULLWIDTH'], ['Œuvre', 'OEUVRE'], ['Þór', 'THOR'],
  ])('%j is %j', (text, out) => {
    expect(toBankText(text, 'Name')).toBe(out);
  });
  it.each([['张伟', '张'], ['Ivan Петров', 'П'], ['Emoji 😀', '😀'], ['Bell\u0007', '\u0007']])('%j is refused', (text, bad) => {
    expect(() => toBankText(text, 'The name')).toThrow(`The name '${text}' holds '${bad}', which a bank file cannot carry; write it in Latin letters`);
  });
  it('names are cut to their field, ids are refused when too long', () => {
    const built = buildNachaFile(file({ batches: [batch({ company_name: 'Maple Grove Homeowners Association', entries: [debit({ name: 'Alexandra Konstantinopoulou-Smith' })] })] }));
    const lines = records(built.text);
    expect(lines[1]!.slice(4, 20)).toBe('MAPLE GROVE HOME');
    expect(lines[2]!.slice(54, 76)).toBe('ALEXANDRA KONSTANTINOP');
  });
});

describe('input problems are refused, naming the batch and entry', () => {
  it.each([
    [file({ batches: [] }), 'An ACH file needs at least one batch'],
    [file({ immediate_destination: '121000359' }), 'Immediate destination 121000359 is not valid: its last digit should be 8'],
    [file({ immediate_origin: '12345' }), 'Immediate origin must be a routing number or the ten-character id the bank assigned'],
    [file({ creation_date: '2026-02-30' }), 'File creation date must be a date (YYYY-MM-DD)'],
    [file({ creation_time: '2460' }), 'File creation time must be HHMM (24-hour)'],
    [file({ file_id_modifier: 'a1' }), 'File ID modifier must be one letter A-Z or digit 0-9'],
    [file({ first_trace_sequence: 0 }), 'The first trace sequence number must be from 1 to 9999999'],
    [file({ first_trace_sequence: 9_999_999, batches: [batch({ entries: [debit(), debit()] })] }), 'The trace sequence numbers have run out'],
    [file({ batches: [batch({ entries: [] })] }), 'Batch 1 has no entries'],
    [file({ batches: [batch({ odfi_routing_number: '12100035' })] }), 'Batch 1: the originating bank routing number must be exactly 9 digits'],
    [file({ batches: [batch({ company_id: '12345678901' })] }), "Batch 1: the company ID '12345678901' is longer than the 10 characters the bank file has for it"],
    [file({ batches: [batch({ company_id: ' ' })] }), 'Batch 1: the company ID is required'],
    [file({ batches: [batch({ entry_description: 'MONTHLY DUES' })] }), "Batch 1: the entry description 'MONTHLY DUES' is longer than the 10 characters"],
    [file({ batches: [batch({ effective_date: '12/03/2026' })] }), 'Batch 1: the effective date must be a date (YYYY-MM-DD)'],
    [file({ batches: [batch({ sec_code: 'TEL' as 'PPD' })] }), 'Batch 1: the SEC code must be PPD, WEB or CCD'],
    [file({ batches: [batch({ sec_code: 'WEB', entries: [debit({ direction: 'credit' })] })] }), "Batch 1, entry 1: WEB entries debit the receiver's account; pay by CCD or PPD credit"],
    [file({ batches: [batch({ entries: [debit(), debit({ routing_number: '021000022' })] })] }), 'Batch 1, entry 2: the routing number 021000022 is not valid'],
    [file({ batches: [batch({ entries: [debit({ account_number: '12345678901234567890' })] })] }), 'Batch 1, entry 1: the account number must be 1 to 17 digits or letters'],
    [file({ batches: [batch({ entries: [debit({ account_number: '12#4' })] })] }), 'Batch 1, entry 1: the account number must be 1 to 17 digits or letters'],
    [file({ batches: [batch({ entries: [debit({ prenote: true })] })] }), 'Batch 1, entry 1: a prenote carries no amount'],
    [file({ batches: [batch({ entries: [debit({ amount_cents: 0 })] })] }), 'Batch 1, entry 1: the amount must be greater than zero (a zero entry is a prenote)'],
    [file({ batches: [batch({ entries: [debit({ amount_cents: -5 })] })] }), 'Batch 1, entry 1: the amount must be whole cents, not negative'],
    [file({ batches: [batch({ entries: [debit({ amount_cents: 10.5 })] })] }), 'Batch 1, entry 1: the amount must be whole cents, not negative'],
    [file({ batches: [batch({ entries: [debit({ amount_cents: 10_000_000_000 })] })] }), 'Batch 1, entry 1: the amount 100000000.00 is more than one entry can carry (99999999.99)'],
    [file({ batches: [batch({ entries: [debit({ individual_id: '1234567890123456' })] })] }), "Batch 1, entry 1: the individual ID '1234567890123456' is longer than the 15 characters"],
    [file({ batches: [batch({ entries: [debit({ name: '  ' })] })] }), 'Batch 1, entry 1: the name is required'],
    [file({ batches: [batch({ entries: [debit({ name: '李' })] })] }), "Batch 1, entry 1: the name '李' holds '李'"],
  ])('refused: %#', (input, message) => {
    let error: unknown;
    try {
      buildNachaFile(input);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ status: 400, code: 'validation_error' });
    expect((error as Error).message).toContain(message);
  });
});

describe('round trip through our own parser', () => {
  it('5,000 autopay debits and prenotes read back exactly as built', () => {
    const entries = Array.from({ length: 5_000 }, (_, i): NachaEntryInput => ({
      direction: 'debit', account_type: i % 3 === 0 ? 'savings' : 'checking', prenote: i % 50 === 0, routing_number: ['021000021', '011000015', '121000358', '322271627'][i % 4]!,
      account_number: String(10_000_000 + i * 7), amount_cents: i % 50 === 0 ? 0 : 10_000 + (i % 97) * 125, individual_id: String(i).padStart(6, '0'), name: `Owner ${i}`,
      addenda: i % 10 === 1 ? `Unit ${i} dues` : null,
    }));
    const built = buildNachaFile(file({ batches: [batch({ sec_code: 'WEB', entries })] }));
    const parsed = parseNachaFile(built.text);
    const read = parsed.batches[0]!.entries;
    expect(read).toHaveLength(5_000);
    expect(read.map((e) => [e.routing_number, e.account_number, e.amount_cents, e.individual_id, e.name, e.trace_number])).toEqual(
      entries.map((e, i) => [e.routing_number, e.account_number, e.amount_cents, e.individual_id, e.name.toUpperCase(), built.traces[0]![i]]),
    );
    expect(read.filter((e) => e.addenda.length === 1).length).toBe(500);
    expect(new Set(built.traces[0]).size).toBe(5_000);
    expect(built.totals.debit_cents).toBe(entries.reduce((s, e) => s + e.amount_cents, 0));
    expect(records(built.text).length % 10).toBe(0);
  });
});
