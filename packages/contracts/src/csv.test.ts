import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  OWNER_CSV_COLUMNS, PROPERTY_CSV_COLUMNS, csvCell, describeCsvErrors, ownersTemplateCsv, ownersToCsv, parseOwnersCsv,
  parsePropertiesCsv, propertiesTemplateCsv, propertiesToCsv, toCsv,
} from './csv.ts';

const OWNER_HEADER = 'owner_id,first_name,last_name,date_of_birth,resident_status,email,phone,mailing_address,mailing_address_2,city,state,zip_code,emergency_contact_name,emergency_contact_phone,status';
const PROPERTY_HEADER = 'property_id,unit_number,street_address,city,state,zip_code,property_type,square_footage,bedrooms,bathrooms,parking_spaces,monthly_hoa_fee,status,notes';

function ok<T>(result: { ok: true; records: T[] } | { ok: false; errors: unknown }): T[] {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.records;
}

describe('templates', () => {
  it('owners template is the header row in the spec column order', () => {
    expect(ownersTemplateCsv()).toBe(`${OWNER_HEADER}\r\n`);
    expect(OWNER_CSV_COLUMNS).toHaveLength(15);
  });
  it('properties template is the header row in the spec column order', () => {
    expect(propertiesTemplateCsv()).toBe(`${PROPERTY_HEADER}\r\n`);
    expect(PROPERTY_CSV_COLUMNS).toHaveLength(14);
  });
  it('a template imported back has no data rows', () => {
    const r = parseOwnersCsv(ownersTemplateCsv());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]!.message).toBe('The file has no data rows');
  });
});

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line1\nline2', '"line1\nline2"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    [12.5, '12.5'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+15551234', "'+15551234"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['\rX', '"\'\rX"'],
    ['=HYPERLINK("x","y")', '"\'=HYPERLINK(""x"",""y"")"'],
    ['mid=dle', 'mid=dle'],
  ])('csvCell(%j) = %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
  it('toCsv joins with CRLF and ends with a line break', () => {
    expect(toCsv([['a', 'b'], ['c,d', 'e']])).toBe('a,b\r\n"c,d",e\r\n');
  });
});

describe('export', () => {
  const owner = {
    id: 'x', owner_id: '100001', first_name: 'Ann', last_name: 'O"Neil, Jr.', email: 'ann@example.com', phone: '+1 555 0100',
    mailing_address: '1 Main St\nSuite 5', city: 'Springfield', resident_status: null, status: null, notes: 'not exported',
  };
  it('writes the spec columns in order, quoting, defaults and the formula guard', () => {
    const csv = ownersToCsv([owner]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(OWNER_HEADER);
    expect(row).toBe('100001,Ann,"O""Neil, Jr.",,owner,ann@example.com,\'+1 555 0100,"1 Main St\nSuite 5",,Springfield,,,,,active');
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(parsed[1]).toEqual(['100001', 'Ann', 'O"Neil, Jr.', '', 'owner', 'ann@example.com', "'+1 555 0100", '1 Main St\nSuite 5', '', 'Springfield', '', '', '', '', 'active']);
    expect(csv).not.toContain('not exported');
  });
  it('an exported owners file imports back to the same values', () => {
    const records = ok(parseOwnersCsv(ownersToCsv([owner])));
    expect(records[0]).toMatchObject({ owner_id: '100001', last_name: 'O"Neil, Jr.', phone: '+1 555 0100', mailing_address: '1 Main St\nSuite 5', resident_status: 'owner', status: 'active' });
  });
  it('properties export: numbers, defaults and notes last', () => {
    const csv = propertiesToCsv([{ property_id: '200000', unit_number: '1A', monthly_hoa_fee: 250.5, bathrooms: 1.5, square_footage: 900, notes: '=cmd|calc', property_type: null, status: null }]);
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(rows[0]!.join(',')).toBe(PROPERTY_HEADER);
    expect(rows[1]).toEqual(['200000', '1A', '', '', '', '', 'condo', '900', '', '1.5', '', '250.5', 'occupied', "'=cmd|calc"]);
    const back = ok(parsePropertiesCsv(csv));
    expect(back[0]).toMatchObject({ property_id: '200000', monthly_hoa_fee: 250.5, bathrooms: 1.5, square_footage: 900, notes: '=cmd|calc' });
  });
});

describe('owners import', () => {
  it('skips the header, applies the defaults and parses a simple row', () => {
    const records = ok(parseOwnersCsv(`${OWNER_HEADER}\n100000,Ann,Lee\n`));
    expect(records).toEqual([{ owner_id: '100000', first_name: 'Ann', last_name: 'Lee', resident_status: 'owner', status: 'active' }]);
    expect(parseOwnersCsv(`${OWNER_HEADER}\n\n100000,Ann,Lee\n100001,Bo,Li\n`)).toMatchObject({ ok: true, rows: [3, 4] });
  });
  it('handles quoted commas, doubled quotes, CRLF, a BOM and blank lines', () => {
    const text = `\uFEFF${OWNER_HEADER}\r\n\r\n100001,"Mary, Jane","O""Brien",1980-02-03,renter,mj@example.com,555-0101,"12 Elm St, Apt 4",,Town,CA,90210,"Bob ""B"" Smith",555-0102,inactive\r\n   \r\n,,,\r\n100002,Tom,Ng\r\n\r\n`;
    const records = ok(parseOwnersCsv(text));
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual({
      owner_id: '100001', first_name: 'Mary, Jane', last_name: 'O"Brien', date_of_birth: '1980-02-03', resident_status: 'renter',
      email: 'mj@example.com', phone: '555-0101', mailing_address: '12 Elm St, Apt 4', city: 'Town', state: 'CA', zip_code: '90210',
      emergency_contact_name: 'Bob "B" Smith', emergency_contact_phone: '555-0102', status: 'inactive',
    });
    expect(records[1]).toMatchObject({ owner_id: '100002', first_name: 'Tom', last_name: 'Ng' });
  });
  it('accepts a quoted value spanning lines', () => {
    const records = ok(parseOwnersCsv(`${OWNER_HEADER}\n100003,Al,Bo,,,,,"Line 1\nLine 2"\n`));
    expect(records[0]!.mailing_address).toBe('Line 1\nLine 2');
  });
  it('normalises enum spellings, US dates and short ids', () => {
    const records = ok(parseOwnersCsv(`${OWNER_HEADER}\n12345,Al,Bo,2/3/1990,Household Member,,,,,,,,,,Active\n`));
    expect(records[0]).toMatchObject({ owner_id: '012345', date_of_birth: '1990-02-03', resident_status: 'household_member', status: 'active' });
  });
  it('trims cells', () => {
    expect(ok(parseOwnersCsv(`${OWNER_HEADER}\n 100004 ,  Al , Bo \n`))[0]).toMatchObject({ owner_id: '100004', first_name: 'Al', last_name: 'Bo' });
  });
  it('numbers errors by file row (header = row 1, blank lines counted)', () => {
    const text = `${OWNER_HEADER}\n100000,Ann,Lee\n\n100001,,Kim\n12345x,Bo,Li\n`;
    const r = parseOwnersCsv(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { row: 4, message: 'First name is required' },
      { row: 5, message: 'Owner ID must be exactly 6 digits' },
    ]);
    expect(describeCsvErrors(r.errors)).toBe('Row 4: First name is required; Row 5: Owner ID must be exactly 6 digits');
  });
  it('one bad row rejects the whole file', () => {
    const r = parseOwnersCsv(`${OWNER_HEADER}\n100000,A,B\n100001,C,D\n100002,E,F,,,not-an-email\n`);
    expect(r).toEqual({ ok: false, errors: [{ row: 4, message: 'Email must be a valid email address' }] });
  });
  it.each([
    ['1234567', 'Owner ID must be exactly 6 digits'],
    ['abc', 'Owner ID must be exactly 6 digits'],
  ])('owner id %j is refused', (id, message) => {
    expect(parseOwnersCsv(`${OWNER_HEADER}\n${id},A,B\n`)).toEqual({ ok: false, errors: [{ row: 2, message }] });
  });
  it('refuses a bad resident status, status and date', () => {
    const r = parseOwnersCsv(`${OWNER_HEADER}\n100000,A,B,1990-13-01,landlord,,,,,,,,,,gone\n`);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors[0]!.row).toBe(2);
      expect(r.errors[0]!.message).toContain('Date of birth must be a date');
      expect(r.errors[0]!.message).toContain('Resident status must be one of');
      expect(r.errors[0]!.message).toContain('Status must be one of');
    }
  });
  it('refuses duplicate owner ids inside the file', () => {
    expect(parseOwnersCsv(`${OWNER_HEADER}\n100000,A,B\n100000,C,D\n`)).toEqual({ ok: false, errors: [{ row: 3, message: 'Owner ID 100000 is already used on row 2' }] });
  });
  it('refuses a row with more values than columns', () => {
    const r = parseOwnersCsv(`${OWNER_HEADER}\n100000,A,B,,,,,,,,,,,,active,extra\n`);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ row: 2 });
  });
  it('refuses an unclosed quote', () => {
    const r = parseOwnersCsv(`${OWNER_HEADER}\n100000,"A,B\n`);
    expect(r.ok).toBe(false);
  });
  it('an empty file has no data rows', () => {
    expect(parseOwnersCsv('')).toEqual({ ok: false, errors: [{ row: 2, message: 'The file has no data rows' }] });
    expect(parseOwnersCsv('\uFEFF\r\n\r\n').ok).toBe(false);
  });
  it('limits the error summary', () => {
    const errors = Array.from({ length: 8 }, (_, i) => ({ row: i + 2, message: 'bad' }));
    expect(describeCsvErrors(errors)).toBe('Row 2: bad; Row 3: bad; Row 4: bad; Row 5: bad; Row 6: bad; and 3 more');
  });
});

describe('properties import', () => {
  it('parses numbers as decimals and applies defaults', () => {
    const records = ok(parsePropertiesCsv(`${PROPERTY_HEADER}\r\n200000,1A,"1 Main St, Unit 1A",Town,CA,90210,,"1,200",2,1.5,1,"$1,250.50",,"Corner unit, ""view"""\r\n`));
    expect(records[0]).toEqual({
      property_id: '200000', unit_number: '1A', street_address: '1 Main St, Unit 1A', city: 'Town', state: 'CA', zip_code: '90210',
      property_type: 'condo', square_footage: 1200, bedrooms: 2, bathrooms: 1.5, parking_spaces: 1, monthly_hoa_fee: 1250.5,
      status: 'occupied', notes: 'Corner unit, "view"',
    });
  });
  it('normalises type spellings', () => {
    expect(ok(parsePropertiesCsv(`${PROPERTY_HEADER}\n200001,2B,,,,,Single Family,,,,,,Rented\n`))[0]).toMatchObject({ property_type: 'single_family', status: 'rented' });
  });
  it.each([
    ['200000,,', 'Unit number is required'],
    ['20000a,1A', 'Property ID must be exactly 6 digits'],
    ['200000,1A,,,,,,,,1.25', 'Bathrooms must be in steps of 0.5'],
    ['200000,1A,,,,,,big', 'Sq ft: Square footage must be a whole number'],
    ['200000,1A,,,,,,,,,,12.345', 'Monthly HOA fee must have at most 2 decimal places'],
    ['200000,1A,,,,,castle', 'Property type must be one of'],
  ])('row %j is refused with its row number', (row, message) => {
    const r = parsePropertiesCsv(`${PROPERTY_HEADER}\n${row}\n`);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors[0]!.row).toBe(2);
      expect(r.errors[0]!.message).toContain(message);
    }
  });
  it('refuses duplicate property ids', () => {
    expect(parsePropertiesCsv(`${PROPERTY_HEADER}\n200000,1A\n\n200000,1B\n`)).toEqual({ ok: false, errors: [{ row: 4, message: 'Property ID 200000 is already used on row 2' }] });
  });
});
