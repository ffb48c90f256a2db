import { abaCheckDigit } from '@covenant/contracts/aba';
import { centsToDecimal } from '@covenant/contracts/money';
import { AppError } from '../../lib/errors.ts';
import {
  ADDENDA_05, ADDENDA_98, ADDENDA_99, BATCH_CONTROL, BATCH_HEADER, BLOCKING_FACTOR, ENTRY_DETAIL, FILE_CONTROL, FILE_HEADER,
  HASH_MODULUS, isoOfYymmdd, PADDING_RECORD, readRecord, RECORD_LENGTH, TRANSACTION_CODES,
} from './nacha.layout.ts';

/** Our own reader and validator of NACHA files: what the builder writes, and the returns files banks send. */
export interface NachaIssue {
  line: number | null;
  message: string;
}

/** An invalid ACH file: every problem found, each naming its line. */
export class NachaFormatError extends AppError {
  constructor(readonly issues: readonly NachaIssue[]) {
    const shown = issues.slice(0, 5).map((i) => (i.line === null ? i.message : `Line ${i.line}: ${i.message}`));
    if (issues.length > 5) shown.push(`and ${issues.length - 5} more`);
    super(400, 'nacha_invalid', `The ACH file is not valid: ${shown.join('; ')}`, { issues });
  }
}

export interface NachaAddenda {
  line: number;
  type: string;
  /** 05: payment related information. */
  payment_related_information?: string;
  /** 99: a return. */
  return_code?: string;
  /** 98: a notification of change. */
  change_code?: string;
  corrected_data?: string;
  original_trace_number?: string;
  addenda_information?: string;
}

export interface NachaEntry {
  line: number;
  transaction_code: string;
  routing_number: string;
  account_number: string;
  amount_cents: number;
  individual_id: string;
  name: string;
  discretionary_data: string;
  trace_number: string;
  addenda_indicator: string;
  addenda: NachaAddenda[];
}

export interface NachaBatch {
  line: number;
  service_class_code: string;
  company_name: string;
  company_id: string;
  sec_code: string;
  entry_description: string;
  descriptive_date: string;
  effective_date: string | null;
  odfi_identification: string;
  batch_number: number;
  entries: NachaEntry[];
}

export interface NachaFile {
  immediate_destination: string;
  immediate_origin: string;
  creation_date: string | null;
  file_id_modifier: string;
  batches: NachaBatch[];
  record_count: number;
}

const SEC_CODES = new Set(['PPD', 'WEB', 'CCD', 'CTX', 'COR', 'TEL']);

/** Splits the text into records: one per line, or 94-character slices of a file sent without line breaks. */
function splitRecords(text: string): string[] {
  if (!/[\r\n]/.test(text) && text.length > RECORD_LENGTH && text.length % RECORD_LENGTH === 0) {
    return Array.from({ length: text.length / RECORD_LENGTH }, (_, i) => text.slice(i * RECORD_LENGTH, (i + 1) * RECORD_LENGTH));
  }
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

const digits = (s: string) => /^\d+$/.test(s);
const trimmed = (s: string | undefined) => (s ?? '').trim();

/** Reads a NACHA file and lists every problem: lengths, order, counts, entry hash, totals, blocking, padding. */
export function readNachaFile(text: string): { file: NachaFile; issues: NachaIssue[] } {
  const issues: NachaIssue[] = [];
  const issue = (line: number | null, message: string) => issues.push({ line, message });
  const raw = splitRecords(text);
  const records: Array<{ line: number; rec: string }> = [];
  raw.forEach((r, i) => {
    const line = i + 1;
    if (r === '') {
      issue(line, 'an empty line; records follow one another without blank lines');
      return;
    }
    if (r.length !== RECORD_LENGTH) issue(line, `a record must be ${RECORD_LENGTH} characters long; this one has ${r.length}`);
    const bad = [...r].find((ch) => ch < ' ' || ch > '~');
    if (bad !== undefined) issue(line, `the record holds a character a bank file cannot carry (U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`);
    records.push({ line, rec: r.padEnd(RECORD_LENGTH, ' ').slice(0, RECORD_LENGTH) });
  });
  const file: NachaFile = { immediate_destination: '', immediate_origin: '', creation_date: null, file_id_modifier: '', batches: [], record_count: raw.length };
  if (records.length === 0) {
    issue(null, 'the file is empty');
    return { file, issues };
  }

  const first = records[0]!;
  if (first.rec[0] !== '1') issue(first.line, 'a NACHA file starts with a file header record (type 1)');
  else {
    const h = readRecord(FILE_HEADER, first.rec);
    if (h.priority_code !== '01') issue(first.line, `the priority code must be 01, not '${h.priority_code}'`);
    const dest = h.immediate_destination!;
    if (!/^ \d{9}$/.test(dest)) issue(first.line, `the immediate destination must be a space and a nine-digit routing number, not '${dest}'`);
    else if (abaCheckDigit(dest.slice(1, 9)) !== Number(dest[9])) issue(first.line, `the immediate destination ${dest.trim()} fails the routing number check digit`);
    if (h.record_size !== '094') issue(first.line, `the record size must be 094, not '${h.record_size}'`);
    if (h.blocking_factor !== '10') issue(first.line, `the blocking factor must be 10, not '${h.blocking_factor}'`);
    if (h.format_code !== '1') issue(first.line, `the format code must be 1, not '${h.format_code}'`);
    file.creation_date = isoOfYymmdd(h.file_creation_date!);
    if (!file.creation_date) issue(first.line, `the file creation date '${h.file_creation_date}' is not a date (YYMMDD)`);
    if (!/^(\s{4}|([01]\d|2[0-3])[0-5]\d)$/.test(h.file_creation_time!)) issue(first.line, `the file creation time '${h.file_creation_time}' is not HHMM`);
    if (!/^[A-Z0-9]$/.test(h.file_id_modifier!)) issue(first.line, `the file ID modifier must be a capital letter or a digit, not '${h.file_id_modifier}'`);
    file.immediate_destination = dest.trim();
    file.immediate_origin = h.immediate_origin!.trim();
    file.file_id_modifier = h.file_id_modifier!;
  }

  const traces = new Map<string, number>();
  const totals = { entryAddenda: 0, hash: 0, debit: 0, credit: 0 };
  let i = 1;
  let control: { line: number; rec: string } | null = null;
  let lastBatchNumber = 0;
  while (i < records.length) {
    const { line, rec } = records[i]!;
    if (rec[0] === '9') {
      control = records[i]!;
      i += 1;
      break;
    }
    if (rec[0] !== '5') {
      issue(line, `a batch header (type 5) or the file control (type 9) was expected, not a record of type ${rec[0]}`);
      i += 1;
      continue;
    }
    const bh = readRecord(BATCH_HEADER, rec);
    const batch: NachaBatch = {
      line, service_class_code: bh.service_class_code!, company_name: trimmed(bh.company_name), company_id: trimmed(bh.company_identification),
      sec_code: bh.sec_code!, entry_description: trimmed(bh.company_entry_description), descriptive_date: trimmed(bh.company_descriptive_date),
      effective_date: isoOfYymmdd(bh.effective_entry_date!), odfi_identification: bh.odfi_identification!, batch_number: Number(bh.batch_number), entries: [],
    };
    if (!['200', '220', '225'].includes(batch.service_class_code)) issue(line, `the service class code must be 200, 220 or 225, not '${batch.service_class_code}'`);
    if (!SEC_CODES.has(batch.sec_code)) issue(line, `the SEC code '${batch.sec_code}' is not one this application reads (${[...SEC_CODES].join(', ')})`);
    if (batch.company_id === '') issue(line, 'the company identification is blank');
    if (!batch.effective_date && !(batch.sec_code === 'COR' && trimmed(bh.effective_entry_date) === '')) issue(line, `the effective entry date '${bh.effective_entry_date}' is not a date (YYMMDD)`);
    if (!digits(batch.odfi_identification)) issue(line, `the originating DFI identification '${batch.odfi_identification}' must be eight digits`);
    if (!digits(bh.batch_number!)) issue(line, `the batch number '${bh.batch_number}' must be digits`);
    else if (batch.batch_number <= lastBatchNumber) issue(line, `batch numbers must ascend; ${batch.batch_number} follows ${lastBatchNumber}`);
    lastBatchNumber = Math.max(lastBatchNumber, batch.batch_number || 0);
    file.batches.push(batch);
    i += 1;

    const sum = { count: 0, hash: 0, debit: 0, credit: 0 };
    let entry: NachaEntry | null = null;
    let lastTrace = '';
    let closed = false;
    while (i < records.length) {
      const { line: eline, rec: erec } = records[i]!;
      const type = erec[0];
      if (type === '6') {
        const e = readRecord(ENTRY_DETAIL, erec);
        const code = e.transaction_code!;
        const info = TRANSACTION_CODES[code];
        const amountText = e.amount!;
        entry = {
          line: eline, transaction_code: code, routing_number: `${e.rdfi_identification}${e.check_digit}`, account_number: trimmed(e.dfi_account_number),
          amount_cents: digits(amountText) ? Number(amountText) : 0, individual_id: trimmed(e.individual_id), name: trimmed(e.individual_name),
          discretionary_data: e.discretionary_data!, trace_number: e.trace_number!, addenda_indicator: e.addenda_indicator!, addenda: [],
        };
        batch.entries.push(entry);
        sum.count += 1;
        if (!info) issue(eline, `the transaction code '${code}' is not a checking or savings code this application reads`);
        if (!digits(e.rdfi_identification!) || !digits(e.check_digit!)) issue(eline, `the receiving bank routing number '${entry.routing_number}' must be nine digits`);
        else if (abaCheckDigit(e.rdfi_identification!) !== Number(e.check_digit)) issue(eline, `the receiving bank routing number ${entry.routing_number} fails the check digit (it should end in ${abaCheckDigit(e.rdfi_identification!)})`);
        if (digits(e.rdfi_identification!)) sum.hash = (sum.hash + Number(e.rdfi_identification)) % HASH_MODULUS;
        if (!digits(amountText)) issue(eline, `the amount '${amountText}' must be digits (cents)`);
        if (entry.account_number === '') issue(eline, 'the account number is blank');
        if (info && (info.kind === 'prenote' || info.kind === 'zero') && entry.amount_cents !== 0) issue(eline, `a prenote or zero-dollar entry (code ${code}) must have a zero amount, not ${centsToDecimal(entry.amount_cents)}`);
        if (info && batch.service_class_code === '220' && info.direction === 'debit') issue(eline, 'a debit entry in a credits-only batch (service class 220)');
        if (info && batch.service_class_code === '225' && info.direction === 'credit') issue(eline, 'a credit entry in a debits-only batch (service class 225)');
        if (info?.direction === 'debit') sum.debit += entry.amount_cents;
        else if (info?.direction === 'credit') sum.credit += entry.amount_cents;
        if (!/^\d{15}$/.test(entry.trace_number)) issue(eline, `the trace number '${entry.trace_number}' must be 15 digits`);
        else {
          if (info?.kind !== 'return' && entry.trace_number.slice(0, 8) !== batch.odfi_identification) issue(eline, `the trace number ${entry.trace_number} does not start with the batch's originating DFI ${batch.odfi_identification}`);
          const before = traces.get(entry.trace_number);
          if (before !== undefined) issue(eline, `the trace number ${entry.trace_number} is also used on line ${before}`);
          traces.set(entry.trace_number, eline);
          if (lastTrace !== '' && entry.trace_number <= lastTrace) issue(eline, `trace numbers must ascend within a batch; ${entry.trace_number} follows ${lastTrace}`);
          lastTrace = entry.trace_number;
        }
        if (e.addenda_indicator !== '0' && e.addenda_indicator !== '1') issue(eline, `the addenda record indicator must be 0 or 1, not '${e.addenda_indicator}'`);
        i += 1;
        continue;
      }
      if (type === '7') {
        sum.count += 1;
        i += 1;
        if (!entry) {
          issue(eline, 'an addenda record (type 7) must follow an entry (type 6)');
          continue;
        }
        readAddenda(entry, eline, erec, issue);
        continue;
      }
      if (type === '8') {
        const c = readRecord(BATCH_CONTROL, erec);
        const expect = (field: string, actual: string | number, what: string) => {
          const given = c[field]!;
          const same = typeof actual === 'number' ? digits(given) && Number(given) === actual : given === actual;
          if (!same) issue(eline, `the batch control's ${what} is '${given.trim()}' but the batch has ${typeof actual === 'number' && what.includes('total') ? centsToDecimal(actual) : actual}`);
        };
        expect('service_class_code', batch.service_class_code, 'service class code');
        expect('entry_addenda_count', sum.count, 'entry and addenda count');
        expect('entry_hash', sum.hash, 'entry hash');
        expect('total_debit', sum.debit, 'debit total');
        expect('total_credit', sum.credit, 'credit total');
        if (trimmed(c.company_identification) !== batch.company_id) issue(eline, `the batch control's company identification '${trimmed(c.company_identification)}' differs from the header's '${batch.company_id}'`);
        expect('odfi_identification', batch.odfi_identification, 'originating DFI identification');
        expect('batch_number', batch.batch_number, 'batch number');
        i += 1;
        closed = true;
        break;
      }
      issue(eline, `the batch that starts on line ${line} ends without its batch control record (type 8)`);
      break;
    }
    for (const e of batch.entries) checkEntryAddenda(e, batch.sec_code, issue);
    if (!closed && i >= records.length) issue(null, `the file ends inside the batch that starts on line ${line}: it looks cut off`);
    totals.entryAddenda += sum.count;
    totals.hash = (totals.hash + sum.hash) % HASH_MODULUS;
    totals.debit += sum.debit;
    totals.credit += sum.credit;
  }

  if (!control) issue(null, 'the file has no file control record (type 9): it looks cut off');
  else {
    const c = readRecord(FILE_CONTROL, control.rec);
    const expect = (field: string, actual: number, what: string, money = false) => {
      const given = c[field]!;
      if (!digits(given) || Number(given) !== actual) issue(control!.line, `the file control's ${what} is '${given}' but the file has ${money ? centsToDecimal(actual) : actual}`);
    };
    expect('batch_count', file.batches.length, 'batch count');
    expect('block_count', Math.ceil(raw.length / BLOCKING_FACTOR), 'block count');
    expect('entry_addenda_count', totals.entryAddenda, 'entry and addenda count');
    expect('entry_hash', totals.hash, 'entry hash');
    expect('total_debit', totals.debit, 'debit total', true);
    expect('total_credit', totals.credit, 'credit total', true);
    for (; i < records.length; i += 1) {
      if (records[i]!.rec !== PADDING_RECORD) issue(records[i]!.line, 'after the file control only padding lines of 94 nines may follow');
    }
  }
  if (raw.length % BLOCKING_FACTOR !== 0) issue(null, `the file has ${raw.length} records; it must be padded with lines of nines to a multiple of ${BLOCKING_FACTOR}`);
  // In file order; problems of the whole file last.
  issues.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  return { file, issues };
}

function readAddenda(entry: NachaEntry, line: number, rec: string, issue: (line: number, message: string) => void): void {
  const type = rec.slice(1, 3);
  if (type === '05') {
    const a = readRecord(ADDENDA_05, rec);
    const sequence = entry.addenda.filter((x) => x.type === '05').length + 1;
    if (Number(a.addenda_sequence_number) !== sequence) issue(line, `the addenda sequence number is '${a.addenda_sequence_number}', expected ${String(sequence).padStart(4, '0')}`);
    if (a.entry_detail_sequence_number !== entry.trace_number.slice(8)) issue(line, `the addenda's entry detail sequence number '${a.entry_detail_sequence_number}' is not the last seven digits of its entry's trace number`);
    entry.addenda.push({ line, type, payment_related_information: trimmed(a.payment_related_information) });
  } else if (type === '99') {
    const a = readRecord(ADDENDA_99, rec);
    if (!/^R\d{2}$/.test(a.return_reason_code!)) issue(line, `the return reason code '${a.return_reason_code}' is not R and two digits`);
    if (!/^\d{15}$/.test(a.original_trace_number!)) issue(line, `the original entry trace number '${a.original_trace_number}' must be 15 digits`);
    entry.addenda.push({ line, type, return_code: a.return_reason_code!, original_trace_number: a.original_trace_number!, addenda_information: trimmed(a.addenda_information) });
  } else if (type === '98') {
    const a = readRecord(ADDENDA_98, rec);
    if (!/^C\d{2}$/.test(a.change_code!)) issue(line, `the change code '${a.change_code}' is not C and two digits`);
    if (!/^\d{15}$/.test(a.original_trace_number!)) issue(line, `the original entry trace number '${a.original_trace_number}' must be 15 digits`);
    entry.addenda.push({ line, type, change_code: a.change_code!, original_trace_number: a.original_trace_number!, corrected_data: a.corrected_data! });
  } else {
    issue(line, `the addenda type '${type}' is not one this application reads (05, 98, 99)`);
    entry.addenda.push({ line, type });
  }
}

function checkEntryAddenda(e: NachaEntry, sec: string, issue: (line: number, message: string) => void): void {
  const info = TRANSACTION_CODES[e.transaction_code];
  const has = e.addenda.length > 0;
  if (e.addenda_indicator === '1' && !has) issue(e.line, 'the addenda record indicator is 1 but no addenda follows the entry');
  if (e.addenda_indicator === '0' && has) issue(e.line, 'an addenda follows the entry but its addenda record indicator is 0');
  const count05 = e.addenda.filter((a) => a.type === '05').length;
  if (info?.kind === 'return' && !e.addenda.some((a) => a.type === '99' || a.type === '98')) issue(e.line, 'a return or change entry needs its return (99) or change (98) addenda');
  if (sec !== 'CTX' && count05 > 1) issue(e.line, `a ${sec} entry carries at most one 05 addenda; this one has ${count05}`);
  if (e.addenda.length > 1 && e.addenda.some((a) => a.type !== '05')) issue(e.line, 'a return or change entry carries exactly one addenda');
}

/** Reads and validates a NACHA file; any problem refuses the whole file. */
export function parseNachaFile(text: string): NachaFile {
  const { file, issues } = readNachaFile(text);
  if (issues.length > 0) throw new NachaFormatError(issues);
  return file;
}
