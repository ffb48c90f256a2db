import type { ReconciliationView } from '@covenant/contracts/functions';
import { defineFunction } from '../../platform/functions/define-function.ts';
import { booksWrite } from './matching.service.ts';
import { and, asc, desc, eq, inArray, lte, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToDecimal, centsToNumber, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { bankAccounts, bankLineMatches, bankReconciliationLines, bankReconciliations } from '@covenant/db/schema/banking';
import { billPayments, payments } from '@covenant/db/schema/finance';
import { journalEntries, journalLines } from '@covenant/db/schema/ledger';
import { withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { publishRecord, readRecord, recordForActor } from '../../platform/entities/entities.service.ts';
import type { EntityDef } from '../../platform/entities/entity-def.ts';
import { bankAccountEntity } from './bank-accounts.ts';
import {
  beginningBalance, clearedFigures, clearingProblem, completionProblem, initiallyCleared, reconciliationReport,
  statementDateProblem, voidProblem, type ReconciliationPosting,
} from './reconciliation.rules.ts';

/**
 * Monthly bank reconciliation over the cash account's postings (journal lines on the bank account's ledger
 * account). A draft starts with the matched lines' postings cleared; a person clears or unclears the rest until
 * beginning + cleared = the statement's ending balance; completing locks the cleared postings (the ledger refuses
 * to reverse them: assertNotReconciled); only the newest completed reconciliation can be voided.
 */

type Reconciliation = typeof bankReconciliations.$inferSelect;

const earlier = alias(bankReconciliations, 'earlier');
const clearedEarlier = alias(bankReconciliationLines, 'cleared_earlier');

/** Journal lines cleared by a completed reconciliation of the account other than `exceptId` dated before `before` (or any, without). */
const clearedElsewhere = (ctx: Ctx, bankAccountId: string, exceptId: string, before?: string) =>
  notExists(
    ctx.db
      .select({ one: sql`1` })
      .from(clearedEarlier)
      .innerJoin(earlier, eq(earlier.id, clearedEarlier.reconciliation_id))
      .where(and(
        eq(clearedEarlier.journal_line_id, journalLines.id),
        eq(earlier.bank_account_id, bankAccountId),
        eq(earlier.status, 'completed'),
        ne(earlier.id, exceptId),
        before ? sql`${earlier.statement_date} < ${before}` : undefined,
      )),
  );

/**
 * The account's postings up to the statement date a reconciliation works with: those no other completed
 * reconciliation cleared (for a completed one, none dated before it), each with whether this one clears it.
 */
async function postingsOf(ctx: Ctx, rec: Reconciliation, cashAccountId: string): Promise<ReconciliationPosting[]> {
  const rows = await ctx.db
    .select({
      journal_line_id: journalLines.id, date: journalLines.entry_date, debit: journalLines.debit, credit: journalLines.credit,
      memo: journalEntries.memo, entry_id: journalEntries.id, reverses_id: journalEntries.reverses_id,
      payment_number: payments.payment_number, payment_reference: payments.reference_number,
      check_number: billPayments.check_number, bill_reference: billPayments.reference_number,
      cleared: sql<boolean>`exists (select 1 from ${bankReconciliationLines} where ${bankReconciliationLines.reconciliation_id} = ${rec.id} and ${bankReconciliationLines.journal_line_id} = ${journalLines.id})`,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entry_id))
    .leftJoin(payments, and(eq(journalEntries.source_type, 'payment'), eq(payments.id, journalEntries.source_id)))
    .leftJoin(billPayments, and(eq(journalEntries.source_type, 'bill_payment'), eq(billPayments.id, journalEntries.source_id)))
    .where(and(
      eq(journalLines.account_id, cashAccountId),
      lte(journalLines.entry_date, rec.statement_date),
      clearedElsewhere(ctx, rec.bank_account_id, rec.id, rec.status === 'draft' ? undefined : rec.statement_date),
    ))
    .orderBy(asc(journalLines.entry_date), asc(journalLines.id));
  // An entry and its reversal, neither cleared, never reached the bank (a document corrected or deleted): they net
  // to zero and are left out rather than shown as an outstanding check and a deposit in transit forever.
  const net = new Map<string, { cents: number; cleared: boolean }>();
  for (const r of rows) {
    const e = net.get(r.entry_id) ?? { cents: 0, cleared: false };
    net.set(r.entry_id, { cents: e.cents + toCents(r.debit) - toCents(r.credit), cleared: e.cleared || Boolean(r.cleared) });
  }
  const dropped = new Set<string>();
  for (const r of rows) {
    if (!r.reverses_id) continue;
    const back = net.get(r.entry_id)!;
    const original = net.get(r.reverses_id);
    if (original && !original.cleared && !back.cleared && original.cents + back.cents === 0) {
      dropped.add(r.entry_id);
      dropped.add(r.reverses_id);
    }
  }
  return rows.filter((r) => !dropped.has(r.entry_id)).map((r) => ({
    journal_line_id: r.journal_line_id,
    date: r.date,
    amount_cents: toCents(r.debit) - toCents(r.credit),
    cleared: Boolean(r.cleared),
    reference: r.check_number ? `Check ${r.check_number}` : r.payment_number ? [r.payment_number, r.payment_reference].filter(Boolean).join(' · ') : r.bill_reference ?? null,
    description: r.memo,
  }));
}

async function cashAccountOf(ctx: Ctx, bankAccountId: string): Promise<{ account_id: string; name: string }> {
  const [a] = await ctx.db.select({ account_id: bankAccounts.account_id, name: bankAccounts.name }).from(bankAccounts).where(eq(bankAccounts.id, bankAccountId)).limit(1);
  if (!a) throw new NotFoundError('Bank account not found');
  return a;
}

async function lockAccount(ctx: Ctx, bankAccountId: string): Promise<void> {
  await ctx.db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.id, bankAccountId)).for('update');
}

async function lastCompleted(ctx: Ctx, bankAccountId: string): Promise<Reconciliation | null> {
  const [row] = await ctx.db.select().from(bankReconciliations)
    .where(and(eq(bankReconciliations.bank_account_id, bankAccountId), eq(bankReconciliations.status, 'completed')))
    .orderBy(desc(bankReconciliations.statement_date)).limit(1);
  return row ?? null;
}

/** The reconciliation through the caller's scope, then locked with its account. */
async function lockedReconciliation(ctx: Ctx, def: EntityDef, id: string): Promise<Reconciliation> {
  await recordForActor(ctx, def, id, 'update');
  const [first] = await ctx.db.select({ bank_account_id: bankReconciliations.bank_account_id }).from(bankReconciliations).where(eq(bankReconciliations.id, id)).limit(1);
  if (!first) throw new NotFoundError('Reconciliation not found');
  await lockAccount(ctx, first.bank_account_id);
  const [row] = await ctx.db.select().from(bankReconciliations).where(eq(bankReconciliations.id, id)).for('update').limit(1);
  return row!;
}

const amount = (cents: number) => centsToNumber(cents);

/** A reconciliation with its live figures and postings, as the reconcile screen shows it. */
export async function reconciliationView(ctx: Ctx, def: EntityDef, id: string): Promise<ReconciliationView> {
  await recordForActor(ctx, def, id, 'read');
  const record = await readRecord(ctx, def, id);
  const [rec] = await ctx.db.select().from(bankReconciliations).where(eq(bankReconciliations.id, id)).limit(1);
  const cash = await cashAccountOf(ctx, rec!.bank_account_id);
  const postings = await postingsOf(ctx, rec!, cash.account_id);
  const f = clearedFigures(toCents(rec!.beginning_balance), toCents(rec!.ending_balance), postings);
  return {
    reconciliation: record as ReconciliationView['reconciliation'],
    bank_account_name: cash.name,
    figures: {
      beginning_balance: amount(f.beginning_balance_cents), ending_balance: amount(f.ending_balance_cents),
      cleared_deposits: amount(f.cleared_deposits_cents), cleared_withdrawals: amount(f.cleared_withdrawals_cents),
      cleared_balance: amount(f.cleared_balance_cents), difference: amount(f.difference_cents),
    },
    postings: postings.map((p) => ({ journal_line_id: p.journal_line_id, date: p.date, amount: amount(p.amount_cents), cleared: p.cleared, reference: p.reference, description: p.description })),
  };
}

/** startReconciliation {bank_account_id, statement_date, ending_balance}: a draft, the matched postings cleared. */
export function startReconciliationFn(def: EntityDef) {
  return defineFunction('startReconciliation', async (ctx, input) => {
    const id = await withTransaction(ctx, async (tx) => {
      await recordForActor(tx, bankAccountEntity, input.bank_account_id, 'update');
      await lockAccount(tx, input.bank_account_id);
      const [draft] = await tx.db.select({ statement_date: bankReconciliations.statement_date }).from(bankReconciliations)
        .where(and(eq(bankReconciliations.bank_account_id, input.bank_account_id), eq(bankReconciliations.status, 'draft'))).limit(1);
      if (draft) throw new ConflictError(`A reconciliation to ${draft.statement_date} is in progress on this account: complete or delete it first`, 'reconciliation_in_progress');
      const last = await lastCompleted(tx, input.bank_account_id);
      const problem = statementDateProblem(last, input.statement_date);
      if (problem) throw new ValidationError(problem);
      const newIdValue = newId();
      const beginning = beginningBalance(last ? { ending_balance_cents: toCents(last.ending_balance) } : null);
      await tx.db.insert(bankReconciliations).values({
        id: newIdValue, bank_account_id: input.bank_account_id, statement_date: input.statement_date,
        beginning_balance: centsToDecimal(beginning), ending_balance: centsToDecimal(toCents(input.ending_balance)), status: 'draft', created_by: ctx.actor?.id ?? null,
      });
      const [rec] = await tx.db.select().from(bankReconciliations).where(eq(bankReconciliations.id, newIdValue)).limit(1);
      const cash = await cashAccountOf(tx, input.bank_account_id);
      const postings = await postingsOf(tx, rec!, cash.account_id);
      const matchedLines = await matchedJournalLines(tx, input.bank_account_id, cash.account_id, postings.map((p) => p.journal_line_id));
      const cleared = initiallyCleared(postings, matchedLines, input.statement_date);
      await insertCleared(tx, newIdValue, cleared);
      await recordAudit(tx, { action: 'reconciliation.started', target_type: 'BankReconciliation', target_id: newIdValue, detail: { statement_date: input.statement_date, ending_balance: input.ending_balance, cleared: cleared.length } });
      await publishRecord(tx, def, newIdValue, 'create');
      return newIdValue;
    });
    return reconciliationView(ctx, def, id);
  }, { authorize: booksWrite });
}

async function insertCleared(ctx: Ctx, reconciliationId: string, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 5000) {
    await ctx.db.insert(bankReconciliationLines).values(ids.slice(i, i + 5000).map((journal_line_id) => ({ reconciliation_id: reconciliationId, journal_line_id }))).onConflictDoNothing();
  }
}

/**
 * The cash postings of the documents matched to the account's bank lines: a payment's or bill payment's entries
 * in force (not a correction's reversed pair), a journal entry's own lines.
 */
async function matchedJournalLines(ctx: Ctx, bankAccountId: string, cashAccountId: string, candidates: readonly string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const reversal = alias(journalEntries, 'reversal');
  const rows = await ctx.db
    .select({ id: journalLines.id })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entry_id))
    .innerJoin(bankLineMatches, and(
      eq(bankLineMatches.bank_account_id, bankAccountId),
      sql`(
        (${bankLineMatches.doc_type} = 'journal_entry' and ${bankLineMatches.doc_id} = ${journalEntries.id})
        or (${bankLineMatches.doc_type} = 'payment' and ${journalEntries.source_type} = 'payment' and ${bankLineMatches.doc_id} = ${journalEntries.source_id})
        or (${bankLineMatches.doc_type} = 'bill_payment' and ${journalEntries.source_type} = 'bill_payment' and ${bankLineMatches.doc_id} = ${journalEntries.source_id})
      )`,
    ))
    .where(and(
      eq(journalLines.account_id, cashAccountId),
      sql`${journalEntries.reverses_id} is null`,
      notExists(ctx.db.select({ one: sql`1` }).from(reversal).where(eq(reversal.reverses_id, journalEntries.id))),
    ));
  const wanted = new Set(candidates);
  return new Set(rows.map((r) => r.id).filter((id) => wanted.has(id)));
}

/** setCleared {reconciliation_id, journal_line_ids, cleared}: marks postings of the account cleared on this statement or not. */
export function setClearedFn(def: EntityDef) {
  return defineFunction('setCleared', async (ctx, input) => {
    await withTransaction(ctx, async (tx) => {
      const rec = await lockedReconciliation(tx, def, input.reconciliation_id);
      if (rec.status !== 'draft') throw new ConflictError(`This reconciliation is ${rec.status}: only a draft's postings are cleared or uncleared`, 'reconciliation_not_draft');
      const ids = [...new Set(input.journal_line_ids)];
      const cash = await cashAccountOf(tx, rec.bank_account_id);
      const postings = await postingsOf(tx, rec, cash.account_id);
      const byId = new Map(postings.map((p) => [p.journal_line_id, p]));
      // A posting of another account, one after the statement date or one an earlier reconciliation cleared is not there.
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length) {
        const late = missing.length ? await tx.db.select({ date: journalLines.entry_date }).from(journalLines).where(and(inArray(journalLines.id, missing), eq(journalLines.account_id, cash.account_id))).limit(1) : [];
        const dated = late[0] ? clearingProblem([{ date: late[0].date, reference: null }], rec.statement_date) : null;
        throw new ValidationError(dated ?? `The posting ${missing[0]} is not an open posting of ${cash.name}`);
      }
      if (input.cleared) await insertCleared(tx, rec.id, ids);
      else await tx.db.delete(bankReconciliationLines).where(and(eq(bankReconciliationLines.reconciliation_id, rec.id), inArray(bankReconciliationLines.journal_line_id, ids)));
      await tx.db.update(bankReconciliations).set({ updated_date: new Date() }).where(eq(bankReconciliations.id, rec.id));
      await publishRecord(tx, def, rec.id);
    });
    return reconciliationView(ctx, def, input.reconciliation_id);
  }, { authorize: booksWrite });
}

/** completeReconciliation {reconciliation_id}: 409 with the difference unless beginning + cleared = ending to the cent. */
export function completeReconciliationFn(def: EntityDef) {
  return defineFunction('completeReconciliation', async (ctx, input) => {
    await withTransaction(ctx, async (tx) => {
      const rec = await lockedReconciliation(tx, def, input.reconciliation_id);
      if (rec.status !== 'draft') throw new ConflictError(`This reconciliation is ${rec.status} already`, 'reconciliation_not_draft');
      const cash = await cashAccountOf(tx, rec.bank_account_id);
      const postings = await postingsOf(tx, rec, cash.account_id);
      const figures = clearedFigures(toCents(rec.beginning_balance), toCents(rec.ending_balance), postings);
      const problem = completionProblem(figures);
      if (problem) throw new ConflictError(problem, 'reconciliation_out_of_balance');
      const last = await lastCompleted(tx, rec.bank_account_id);
      const dateProblem = statementDateProblem(last, rec.statement_date);
      if (dateProblem) throw new ConflictError(dateProblem, 'reconciliation_out_of_order');
      await tx.db.update(bankReconciliations).set({ status: 'completed', completed_date: new Date(), completed_by: ctx.actor?.id ?? null, updated_date: new Date() }).where(eq(bankReconciliations.id, rec.id));
      await recordAudit(tx, {
        action: 'reconciliation.completed', target_type: 'BankReconciliation', target_id: rec.id,
        detail: { bank_account: cash.name, statement_date: rec.statement_date, ending_balance: rec.ending_balance, cleared: postings.filter((p) => p.cleared).length },
      });
      await publishRecord(tx, def, rec.id);
    });
    return reconciliationView(ctx, def, input.reconciliation_id);
  }, { authorize: booksWrite });
}

/** voidReconciliation {reconciliation_id, reason}: the newest completed one only; its postings are unlocked (audited). */
export function voidReconciliationFn(def: EntityDef) {
  return defineFunction('voidReconciliation', async (ctx, input) => {
    await withTransaction(ctx, async (tx) => {
      const rec = await lockedReconciliation(tx, def, input.reconciliation_id);
      const all = await tx.db.select({ id: bankReconciliations.id, status: bankReconciliations.status, statement_date: bankReconciliations.statement_date })
        .from(bankReconciliations).where(eq(bankReconciliations.bank_account_id, rec.bank_account_id));
      const problem = voidProblem(all as Array<{ id: string; status: 'draft' | 'completed' | 'void'; statement_date: string }>, rec.id);
      if (problem) throw new ConflictError(problem, 'reconciliation_not_voidable');
      await tx.db.update(bankReconciliations).set({ status: 'void', voided_date: new Date(), void_reason: input.reason, updated_date: new Date() }).where(eq(bankReconciliations.id, rec.id));
      await recordAudit(tx, {
        action: 'reconciliation.voided', target_type: 'BankReconciliation', target_id: rec.id,
        before: { status: 'completed' }, after: { status: 'void' }, detail: { statement_date: rec.statement_date, reason: input.reason },
      });
      await publishRecord(tx, def, rec.id);
    });
    return reconciliationView(ctx, def, input.reconciliation_id);
  }, { authorize: booksWrite });
}

/** A draft is deleted with its cleared marks; a completed or void one stays (void it instead). */
export async function beforeReconciliationDelete(ctx: Ctx, existing: Record<string, unknown>): Promise<void> {
  if (existing.status !== 'draft') throw new ConflictError('A completed or void reconciliation stays on record: void the newest completed one instead of deleting it', 'reconciliation_kept');
  await ctx.db.delete(bankReconciliationLines).where(eq(bankReconciliationLines.reconciliation_id, existing.id as string));
}

/** The cash account's balance as of a date (every posting). */
async function ledgerBalance(ctx: Ctx, cashAccountId: string, asOf: string): Promise<number> {
  const [row] = await ctx.db.select({ net: sql<string>`coalesce(sum(${journalLines.debit} - ${journalLines.credit}), 0)` }).from(journalLines)
    .where(and(eq(journalLines.account_id, cashAccountId), lte(journalLines.entry_date, asOf)));
  return toCents(row?.net ?? '0');
}

/** GET /reconciliations/{id}/report: the report's figures (JSON), amounts in dollars. */
export async function reconciliationReportOf(ctx: Ctx, def: EntityDef, id: string) {
  await recordForActor(ctx, def, id, 'read');
  const [rec] = await ctx.db.select().from(bankReconciliations).where(eq(bankReconciliations.id, id)).limit(1);
  const cash = await cashAccountOf(ctx, rec!.bank_account_id);
  const report = reconciliationReport({
    statement_date: rec!.statement_date,
    beginning_balance_cents: toCents(rec!.beginning_balance),
    ending_balance_cents: toCents(rec!.ending_balance),
    postings: await postingsOf(ctx, rec!, cash.account_id),
    ledger_balance_cents: await ledgerBalance(ctx, cash.account_id, rec!.statement_date),
  });
  const item = (p: (typeof report.outstanding_checks)[number]) => ({ journal_line_id: p.journal_line_id, date: p.date, amount: amount(p.amount_cents), reference: p.reference, description: p.description });
  return {
    bank_account_name: cash.name,
    status: rec!.status,
    json: {
      statement_date: report.statement_date,
      beginning_balance: amount(report.beginning_balance_cents),
      ending_balance: amount(report.ending_balance_cents),
      cleared_deposits: amount(report.cleared_deposits_cents),
      cleared_withdrawals: amount(report.cleared_withdrawals_cents),
      cleared_balance: amount(report.cleared_balance_cents),
      difference: amount(report.difference_cents),
      outstanding_checks: report.outstanding_checks.map(item),
      outstanding_checks_total: amount(report.outstanding_checks_cents),
      deposits_in_transit: report.deposits_in_transit.map(item),
      deposits_in_transit_total: amount(report.deposits_in_transit_cents),
      adjusted_bank_balance: amount(report.adjusted_bank_balance_cents),
      ledger_balance: amount(report.ledger_balance_cents),
      unexplained_difference: amount(report.unexplained_difference_cents),
    },
  };
}
