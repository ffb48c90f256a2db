/**
 * Timings of the pure bank and ACH modules against the issue's budgets: a 10,000-line statement read in each
 * format (and deduped against 10,000 stored lines), 10,000 lines matched against 170,000 payments, a 5,000-entry
 * NACHA file built and validated. Run: npx tsx apps/server/bench/banking-bench.ts
 */
import { performance } from 'node:perf_hooks';
import { buildNachaFile, type NachaEntryInput } from '../src/features/ach/nacha.builder.ts';
import { parseNachaFile } from '../src/features/ach/nacha.parser.ts';
import { matchBankLines, type BillPaymentCandidate, type LineToMatch, type PostingCandidate } from '../src/features/banking/matching.rules.ts';
import { findDuplicateLines, statementFingerprint } from '../src/features/banking/statement-dedupe.rules.ts';
import { parseStatement } from '../src/features/banking/statement-formats/detect.ts';

const LINES = 10_000;
const PAYMENTS = 170_000;
const NACHA_ENTRIES = 5_000;
const RUNS = 3;

/** A small deterministic generator, so every run times the same data. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function isoDay(start: string, offset: number): string {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

function timeIt<T>(run: () => T): { ms: number; result: T } {
  const times: number[] = [];
  let result!: T;
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    result = run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(RUNS / 2)]!, result };
}

interface GenLine {
  date: string;
  cents: number;
  text: string;
  ref: string;
}

function statementLines(): GenLine[] {
  const next = random(7);
  const dues = [25_000, 27_500, 31_000, 18_500];
  return Array.from({ length: LINES }, (_, i) => {
    const deposit = next() < 0.7;
    const cents = deposit ? dues[Math.floor(next() * dues.length)]! : -Math.round(1_000 + next() * 250_000);
    return { date: isoDay('2026-01-01', Math.floor((i / LINES) * 330)), cents, text: deposit ? `HOA DUES DEPOSIT ${i}` : `VENDOR PAYMENT ${i}`, ref: `BR${String(i).padStart(8, '0')}` };
  });
}

const dollars = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const compact = (iso: string) => iso.replace(/-/g, '');

function ofxText(lines: GenLine[]): string {
  const trns = lines.map((l) => `<STMTTRN>\n<TRNTYPE>${l.cents > 0 ? 'CREDIT' : 'DEBIT'}\n<DTPOSTED>${compact(l.date)}\n<TRNAMT>${dollars(l.cents)}\n<FITID>${l.ref}\n<NAME>${l.text}\n</STMTTRN>`).join('\n');
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>USD\n<BANKACCTFROM>\n<BANKID>121000358\n<ACCTID>000123456789\n</BANKACCTFROM>\n<BANKTRANLIST>\n<DTSTART>20260101\n<DTEND>20261127\n${trns}\n</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>1000000.00\n<DTASOF>20261127\n</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
}

function camtText(lines: GenLine[]): string {
  const entries = lines.map((l) => `<Ntry><Amt Ccy="USD">${dollars(Math.abs(l.cents))}</Amt><CdtDbtInd>${l.cents > 0 ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${l.date}</Dt></BookgDt><AcctSvcrRef>${l.ref}</AcctSvcrRef><AddtlNtryInf>${l.text}</AddtlNtryInf></Ntry>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Acct><Id><Othr><Id>000123456789</Id></Othr></Id></Acct>\n${entries}\n</Stmt></BkToCstmrStmt></Document>\n`;
}

function bai2Text(lines: GenLine[]): string {
  const details = lines.map((l) => `16,${l.cents > 0 ? '165' : '455'},${Math.abs(l.cents)},0,${l.ref},,${l.text}/`);
  const total = lines.reduce((s, l) => s + Math.abs(l.cents), 0);
  const account = ['03,000123456789,USD/', ...details, `49,${total},${details.length + 2}/`];
  return ['01,BANK,HOA,261127,0600,1,,,2/', '02,HOA,121000358,1,261127,,USD,2/', ...account, `98,${total},1,${account.length + 2}/`, `99,${total},1,${account.length + 4}/`].join('\n');
}

function csvText(lines: GenLine[]): string {
  const rows = lines.map((l) => `${l.date.slice(5, 7)}/${l.date.slice(8)}/${l.date.slice(0, 4)},"${l.text}",${l.cents < 0 ? `"${dollars(-l.cents)}"` : ''},${l.cents > 0 ? `"${dollars(l.cents)}"` : ''},${l.ref}`);
  return `\uFEFFDate,Description,Debit,Credit,Reference\r\n${rows.join('\r\n')}\r\n`;
}

function benchStatements(): Array<[string, number]> {
  const lines = statementLines();
  const mapping = { date: 'Date', debit: 'Debit', credit: 'Credit', description: 'Description', reference: 'Reference', amount: null, check_number: null, date_format: 'MM/DD/YYYY' as const };
  const out: Array<[string, number]> = [];
  for (const [name, text] of [['OFX 1.x', ofxText(lines)], ['CAMT.053', camtText(lines)], ['BAI2', bai2Text(lines)], ['CSV', csvText(lines)]] as const) {
    const bytes = Buffer.from(text, 'utf8');
    // The account already holds this statement (half the lines without a bank id): a re-import, every line a duplicate.
    const stored = parseStatement(bytes, { mapping: name === 'CSV' ? mapping : null }).lines.map((l, i) => ({ ...l, id: `s${i}`, bank_reference: i % 2 === 0 ? l.bank_reference : null }));
    const { ms, result } = timeIt(() => {
      const parsed = parseStatement(bytes, { mapping: name === 'CSV' ? mapping : null });
      const duplicates = findDuplicateLines(stored, parsed.lines);
      return { parsed, duplicates, fingerprint: statementFingerprint(bytes) };
    });
    if (result.parsed.lines.length !== LINES || result.duplicates.length !== LINES) throw new Error(`${name}: read ${result.parsed.lines.length} lines, ${result.duplicates.length} duplicates`);
    out.push([`${name}: read ${LINES.toLocaleString('en-US')} lines (${(bytes.length / 1e6).toFixed(1)} MB), dedupe against ${LINES.toLocaleString('en-US')} stored, fingerprint`, ms]);
  }
  return out;
}

function benchMatching(): { ms: number; summary: string } {
  const next = random(18);
  const dues = [25_000, 27_500, 31_000, 18_500, 22_000];
  // 170,000 owner payments over three years, most on the first days of a month (dues), all unmatched: the worst case.
  const payments: PostingCandidate[] = Array.from({ length: PAYMENTS }, (_, i) => ({
    id: `p${i}`, date: isoDay('2024-01-01', Math.floor(i / (PAYMENTS / 36)) * 30 + Math.floor(next() * 12)), amount_cents: dues[Math.floor(next() * dues.length)]! + (next() < 0.3 ? Math.floor(next() * 5_000) : 0), reference: `PMT-${i}`,
  }));
  const bills: BillPaymentCandidate[] = Array.from({ length: 3_000 }, (_, i) => ({ id: `b${i}`, date: isoDay('2026-06-01', Math.floor(i / 20)), amount_cents: -(5_000 + Math.floor(next() * 500_000)), reference: `CHK ${2000 + i}`, check_number: String(2000 + i) }));
  const recent = payments.slice(-12_000);
  const lines: LineToMatch[] = [];
  for (let i = 0; i < LINES; i += 1) {
    const kind = next();
    if (kind < 0.55) {
      const p = recent[Math.floor(next() * recent.length)]!;
      lines.push({ id: `l${i}`, date: isoDay(p.date, Math.floor(next() * 3)), amount_cents: p.amount_cents, description: 'DEPOSIT', bank_reference: `BR${i}`, check_number: null });
    } else if (kind < 0.7) {
      const a = recent[Math.floor(next() * recent.length)]!;
      const b = recent[Math.floor(next() * recent.length)]!;
      lines.push({ id: `l${i}`, date: isoDay(a.date > b.date ? a.date : b.date, 1), amount_cents: a.amount_cents + b.amount_cents, description: 'DEPOSIT 2 ITEMS', bank_reference: `BR${i}`, check_number: null });
    } else if (kind < 0.9) {
      const b = bills[Math.floor(next() * bills.length)]!;
      lines.push({ id: `l${i}`, date: isoDay(b.date, 3 + Math.floor(next() * 20)), amount_cents: b.amount_cents, description: `CHECK ${b.check_number}`, bank_reference: `BR${i}`, check_number: b.check_number });
    } else {
      lines.push({ id: `l${i}`, date: isoDay('2026-06-01', Math.floor(next() * 150)), amount_cents: -Math.round(500 + next() * 4_000), description: 'SERVICE FEE', bank_reference: `BR${i}`, check_number: null });
    }
  }
  const { ms, result } = timeIt(() => matchBankLines({
    lines, payments, bill_payments: bills, journal_entries: [], ach_batches: [], ach_entries: [],
    rules: [{ id: 'fees', name: 'Bank fees', description_contains: 'SERVICE FEE', amount_min_cents: -10_000, amount_max_cents: 0, account_id: 'bank_fees', fund_id: 'operating' }],
  }));
  const byRule = new Map<string, number>();
  for (const m of result.matched) byRule.set(m.rule, (byRule.get(m.rule) ?? 0) + 1);
  const summary = `matched ${result.matched.length} (${[...byRule].map(([r, n]) => `${r} ${n}`).join(', ')}), ambiguous ${result.ambiguous.length}, unmatched ${result.unmatched.length}`;
  return { ms, summary };
}

function benchNacha(): number {
  const entries: NachaEntryInput[] = Array.from({ length: NACHA_ENTRIES }, (_, i) => ({
    direction: 'debit', account_type: i % 3 === 0 ? 'savings' : 'checking', prenote: i % 40 === 0, routing_number: ['021000021', '011000015', '121000358', '322271627'][i % 4]!,
    account_number: String(10_000_000 + i), amount_cents: i % 40 === 0 ? 0 : 25_000 + (i % 7) * 500, individual_id: String(i).padStart(6, '0'), name: `Owner Number ${i}`,
  }));
  const { ms, result } = timeIt(() => {
    const built = buildNachaFile({
      immediate_destination: '121000358', immediate_destination_name: 'Bank of America', immediate_origin: '1234567890', immediate_origin_name: 'Maple Grove HOA',
      creation_date: '2026-12-01', creation_time: '0930',
      batches: [{ sec_code: 'WEB', company_name: 'Maple Grove HOA', company_id: '1234567890', entry_description: 'HOA DUES', effective_date: '2026-12-03', odfi_routing_number: '121000358', entries }],
    });
    return parseNachaFile(built.text);
  });
  if (result.batches[0]!.entries.length !== NACHA_ENTRIES) throw new Error('The NACHA round trip lost entries');
  return ms;
}

const rows: Array<[string, number, string]> = [];
for (const [what, ms] of benchStatements()) rows.push([what, ms, 'budget 5,000 ms (import)']);
const matching = benchMatching();
rows.push([`match ${LINES.toLocaleString('en-US')} lines against ${PAYMENTS.toLocaleString('en-US')} payments and 3,000 checks: ${matching.summary}`, matching.ms, 'budget 10,000 ms']);
rows.push([`build and validate a NACHA file of ${NACHA_ENTRIES.toLocaleString('en-US')} entries`, benchNacha(), 'budget 2,000 ms']);
console.log(`Banking bench (median of ${RUNS} runs, Node ${process.version})`);
for (const [what, ms, budget] of rows) console.log(`${ms.toFixed(0).padStart(7)} ms  ${what}  [${budget}]`);
