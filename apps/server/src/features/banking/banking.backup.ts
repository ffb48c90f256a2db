import { and, asc, eq, sql } from 'drizzle-orm';
import { bankAccounts, bankLineMatches, bankReconciliationLines, bankReconciliations, bankRules, bankStatementLines, bankStatements } from '@covenant/db/schema/banking';
import { journalEntries, journalLines } from '@covenant/db/schema/ledger';
import type { Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { BackupStep } from '../../platform/backup/backup-step.ts';
import { listOf, tableStep } from '../../platform/backup/table-step.ts';

const tables = tableStep('banking', 70, [
  {
    collection: 'bankAccounts', entity: 'BankAccount', label: 'bank account', table: bankAccounts, refs: { account_id: 'chart_of_accounts', fund_id: 'funds' },
    describe: (r) => `bank account ${String(r.name)}`,
    // The association's own bank account of the same cash account (the seeded Operating and Reserve ones) takes the file's settings.
    existing: async (tx, v) => {
      const [row] = await tx.db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.account_id, v.account_id as string)).limit(1);
      return row?.id ?? null;
    },
  },
  { collection: 'bankRules', entity: 'BankRule', label: 'bank rule', table: bankRules, refs: { account_id: 'chart_of_accounts', fund_id: 'funds' }, describe: (r) => `rule ${String(r.name)}` },
  { collection: 'bankStatements', entity: 'BankStatement', label: 'bank statement', table: bankStatements, refs: { bank_account_id: 'bank_accounts' }, describe: (r) => `statement ${String(r.period_start)} to ${String(r.period_end)}` },
  { collection: 'bankStatementLines', entity: 'BankStatementLine', label: 'bank statement line', table: bankStatementLines, refs: { statement_id: 'bank_statements', bank_account_id: 'bank_accounts' } },
  {
    collection: 'bankLineMatches', entity: 'BankLineMatch', label: 'bank line match', table: bankLineMatches,
    refs: {
      line_id: 'bank_statement_lines', bank_account_id: 'bank_accounts', bank_rule_id: 'bank_rules',
      doc_id: (r) => (r.doc_type === 'payment' ? 'payments' : r.doc_type === 'bill_payment' ? 'bill_payments' : 'journal_entries'),
    },
    deletedDocuments: { doc_id: 'skip' },
  },
  { collection: 'bankReconciliations', entity: 'BankReconciliation', label: 'bank reconciliation', table: bankReconciliations, refs: { bank_account_id: 'bank_accounts' }, describe: (r) => `reconciliation of ${String(r.statement_date)}` },
]);

/** Where a journal line's entry comes from, so the re-posted ledger's line can be found (lines are never copied). */
const SOURCE_TABLES: Record<string, string> = {
  invoice: 'invoices', payment: 'payments', payment_application: 'payment_invoices', bill: 'bills', bill_payment: 'bill_payments',
  journal: 'journal_sources', transfer: 'journal_sources', opening: 'journal_sources',
};

async function backupReconciliationLines(ctx: Ctx) {
  return ctx.db
    .select({
      reconciliation_id: bankReconciliationLines.reconciliation_id, journal_line_id: bankReconciliationLines.journal_line_id, source_type: journalEntries.source_type,
      source_id: journalEntries.source_id, is_reversal: sql<boolean>`${journalEntries.reverses_id} is not null`, entry_date: journalEntries.entry_date, line_no: journalLines.line_no,
    })
    .from(bankReconciliationLines)
    .innerJoin(journalLines, eq(journalLines.id, bankReconciliationLines.journal_line_id))
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entry_id))
    .orderBy(asc(bankReconciliationLines.reconciliation_id), asc(journalEntries.entry_date), asc(journalLines.id));
}

/**
 * The bank accounts (their numbers sealed as stored), rules, statements and lines, matches, and reconciliations.
 * A reconciliation's cleared postings are journal lines, which the restore posts anew: each is named in the file by
 * its entry's source, date and line number and found again in the restored ledger.
 */
export const bankingBackupStep: BackupStep = {
  ...tables,
  tables: [...tables.tables, 'bank_reconciliation_lines'],
  collections: {
    ...tables.collections,
    bankReconciliationLines: {
      entity: 'BankReconciliationLine',
      schema: () => ({
        type: 'object', required: ['reconciliation_id', 'source_type', 'line_no'],
        properties: { reconciliation_id: { type: 'string' }, journal_line_id: { type: 'string' }, source_type: { type: 'string' }, source_id: { type: ['string', 'null'] }, is_reversal: { type: 'boolean' }, entry_date: { type: 'string', format: 'date' }, line_no: { type: 'integer' } },
      }),
    },
  },
  async backup(ctx) {
    return { ...(await tables.backup(ctx)), bankReconciliationLines: await backupReconciliationLines(ctx) };
  },
  async restore(tx, data, ids) {
    const counts = await tables.restore(tx, data, ids);
    const used = new Set<string>();
    const rows: Array<{ reconciliation_id: string; journal_line_id: string }> = [];
    for (const [i, r] of listOf(data, 'bankReconciliationLines').entries()) {
      const where = `Backup bankReconciliationLines #${i + 1}`;
      const reconciliation = ids.of('bank_reconciliations').get(String(r.reconciliation_id));
      if (!reconciliation) throw new ValidationError(`${where}: reconciliation_id ${String(r.reconciliation_id)} does not match any reconciliation in the file`);
      const sourceType = String(r.source_type);
      const sourceTable = SOURCE_TABLES[sourceType];
      const source = sourceTable ? ids.of(sourceTable).get(String(r.source_id)) : undefined;
      if (sourceType !== 'closing' && !source) throw new ValidationError(`${where}: its posting (${sourceType} ${String(r.source_id)}) does not match any record in the file`);
      if (!Number.isInteger(r.line_no) || typeof r.is_reversal !== 'boolean') throw new ValidationError(`${where}: line_no and is_reversal are required`);
      const candidates = await tx.db
        .select({ id: journalLines.id })
        .from(journalLines)
        .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entry_id))
        .where(and(
          eq(journalEntries.source_type, sourceType),
          sourceType === 'closing' ? eq(journalEntries.entry_date, String(r.entry_date)) : eq(journalEntries.source_id, source!),
          r.is_reversal ? sql`${journalEntries.reverses_id} is not null` : sql`${journalEntries.reverses_id} is null`,
          eq(journalLines.line_no, r.line_no as number),
        ))
        .orderBy(sql`${journalEntries.entry_date} = ${String(r.entry_date)} desc`, asc(journalEntries.created_date), asc(journalEntries.id));
      const line = candidates.find((c) => !used.has(c.id));
      if (!line) throw new ValidationError(`${where}: its posting (${sourceType} line ${String(r.line_no)} of ${String(r.entry_date)}) is not in the restored ledger`);
      used.add(line.id);
      rows.push({ reconciliation_id: reconciliation, journal_line_id: line.id });
    }
    for (let i = 0; i < rows.length; i += 500) await tx.db.insert(bankReconciliationLines).values(rows.slice(i, i + 500));
    return { ...counts, bankReconciliationLines: rows.length };
  },
};
