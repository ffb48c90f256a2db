import Papa from 'papaparse';
import type { z } from 'zod';
import { ownerInput, propertyInput, type OwnerInput, type PropertyInput } from './entities.ts';

/** One CSV column: the field it maps to, the header written in templates and exports, a label for messages. */
export interface CsvColumn {
  field: string;
  label: string;
  kind?: 'text' | 'number' | 'enum' | 'date' | 'id';
  /** Written on export and used on import when the cell is empty. */
  defaultValue?: string;
}

/** Owner columns in the spec's order (part 1 §5, part 2 §5); the header row uses the field names. */
export const OWNER_CSV_COLUMNS: readonly CsvColumn[] = [
  { field: 'owner_id', label: 'Owner ID', kind: 'id' },
  { field: 'first_name', label: 'First name' },
  { field: 'last_name', label: 'Last name' },
  { field: 'date_of_birth', label: 'Date of birth', kind: 'date' },
  { field: 'resident_status', label: 'Resident status', kind: 'enum', defaultValue: 'owner' },
  { field: 'email', label: 'Email' },
  { field: 'phone', label: 'Phone' },
  { field: 'mailing_address', label: 'Address' },
  { field: 'mailing_address_2', label: 'Address line 2' },
  { field: 'city', label: 'City' },
  { field: 'state', label: 'State' },
  { field: 'zip_code', label: 'Zip' },
  { field: 'emergency_contact_name', label: 'Emergency contact' },
  { field: 'emergency_contact_phone', label: 'Emergency phone' },
  { field: 'status', label: 'Status', kind: 'enum', defaultValue: 'active' },
];

/** Property columns in the spec's order (part 2 §5). */
export const PROPERTY_CSV_COLUMNS: readonly CsvColumn[] = [
  { field: 'property_id', label: 'Property ID', kind: 'id' },
  { field: 'unit_number', label: 'Unit number' },
  { field: 'street_address', label: 'Street address' },
  { field: 'city', label: 'City' },
  { field: 'state', label: 'State' },
  { field: 'zip_code', label: 'Zip' },
  { field: 'property_type', label: 'Type', kind: 'enum', defaultValue: 'condo' },
  { field: 'square_footage', label: 'Sq ft', kind: 'number' },
  { field: 'bedrooms', label: 'Bedrooms', kind: 'number' },
  { field: 'bathrooms', label: 'Bathrooms', kind: 'number' },
  { field: 'parking_spaces', label: 'Parking', kind: 'number' },
  { field: 'monthly_hoa_fee', label: 'HOA fee', kind: 'number' },
  { field: 'status', label: 'Status', kind: 'enum', defaultValue: 'occupied' },
  { field: 'notes', label: 'Notes' },
];

export const OWNERS_TEMPLATE_FILE = 'owners_template.csv';
export const PROPERTIES_TEMPLATE_FILE = 'properties_template.csv';
export const OWNERS_EXPORT_FILE = 'owners.csv';
export const PROPERTIES_EXPORT_FILE = 'properties.csv';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as written to a CSV file: formula-looking text gets a leading apostrophe; comma, quote or newline makes it quoted. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  // A spreadsheet would run "=...", "+...", "-...", "@..." as a formula (CSV injection).
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Joins rows of cells into CSV text (CRLF line ends, as RFC 4180 and spreadsheets expect). */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<unknown>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The header row of a template or export. */
export function csvHeader(columns: readonly CsvColumn[]): string {
  return toCsv([columns.map((c) => c.field)]);
}

/** Records as CSV: the header row, then one row per record in column order, with the spec's defaults for empty cells. */
export function recordsToCsv(columns: readonly CsvColumn[], records: ReadonlyArray<object>): string {
  return toCsv([
    columns.map((c) => c.field),
    ...records.map((r) => columns.map((c) => {
      const v = (r as Record<string, unknown>)[c.field];
      return v === null || v === undefined || v === '' ? (c.defaultValue ?? '') : v;
    })),
  ]);
}

export const ownersTemplateCsv = () => csvHeader(OWNER_CSV_COLUMNS);
export const propertiesTemplateCsv = () => csvHeader(PROPERTY_CSV_COLUMNS);
export const ownersToCsv = (records: ReadonlyArray<object>) => recordsToCsv(OWNER_CSV_COLUMNS, records);
export const propertiesToCsv = (records: ReadonlyArray<object>) => recordsToCsv(PROPERTY_CSV_COLUMNS, records);

export interface CsvRowError {
  /** Row number in the file; the header is row 1. */
  row: number;
  message: string;
}

/** On success, rows[i] is the file row number of records[i] (to name rows in server refusals). */
export type CsvImportResult<T> = { ok: true; records: T[]; rows: number[] } | { ok: false; errors: CsvRowError[] };

/** Undoes the export's formula guard so an exported file imports back unchanged. */
function unguard(s: string): string {
  return s.length > 1 && s.startsWith("'") && FORMULA_START.test(s.slice(1)) ? s.slice(1) : s;
}

function normalizeCell(column: CsvColumn, raw: string): unknown {
  const s = unguard(raw.trim());
  switch (column.kind) {
    case 'id':
      // Spreadsheets drop leading zeros of numeric ids; ids are zero-padded to six digits.
      return /^\d{1,5}$/.test(s) ? s.padStart(6, '0') : s;
    case 'enum':
      return s.toLowerCase().replace(/[\s-]+/g, '_');
    case 'date': {
      const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
      return us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : s;
    }
    case 'number': {
      // Decimals, tolerating a dollar sign and thousands separators ("$1,250.50").
      const plain = s.replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
      return /^-?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : s;
    }
    default:
      return s;
  }
}

function describeIssues(columns: readonly CsvColumn[], error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = String(issue.path[0] ?? '');
      const label = columns.find((c) => c.field === field)?.label ?? field;
      const column = columns.find((c) => c.field === field);
      let msg = issue.message;
      if (issue.code === 'invalid_type' && /received undefined/.test(msg)) msg = `${label} is required`;
      else if (msg === 'Invalid input') msg = column?.kind === 'number' ? `${label} must be a number` : `${label} is not valid`;
      return !label || msg.startsWith(label) ? msg : `${label}: ${msg}`;
    })
    .join('; ');
}

/**
 * Parses CSV text positionally: the first row is a header and skipped, blank lines are ignored,
 * a UTF-8 BOM and CRLF line ends are accepted, quoted fields may hold commas, newlines and doubled quotes.
 * Every row is validated; any error means no record is returned (all or nothing).
 */
export function parseCsvRecords<T>(
  text: string,
  columns: readonly CsvColumn[],
  schema: z.ZodType<T>,
  opts: { uniqueField?: string } = {},
): CsvImportResult<T> {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const errors: CsvRowError[] = [];
  const records: T[] = [];
  const rows: number[] = [];
  const seen = new Map<string, number>();
  let rowNumber = 1;
  // Papa reports unterminated quotes; they make the rest of the file one cell, so refuse the file.
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) return { ok: false, errors: [{ row: (quoteError.row ?? 0) + 1, message: 'A quoted value is not closed' }] };
  for (const [i, cells] of parsed.data.entries()) {
    rowNumber = i + 1;
    if (i === 0) continue;
    if (cells.every((c) => c.trim() === '')) continue;
    if (cells.length > columns.length) {
      errors.push({ row: rowNumber, message: `has ${cells.length} values but there are ${columns.length} columns (quote values that contain commas)` });
      continue;
    }
    const item: Record<string, unknown> = {};
    columns.forEach((column, j) => {
      const raw = cells[j] ?? '';
      if (raw.trim() === '') {
        if (column.defaultValue !== undefined) item[column.field] = column.defaultValue;
        return;
      }
      item[column.field] = normalizeCell(column, raw);
    });
    const result = schema.safeParse(item);
    if (!result.success) {
      errors.push({ row: rowNumber, message: describeIssues(columns, result.error) });
      continue;
    }
    if (opts.uniqueField) {
      const key = String(item[opts.uniqueField]);
      const label = columns.find((c) => c.field === opts.uniqueField)?.label ?? opts.uniqueField;
      const first = seen.get(key);
      if (first !== undefined) {
        errors.push({ row: rowNumber, message: `${label} ${key} is already used on row ${first}` });
        continue;
      }
      seen.set(key, rowNumber);
    }
    records.push(result.data);
    rows.push(rowNumber);
  }
  if (errors.length > 0) return { ok: false, errors };
  if (records.length === 0) return { ok: false, errors: [{ row: 2, message: 'The file has no data rows' }] };
  return { ok: true, records, rows };
}

export const parseOwnersCsv = (text: string): CsvImportResult<OwnerInput> =>
  parseCsvRecords(text, OWNER_CSV_COLUMNS, ownerInput, { uniqueField: 'owner_id' });
export const parsePropertiesCsv = (text: string): CsvImportResult<PropertyInput> =>
  parseCsvRecords(text, PROPERTY_CSV_COLUMNS, propertyInput, { uniqueField: 'property_id' });

/** One sentence naming the first failing rows: "Row 3: Owner ID must be exactly 6 digits; Row 7: ...". */
export function describeCsvErrors(errors: readonly CsvRowError[], max = 5): string {
  const shown = errors.slice(0, max).map((e) => `Row ${e.row}: ${e.message}`);
  if (errors.length > max) shown.push(`and ${errors.length - max} more`);
  return shown.join('; ');
}
