import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  assertUsd, checkNumberInText, cleanText, compactOrIsoDate, decimalToCents, fail, joinSections, statementAccount, lineLocator,
  normalizeCheckNumber, textOrNull, type AccountSection, type ParsedStatement, type ParseOptions, type StatementLine,
} from './statement.values.ts';

/** ISO 20022 bank-to-customer statements (camt.053, any version 001.02 to 001.13), namespace prefixes ignored. */
type XmlValue = string | XmlObject | XmlValue[] | undefined;
interface XmlObject {
  [key: string]: XmlValue;
}

const REPEATED = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);
const META = XMLParser.getMetaDataSymbol() as unknown as string;

function makeParser() {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    captureMetaData: true,
    isArray: (name) => REPEATED.has(name),
  });
}

function obj(v: XmlValue): XmlObject | undefined {
  return v !== undefined && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
}
function list(v: XmlValue): XmlObject[] {
  return Array.isArray(v) ? v.map(obj).filter((o): o is XmlObject => o !== undefined) : obj(v) ? [obj(v)!] : [];
}
/** A leaf's text, whether it was written with attributes (an object with #text) or without. */
function leaf(v: XmlValue): string | undefined {
  if (typeof v === 'string') return v;
  const o = obj(v);
  const t = o?.['#text'];
  return typeof t === 'string' ? t : undefined;
}
function at(v: XmlValue, ...path: string[]): XmlValue {
  let cur: XmlValue = v;
  for (const key of path) cur = obj(cur)?.[key];
  return cur;
}

function dateOf(v: XmlValue): string | undefined {
  return leaf(at(v, 'Dt')) ?? leaf(at(v, 'DtTm'));
}

export function parseCamt053(text: string, options: ParseOptions = {}): ParsedStatement {
  const valid = XMLValidator.validate(text);
  if (valid !== true) fail(valid.err.line, `the XML is malformed: ${valid.err.msg}`);
  const doc = makeParser().parse(text) as XmlObject;
  const lineAt = lineLocator(text);
  const lineOf = (v: XmlValue, fallback: number): number => {
    const meta = (obj(v) as Record<string, { startIndex?: number }> | undefined)?.[META];
    return meta?.startIndex === undefined ? fallback : lineAt(meta.startIndex);
  };
  const root = at(doc, 'Document');
  if (at(root, 'BkToCstmrAcctRpt') !== undefined) fail(null, 'the file is a camt.052 intraday report, not a statement; import the camt.053 end-of-day statement');
  if (at(root, 'BkToCstmrDbtCdtNtfctn') !== undefined) fail(null, 'the file is a camt.054 notification, not a statement; import the camt.053 statement');
  const body = at(root, 'BkToCstmrStmt');
  if (!obj(body)) fail(null, 'the file is XML but not an ISO 20022 camt.053 statement (no Document/BkToCstmrStmt)');
  const statements = list(at(body, 'Stmt'));
  if (statements.length === 0) fail(lineOf(body, 1), 'the statement file holds no statement (Stmt)');

  const warnings: string[] = [];
  const amountOf = (holder: XmlObject, holderLine: number, what: string): number => {
    const amt = holder['Amt'];
    const line = lineOf(amt, holderLine);
    const raw = leaf(amt);
    if (raw === undefined || raw.trim() === '') fail(line, `the ${what} has no amount (Amt)`);
    assertUsd(obj(amt)?.['@Ccy'] as string | undefined, line);
    const cents = decimalToCents(raw, line);
    const indicator = cleanText(leaf(holder['CdtDbtInd'])).toUpperCase();
    if (indicator !== 'CRDT' && indicator !== 'DBIT') {
      fail(line, `the ${what}'s credit/debit indicator (CdtDbtInd) must be CRDT or DBIT${indicator ? `, not '${indicator}'` : ''}`);
    }
    return indicator === 'DBIT' ? -Math.abs(cents) : Math.abs(cents);
  };

  const sections = statements.map((stmt): AccountSection => {
    const stmtLine = lineOf(stmt, 1);
    const acct = at(stmt, 'Acct');
    assertUsd(leaf(at(acct, 'Ccy')), lineOf(acct, stmtLine));
    const number = cleanText(leaf(at(acct, 'Id', 'IBAN')) ?? leaf(at(acct, 'Id', 'Othr', 'Id')));
    const member = cleanText(leaf(at(acct, 'Svcr', 'FinInstnId', 'ClrSysMmbId', 'MmbId')));
    const balances = new Map<string, { cents: number; date: string | null }>();
    for (const bal of list(stmt['Bal'])) {
      const code = cleanText(leaf(at(bal, 'Tp', 'CdOrPrtry', 'Cd')) ?? leaf(at(bal, 'Tp', 'CdOrPrtry', 'Prtry'))).toUpperCase();
      const line = lineOf(bal, stmtLine);
      const date = dateOf(bal['Dt']);
      balances.set(code, { cents: amountOf(bal, line, `${code || 'balance'} balance`), date: date ? compactOrIsoDate(date, line, 'balance date') : null });
    }
    const opening = balances.get('OPBD') ?? balances.get('PRCD') ?? null;
    const closing = balances.get('CLBD') ?? null;
    let pending = 0;
    const lines: StatementLine[] = [];
    for (const ntry of list(stmt['Ntry'])) {
      const line = lineOf(ntry, stmtLine);
      const status = cleanText(leaf(ntry['Sts']) ?? leaf(at(ntry, 'Sts', 'Cd'))).toUpperCase();
      const amount_cents = amountOf(ntry, line, 'entry');
      if (status !== '' && status !== 'BOOK') {
        pending += 1;
        continue;
      }
      const rawDate = dateOf(ntry['BookgDt']) ?? dateOf(ntry['ValDt']);
      if (!rawDate) fail(line, 'the entry has no booking date (BookgDt)');
      const details = list(ntry['NtryDtls']).flatMap((d) => list(d['TxDtls']));
      const single = details.length === 1 ? details[0] : undefined;
      const party = amount_cents >= 0 ? 'Dbtr' : 'Cdtr';
      const payee = textOrNull(leaf(at(single, 'RltdPties', party, 'Nm')) ?? leaf(at(single, 'RltdPties', party, 'Pty', 'Nm')));
      const ustrd = at(single, 'RmtInf', 'Ustrd');
      const remittance = Array.isArray(ustrd) ? ustrd.map((u) => leaf(u) ?? '') : [];
      const parts = [leaf(ntry['AddtlNtryInf']), ...remittance, leaf(at(single, 'AddtlTxInf'))].map(cleanText).filter((p) => p !== '');
      const description = [...new Set(parts)].join(' ') || payee || (amount_cents >= 0 ? 'Credit' : 'Debit');
      lines.push({
        line_no: line,
        date: compactOrIsoDate(rawDate, line, 'booking date'),
        amount_cents,
        description,
        payee,
        bank_reference: textOrNull(leaf(ntry['AcctSvcrRef']) ?? leaf(at(single, 'Refs', 'AcctSvcrRef')) ?? leaf(ntry['NtryRef'])),
        check_number: normalizeCheckNumber(leaf(at(single, 'Refs', 'ChqNb'))) ?? (amount_cents < 0 ? checkNumberInText(description) : null),
      });
    }
    if (pending > 0) warnings.push(`${pending} entr${pending === 1 ? 'y is' : 'ies are'} pending or informational (not booked) and ${pending === 1 ? 'was' : 'were'} left out.`);
    const from = leaf(at(stmt, 'FrToDt', 'FrDtTm'));
    const to = leaf(at(stmt, 'FrToDt', 'ToDtTm'));
    return {
      accountKey: number || null,
      account: statementAccount(number, /^\d{9}$/.test(member) ? member : null),
      line: stmtLine,
      period_start: from ? compactOrIsoDate(from, stmtLine, 'statement start') : (opening?.date ?? null),
      period_end: to ? compactOrIsoDate(to, stmtLine, 'statement end') : (closing?.date ?? null),
      opening_balance_cents: opening?.cents ?? null,
      closing_balance_cents: closing?.cents ?? null,
      lines,
    };
  });
  return joinSections('camt053', sections, warnings, options);
}
