import Papa from 'papaparse';
import { z } from 'zod';
import { parseCsvRecords, type CsvColumn, type CsvRowError } from './csv.ts';
import { decimal, money, optText, reqText } from './fields.ts';

/**
 * The three CSV files of an association moving in (opening balances): account balances, what each owner owes or
 * has in credit, and what is owed to each vendor. Rows are checked here; the records they name (accounts, funds,
 * owners by their 6-digit ID, vendors by name) are looked up by the caller and resolved with `resolveRows`.
 */

export const OPENING_ACCOUNT_COLUMNS: readonly CsvColumn[] = [
  { field: 'account_number', label: 'Account number' },
  { field: 'fund_code', label: 'Fund code' },
  { field: 'debit', label: 'Debit', kind: 'number', defaultValue: '0' },
  { field: 'credit', label: 'Credit', kind: 'number', defaultValue: '0' },
];

export const OPENING_OWNER_COLUMNS: readonly CsvColumn[] = [
  { field: 'owner_id', label: 'Owner ID', kind: 'id' },
  { field: 'amount', label: 'Amount', kind: 'number' },
  { field: 'memo', label: 'Memo' },
];

export const OPENING_VENDOR_COLUMNS: readonly CsvColumn[] = [
  { field: 'vendor_name', label: 'Vendor name' },
  { field: 'amount', label: 'Amount', kind: 'number' },
  { field: 'reference', label: 'Reference' },
];

const openingAccountRow = z
  .strictObject({ account_number: reqText('Account number', 20), fund_code: reqText('Fund code', 20), debit: money('Debit'), credit: money('Credit') })
  .refine((r) => (r.debit > 0) !== (r.credit > 0), 'enter either a debit or a credit');

const openingOwnerRow = z.strictObject({
  owner_id: z.string().regex(/^\d{6}$/, 'Owner ID must be exactly 6 digits'),
  /** Positive: what the owner owes; negative: the owner's credit. */
  amount: decimal('Amount', { min: -999_999_999.99, max: 999_999_999.99, places: 2 }).refine((n) => n !== 0, 'Amount must not be 0'),
  memo: optText(500),
});

const openingVendorRow = z.strictObject({
  vendor_name: reqText('Vendor name'),
  amount: decimal('Amount', { max: 999_999_999_999.99, places: 2 }).refine((n) => n > 0, 'Amount must be greater than 0'),
  reference: reqText('Reference', 60),
});

export type OpeningAccountRow = z.infer<typeof openingAccountRow>;
export type OpeningOwnerRow = z.infer<typeof openingOwnerRow>;
export type OpeningVendorRow = z.infer<typeof openingVendorRow>;

/** Parsed rows, each with its row number in the file (the header is row 1), or the rows that are wrong. */
export type OpeningParse<T> = { ok: true; records: T[]; rows: number[] } | { ok: false; errors: CsvRowError[] };

/** The header row of a file: its columns in order, as the template writes them. */
export const openingTemplateCsv = (columns: readonly CsvColumn[]) => `${columns.map((c) => c.field).join(',')}\r\n`;

function parseWithHeader<T>(text: string, columns: readonly CsvColumn[], schema: z.ZodType<T>, opts: { uniqueField?: string } = {}): OpeningParse<T> {
  // Rows are read by position, so a file whose columns are in another order is refused rather than misread.
  const header = (Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { preview: 1 }).data[0] ?? []).map((c) => c.trim().toLowerCase());
  const expected = columns.map((c) => c.field);
  const matches = expected.every((field, i) => header[i] === field) && header.slice(expected.length).every((c) => c === '');
  if (!matches) return { ok: false, errors: [{ row: 1, message: `The header must be ${expected.join(',')}` }] };
  return parseCsvRecords(text, columns, schema, opts);
}

/** account_number,fund_code,debit,credit: one balance per row, a debit or a credit. */
export const parseOpeningAccountsCsv = (text: string) => parseWithHeader(text, OPENING_ACCOUNT_COLUMNS, openingAccountRow);
/** owner_id,amount,memo: the owner's 6-digit ID, positive when they owe, negative for a credit; one row per owner. */
export const parseOpeningOwnersCsv = (text: string) => parseWithHeader(text, OPENING_OWNER_COLUMNS, openingOwnerRow, { uniqueField: 'owner_id' });
/** vendor_name,amount,reference: what is owed to a vendor, with the reference its opening bill gets. */
export const parseOpeningVendorsCsv = (text: string) => parseWithHeader(text, OPENING_VENDOR_COLUMNS, openingVendorRow);

/** A row's value, or why it cannot have one. */
export type Resolved<R> = { value: R } | { error: string };

/**
 * Turns parsed rows into what the import takes, with `resolve` answering the value or the reason it cannot (a
 * record that does not exist); every failing row is named.
 */
export function resolveRows<T, R>(records: readonly T[], rows: readonly number[], resolve: (record: T) => Resolved<R>): { ok: true; values: R[] } | { ok: false; errors: CsvRowError[] } {
  const values: R[] = [];
  const errors: CsvRowError[] = [];
  records.forEach((record, i) => {
    const out = resolve(record);
    if ('error' in out) errors.push({ row: rows[i] ?? i + 2, message: out.error });
    else values.push(out.value);
  });
  return errors.length ? { ok: false, errors } : { ok: true, values };
}
