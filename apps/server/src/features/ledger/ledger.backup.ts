import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { isoDate } from '@covenant/contracts/fields';
import { toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { journalEntries, journalLines, ledgerSettings } from '@covenant/db/schema/ledger';
import type { Ctx } from '../../lib/context.ts';
import { backupJsonSchema, type BackupData, type BackupStep, type IdMaps } from '../../platform/backup/backup-step.ts';
import { ValidationError } from '../../lib/errors.ts';
import { postEntry, type SourceType } from './ledger.service.ts';
import { closeThroughAtLeast, postClosingEntry } from './periods.service.ts';
import { isBalanced, type PostingLine } from './posting.rules.ts';

/**
 * The part of the books no document holds, in a backup file: manual journal entries, transfers between funds
 * and the opening entry (with their reversals), the year-end closes and the closed-through date. Beyond the
 * spec's collections, like funds. A restore posts them again with their accounts and funds remapped; closing
 * entries are recomputed from the restored ledger (the documents are re-posted at their own dates).
 */

const MANUAL_SOURCES = ['journal', 'transfer', 'opening'] as const;

async function backupLedger(ctx: Ctx) {
  const entries = await ctx.db
    .select({ id: journalEntries.id, entry_date: journalEntries.entry_date, memo: journalEntries.memo, source_type: journalEntries.source_type, source_id: journalEntries.source_id, reverses_id: journalEntries.reverses_id })
    .from(journalEntries)
    .where(inArray(journalEntries.source_type, [...MANUAL_SOURCES]))
    .orderBy(asc(journalEntries.created_date), asc(journalEntries.id));
  const lines = entries.length
    ? await ctx.db
        .select({ entry_id: journalLines.entry_id, account_id: journalLines.account_id, fund_id: journalLines.fund_id, debit: journalLines.debit, credit: journalLines.credit, memo: journalLines.memo })
        .from(journalLines)
        .where(inArray(journalLines.entry_id, entries.map((e) => e.id)))
        .orderBy(asc(journalLines.entry_id), asc(journalLines.line_no))
    : [];
  const closings = await ctx.db
    .select({ entry_date: journalEntries.entry_date })
    .from(journalEntries)
    .where(and(eq(journalEntries.source_type, 'closing'), isNull(journalEntries.reverses_id)))
    .orderBy(asc(journalEntries.entry_date));
  const [settings] = await ctx.db.select({ closed_through: ledgerSettings.closed_through }).from(ledgerSettings).where(eq(ledgerSettings.id, 1)).limit(1);
  return {
    ledgerEntries: entries.map((e) => ({
      ...e,
      lines: lines.filter((l) => l.entry_id === e.id).map(({ entry_id: _e, debit, credit, ...l }) => ({ ...l, debit: Number(debit), credit: Number(credit) })),
    })),
    periodClose: [{ closed_through: settings?.closed_through ?? null, year_ends: closings.map((c) => c.entry_date) }],
  };
}

const money = z.union([z.number(), z.string()]).transform((v, c) => {
  try {
    const cents = toCents(v);
    if (cents < 0) throw new RangeError();
    return cents;
  } catch {
    c.addIssue({ code: 'custom', message: 'must be an amount of 0 or more' });
    return z.NEVER;
  }
});
export const ledgerEntrySchema = z.object({
  id: z.string().min(1),
  entry_date: isoDate('entry_date'),
  memo: z.string().max(1000).nullable().optional(),
  source_type: z.enum(MANUAL_SOURCES),
  source_id: z.string().nullable().optional(),
  reverses_id: z.string().nullable().optional(),
  lines: z.array(z.object({ account_id: z.string(), fund_id: z.string(), debit: money, credit: money, memo: z.string().max(500).nullable().optional() })).min(2).max(2000),
});
export const periodCloseSchema = z.object({ closed_through: isoDate('closed_through').nullable().optional(), year_ends: z.array(isoDate('year_ends')).max(200).default([]) });

/** The file's collection as a list, or none (files from before the ledger collections). */
function list(data: Record<string, unknown>, key: string): unknown[] {
  const v = data[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ValidationError(`Backup ${key}: must be a list`);
  return v;
}

/**
 * Posts the file's manual entries, transfers and opening entry again (accounts and funds remapped, reversals
 * linked to their new originals), then the year-end closes (recomputed) and the closed-through date. Runs in the
 * restore's transaction, after the documents.
 */
async function restoreLedger(tx: Ctx, data: BackupData, ids: IdMaps): Promise<Record<string, number>> {
  const maps = { account: ids.of('chart_of_accounts'), fund: ids.of('funds') };
  const entryIds = ids.of('journal_entries');
  const sourceIds = new Map<string, string>();
  const records = list(data, 'ledgerEntries');
  for (const [i, raw] of records.entries()) {
    const where = `ledgerEntries #${i + 1}`;
    const parsed = ledgerEntrySchema.safeParse(raw);
    if (!parsed.success) throw new ValidationError(`Backup ${where}: ${parsed.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join('; ')}`);
    const e = parsed.data;
    const lines: PostingLine[] = e.lines.map((l, n) => {
      const account = maps.account.get(l.account_id);
      const fund = maps.fund.get(l.fund_id);
      if (!account) throw new ValidationError(`Backup ${where}: line ${n + 1}'s account_id ${l.account_id} does not match any account in the file`);
      if (!fund) throw new ValidationError(`Backup ${where}: line ${n + 1}'s fund_id ${l.fund_id} does not match any fund in the file`);
      if ((l.debit > 0) === (l.credit > 0)) throw new ValidationError(`Backup ${where}: line ${n + 1} must be either a debit or a credit`);
      return { account_id: account, fund_id: fund, debit: l.debit, credit: l.credit, document_type: 'journal', document_id: null, memo: l.memo ?? null };
    });
    if (!isBalanced(lines)) throw new ValidationError(`Backup ${where}: its lines do not balance within each fund`);
    let reverses: string | undefined;
    if (e.reverses_id) {
      reverses = entryIds.get(e.reverses_id);
      if (!reverses) throw new ValidationError(`Backup ${where}: it reverses ${e.reverses_id}, which is not an earlier entry of the file`);
    }
    const oldSource = e.source_id ?? e.id;
    const source = sourceIds.get(oldSource) ?? newId();
    ids.set('journal_sources', oldSource, source);
    sourceIds.set(oldSource, source);
    const id = await postEntry(tx, { date: e.entry_date, memo: e.memo ?? `Restored ${e.source_type} entry`, source_type: e.source_type as SourceType, source_id: source, lines, reverses_id: reverses });
    if (id) entryIds.set(e.id, id);
  }
  const closes = list(data, 'periodClose');
  let yearEnds = 0;
  if (closes.length > 1) throw new ValidationError('Backup periodClose: holds at most one record');
  if (closes[0]) {
    const parsed = periodCloseSchema.safeParse(closes[0]);
    if (!parsed.success) throw new ValidationError(`Backup periodClose: ${parsed.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join('; ')}`);
    for (const yearEnd of [...new Set(parsed.data.year_ends)].sort()) {
      await postClosingEntry(tx, yearEnd);
      yearEnds++;
    }
    if (parsed.data.closed_through) await closeThroughAtLeast(tx, parsed.data.closed_through);
  }
  return { ledgerEntries: records.length, yearEnds };
}



/**
 * The ledger's step, after the documents (which re-post their own entries): journal entries and lines are append-only,
 * so they are never copied; the manual entries are posted again, and the totals and the hash chain are rebuilt
 * by the posting itself (the fold and the sealing), never read from the file.
 */
export const ledgerBackupStep: BackupStep = {
  name: 'ledger',
  order: 20,
  tables: ['journal_entries', 'journal_lines', 'ledger_settings'],
  collections: {
    ledgerEntries: { entity: 'JournalEntry', schema: backupJsonSchema(ledgerEntrySchema) },
    periodClose: { entity: 'LedgerSettings', schema: backupJsonSchema(periodCloseSchema) },
  },
  backup: backupLedger,
  restore: restoreLedger,
};
