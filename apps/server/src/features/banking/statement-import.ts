import { analyzeIfBulk } from '../../lib/analyze.ts';
import { and, asc, between, desc, eq, lt } from 'drizzle-orm';
import { csvMappingSchema, type CsvMapping, type StatementImportAnswer } from '@covenant/contracts/banking';
import { centsToDecimal, centsToNumber, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { bankAccounts, bankStatementLines, bankStatements } from '@covenant/db/schema/banking';
import { onCommit, withTransaction, type Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { parseJsonSafely } from '../../lib/safe-json.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordForActor } from '../../platform/entities/entities.service.ts';
import { bankAccountEntity } from './bank-accounts.ts';
import { findDuplicateLines, openingBalanceGap, statementAlreadyImported, statementFingerprint } from './statement-dedupe.rules.ts';
import { parseStatement } from './statement-formats/detect.ts';

/** Rows per insert statement (PostgreSQL's 65,535 parameters over the line's columns). */
const INSERT_CHUNK = 1000;

/** The CSV mapping sent with the file (JSON), else the one last used on the account, else none (not a CSV then). */
function mappingOf(sent: string | undefined, saved: unknown): { mapping: CsvMapping | null; sentNow: boolean } {
  if (sent !== undefined && sent.trim() !== '') {
    const raw = parseJsonSafely(sent, 'The CSV mapping');
    return { mapping: parseInput(csvMappingSchema, raw), sentNow: true };
  }
  const parsed = saved ? csvMappingSchema.safeParse(saved) : null;
  return { mapping: parsed?.success ? parsed.data : null, sentNow: false };
}

/**
 * POST /bank-accounts/{id}/statements: reads a statement file (OFX/QFX, CAMT.053, BAI2 or CSV, by content), skips
 * the lines the account already holds, and stores the statement and its new lines in one transaction. A file
 * imported before is a 409; a malformed one a 400 naming its line; nothing is stored in either case.
 */
export async function importStatement(ctx: Ctx, bankAccountId: string, file: { data: Buffer; filename: string }, mappingField: string | undefined): Promise<StatementImportAnswer> {
  await requirePermission(ctx, 'chart_of_accounts', 'create');
  const account = await recordForActor(ctx, bankAccountEntity, bankAccountId, 'update');
  if (file.data.length === 0) throw new ValidationError('The file is empty');
  const [savedMapping] = await ctx.db.select({ csv_mapping: bankAccounts.csv_mapping }).from(bankAccounts).where(eq(bankAccounts.id, bankAccountId)).limit(1);
  const { mapping, sentNow } = mappingOf(mappingField, savedMapping?.csv_mapping);
  const fingerprint = statementFingerprint(file.data);
  const parsed = parseStatement(file.data, { mapping, accountLast4: (account.account_last4 as string | null) ?? null });
  if (parsed.lines.length === 0 && parsed.opening_balance_cents === null) throw new ValidationError('The statement has no transactions and no balances: nothing to import');

  return withTransaction(ctx, async (tx) => {
    // Serializes imports into one account: the fingerprint and dedupe reads below see every earlier import.
    await tx.db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.id, bankAccountId)).for('update');
    const [before] = await tx.db
      .select({ period_start: bankStatements.period_start, period_end: bankStatements.period_end })
      .from(bankStatements)
      .where(and(eq(bankStatements.bank_account_id, bankAccountId), eq(bankStatements.fingerprint, fingerprint)))
      .limit(1);
    if (before) throw statementAlreadyImported(before);

    const dates = parsed.lines.map((l) => l.date).sort();
    const stored = dates.length
      ? await tx.db
          .select({ id: bankStatementLines.id, date: bankStatementLines.date, amount: bankStatementLines.amount, description: bankStatementLines.description, bank_reference: bankStatementLines.bank_reference })
          .from(bankStatementLines)
          .where(and(eq(bankStatementLines.bank_account_id, bankAccountId), between(bankStatementLines.date, dates[0]!, dates.at(-1)!)))
          .orderBy(asc(bankStatementLines.date), asc(bankStatementLines.created_date), asc(bankStatementLines.line_no))
      : [];
    const duplicates = new Set(
      findDuplicateLines(
        stored.map((s) => ({ ...s, amount_cents: toCents(s.amount) })),
        parsed.lines,
      ).map((d) => d.index),
    );
    const [previous] = await tx.db
      .select({ period_end: bankStatements.period_end, closing_balance: bankStatements.closing_balance })
      .from(bankStatements)
      .where(and(eq(bankStatements.bank_account_id, bankAccountId), lt(bankStatements.period_end, parsed.period_start)))
      .orderBy(desc(bankStatements.period_end), desc(bankStatements.created_date))
      .limit(1);
    const gap = openingBalanceGap(
      previous ? { period_end: previous.period_end, closing_balance_cents: previous.closing_balance === null ? null : toCents(previous.closing_balance) } : null,
      { period_start: parsed.period_start, opening_balance_cents: parsed.opening_balance_cents },
    );
    const warnings = [...parsed.warnings, ...(gap ? [gap] : [])];

    const statementId = newId();
    const fresh = parsed.lines.filter((_, i) => !duplicates.has(i));
    const createdBy = ctx.actor?.email ?? null;
    const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));
    await tx.db.insert(bankStatements).values({
      id: statementId, bank_account_id: bankAccountId, format: parsed.format, file_name: file.filename.slice(0, 255) || null, fingerprint,
      period_start: parsed.period_start, period_end: parsed.period_end, opening_balance: money(parsed.opening_balance_cents), closing_balance: money(parsed.closing_balance_cents),
      lines_imported: fresh.length, duplicates_skipped: duplicates.size, warnings, created_by: createdBy,
    });
    analyzeIfBulk(tx, fresh.length, ['bank_statement_lines']);
    for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
    await tx.db.insert(bankStatementLines).values(
        fresh.slice(i, i + INSERT_CHUNK).map((l) => ({
          statement_id: statementId, bank_account_id: bankAccountId, line_no: l.line_no, date: l.date, amount: centsToDecimal(l.amount_cents),
          description: l.description.slice(0, 1000), payee: l.payee?.slice(0, 500) ?? null, bank_reference: l.bank_reference?.slice(0, 200) ?? null,
          check_number: l.check_number, created_by: createdBy,
        })),
      );
    }
    if (parsed.format === 'csv' && sentNow) await tx.db.update(bankAccounts).set({ csv_mapping: mapping }).where(eq(bankAccounts.id, bankAccountId));
    onCommit(tx, () => {
      const timestamp = new Date().toISOString();
      ctx.services.changes.publish({ entity: 'BankStatement', type: 'create', id: statementId, record: {}, timestamp });
      ctx.services.changes.publish({ entity: 'BankStatementLine', type: 'create', id: '*', record: {}, timestamp });
    });
    return {
      statement_id: statementId, format: parsed.format, lines_imported: fresh.length, duplicates_skipped: duplicates.size,
      period_start: parsed.period_start, period_end: parsed.period_end,
      opening_balance: parsed.opening_balance_cents === null ? null : centsToNumber(parsed.opening_balance_cents),
      closing_balance: parsed.closing_balance_cents === null ? null : centsToNumber(parsed.closing_balance_cents),
      warnings,
    };
  });
}
