import { and, asc, eq, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { toCents } from '@covenant/contracts/money';
import { chartOfAccounts, funds } from '@covenant/db/schema/finance';
import { journalEntries, journalEntryHashes, journalLines } from '@covenant/db/schema/ledger';
import { today, type Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { sealJournal } from './hash-chain.service.ts';
import {
  CSV_HEADER, beancountEntry, beancountHeader, csvRows, hledgerEntry, hledgerHeader,
  type ExportAccount, type ExportEntry, type ExportFormat,
} from './export.rules.ts';

const CURRENCY = 'USD';
const BATCH = 2000;
const date = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });
export const exportQuery = z.object({ format: z.enum(['hledger', 'beancount', 'csv'], { error: 'format must be hledger, beancount or csv' }).default('hledger'), from: date.optional(), to: date.optional() });

/**
 * GET /ledger/export: every posted entry in a date range as an hledger or beancount journal or as CSV, streamed
 * in batches. With `from`, the balances before it open the file as one "brought forward" entry (balanced within
 * each fund, as all the postings before it are), so the file's balances are the app's balances.
 */
export async function exportLedger(ctx: Ctx, query: unknown): Promise<{ filename: string; contentType: string; body: AsyncGenerator<string> }> {
  await requirePermission(ctx, 'reports', 'read');
  const q = parseInput(exportQuery, query);
  const to = q.to ?? await today(ctx);
  if (q.from && q.from > to) throw new ValidationError('from must not be after to');
  // Seal what was just posted, so the file carries every entry's hash.
  await sealJournal(ctx.db, { wait: true });
  const accountRows = await ctx.db.select({ id: chartOfAccounts.id, account_number: chartOfAccounts.account_number, account_name: chartOfAccounts.account_name, account_type: chartOfAccounts.account_type }).from(chartOfAccounts).orderBy(asc(chartOfAccounts.account_number));
  const accounts = new Map<string, ExportAccount>(accountRows.map((a) => [a.id, a]));
  const fundCodes = new Map((await ctx.db.select({ id: funds.id, code: funds.code }).from(funds)).map((f) => [f.id, f.code]));
  const [first] = await ctx.db.select({ d: sql<string | null>`min(${journalEntries.entry_date})` }).from(journalEntries);
  const openOn = [q.from, first?.d ?? undefined, to].filter((d): d is string => !!d).sort()[0]!;
  const format: ExportFormat = q.format;
  const title = `Covenant ledger ${q.from ?? 'from the beginning'} to ${to}`;
  const filename = `ledger-${q.from ?? 'all'}-${to}.${format === 'hledger' ? 'journal' : format === 'beancount' ? 'beancount' : 'csv'}`;
  const contentType = format === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8';

  const render = (e: ExportEntry): string =>
    format === 'hledger' ? hledgerEntry(e, accounts, CURRENCY) : format === 'beancount' ? beancountEntry(e, accounts, CURRENCY) : csvText(csvRows(e, accounts));

  async function* body(): AsyncGenerator<string> {
    yield format === 'hledger' ? hledgerHeader(accountRows, CURRENCY, title) : format === 'beancount' ? beancountHeader(accountRows, CURRENCY, title, openOn) : csvText([CSV_HEADER]);
    if (q.from) {
      const carried = await broughtForward(ctx, q.from, fundCodes);
      if (carried.lines.length) yield render(carried);
    }
    const where: SQL[] = [lte(journalEntries.entry_date, to)];
    if (q.from) where.push(gte(journalEntries.entry_date, q.from));
    let after: { date: string; id: string } | null = null;
    for (;;) {
      const page: Array<{ id: string; entry_date: string; memo: string | null; source_type: string; hash: string | null }> = await ctx.db
        .select({ id: journalEntries.id, entry_date: journalEntries.entry_date, memo: journalEntries.memo, source_type: journalEntries.source_type, hash: journalEntryHashes.hash })
        .from(journalEntries)
        .leftJoin(journalEntryHashes, eq(journalEntryHashes.entry_id, journalEntries.id))
        .where(and(...where, ...(after ? [keysetAfter(after)] : [])))
        .orderBy(asc(journalEntries.entry_date), asc(journalEntries.id))
        .limit(BATCH);
      if (page.length === 0) return;
      const lines = await ctx.db
        .select({ entry_id: journalLines.entry_id, account_id: journalLines.account_id, fund_id: journalLines.fund_id, debit: journalLines.debit, credit: journalLines.credit, memo: journalLines.memo, document_type: journalLines.document_type, document_id: journalLines.document_id })
        .from(journalLines)
        .where(sql`${journalLines.entry_id} in (${sql.join(page.map((p) => sql`${p.id}`), sql`, `)})`)
        .orderBy(asc(journalLines.entry_id), asc(journalLines.line_no));
      const byEntry = new Map<string, ExportEntry['lines'][number][]>();
      for (const l of lines) {
        const list = byEntry.get(l.entry_id) ?? [];
        list.push({ account_id: l.account_id, fund_code: fundCodes.get(l.fund_id) ?? l.fund_id, debit_cents: toCents(l.debit), credit_cents: toCents(l.credit), memo: l.memo, document_type: l.document_type, document_id: l.document_id });
        byEntry.set(l.entry_id, list);
      }
      let chunk = '';
      for (const e of page) chunk += render({ id: e.id, entry_date: e.entry_date, memo: e.memo, source_type: e.source_type, hash: e.hash, lines: byEntry.get(e.id) ?? [] });
      yield chunk;
      const last: { id: string; entry_date: string } = page.at(-1)!;
      after = { date: last.entry_date, id: last.id };
      if (page.length < BATCH) return;
    }
  }
  return { filename, contentType, body: body() };
}

/** Entries after (date, id): exact keys, so paging neither repeats nor skips one. */
function keysetAfter(a: { date: string; id: string }): SQL {
  return or(gt(journalEntries.entry_date, a.date), and(eq(journalEntries.entry_date, a.date), gt(journalEntries.id, a.id)))!;
}

/** Each account's balance per fund before `from`, as one entry dated `from` (it balances: every fund did). */
async function broughtForward(ctx: Ctx, from: string, fundCodes: ReadonlyMap<string, string>): Promise<ExportEntry> {
  const rows = await ctx.db
    .select({ account_id: journalLines.account_id, fund_id: journalLines.fund_id, net: sql<string>`sum(${journalLines.debit} - ${journalLines.credit})` })
    .from(journalLines)
    .where(lt(journalLines.entry_date, from))
    .groupBy(journalLines.account_id, journalLines.fund_id)
    .orderBy(asc(journalLines.fund_id), asc(journalLines.account_id));
  const lines = rows
    .map((r) => ({ account_id: r.account_id, fund_code: fundCodes.get(r.fund_id) ?? r.fund_id, cents: toCents(r.net) }))
    .filter((r) => r.cents !== 0)
    .map((r) => ({ account_id: r.account_id, fund_code: r.fund_code, debit_cents: Math.max(r.cents, 0), credit_cents: Math.max(-r.cents, 0), memo: null, document_type: null, document_id: null }));
  return { id: `brought-forward-${from}`, entry_date: from, memo: `Balances brought forward to ${from}`, source_type: 'opening', hash: null, lines };
}

/** CSV text of rows (formula-like text cells neutralised, as the reports do). */
function csvText(rows: unknown[][]): string {
  const cell = (v: unknown) => {
    let s = v === null || v === undefined ? '' : String(v);
    if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
