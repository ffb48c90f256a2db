/**
 * NACHA record layouts, the one definition the builder writes and the parser reads. Every record is 94
 * characters; fields are numeric (right-justified, zero-filled) or alphanumeric (left-justified, space-filled).
 */
export const RECORD_LENGTH = 94;
export const BLOCKING_FACTOR = 10;
export const PADDING_RECORD = '9'.repeat(RECORD_LENGTH);

type Kind = 'N' | 'A';
interface FieldSpec {
  name: string;
  start: number;
  length: number;
  kind: Kind;
}

function layout(name: string, fields: ReadonlyArray<readonly [string, number, Kind]>): readonly FieldSpec[] {
  let start = 0;
  const out = fields.map(([field, length, kind]) => {
    const spec = { name: field, start, length, kind };
    start += length;
    return spec;
  });
  if (start !== RECORD_LENGTH) throw new Error(`The ${name} layout is ${start} characters, not ${RECORD_LENGTH}`);
  return out;
}

export const FILE_HEADER = layout('file header', [
  ['record_type', 1, 'A'], ['priority_code', 2, 'N'], ['immediate_destination', 10, 'A'], ['immediate_origin', 10, 'A'],
  ['file_creation_date', 6, 'N'], ['file_creation_time', 4, 'A'], ['file_id_modifier', 1, 'A'], ['record_size', 3, 'N'],
  ['blocking_factor', 2, 'N'], ['format_code', 1, 'A'], ['immediate_destination_name', 23, 'A'],
  ['immediate_origin_name', 23, 'A'], ['reference_code', 8, 'A'],
]);

export const BATCH_HEADER = layout('batch header', [
  ['record_type', 1, 'A'], ['service_class_code', 3, 'N'], ['company_name', 16, 'A'], ['company_discretionary_data', 20, 'A'],
  ['company_identification', 10, 'A'], ['sec_code', 3, 'A'], ['company_entry_description', 10, 'A'],
  ['company_descriptive_date', 6, 'A'], ['effective_entry_date', 6, 'A'], ['settlement_date', 3, 'A'],
  ['originator_status_code', 1, 'A'], ['odfi_identification', 8, 'N'], ['batch_number', 7, 'N'],
]);

export const ENTRY_DETAIL = layout('entry detail', [
  ['record_type', 1, 'A'], ['transaction_code', 2, 'N'], ['rdfi_identification', 8, 'N'], ['check_digit', 1, 'N'],
  ['dfi_account_number', 17, 'A'], ['amount', 10, 'N'], ['individual_id', 15, 'A'], ['individual_name', 22, 'A'],
  ['discretionary_data', 2, 'A'], ['addenda_indicator', 1, 'N'], ['trace_number', 15, 'N'],
]);

export const ADDENDA_05 = layout('addenda 05', [
  ['record_type', 1, 'A'], ['addenda_type', 2, 'N'], ['payment_related_information', 80, 'A'],
  ['addenda_sequence_number', 4, 'N'], ['entry_detail_sequence_number', 7, 'N'],
]);

/** A return: the reason, the trace of the entry being returned, and the return's own trace. */
export const ADDENDA_99 = layout('return addenda 99', [
  ['record_type', 1, 'A'], ['addenda_type', 2, 'N'], ['return_reason_code', 3, 'A'], ['original_trace_number', 15, 'N'],
  ['date_of_death', 6, 'A'], ['original_rdfi_identification', 8, 'N'], ['addenda_information', 44, 'A'], ['trace_number', 15, 'N'],
]);

/** A notification of change: the change code and the corrected data for future entries. */
export const ADDENDA_98 = layout('change addenda 98', [
  ['record_type', 1, 'A'], ['addenda_type', 2, 'N'], ['change_code', 3, 'A'], ['original_trace_number', 15, 'N'],
  ['reserved', 6, 'A'], ['original_rdfi_identification', 8, 'N'], ['corrected_data', 29, 'A'], ['reserved_2', 15, 'A'],
  ['trace_number', 15, 'N'],
]);

export const BATCH_CONTROL = layout('batch control', [
  ['record_type', 1, 'A'], ['service_class_code', 3, 'N'], ['entry_addenda_count', 6, 'N'], ['entry_hash', 10, 'N'],
  ['total_debit', 12, 'N'], ['total_credit', 12, 'N'], ['company_identification', 10, 'A'],
  ['message_authentication_code', 19, 'A'], ['reserved', 6, 'A'], ['odfi_identification', 8, 'N'], ['batch_number', 7, 'N'],
]);

export const FILE_CONTROL = layout('file control', [
  ['record_type', 1, 'A'], ['batch_count', 6, 'N'], ['block_count', 6, 'N'], ['entry_addenda_count', 8, 'N'],
  ['entry_hash', 10, 'N'], ['total_debit', 12, 'N'], ['total_credit', 12, 'N'], ['reserved', 39, 'A'],
]);

/** Writes a record; a value longer than its field is a programming error here (callers fit values first). */
export function writeRecord(spec: readonly FieldSpec[], values: Readonly<Record<string, string | number>>): string {
  const out = spec
    .map((f) => {
      const raw = values[f.name];
      const v = raw === undefined ? '' : String(raw);
      if (v.length > f.length) throw new RangeError(`${f.name} '${v}' is longer than its ${f.length} characters`);
      return f.kind === 'N' ? v.padStart(f.length, '0') : v.padEnd(f.length, ' ');
    })
    .join('');
  if (out.length !== RECORD_LENGTH) throw new RangeError(`A record came out ${out.length} characters long`);
  return out;
}

/** Reads a record's fields as written (untrimmed). */
export function readRecord(spec: readonly FieldSpec[], record: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of spec) out[f.name] = record.slice(f.start, f.start + f.length);
  return out;
}

/** Transaction codes of checking (2x) and savings (3x) accounts. */
export interface TransactionCodeInfo {
  account_type: 'checking' | 'savings';
  direction: 'credit' | 'debit';
  /** live moves money; prenote and zero carry no amount; return is a return or notification of change. */
  kind: 'live' | 'prenote' | 'zero' | 'return';
}

export const TRANSACTION_CODES: Readonly<Record<string, TransactionCodeInfo>> = {
  '21': { account_type: 'checking', direction: 'credit', kind: 'return' },
  '22': { account_type: 'checking', direction: 'credit', kind: 'live' },
  '23': { account_type: 'checking', direction: 'credit', kind: 'prenote' },
  '24': { account_type: 'checking', direction: 'credit', kind: 'zero' },
  '26': { account_type: 'checking', direction: 'debit', kind: 'return' },
  '27': { account_type: 'checking', direction: 'debit', kind: 'live' },
  '28': { account_type: 'checking', direction: 'debit', kind: 'prenote' },
  '29': { account_type: 'checking', direction: 'debit', kind: 'zero' },
  '31': { account_type: 'savings', direction: 'credit', kind: 'return' },
  '32': { account_type: 'savings', direction: 'credit', kind: 'live' },
  '33': { account_type: 'savings', direction: 'credit', kind: 'prenote' },
  '34': { account_type: 'savings', direction: 'credit', kind: 'zero' },
  '36': { account_type: 'savings', direction: 'debit', kind: 'return' },
  '37': { account_type: 'savings', direction: 'debit', kind: 'live' },
  '38': { account_type: 'savings', direction: 'debit', kind: 'prenote' },
  '39': { account_type: 'savings', direction: 'debit', kind: 'zero' },
};

/** The code of an originated entry. */
export function transactionCode(accountType: 'checking' | 'savings', direction: 'credit' | 'debit', prenote: boolean): string {
  const base = accountType === 'checking' ? 20 : 30;
  return String(base + (direction === 'credit' ? 2 : 7) + (prenote ? 1 : 0));
}

/** Service class: 220 credits only, 225 debits only, 200 both. */
export function serviceClassCode(directions: Iterable<'credit' | 'debit'>): '200' | '220' | '225' {
  const set = new Set(directions);
  if (set.size === 2) return '200';
  return set.has('credit') ? '220' : '225';
}

export const HASH_MODULUS = 10_000_000_000;

/** YYMMDD of an ISO date. */
export function yymmdd(iso: string): string {
  return `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
}

/** An ISO date of YYMMDD (20YY), or null when it is not a date. */
export function isoOfYymmdd(value: string): string | null {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return null;
  const iso = `20${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
}
