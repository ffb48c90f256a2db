import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyChangeNotice, decideReturn, describeReturnCode, PAUSING_RETURN_CODES, readAchReturnsFile } from './ach-returns.rules.ts';
import { buildNachaFile } from './nacha.builder.ts';
import { NachaFormatError } from './nacha.parser.ts';

const returnsFile = readFileSync(new URL('./fixtures/returns-r01-r02-noc.ach', import.meta.url), 'latin1');

describe('a returns file from the bank', () => {
  const { returns, notices } = readAchReturnsFile(returnsFile);
  it('reads each return: the trace number of our entry, the code, the date, the amount', () => {
    expect(returns).toEqual([
      { trace_number: '121000350000001', return_code: 'R01', date: '2026-12-07', amount_cents: 25_000, return_trace_number: '021000020000001', addenda_information: '', line: 4 },
      { trace_number: '121000350000002', return_code: 'R02', date: '2026-12-07', amount_cents: 31_000, return_trace_number: '021000020000002', addenda_information: 'ACCOUNT CLOSED 11/30', line: 6 },
    ]);
  });
  it('reads each notification of change with its corrected data', () => {
    expect(notices.map((n) => [n.trace_number, n.change_code, n.date, n.corrected_data.trim(), n.line])).toEqual([
      ['121000350000003', 'C01', '2026-12-07', '87654321', 10],
      ['121000350000004', 'C03', '2026-12-07', '021000021   1112223334', 12],
    ]);
  });
  it('a returns file with wrong totals is refused like any NACHA file', () => {
    const broken = returnsFile.replace('822500000400032000030000000560000000000000001234567890', '822500000400032000030000000560010000000000001234567890');
    expect(() => readAchReturnsFile(broken)).toThrow(NachaFormatError);
    expect(() => readAchReturnsFile(broken)).toThrow("Line 7: the batch control's debit total is '000000056001' but the batch has 560.00");
  });
  it('a file of our own debits holds no returns', () => {
    const ours = buildNachaFile({
      immediate_destination: '121000358', immediate_destination_name: 'Bank', immediate_origin: '1234567890', immediate_origin_name: 'HOA', creation_date: '2026-12-01', creation_time: '0930',
      batches: [{ sec_code: 'PPD', company_name: 'HOA', company_id: '1234567890', entry_description: 'HOA DUES', effective_date: '2026-12-03', odfi_routing_number: '121000358',
        entries: [{ direction: 'debit', account_type: 'checking', routing_number: '021000021', account_number: '1', amount_cents: 5, individual_id: '1', name: 'A' }] }],
    });
    expect(() => readAchReturnsFile(ours.text)).toThrow('The file holds no returns (addenda 99) or notifications of change (addenda 98)');
  });
});

describe('what a return does', () => {
  const on = (code: string, retries = 0, returned = '2026-12-07') => decideReturn({ return_code: code, return_date: returned, original_settlement_date: '2026-12-03', retries_so_far: retries });
  it.each(['R02', 'R03', 'R04', 'R07', 'R08', 'R10', 'R16', 'R20', 'R29'])('%s pauses the enrollment and is not retried', (code) => {
    expect(on(code)).toMatchObject({ pause_enrollment: true, retry: false, retry_until: null });
  });
  it('exactly those nine codes pause', () => {
    expect([...PAUSING_RETURN_CODES].sort()).toEqual(['R02', 'R03', 'R04', 'R07', 'R08', 'R10', 'R16', 'R20', 'R29']);
  });
  it.each([
    ['R01', 0, '2026-12-07', true], ['R01', 1, '2026-12-20', true], ['R01', 2, '2026-12-20', false], ['R09', 0, '2026-12-07', true],
    ['R09', 1, '2027-06-01', true], ['R09', 1, '2027-06-02', false], ['r01', 0, '2026-12-07', true],
  ] as const)('%s after %i retries, returned %s: retry %s', (code, retries, returned, retry) => {
    expect(on(code, retries, returned)).toEqual({ reason: describeReturnCode(code), pause_enrollment: false, retry, retry_until: '2027-06-01' });
  });
  it.each(['R05', 'R06', 'R11', 'R14', 'R15', 'R17', 'R23', 'R24'])('%s bounces the payment only', (code) => {
    expect(on(code)).toMatchObject({ pause_enrollment: false, retry: false, retry_until: null });
  });
  it('the reason names the code', () => {
    expect(on('R01').reason).toBe('R01 Insufficient funds');
    expect(on('R10').reason).toBe('R10 Customer advises the debit was not authorized');
    expect(describeReturnCode('R77')).toBe('R77 Returned entry');
  });
  it('refuses a code that is not a return code', () => {
    expect(() => on('C01')).toThrow("Return code 'C01' is not R and two digits, such as R01");
    expect(() => on('R1')).toThrow('is not R and two digits');
  });
});

describe('notifications of change', () => {
  const current = { routing_number: '021000021', account_number: '12345678' };
  it('C01 corrects the account number', () => {
    expect(applyChangeNotice(current, { change_code: 'C01', corrected_data: '87654321' })).toEqual({ applied: true, details: { routing_number: '021000021', account_number: '87654321' }, changed: ['account_number'] });
  });
  it('C02 corrects the routing number', () => {
    expect(applyChangeNotice(current, { change_code: 'C02', corrected_data: '011000015' })).toEqual({ applied: true, details: { routing_number: '011000015', account_number: '12345678' }, changed: ['routing_number'] });
  });
  it('C03 corrects both (routing 1-9, three spaces, account 13-29)', () => {
    expect(applyChangeNotice(current, { change_code: 'C03', corrected_data: '121000358   1112223334' })).toEqual({ applied: true, details: { routing_number: '121000358', account_number: '1112223334' }, changed: ['routing_number', 'account_number'] });
  });
  it('the fixture\'s notices apply', () => {
    const { notices } = readAchReturnsFile(returnsFile);
    expect(notices.map((n) => applyChangeNotice(current, n))).toEqual([
      { applied: true, details: { routing_number: '021000021', account_number: '87654321' }, changed: ['account_number'] },
      { applied: true, details: { routing_number: '021000021', account_number: '1112223334' }, changed: ['account_number'] },
    ]);
  });
  it.each([
    [{ change_code: 'C02', corrected_data: '021000022' }, "C02: The corrected routing number 021000022 is not valid: its last digit should be 1 by the ABA check (weights 3, 7, 1). Check it against a check or the bank's website"],
    [{ change_code: 'C01', corrected_data: '   ' }, "C01: the corrected account number '' is not 1 to 17 digits or letters"],
    [{ change_code: 'C05', corrected_data: '37' }, "C05 Incorrect transaction code: corrected data '37' must be applied by a person"],
    [{ change_code: 'C04', corrected_data: 'JANE Q DOE' }, "C04 Incorrect individual name: corrected data 'JANE Q DOE' must be applied by a person"],
  ])('%j is left to a person: %s', (notice, reason) => {
    expect(applyChangeNotice(current, notice)).toEqual({ applied: false, reason });
  });
});
