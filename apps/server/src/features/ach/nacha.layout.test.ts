import { describe, expect, it } from 'vitest';
import { BATCH_CONTROL, FILE_HEADER, isoOfYymmdd, readRecord, serviceClassCode, TRANSACTION_CODES, transactionCode, writeRecord, yymmdd } from './nacha.layout.ts';

describe('NACHA layouts', () => {
  it('numeric fields are zero-filled on the left, text fields space-filled on the right, 94 characters in all', () => {
    const r = writeRecord(BATCH_CONTROL, { record_type: '8', service_class_code: '225', entry_addenda_count: 3, entry_hash: 3_200_003, total_debit: 25_000, total_credit: 0, company_identification: 'ABC', odfi_identification: '12100035', batch_number: 1 });
    expect(r).toBe('8225000003000320000300000002500000000000000' + '0ABC       ' + ' '.repeat(25) + '121000350000001');
    expect(r).toHaveLength(94);
    expect(readRecord(BATCH_CONTROL, r)).toMatchObject({ entry_hash: '0003200003', company_identification: 'ABC       ', batch_number: '0000001' });
  });
  it('refuses a value longer than its field', () => {
    expect(() => writeRecord(FILE_HEADER, { reference_code: '123456789' })).toThrow("reference_code '123456789' is longer than its 8 characters");
  });
  it.each([
    ['checking', 'credit', false, '22'], ['checking', 'credit', true, '23'], ['checking', 'debit', false, '27'], ['checking', 'debit', true, '28'],
    ['savings', 'credit', false, '32'], ['savings', 'credit', true, '33'], ['savings', 'debit', false, '37'], ['savings', 'debit', true, '38'],
  ] as const)('%s %s prenote %s is code %s', (account, direction, prenote, code) => {
    expect(transactionCode(account, direction, prenote)).toBe(code);
    expect(TRANSACTION_CODES[code]).toEqual({ account_type: account, direction, kind: prenote ? 'prenote' : 'live' });
  });
  it('service class from the directions', () => {
    expect(serviceClassCode(['debit', 'debit'])).toBe('225');
    expect(serviceClassCode(['credit'])).toBe('220');
    expect(serviceClassCode(['credit', 'debit'])).toBe('200');
  });
  it('dates as YYMMDD and back', () => {
    expect(yymmdd('2026-12-03')).toBe('261203');
    expect(isoOfYymmdd('261203')).toBe('2026-12-03');
    expect(isoOfYymmdd('260230')).toBeNull();
    expect(isoOfYymmdd('      ')).toBeNull();
  });
});
