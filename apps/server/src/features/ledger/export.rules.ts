import { centsToDecimal } from '@covenant/contracts/money';

/**
 * The ledger as plain-text accounting journals (hledger, beancount) and CSV, without I/O. Accounts are named
 * "<Type>:<number> <name>" under the five standard top levels, each posting carries its fund (an hledger tag,
 * beancount metadata), and amounts are exact decimals from integer cents, debits positive, credits negative.
 */

export type ExportFormat = 'hledger' | 'beancount' | 'csv';

export interface ExportAccount {
  id: string;
  account_number: string;
  account_name: string;
  account_type: string;
}

export interface ExportLine {
  account_id: string;
  fund_code: string;
  debit_cents: number;
  credit_cents: number;
  memo: string | null;
  document_type: string | null;
  document_id: string | null;
}

export interface ExportEntry {
  id: string;
  entry_date: string;
  memo: string | null;
  source_type: string;
  hash: string | null;
  lines: readonly ExportLine[];
}

const TOP: Record<string, string> = { asset: 'Assets', liability: 'Liabilities', equity: 'Equity', revenue: 'Income', expense: 'Expenses' };

/** hledger: the account type at the top, then "number name" (colons and runs of spaces would split it). */
export function hledgerAccount(a: ExportAccount): string {
  const name = `${a.account_number} ${a.account_name}`.replace(/[:;\t\r\n]/g, '-').replace(/ {2,}/g, ' ').trim();
  return `${TOP[a.account_type] ?? 'Equity'}:${name}`;
}

/** beancount: components of letters, digits and dashes, starting with a capital or a digit. */
export function beancountAccount(a: ExportAccount): string {
  const name = `${a.account_number}-${a.account_name}`
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${TOP[a.account_type] ?? 'Equity'}:${/^[A-Z0-9]/.test(name) ? name : `A${name}`}`;
}

/** Text on one line, without what would start a comment or end the field. */
const oneLine = (s: string | null | undefined) => (s ?? '').replace(/[\r\n\t]+/g, ' ').trim();
const hledgerText = (s: string | null | undefined) => oneLine(s).replace(/;/g, ',');
const quoted = (s: string | null | undefined) => `"${oneLine(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
/** Tag values end at a comma in hledger. */
const tagValue = (s: string) => s.replace(/[,;\s]+/g, '-');

export const amountOf = (l: Pick<ExportLine, 'debit_cents' | 'credit_cents'>) => centsToDecimal(l.debit_cents - l.credit_cents);

export function hledgerHeader(accounts: readonly ExportAccount[], currency: string, title: string): string {
  const out = [`; ${title}`, `; Amounts in ${currency}; debits positive, credits negative; each posting's fund is its fund: tag.`, '', `commodity 1,000.00 ${currency}`, ''];
  for (const a of accounts) out.push(`account ${hledgerAccount(a)}`);
  out.push('');
  return `${out.join('\n')}\n`;
}

export function hledgerEntry(e: ExportEntry, accounts: ReadonlyMap<string, ExportAccount>, currency: string): string {
  const tags = [`id:${e.id}`, `source:${e.source_type}`, ...(e.hash ? [`hash:${e.hash}`] : [])].join(', ');
  const out = [`${e.entry_date} * ${hledgerText(e.memo) || e.source_type}  ; ${tags}`];
  for (const l of e.lines) {
    const account = hledgerAccount(accounts.get(l.account_id)!);
    const lineTags = [`fund:${tagValue(l.fund_code)}`, ...(l.document_type && l.document_id ? [`doc:${l.document_type}-${l.document_id}`] : [])].join(', ');
    const memo = hledgerText(l.memo);
    out.push(`    ${account}  ${amountOf(l)} ${currency}  ; ${lineTags}${memo ? ` ${memo}` : ''}`);
  }
  return `${out.join('\n')}\n\n`;
}

export function beancountHeader(accounts: readonly ExportAccount[], currency: string, title: string, openOn: string): string {
  const out = [`; ${title}`, `option "title" ${quoted(title)}`, `option "operating_currency" "${currency}"`, ''];
  for (const a of accounts) out.push(`${openOn} open ${beancountAccount(a)} ${currency}`);
  out.push('');
  return `${out.join('\n')}\n`;
}

export function beancountEntry(e: ExportEntry, accounts: ReadonlyMap<string, ExportAccount>, currency: string): string {
  const out = [`${e.entry_date} * ${quoted(e.memo || e.source_type)}`, `  id: ${quoted(e.id)}`, `  source: ${quoted(e.source_type)}`];
  if (e.hash) out.push(`  hash: ${quoted(e.hash)}`);
  for (const l of e.lines) {
    out.push(`  ${beancountAccount(accounts.get(l.account_id)!)}  ${amountOf(l)} ${currency}`);
    out.push(`    fund: ${quoted(l.fund_code)}`);
    if (l.document_type && l.document_id) out.push(`    doc: ${quoted(`${l.document_type}-${l.document_id}`)}`);
    if (l.memo) out.push(`    memo: ${quoted(l.memo)}`);
  }
  return `${out.join('\n')}\n\n`;
}

export const CSV_HEADER = ['entry_id', 'date', 'entry_memo', 'source_type', 'account_number', 'account_name', 'account_type', 'fund', 'debit', 'credit', 'line_memo', 'document_type', 'document_id', 'hash'];

export function csvRows(e: ExportEntry, accounts: ReadonlyMap<string, ExportAccount>): unknown[][] {
  return e.lines.map((l) => {
    const a = accounts.get(l.account_id)!;
    return [e.id, e.entry_date, e.memo ?? '', e.source_type, a.account_number, a.account_name, a.account_type, l.fund_code, centsToDecimal(l.debit_cents), centsToDecimal(l.credit_cents), l.memo ?? '', l.document_type ?? '', l.document_id ?? '', e.hash ?? ''];
  });
}
