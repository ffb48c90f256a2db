import { routingNumberProblem } from '@covenant/contracts/aba';
import { centsToDecimal } from '@covenant/contracts/money';
import { ValidationError } from '../../lib/errors.ts';
import {
  ADDENDA_05, BATCH_CONTROL, BATCH_HEADER, BLOCKING_FACTOR, ENTRY_DETAIL, FILE_CONTROL, FILE_HEADER, HASH_MODULUS,
  PADDING_RECORD, serviceClassCode, transactionCode, writeRecord, yymmdd,
} from './nacha.layout.ts';

export type SecCode = 'PPD' | 'WEB' | 'CCD';

export interface NachaEntryInput {
  direction: 'debit' | 'credit';
  account_type: 'checking' | 'savings';
  /** A zero-amount entry that checks the account before money moves (codes 23/28/33/38). */
  prenote?: boolean;
  routing_number: string;
  account_number: string;
  amount_cents: number;
  /** The receiver's id at the originator (owner id, vendor id), up to 15 characters. */
  individual_id: string;
  /** The receiver's name (cut to 22 characters). */
  name: string;
  /** WEB entries only: R recurring (default), S single, ST standing authorization. */
  payment_type?: 'R' | 'S' | 'ST';
  /** Payment related information, one 05 addenda (up to 80 characters). */
  addenda?: string | null;
}

export interface NachaBatchInput {
  sec_code: SecCode;
  company_name: string;
  company_discretionary_data?: string | null;
  company_id: string;
  /** What the receiver's statement shows, up to 10 characters ("HOA DUES"; "RETRY PYMT" for a re-presented debit). */
  entry_description: string;
  descriptive_date?: string | null;
  effective_date: string;
  odfi_routing_number: string;
  entries: readonly NachaEntryInput[];
}

export interface NachaFileInput {
  /** The routing number of the bank the file is sent to. */
  immediate_destination: string;
  immediate_destination_name: string;
  /** Nine digits (a routing number) or the ten-character id the bank assigned. */
  immediate_origin: string;
  immediate_origin_name: string;
  creation_date: string;
  /** HHMM, 24-hour. */
  creation_time: string;
  file_id_modifier?: string;
  reference_code?: string | null;
  /** The first trace sequence number to use (seven digits with the ODFI's eight); later files continue after the last. */
  first_trace_sequence?: number;
  line_ending?: '\n' | '\r\n';
  batches: readonly NachaBatchInput[];
}

export interface NachaFileTotals {
  batch_count: number;
  block_count: number;
  entry_addenda_count: number;
  entry_hash: number;
  debit_cents: number;
  credit_cents: number;
}

export interface BuiltNachaFile {
  text: string;
  /** Trace numbers by batch and entry, in input order. */
  traces: string[][];
  /** The next trace sequence number after this file. */
  next_trace_sequence: number;
  totals: NachaFileTotals;
}

/** Letters that Unicode decomposition does not reduce to ASCII, and punctuation word processors substitute. */
const TRANSLITERATION: Readonly<Record<string, string>> = {
  ß: 'SS', Æ: 'AE', æ: 'AE', Œ: 'OE', œ: 'OE', Ø: 'O', ø: 'O', Ł: 'L', ł: 'L', Đ: 'D', đ: 'D', Ð: 'D', ð: 'D',
  Þ: 'TH', þ: 'TH', ı: 'I', '\u2018': "'", '\u2019': "'", '\u201c': '"', '\u201d': '"', '\u2013': '-', '\u2014': '-',
  '\u2026': '...', '\u00a0': ' ', '\u00b4': "'",
};

/**
 * Text for a bank file: accents dropped (É to E), a few letters spelled out (ß to SS, Æ to AE), typographic
 * quotes and dashes made plain, upper-cased; any other character outside printable ASCII is refused by name.
 */
export function toBankText(value: string, label: string): string {
  const spelled = [...value.normalize('NFKD')].map((ch) => TRANSLITERATION[ch] ?? ch).join('').replace(/[\u0300-\u036f]/g, '');
  const out = spelled.replace(/\s+/g, ' ').trim().toUpperCase();
  const bad = [...out].find((ch) => ch < ' ' || ch > '~');
  if (bad !== undefined) throw new ValidationError(`${label} '${value}' holds '${bad}', which a bank file cannot carry; write it in Latin letters`);
  return out;
}

/** A name field: cut to its length, as banks do with long names. */
function nameField(value: string, length: number, label: string, required = true): string {
  const s = toBankText(value, label);
  if (required && s === '') throw new ValidationError(`${label} is required`);
  return s.slice(0, length);
}

/** An identifier field: refused when too long, because a cut id would point at someone else. */
function idField(value: string, length: number, label: string, required = true): string {
  const s = toBankText(value, label);
  if (required && s === '') throw new ValidationError(`${label} is required`);
  if (s.length > length) throw new ValidationError(`${label} '${s}' is longer than the ${length} characters the bank file has for it`);
  return s;
}

function routing(value: string, label: string): string {
  const problem = routingNumberProblem(value, label);
  if (problem) throw new ValidationError(problem);
  return value.trim();
}

function isoDate(value: string, label: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(d.getTime()) || !d.toISOString().startsWith(value)) throw new ValidationError(`${label} must be a date (YYYY-MM-DD)`);
  if (value < '2000-01-01' || value > '2099-12-31') throw new ValidationError(`${label} must be in the years 2000 to 2099`);
  return value;
}

const MAX_ENTRY_CENTS = 9_999_999_999;
const MAX_TOTAL_CENTS = 999_999_999_999;
const MAX_TRACE_SEQUENCE = 9_999_999;

/**
 * Builds a NACHA file: file header, one batch per input batch (header, entries with their trace numbers and
 * 05 addenda, control with count, entry hash and totals), file control, and lines of 9s to a multiple of ten.
 * Every input problem is refused with a message naming the batch and entry; nothing partial is returned.
 */
export function buildNachaFile(input: NachaFileInput): BuiltNachaFile {
  if (input.batches.length === 0) throw new ValidationError('An ACH file needs at least one batch');
  const destination = routing(input.immediate_destination, 'Immediate destination');
  const originText = input.immediate_origin.trim().toUpperCase();
  let origin: string;
  if (/^\d{9}$/.test(originText)) origin = ` ${routing(originText, 'Immediate origin')}`;
  else if (/^[0-9A-Z]{10}$/.test(originText)) origin = originText;
  else throw new ValidationError('Immediate origin must be a routing number or the ten-character id the bank assigned');
  const created = isoDate(input.creation_date, 'File creation date');
  if (!/^([01]\d|2[0-3])[0-5]\d$/.test(input.creation_time)) throw new ValidationError('File creation time must be HHMM (24-hour)');
  const modifier = (input.file_id_modifier ?? 'A').toUpperCase();
  if (!/^[A-Z0-9]$/.test(modifier)) throw new ValidationError('File ID modifier must be one letter A-Z or digit 0-9');

  const records: string[] = [
    writeRecord(FILE_HEADER, {
      record_type: '1', priority_code: '01', immediate_destination: ` ${destination}`, immediate_origin: origin,
      file_creation_date: yymmdd(created), file_creation_time: input.creation_time, file_id_modifier: modifier,
      record_size: '094', blocking_factor: String(BLOCKING_FACTOR), format_code: '1',
      immediate_destination_name: nameField(input.immediate_destination_name, 23, 'Immediate destination name', false),
      immediate_origin_name: nameField(input.immediate_origin_name, 23, 'Immediate origin name', false),
      reference_code: nameField(input.reference_code ?? '', 8, 'Reference code', false),
    }),
  ];
  let sequence = input.first_trace_sequence ?? 1;
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > MAX_TRACE_SEQUENCE) throw new ValidationError('The first trace sequence number must be from 1 to 9999999');
  const traces: string[][] = [];
  const file = { entryAddenda: 0, hash: 0, debit: 0, credit: 0 };

  input.batches.forEach((batch, b) => {
    const where = `Batch ${b + 1}`;
    if (batch.entries.length === 0) throw new ValidationError(`${where} has no entries`);
    if (!['PPD', 'WEB', 'CCD'].includes(batch.sec_code)) throw new ValidationError(`${where}: the SEC code must be PPD, WEB or CCD`);
    const odfi = routing(batch.odfi_routing_number, `${where}: the originating bank routing number`).slice(0, 8);
    const companyId = idField(batch.company_id, 10, `${where}: the company ID`);
    const description = idField(batch.entry_description, 10, `${where}: the entry description`);
    const effective = isoDate(batch.effective_date, `${where}: the effective date`);
    const serviceClass = serviceClassCode(batch.entries.map((e) => e.direction));
    const batchNumber = b + 1;
    records.push(writeRecord(BATCH_HEADER, {
      record_type: '5', service_class_code: serviceClass,
      company_name: nameField(batch.company_name, 16, `${where}: the company name`),
      company_discretionary_data: nameField(batch.company_discretionary_data ?? '', 20, `${where}: the company discretionary data`, false),
      company_identification: companyId, sec_code: batch.sec_code, company_entry_description: description,
      company_descriptive_date: nameField(batch.descriptive_date ?? '', 6, `${where}: the descriptive date`, false),
      effective_entry_date: yymmdd(effective), settlement_date: '', originator_status_code: '1',
      odfi_identification: odfi, batch_number: batchNumber,
    }));
    const totals = { count: 0, hash: 0, debit: 0, credit: 0 };
    const batchTraces: string[] = [];
    batch.entries.forEach((entry, e) => {
      const at = `${where}, entry ${e + 1}`;
      if (batch.sec_code === 'WEB' && entry.direction !== 'debit') throw new ValidationError(`${at}: WEB entries debit the receiver's account; pay by CCD or PPD credit`);
      const rdfi = routing(entry.routing_number, `${at}: the routing number`);
      const account = entry.account_number.replace(/[\s-]/g, '').toUpperCase();
      if (!/^[0-9A-Z]{1,17}$/.test(account)) throw new ValidationError(`${at}: the account number must be 1 to 17 digits or letters`);
      const prenote = entry.prenote === true;
      if (!Number.isSafeInteger(entry.amount_cents) || entry.amount_cents < 0) throw new ValidationError(`${at}: the amount must be whole cents, not negative`);
      if (prenote && entry.amount_cents !== 0) throw new ValidationError(`${at}: a prenote carries no amount`);
      if (!prenote && entry.amount_cents === 0) throw new ValidationError(`${at}: the amount must be greater than zero (a zero entry is a prenote)`);
      if (entry.amount_cents > MAX_ENTRY_CENTS) throw new ValidationError(`${at}: the amount ${centsToDecimal(entry.amount_cents)} is more than one entry can carry (99999999.99)`);
      if (sequence > MAX_TRACE_SEQUENCE) throw new ValidationError('The trace sequence numbers have run out (9999999); start the next file at 1 on another day');
      const trace = `${odfi}${String(sequence).padStart(7, '0')}`;
      sequence += 1;
      batchTraces.push(trace);
      const addenda = entry.addenda ? nameField(entry.addenda, 80, `${at}: the addenda`, false) : '';
      const paymentType = entry.payment_type ?? 'R';
      if (!['R', 'S', 'ST'].includes(paymentType)) throw new ValidationError(`${at}: the WEB payment type must be R, S or ST`);
      records.push(writeRecord(ENTRY_DETAIL, {
        record_type: '6', transaction_code: transactionCode(entry.account_type, entry.direction, prenote),
        rdfi_identification: rdfi.slice(0, 8), check_digit: rdfi[8]!, dfi_account_number: account,
        amount: entry.amount_cents, individual_id: idField(entry.individual_id, 15, `${at}: the individual ID`, false),
        individual_name: nameField(entry.name, 22, `${at}: the name`),
        discretionary_data: batch.sec_code === 'WEB' ? paymentType : '', addenda_indicator: addenda ? '1' : '0', trace_number: trace,
      }));
      totals.count += 1;
      if (addenda) {
        records.push(writeRecord(ADDENDA_05, {
          record_type: '7', addenda_type: '05', payment_related_information: addenda, addenda_sequence_number: 1, entry_detail_sequence_number: trace.slice(8),
        }));
        totals.count += 1;
      }
      totals.hash = (totals.hash + Number(rdfi.slice(0, 8))) % HASH_MODULUS;
      if (entry.direction === 'debit') totals.debit += entry.amount_cents;
      else totals.credit += entry.amount_cents;
    });
    if (totals.debit > MAX_TOTAL_CENTS || totals.credit > MAX_TOTAL_CENTS) throw new ValidationError(`${where}: the batch total is more than a batch can carry`);
    if (totals.count > 999_999) throw new ValidationError(`${where}: a batch holds at most 999999 entries and addenda`);
    records.push(writeRecord(BATCH_CONTROL, {
      record_type: '8', service_class_code: serviceClass, entry_addenda_count: totals.count, entry_hash: totals.hash,
      total_debit: totals.debit, total_credit: totals.credit, company_identification: companyId,
      message_authentication_code: '', reserved: '', odfi_identification: odfi, batch_number: batchNumber,
    }));
    traces.push(batchTraces);
    file.entryAddenda += totals.count;
    file.hash = (file.hash + totals.hash) % HASH_MODULUS;
    file.debit += totals.debit;
    file.credit += totals.credit;
  });
  if (file.debit > MAX_TOTAL_CENTS || file.credit > MAX_TOTAL_CENTS) throw new ValidationError('The file total is more than a file can carry');
  const withControl = records.length + 1;
  const blocks = Math.ceil(withControl / BLOCKING_FACTOR);
  records.push(writeRecord(FILE_CONTROL, {
    record_type: '9', batch_count: input.batches.length, block_count: blocks, entry_addenda_count: file.entryAddenda,
    entry_hash: file.hash, total_debit: file.debit, total_credit: file.credit, reserved: '',
  }));
  while (records.length % BLOCKING_FACTOR !== 0) records.push(PADDING_RECORD);
  const eol = input.line_ending ?? '\n';
  return {
    text: records.join(eol) + eol,
    traces,
    next_trace_sequence: sequence,
    totals: {
      batch_count: input.batches.length, block_count: blocks, entry_addenda_count: file.entryAddenda,
      entry_hash: file.hash, debit_cents: file.debit, credit_cents: file.credit,
    },
  };
}
