import { centsToDecimal } from '@covenant/contracts/money';
import {
  assertUsd, checkNumberInText, cleanText, fail, isoFromParts, joinSections, statementAccount, normalizeCheckNumber, textOrNull,
  type AccountSection, type ParsedStatement, type ParseOptions, type StatementLine,
} from './statement.values.ts';

/**
 * BAI2 cash management files: 01 file, 02 group (one as-of date), 03 account with its balances, 16 transaction,
 * 88 continuation of the record before it, 49/98/99 trailers whose control totals and record counts are checked.
 * Amounts are whole cents without a decimal point; type codes 100-399 are credits and 400-699 debits.
 */
interface PhysicalRecord {
  code: string;
  line: number;
  /** The record after its code and first comma, the continuations' bodies after "88,". */
  segments: string[];
  /** Every file line the record spans, counted by the trailers. */
  lineCount: number;
}

/** Names of common detail type codes, the description when the bank sends no text. */
const TYPE_NAMES: Record<string, string> = {
  '108': 'Credit (any type)', '115': 'Lockbox deposit', '142': 'ACH credit received', '165': 'Preauthorized ACH credit',
  '169': 'Miscellaneous ACH credit', '175': 'Check deposit package', '195': 'Incoming money transfer', '301': 'Commercial deposit',
  '354': 'Interest credit', '399': 'Miscellaneous credit', '451': 'ACH debit received', '455': 'Preauthorized ACH debit',
  '469': 'Miscellaneous ACH debit', '475': 'Check paid', '495': 'Outgoing money transfer', '555': 'Deposited item returned',
  '698': 'Miscellaneous fee', '699': 'Miscellaneous debit',
};

const CHECK_PAID = '475';

function yymmdd(value: string, line: number, what: string): string {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(value.trim());
  const iso = m ? isoFromParts(2000 + Number(m[1]), Number(m[2]), Number(m[3])) : null;
  if (!iso) fail(line, `the ${what} '${value.trim()}' is not a date (YYMMDD)`);
  return iso;
}

function cents(value: string, line: number, what: string): number {
  const s = value.trim();
  if (!/^[+-]?\d+$/.test(s)) fail(line, `the ${what} '${s}' is not a number (BAI2 amounts are whole cents)`);
  const n = Number(s);
  if (!Number.isSafeInteger(n)) fail(line, `the ${what} '${s}' is too large`);
  return n;
}

function count(value: string | undefined, line: number, what: string): number {
  const s = (value ?? '').trim();
  if (!/^\d+$/.test(s)) fail(line, `the ${what} '${s}' is not a whole number`);
  return Number(s);
}

/** Splits the file into records, each with its 88 continuations. */
function records(text: string): PhysicalRecord[] {
  const out: PhysicalRecord[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = i + 1;
    const s = raw.trimEnd();
    if (s.trim() === '') return;
    const m = /^\s*(\d{2}),?(.*)$/.exec(s);
    if (!m) fail(line, `'${s.slice(0, 20)}' is not a BAI2 record (records start with a two-digit code and a comma)`);
    if (m[1] === '88') {
      const prev = out.at(-1);
      if (!prev || !['03', '16', '49', '98', '99', '01', '02'].includes(prev.code)) fail(line, 'a continuation record (88) must follow the record it continues');
      prev.segments.push(m[2]!);
      prev.lineCount += 1;
      return;
    }
    out.push({ code: m[1]!, line, segments: [m[2]!], lineCount: 1 });
  });
  return out;
}

/** The fields of a record with no free text: a slash ends the record, continuations add fields. */
function fields(rec: PhysicalRecord): string[] {
  return rec.segments.map((s) => s.split('/')[0]!).join(',').split(',');
}

/** Reads the fields of a 16 record and its free text, which may hold commas and slashes and go on in 88s. */
class DetailReader {
  private seg = 0;
  private pos = 0;
  private ended = false;
  constructor(private readonly rec: PhysicalRecord) {}

  next(): string {
    if (this.ended) return '';
    for (;;) {
      const s = this.rec.segments[this.seg] ?? '';
      const rest = s.slice(this.pos);
      const m = /[,/]/.exec(rest);
      if (m) {
        this.pos += m.index + 1;
        if (m[0] === '/') this.ended = true;
        return rest.slice(0, m.index);
      }
      if (this.seg >= this.rec.segments.length - 1) {
        this.pos = s.length;
        this.ended = true;
        return rest;
      }
      this.seg += 1;
      this.pos = 0;
      if (rest !== '') return rest;
    }
  }

  text(): string {
    if (this.ended) return '';
    const pieces = [this.rec.segments[this.seg]!.slice(this.pos), ...this.rec.segments.slice(this.seg + 1)];
    this.ended = true;
    return pieces.map((p) => p.trim().replace(/\/$/, '')).filter((p) => p !== '').join(' ');
  }
}

/** How many fields follow a funds type (availability detail that is not needed here). */
function skipFundsDetail(fundsType: string, take: () => string, line: number): void {
  const t = fundsType.trim().toUpperCase();
  if (t === 'S') for (let i = 0; i < 3; i += 1) take();
  else if (t === 'V') { take(); take(); }
  else if (t === 'D') {
    const n = count(take(), line, 'number of distributions');
    for (let i = 0; i < n * 2; i += 1) take();
  } else if (t !== '' && t !== '0' && t !== '1' && t !== '2' && t !== 'Z') fail(line, `the funds type '${fundsType}' is not a BAI2 funds type (0, 1, 2, S, V, D or Z)`);
}

function direction(typeCode: string): 'credit' | 'debit' | null {
  const n = Number(typeCode);
  if (n >= 100 && n <= 399) return 'credit';
  if (n >= 400 && n <= 699) return 'debit';
  return null;
}

interface Totals {
  sum: number;
  records: number;
}

function checkTrailer(rec: PhysicalRecord, name: string, expected: Totals, f: string[], extra?: { field: number; label: string; actual: number }): void {
  const total = cents(f[0] ?? '', rec.line, `${name} control total`);
  if (total !== expected.sum) {
    fail(rec.line, `the ${name} (${rec.code}) gives a control total of ${centsToDecimal(total)}, but the amounts it covers add up to ${centsToDecimal(expected.sum)}`);
  }
  if (extra) {
    const given = count(f[extra.field], rec.line, `number of ${extra.label}`);
    if (given !== extra.actual) fail(rec.line, `the ${name} (${rec.code}) counts ${given} ${extra.label}, but there are ${extra.actual}`);
  }
  const recordField = extra ? extra.field + 1 : 1;
  const givenRecords = count(f[recordField], rec.line, 'number of records');
  if (givenRecords !== expected.records) fail(rec.line, `the ${name} (${rec.code}) counts ${givenRecords} records, but there are ${expected.records}`);
}

export function parseBai2(text: string, options: ParseOptions = {}): ParsedStatement {
  const recs = records(text);
  const warnings: string[] = [];
  const sections: AccountSection[] = [];
  if (recs[0]?.code !== '01') fail(recs[0]?.line ?? 1, 'a BAI2 file starts with a file header record (01)');
  let i = 1;
  const file: Totals = { sum: 0, records: recs[0].lineCount };
  let groups = 0;
  for (;;) {
    const rec = recs[i];
    if (!rec) fail(null, 'the file ends before its file trailer (99): it looks cut off');
    if (rec.code === '99') {
      file.records += rec.lineCount;
      checkTrailer(rec, 'file trailer', file, fields(rec), { field: 1, label: 'groups', actual: groups });
      if (recs[i + 1]) fail(recs[i + 1]!.line, 'there are records after the file trailer (99)');
      break;
    }
    if (rec.code !== '02') fail(rec.line, `a group header (02) or the file trailer (99) was expected here, not a record ${rec.code}`);
    groups += 1;
    const gf = fields(rec);
    const groupCurrency = gf[5] ?? '';
    assertUsd(groupCurrency, rec.line);
    const asOf = yymmdd(gf[3] ?? '', rec.line, 'as-of date');
    const group: Totals = { sum: 0, records: rec.lineCount };
    let accounts = 0;
    i += 1;
    for (;;) {
      const arec = recs[i];
      if (!arec) fail(null, 'the file ends before the group trailer (98): it looks cut off');
      if (arec.code === '98') {
        group.records += arec.lineCount;
        checkTrailer(arec, 'group trailer', group, fields(arec), { field: 1, label: 'accounts', actual: accounts });
        file.sum += group.sum;
        file.records += group.records;
        i += 1;
        break;
      }
      if (arec.code !== '03') fail(arec.line, `an account record (03) or the group trailer (98) was expected here, not a record ${arec.code}`);
      accounts += 1;
      const account: Totals = { sum: 0, records: arec.lineCount };
      const af = fields(arec);
      const number = cleanText(af[0]);
      assertUsd(af[1] || groupCurrency, arec.line);
      const balances = new Map<string, number>();
      let k = 2;
      while (k < af.length) {
        const typeCode = (af[k] ?? '').trim();
        const amount = (af[k + 1] ?? '').trim();
        const fundsType = af[k + 3] ?? '';
        k += 4;
        skipFundsDetail(fundsType, () => af[k++] ?? '', arec.line);
        if (typeCode === '' && amount === '') continue;
        if (amount !== '') {
          const value = cents(amount, arec.line, `amount of type ${typeCode}`);
          account.sum += value;
          balances.set(typeCode, value);
        }
      }
      const lines: StatementLine[] = [];
      i += 1;
      for (;;) {
        const drec = recs[i];
        if (!drec) fail(null, 'the file ends before the account trailer (49): it looks cut off');
        if (drec.code === '49') {
          account.records += drec.lineCount;
          checkTrailer(drec, 'account trailer', account, fields(drec));
          group.sum += account.sum;
          group.records += account.records;
          i += 1;
          break;
        }
        if (drec.code !== '16') fail(drec.line, `a transaction record (16) or the account trailer (49) was expected here, not a record ${drec.code}`);
        account.records += drec.lineCount;
        const r = new DetailReader(drec);
        const typeCode = r.next().trim();
        if (!/^\d{3}$/.test(typeCode)) fail(drec.line, `the type code '${typeCode}' is not a three-digit BAI2 code`);
        const amountText = r.next();
        const value = cents(amountText, drec.line, 'amount');
        account.sum += value;
        skipFundsDetail(r.next(), () => r.next(), drec.line);
        const bankRef = textOrNull(r.next());
        const customerRef = textOrNull(r.next());
        const description = cleanText(r.text()) || TYPE_NAMES[typeCode] || `Type ${typeCode}`;
        const dir = direction(typeCode);
        if (dir === null) {
          warnings.push(`Line ${drec.line}: type code ${typeCode} is neither a credit (100-399) nor a debit (400-699); the transaction was left out.`);
          i += 1;
          continue;
        }
        const amount_cents = dir === 'credit' ? Math.abs(value) : -Math.abs(value);
        lines.push({
          line_no: drec.line,
          date: asOf,
          amount_cents,
          description,
          payee: null,
          bank_reference: bankRef,
          check_number: typeCode === CHECK_PAID ? normalizeCheckNumber(customerRef) : (amount_cents < 0 ? checkNumberInText(description) : null),
        });
        i += 1;
      }
      sections.push({
        accountKey: number || null,
        account: statementAccount(number),
        line: arec.line,
        period_start: asOf,
        period_end: asOf,
        opening_balance_cents: balances.get('010') ?? null,
        closing_balance_cents: balances.get('015') ?? null,
        lines,
      });
    }
  }
  return joinSections('bai2', sections, warnings, options);
}
