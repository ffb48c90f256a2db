import { describe, expect, it } from 'vitest';
import { describeCsvErrors } from './csv.ts';
import {
  OPENING_ACCOUNT_COLUMNS, OPENING_OWNER_COLUMNS, OPENING_VENDOR_COLUMNS, openingTemplateCsv, parseOpeningAccountsCsv, parseOpeningOwnersCsv,
  parseOpeningVendorsCsv, resolveRows,
} from './opening-balances.ts';

function records<T>(r: { ok: true; records: T[] } | { ok: false; errors: unknown }): T[] {
  if (!r.ok) throw new Error(`expected success, got ${JSON.stringify(r.errors)}`);
  return r.records;
}

describe('templates', () => {
  it('write the columns the wizard reads', () => {
    expect(openingTemplateCsv(OPENING_ACCOUNT_COLUMNS)).toBe('account_number,fund_code,debit,credit\r\n');
    expect(openingTemplateCsv(OPENING_OWNER_COLUMNS)).toBe('owner_id,amount,memo\r\n');
    expect(openingTemplateCsv(OPENING_VENDOR_COLUMNS)).toBe('vendor_name,amount,reference\r\n');
  });
});

describe('account balances', () => {
  it('reads debits and credits, empty cells as 0, a BOM, CRLF and dollar amounts', () => {
    const text = '\uFEFFaccount_number,fund_code,debit,credit\r\n1000,OP,"$10,000.00",\r\n3000,OP,,10000\r\n';
    expect(records(parseOpeningAccountsCsv(text))).toEqual([
      { account_number: '1000', fund_code: 'OP', debit: 10000, credit: 0 },
      { account_number: '3000', fund_code: 'OP', debit: 0, credit: 10000 },
    ]);
  });

  it('names each bad row: both sides, neither side, a negative, too many decimals', () => {
    const text = 'account_number,fund_code,debit,credit\n1000,OP,5,5\n1010,RES,,\n1200,OP,-3,\n2000,OP,1.234,\n';
    const r = parseOpeningAccountsCsv(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.row)).toEqual([2, 3, 4, 5]);
    expect(r.errors[0]!.message).toBe('enter either a debit or a credit');
    expect(describeCsvErrors(r.errors)).toContain('Row 4: Debit');
  });

  it('refuses a file whose header is not the expected one (columns are read by position)', () => {
    const r = parseOpeningAccountsCsv('fund_code,account_number,debit,credit\nOP,1000,1,\n');
    expect(r).toEqual({ ok: false, errors: [{ row: 1, message: 'The header must be account_number,fund_code,debit,credit' }] });
  });

  it('refuses an empty file', () => {
    const r = parseOpeningAccountsCsv(openingTemplateCsv(OPENING_ACCOUNT_COLUMNS));
    expect(r.ok).toBe(false);
  });
});

describe('owners', () => {
  it('pads owner IDs a spreadsheet shortened, keeps negative amounts (credits) and memos', () => {
    const text = 'owner_id,amount,memo\n100001,1000,Old system\n"000250",-300,\n';
    expect(records(parseOpeningOwnersCsv(text))).toEqual([
      { owner_id: '100001', amount: 1000, memo: 'Old system' },
      { owner_id: '000250', amount: -300 },
    ]);
    expect(records(parseOpeningOwnersCsv('owner_id,amount,memo\n250,5,\n'))[0]!.owner_id).toBe('000250');
  });

  it('refuses a zero amount, a bad ID and the same owner twice, naming the rows', () => {
    const r = parseOpeningOwnersCsv('owner_id,amount,memo\n100001,0,\nabc,5,\n100002,5,\n100002,6,\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { row: 2, message: 'Amount must not be 0' },
      { row: 3, message: 'Owner ID must be exactly 6 digits' },
      { row: 5, message: 'Owner ID 100002 is already used on row 4' },
    ]);
  });
});

describe('vendors', () => {
  it('reads the vendor, a positive amount and the reference', () => {
    expect(records(parseOpeningVendorsCsv('vendor_name,amount,reference\n"Green, Inc.",800,OB-1\n'))).toEqual([{ vendor_name: 'Green, Inc.', amount: 800, reference: 'OB-1' }]);
    const r = parseOpeningVendorsCsv('vendor_name,amount,reference\nGreen,-5,\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(describeCsvErrors(r.errors)).toBe('Row 2: Amount must be greater than 0; Reference is required');
  });
});

describe('resolveRows', () => {
  it('answers the values, or every row that names a missing record', () => {
    const known = new Map([['1000', 'acc1']]);
    const resolve = (r: { n: string }) => {
      const id = known.get(r.n);
      return id ? { value: id } : { error: `no account numbered ${r.n}` };
    };
    expect(resolveRows([{ n: '1000' }], [2], resolve)).toEqual({ ok: true, values: ['acc1'] });
    expect(resolveRows([{ n: '1000' }, { n: '1999' }, { n: '42' }], [2, 3, 5], resolve)).toEqual({
      ok: false,
      errors: [{ row: 3, message: 'no account numbered 1999' }, { row: 5, message: 'no account numbered 42' }],
    });
  });
});
