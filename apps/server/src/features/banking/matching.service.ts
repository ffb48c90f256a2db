import type { BankLineWithMatches } from '@covenant/contracts/functions';
import { defineFunction } from '../../platform/functions/define-function.ts';
import { and, asc, between, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type MatchBankLinesAnswer } from '@covenant/contracts/banking';
import { addDays } from '@covenant/contracts/documents';
import { centsToDecimal, centsToNumber, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { achBatches, achEntries, bankAccounts, bankLineMatches, bankRules, bankStatementLines } from '@covenant/db/schema/banking';
import { billPayments, bills, payments } from '@covenant/db/schema/finance';
import { journalEntries, journalLines } from '@covenant/db/schema/ledger';
import { onCommit, withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { recordForActor } from '../../platform/entities/entities.service.ts';
import type { EntityDef } from '../../platform/entities/entity-def.ts';
import { closedThrough, postEntry, reverseSource } from '../ledger/ledger.service.ts';
import { bankAccountEntity } from './bank-accounts.ts';
import {
  MATCH_WINDOW_DAYS, ACH_SETTLEMENT_DAYS, matchBankLines as runMatching,
  type AchBatchCandidate, type AchEntryCandidate, type BillPaymentCandidate, type LineMatch, type PostingCandidate,
} from './matching.rules.ts';

/**
 * Matching bank lines to the books (issue: "matching that refuses to guess"). The pure passes are in
 * matching.rules.ts; here the candidates are read from the database for one bank account, and the matches are
 * recorded: a row per document in bank_line_matches (a document is matched to one line at most, which the
 * database's unique key guarantees) and the line's status. Every run and manual match locks the bank account's
 * row, so two runs on one account never interleave.
 */

type DocType = 'payment' | 'bill_payment' | 'journal_entry';
/** Source types of journal entries that are matched as journal entries (documents match as themselves). */
const JOURNAL_SOURCES = ['journal', 'transfer', 'opening'];

interface Account {
  id: string;
  name: string;
  account_id: string;
  fund_id: string;
}

/** The bank account through the caller's scope, then locked for the rest of the transaction. */
async function lockedAccount(ctx: Ctx, bankAccountId: string): Promise<Account> {
  await recordForActor(ctx, bankAccountEntity, bankAccountId, 'update');
  const [row] = await ctx.db
    .select({ id: bankAccounts.id, name: bankAccounts.name, account_id: bankAccounts.account_id, fund_id: bankAccounts.fund_id })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, bankAccountId))
    .for('update')
    .limit(1);
  if (!row) throw new NotFoundError('Bank account not found');
  return row;
}

const matchedDoc = (type: DocType, idColumn: unknown) =>
  notExists(sql`(select 1 from ${bankLineMatches} where ${bankLineMatches.doc_type} = ${type} and ${bankLineMatches.doc_id} = ${idColumn})`);

const reversal = alias(journalEntries, 'reversal');

/** Owner payments deposited into the account, not matched yet, dated from..to. */
async function paymentCandidates(ctx: Ctx, account: Account, from: string, to: string, ids?: readonly string[]): Promise<PostingCandidate[]> {
  const rows = await ctx.db
    .select({ id: payments.id, date: payments.payment_date, amount: payments.amount, number: payments.payment_number, reference: payments.reference_number })
    .from(payments)
    .where(and(
      eq(payments.deposit_account_id, account.account_id),
      isNull(payments.deleted_at),
      ids ? inArray(payments.id, [...ids]) : between(payments.payment_date, from, to),
      matchedDoc('payment', payments.id),
    ))
    .orderBy(asc(payments.payment_date), asc(payments.id));
  return rows.map((r) => ({ id: r.id, date: r.date, amount_cents: toCents(r.amount), reference: r.reference ? `${r.number} · ${r.reference}` : r.number }));
}

/** Bill payments paid from the account, not matched yet (withdrawals: negative). */
async function billPaymentCandidates(ctx: Ctx, account: Account, from: string, to: string, ids?: readonly string[]): Promise<BillPaymentCandidate[]> {
  const rows = await ctx.db
    .select({ id: billPayments.id, date: billPayments.payment_date, amount: billPayments.amount, check_number: billPayments.check_number, reference: billPayments.reference_number, bill_number: bills.bill_number })
    .from(billPayments)
    .innerJoin(bills, eq(bills.id, billPayments.bill_id))
    .where(and(
      eq(billPayments.cash_account_id, account.account_id),
      isNull(billPayments.deleted_at),
      ids ? inArray(billPayments.id, [...ids]) : between(billPayments.payment_date, from, to),
      matchedDoc('bill_payment', billPayments.id),
    ))
    .orderBy(asc(billPayments.payment_date), asc(billPayments.id));
  return rows.map((r) => ({
    id: r.id, date: r.date, amount_cents: -toCents(r.amount), check_number: r.check_number,
    reference: [r.check_number ? `Check ${r.check_number}` : null, r.reference, `Bill ${r.bill_number}`].filter(Boolean).join(' · '),
  }));
}

/** Manual entries, transfers and opening balances in force that move the account's cash, not matched yet. */
async function journalCandidates(ctx: Ctx, account: Account, from: string, to: string, ids?: readonly string[]): Promise<PostingCandidate[]> {
  const rows = await ctx.db
    .select({ id: journalEntries.id, date: journalEntries.entry_date, memo: journalEntries.memo, net: sql<string>`sum(${journalLines.debit} - ${journalLines.credit})` })
    .from(journalEntries)
    .innerJoin(journalLines, and(eq(journalLines.entry_id, journalEntries.id), eq(journalLines.account_id, account.account_id)))
    .where(and(
      inArray(journalEntries.source_type, JOURNAL_SOURCES),
      isNull(journalEntries.reverses_id),
      notExists(ctx.db.select({ one: sql`1` }).from(reversal).where(eq(reversal.reverses_id, journalEntries.id))),
      ids ? inArray(journalEntries.id, [...ids]) : between(journalEntries.entry_date, from, to),
      matchedDoc('journal_entry', journalEntries.id),
    ))
    .groupBy(journalEntries.id, journalEntries.entry_date, journalEntries.memo)
    .orderBy(asc(journalEntries.entry_date), asc(journalEntries.id));
  return rows.map((r) => ({ id: r.id, date: r.date, amount_cents: toCents(r.net), reference: r.memo })).filter((r) => r.amount_cents !== 0);
}

/** ACH files sent from the account, and their entries (a debit file settles as one deposit, a credit file as one withdrawal). */
async function achCandidates(ctx: Ctx, account: Account, from: string, to: string): Promise<{ batches: AchBatchCandidate[]; entries: AchEntryCandidate[] }> {
  const batchRows = await ctx.db
    .select({ id: achBatches.id, effective_date: achBatches.effective_date, direction: achBatches.direction, file_name: achBatches.file_name })
    .from(achBatches)
    .where(and(eq(achBatches.bank_account_id, account.id), between(achBatches.effective_date, addDays(from, -ACH_SETTLEMENT_DAYS), to)));
  if (batchRows.length === 0) return { batches: [], entries: [] };
  const entryRows = await ctx.db
    .select({ batch_id: achEntries.batch_id, trace_number: achEntries.trace_number, kind: achEntries.kind, amount: achEntries.amount, payment_id: achEntries.payment_id, bill_payment_id: achEntries.bill_payment_id })
    .from(achEntries)
    .where(inArray(achEntries.batch_id, batchRows.map((b) => b.id)));
  const batches: AchBatchCandidate[] = [];
  const entries: AchEntryCandidate[] = [];
  for (const b of batchRows) {
    const sign = b.direction === 'debit' ? 1 : -1;
    const own = entryRows.filter((e) => e.batch_id === b.id && e.kind !== 'prenote');
    const total = own.reduce((s, e) => s + toCents(e.amount), 0) * sign;
    if (total !== 0) {
      batches.push({
        id: b.id, effective_date: b.effective_date, total_cents: total, reference: b.file_name,
        payment_ids: own.flatMap((e) => (e.payment_id ? [e.payment_id] : [])),
        bill_payment_ids: own.flatMap((e) => (e.bill_payment_id ? [e.bill_payment_id] : [])),
      });
    }
    for (const e of own) {
      entries.push({
        trace_number: e.trace_number, date: b.effective_date, amount_cents: toCents(e.amount) * sign,
        ...(e.payment_id ? { payment_id: e.payment_id } : e.bill_payment_id ? { bill_payment_id: e.bill_payment_id } : {}),
      });
    }
  }
  // A batch any of whose documents is matched already (one entry by its trace) no longer settles as a whole.
  const taken = await matchedIds(ctx, 'payment', batches.flatMap((b) => b.payment_ids));
  const takenBills = await matchedIds(ctx, 'bill_payment', batches.flatMap((b) => b.bill_payment_ids));
  return {
    batches: batches.filter((b) => !b.payment_ids.some((id) => taken.has(id)) && !b.bill_payment_ids.some((id) => takenBills.has(id))),
    entries: entries.filter((e) => !(e.payment_id && taken.has(e.payment_id)) && !(e.bill_payment_id && takenBills.has(e.bill_payment_id))),
  };
}

async function matchedIds(ctx: Ctx, type: DocType, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db.select({ id: bankLineMatches.doc_id }).from(bankLineMatches).where(and(eq(bankLineMatches.doc_type, type), inArray(bankLineMatches.doc_id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Publishes line changes once the transaction commits (the match queue refreshes). */
function publishLines(ctx: Ctx, lineIds: readonly string[]): void {
  if (lineIds.length === 0) return;
  onCommit(ctx, () => ctx.services.changes.publish({ entity: 'BankStatementLine', type: 'update', id: lineIds.length === 1 ? lineIds[0]! : '*', record: {}, timestamp: new Date().toISOString() }));
}

/** Records one line's match: its documents and status. */
async function recordMatch(ctx: Ctx, account: Account, lineId: string, rule: string, docs: ReadonlyArray<{ type: DocType; id: string }>, bankRuleId: string | null = null): Promise<void> {
  await ctx.db.insert(bankLineMatches).values(docs.map((d) => ({
    id: newId(), line_id: lineId, bank_account_id: account.id, doc_type: d.type, doc_id: d.id, rule, bank_rule_id: bankRuleId, created_by: ctx.actor?.id ?? null,
  })));
  await ctx.db.update(bankStatementLines).set({ status: 'matched', excluded_reason: null, updated_date: new Date() }).where(eq(bankStatementLines.id, lineId));
}

/** The entry a bank rule posts for a line: cash against the rule's account, both in the rule's fund, on the line's date (or the first open day). */
async function postRuleEntry(ctx: Ctx, account: Account, line: { id: string; date: string; amount_cents: number; description: string }, rule: { name: string; account_id: string; fund_id: string }): Promise<string> {
  const closed = await closedThrough(ctx);
  const date = closed !== null && line.date <= closed ? addDays(closed, 1) : line.date;
  const cents = Math.abs(line.amount_cents);
  const cash = { account_id: account.account_id, fund_id: rule.fund_id, debit: line.amount_cents > 0 ? cents : 0, credit: line.amount_cents < 0 ? cents : 0 };
  const other = { account_id: rule.account_id, fund_id: rule.fund_id, debit: cash.credit, credit: cash.debit };
  const entryId = await postEntry(ctx, {
    date, memo: `${rule.name}: ${line.description}`.slice(0, 500), source_type: 'journal', source_id: newId(),
    lines: [cash, other].map((l) => ({ ...l, document_type: 'journal' as const, document_id: null, memo: null })),
  });
  return entryId!;
}

const toAmount = (cents: number) => centsToNumber(cents);

/** The functions of the bank screens are the books' work: refused before their input is read. */
export const booksWrite = (ctx: Ctx) => requirePermission(ctx, 'chart_of_accounts', 'update');

/** matchBankLines {bank_account_id, dry_run}: the passes over the account's unmatched lines; unless dry, the matches are recorded. */
export const matchBankLinesFn = defineFunction('matchBankLines', async (ctx, input): Promise<MatchBankLinesAnswer> => {
  return withTransaction(ctx, async (tx) => {
    const account = await lockedAccount(tx, input.bank_account_id);
    const lineRows = await tx.db
      .select({ id: bankStatementLines.id, date: bankStatementLines.date, amount: bankStatementLines.amount, description: bankStatementLines.description, bank_reference: bankStatementLines.bank_reference, check_number: bankStatementLines.check_number })
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.bank_account_id, account.id), eq(bankStatementLines.status, 'unmatched')))
      .orderBy(asc(bankStatementLines.date), asc(bankStatementLines.statement_id), asc(bankStatementLines.line_no));
    if (lineRows.length === 0) return { matched: [], ambiguous: [], unmatched: [] };
    const lines = lineRows.map((l) => ({ ...l, amount_cents: toCents(l.amount) }));
    const from = addDays(lines[0]!.date, -MATCH_WINDOW_DAYS);
    const to = addDays(lines.at(-1)!.date, MATCH_WINDOW_DAYS);
    const [paymentsIn, billPaymentsIn, journalIn, ach, rules] = await Promise.all([
      paymentCandidates(tx, account, from, to),
      billPaymentCandidates(tx, account, from, to),
      journalCandidates(tx, account, from, to),
      achCandidates(tx, account, from, to),
      tx.db.select().from(bankRules).orderBy(asc(bankRules.name), asc(bankRules.id)),
    ]);
    const result = runMatching({
      lines, payments: paymentsIn, bill_payments: billPaymentsIn, journal_entries: journalIn, ach_batches: ach.batches, ach_entries: ach.entries,
      rules: rules.map((r) => ({
        id: r.id, name: r.name, description_contains: r.description_contains, account_id: r.account_id, fund_id: r.fund_id,
        amount_min_cents: r.amount_min === null ? null : toCents(r.amount_min), amount_max_cents: r.amount_max === null ? null : toCents(r.amount_max),
      })),
    });
    const matched: MatchBankLinesAnswer['matched'] = [];
    const byId = new Map(lines.map((l) => [l.id, l]));
    for (const m of result.matched) {
      if (m.rule === 'bank_rule') {
        const rule = rules.find((r) => r.id === m.rule_id)!;
        if (input.dry_run) {
          matched.push({ line_id: m.line_id, rule: m.rule, rule_id: rule.id });
          continue;
        }
        const entryId = await postRuleEntry(tx, account, byId.get(m.line_id)!, rule);
        await recordMatch(tx, account, m.line_id, m.rule, [{ type: 'journal_entry', id: entryId }], rule.id);
        matched.push({ line_id: m.line_id, rule: m.rule, rule_id: rule.id, journal_entry_ids: [entryId] });
        continue;
      }
      if (!input.dry_run) await recordMatch(tx, account, m.line_id, m.rule, docsOf(m));
      matched.push(m);
    }
    if (!input.dry_run && matched.length) {
      publishLines(tx, matched.map((m) => m.line_id));
      await recordAudit(tx, { action: 'bank.matched', target_type: 'BankAccount', target_id: account.id, detail: { matched: matched.length, ambiguous: result.ambiguous.length, unmatched: result.unmatched.length } });
    }
    return {
      matched,
      ambiguous: result.ambiguous.map((a) => ({ line_id: a.line_id, candidates: a.candidates.map((c) => ({ kind: c.kind, id: c.id, date: c.date, amount: toAmount(c.amount_cents), reference: c.reference })) })),
      unmatched: result.unmatched,
    };
  });
}, { authorize: booksWrite });

function docsOf(m: Pick<LineMatch, 'payment_ids' | 'bill_payment_ids' | 'journal_entry_ids'>): Array<{ type: DocType; id: string }> {
  return [
    ...(m.payment_ids ?? []).map((id) => ({ type: 'payment' as const, id })),
    ...(m.bill_payment_ids ?? []).map((id) => ({ type: 'bill_payment' as const, id })),
    ...(m.journal_entry_ids ?? []).map((id) => ({ type: 'journal_entry' as const, id })),
  ];
}

/** The line through the caller's scope, locked with its account. */
async function lockedLine(ctx: Ctx, lineDef: EntityDef, lineId: string) {
  await recordForActor(ctx, lineDef, lineId, 'update');
  const [line] = await ctx.db.select().from(bankStatementLines).where(eq(bankStatementLines.id, lineId)).limit(1);
  if (!line) throw new NotFoundError('Bank statement line not found');
  const account = await lockedAccount(ctx, line.bank_account_id);
  const [fresh] = await ctx.db.select().from(bankStatementLines).where(eq(bankStatementLines.id, lineId)).for('update').limit(1);
  return { line: fresh!, account };
}

const LINE_WORDS = { matched: 'is matched already: unmatch it first', excluded: 'is excluded: unmatch it to bring it back first' } as const;

/** matchBankLine {line_id, payment_ids?, bill_payment_ids?, journal_entry_ids?}: a person's match; the amounts must add up to the line. */
export function matchBankLineFn(lineDef: EntityDef) {
  return defineFunction('matchBankLine', async (ctx, input) => {
    return withTransaction(ctx, async (tx) => {
      const { line, account } = await lockedLine(tx, lineDef, input.line_id);
      if (line.status !== 'unmatched') throw new ConflictError(`This bank line ${LINE_WORDS[line.status as 'matched' | 'excluded']}`, 'line_not_unmatched');
      const wanted = docsOf(input);
      const seen = new Set<string>();
      for (const d of wanted) {
        if (seen.has(`${d.type}:${d.id}`)) throw new ValidationError(`The same ${d.type.replace('_', ' ')} is chosen twice`);
        seen.add(`${d.type}:${d.id}`);
      }
      const pick = (t: DocType) => wanted.filter((d) => d.type === t).map((d) => d.id);
      // Each document is read through the account: another account's payment, a deleted one or one matched already is refused by name.
      const found = [
        ...(pick('payment').length ? await paymentCandidates(tx, account, '', '', pick('payment')) : []).map((c) => ({ ...c, type: 'payment' as const })),
        ...(pick('bill_payment').length ? await billPaymentCandidates(tx, account, '', '', pick('bill_payment')) : []).map((c) => ({ ...c, type: 'bill_payment' as const })),
        ...(pick('journal_entry').length ? await journalCandidates(tx, account, '', '', pick('journal_entry')) : []).map((c) => ({ ...c, type: 'journal_entry' as const })),
      ];
      for (const d of wanted) {
        if (found.some((f) => f.type === d.type && f.id === d.id)) continue;
        const taken = (await matchedIds(tx, d.type, [d.id])).size > 0;
        const what = d.type === 'payment' ? 'payment' : d.type === 'bill_payment' ? 'bill payment' : 'journal entry';
        if (taken) throw new ConflictError(`The ${what} ${d.id} is matched to another bank line already`, 'document_matched');
        throw new ValidationError(`The ${what} ${d.id} was not found in ${account.name}'s postings`);
      }
      const total = found.reduce((s, f) => s + f.amount_cents, 0);
      const lineCents = toCents(line.amount);
      if (total !== lineCents) {
        throw new ValidationError(`The chosen postings add up to ${centsToDecimal(total)} but the bank line is ${centsToDecimal(lineCents)}: a difference of ${centsToDecimal(lineCents - total)}`);
      }
      await recordMatch(tx, account, line.id, 'manual', wanted);
      publishLines(tx, [line.id]);
      await recordAudit(tx, { action: 'bank.line_matched', target_type: 'BankStatementLine', target_id: line.id, detail: { documents: wanted.length, amount: line.amount } });
      return bankLineWithMatches(tx, line.id);
    });
  }, { authorize: booksWrite });
}

/** unmatchBankLine {line_id}: a matched or excluded line goes back to the queue; a bank rule's entry is reversed. */
export function unmatchBankLineFn(lineDef: EntityDef) {
  return defineFunction('unmatchBankLine', async (ctx, input) => {
    return withTransaction(ctx, async (tx) => {
      const { line } = await lockedLine(tx, lineDef, input.line_id);
      if (line.status === 'unmatched') throw new ConflictError('This bank line is not matched', 'line_unmatched');
      const matches = await tx.db.select().from(bankLineMatches).where(eq(bankLineMatches.line_id, line.id));
      for (const m of matches.filter((x) => x.rule === 'bank_rule')) {
        const [entry] = await tx.db.select({ source_id: journalEntries.source_id, date: journalEntries.entry_date }).from(journalEntries).where(eq(journalEntries.id, m.doc_id)).limit(1);
        const closed = await closedThrough(tx);
        const on = closed !== null && entry!.date <= closed ? addDays(closed, 1) : entry!.date;
        await reverseSource(tx, 'journal', entry!.source_id!, 'Bank line unmatched', on);
      }
      await tx.db.delete(bankLineMatches).where(eq(bankLineMatches.line_id, line.id));
      await tx.db.update(bankStatementLines).set({ status: 'unmatched', excluded_reason: null, updated_date: new Date() }).where(eq(bankStatementLines.id, line.id));
      publishLines(tx, [line.id]);
      await recordAudit(tx, { action: 'bank.line_unmatched', target_type: 'BankStatementLine', target_id: line.id, before: { status: line.status }, after: { status: 'unmatched' }, detail: { documents: matches.length } });
      return bankLineWithMatches(tx, line.id);
    });
  }, { authorize: booksWrite });
}

/** excludeBankLine {line_id, reason}: a line the books need not explain (a transfer between the association's own accounts shown twice, a bank error reversed). */
export function excludeBankLineFn(lineDef: EntityDef) {
  return defineFunction('excludeBankLine', async (ctx, input) => {
    return withTransaction(ctx, async (tx) => {
      const { line } = await lockedLine(tx, lineDef, input.line_id);
      if (line.status !== 'unmatched') throw new ConflictError(`This bank line ${LINE_WORDS[line.status as 'matched' | 'excluded']}`, 'line_not_unmatched');
      await tx.db.update(bankStatementLines).set({ status: 'excluded', excluded_reason: input.reason, updated_date: new Date() }).where(eq(bankStatementLines.id, line.id));
      publishLines(tx, [line.id]);
      await recordAudit(tx, { action: 'bank.line_excluded', target_type: 'BankStatementLine', target_id: line.id, detail: { reason: input.reason } });
      return bankLineWithMatches(tx, line.id);
    });
  }, { authorize: booksWrite });
}

export interface MatchedDocument {
  doc_type: DocType;
  doc_id: string;
  rule: string;
  date: string | null;
  amount: number | null;
  reference: string | null;
}

/** What each line is matched to, with the documents' dates, amounts and references. */
export async function matchesOfLines(ctx: Ctx, lineIds: readonly string[]): Promise<Map<string, MatchedDocument[]>> {
  const out = new Map<string, MatchedDocument[]>();
  if (lineIds.length === 0) return out;
  const rows = await ctx.db.select().from(bankLineMatches).where(inArray(bankLineMatches.line_id, [...lineIds])).orderBy(asc(bankLineMatches.created_date), asc(bankLineMatches.id));
  const ids = (t: DocType) => rows.filter((r) => r.doc_type === t).map((r) => r.doc_id);
  const docs = new Map<string, { date: string; amount_cents: number; reference: string | null }>();
  const put = (t: DocType, list: PostingCandidate[]) => list.forEach((c) => docs.set(`${t}:${c.id}`, c));
  if (ids('payment').length) {
    const p = await ctx.db.select({ id: payments.id, date: payments.payment_date, amount: payments.amount, number: payments.payment_number }).from(payments).where(inArray(payments.id, ids('payment')));
    put('payment', p.map((r) => ({ id: r.id, date: r.date, amount_cents: toCents(r.amount), reference: r.number })));
  }
  if (ids('bill_payment').length) {
    const b = await ctx.db.select({ id: billPayments.id, date: billPayments.payment_date, amount: billPayments.amount, check: billPayments.check_number, bill: bills.bill_number }).from(billPayments).innerJoin(bills, eq(bills.id, billPayments.bill_id)).where(inArray(billPayments.id, ids('bill_payment')));
    put('bill_payment', b.map((r) => ({ id: r.id, date: r.date, amount_cents: -toCents(r.amount), reference: r.check ? `Check ${r.check} · Bill ${r.bill}` : `Bill ${r.bill}` })));
  }
  if (ids('journal_entry').length) {
    const j = await ctx.db.select({ id: journalEntries.id, date: journalEntries.entry_date, memo: journalEntries.memo }).from(journalEntries).where(inArray(journalEntries.id, ids('journal_entry')));
    put('journal_entry', j.map((r) => ({ id: r.id, date: r.date, amount_cents: 0, reference: r.memo })));
  }
  for (const r of rows) {
    const d = docs.get(`${r.doc_type}:${r.doc_id}`);
    const list = out.get(r.line_id) ?? [];
    list.push({ doc_type: r.doc_type as DocType, doc_id: r.doc_id, rule: r.rule, date: d?.date ?? null, amount: d && r.doc_type !== 'journal_entry' ? toAmount(d.amount_cents) : null, reference: d?.reference ?? null });
    out.set(r.line_id, list);
  }
  return out;
}

const lineColumns = {
  id: bankStatementLines.id, statement_id: bankStatementLines.statement_id, bank_account_id: bankStatementLines.bank_account_id,
  date: bankStatementLines.date, amount: bankStatementLines.amount, description: bankStatementLines.description, payee: bankStatementLines.payee,
  bank_reference: bankStatementLines.bank_reference, check_number: bankStatementLines.check_number, status: bankStatementLines.status,
  excluded_reason: bankStatementLines.excluded_reason,
};

const lineOut = (r: { amount: string } & Record<string, unknown>, matches: MatchedDocument[]) => ({ ...r, amount: Number(r.amount), matches });

export async function bankLineWithMatches(ctx: Ctx, lineId: string): Promise<BankLineWithMatches> {
  const [row] = await ctx.db.select(lineColumns).from(bankStatementLines).where(eq(bankStatementLines.id, lineId)).limit(1);
  if (!row) throw new NotFoundError('Bank statement line not found');
  return lineOut(row, (await matchesOfLines(ctx, [lineId])).get(lineId) ?? []) as BankLineWithMatches;
}

/** GET /bank-accounts/{id}/lines: the account's statement lines of a status, newest first, with what they are matched to. */
export async function listBankLines(ctx: Ctx, bankAccountId: string, query: { status?: string | undefined; limit: number; skip: number }) {
  await requirePermission(ctx, 'chart_of_accounts', 'read');
  await recordForActor(ctx, bankAccountEntity, bankAccountId, 'read');
  const where = and(eq(bankStatementLines.bank_account_id, bankAccountId), query.status ? eq(bankStatementLines.status, query.status) : undefined);
  const [rows, [total]] = await Promise.all([
    ctx.db.select(lineColumns).from(bankStatementLines).where(where)
      .orderBy(sql`${bankStatementLines.date} desc`, sql`${bankStatementLines.statement_id} desc`, asc(bankStatementLines.line_no)).limit(query.limit).offset(query.skip),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(bankStatementLines).where(where),
  ]);
  const matches = await matchesOfLines(ctx, rows.map((r) => r.id));
  return { rows: rows.map((r) => lineOut(r, matches.get(r.id) ?? [])), total: total?.n ?? 0 };
}

/** The widest range of dates the unmatched documents of a bank account are listed for. */
export const UNMATCHED_DOCUMENTS_MAX_DAYS = 92;

/** GET /bank-accounts/{id}/unmatched-documents?from=&to=: what a person can match a line to by hand. */
export async function unmatchedDocuments(ctx: Ctx, bankAccountId: string, query: { from: string; to: string }) {
  await requirePermission(ctx, 'chart_of_accounts', 'read');
  await recordForActor(ctx, bankAccountEntity, bankAccountId, 'read');
  if (query.from > query.to) throw new ValidationError('From must not be after To');
  // A person matches one line by hand: the days around it, not the account's whole history in one answer.
  const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000;
  if (days > UNMATCHED_DOCUMENTS_MAX_DAYS) throw new ValidationError(`From and To may be at most ${UNMATCHED_DOCUMENTS_MAX_DAYS} days apart (asked: ${days})`);
  const [row] = await ctx.db.select({ id: bankAccounts.id, name: bankAccounts.name, account_id: bankAccounts.account_id, fund_id: bankAccounts.fund_id }).from(bankAccounts).where(eq(bankAccounts.id, bankAccountId)).limit(1);
  const account = row!;
  const [p, b, j] = await Promise.all([
    paymentCandidates(ctx, account, query.from, query.to),
    billPaymentCandidates(ctx, account, query.from, query.to),
    journalCandidates(ctx, account, query.from, query.to),
  ]);
  const out = (kind: DocType, list: PostingCandidate[]) => list.map((c) => ({ kind, id: c.id, date: c.date, amount: toAmount(c.amount_cents), reference: c.reference }));
  return [...out('payment', p), ...out('bill_payment', b), ...out('journal_entry', j)].sort((x, y) => x.date.localeCompare(y.date) || x.kind.localeCompare(y.kind));
}

/** A matched document is not deleted (nor a matched journal entry reversed) while its bank line points at it. */
export async function assertNotMatched(ctx: Ctx, type: DocType, id: string): Promise<void> {
  const [hit] = await ctx.db
    .select({ date: bankStatementLines.date, amount: bankStatementLines.amount })
    .from(bankLineMatches)
    .innerJoin(bankStatementLines, eq(bankStatementLines.id, bankLineMatches.line_id))
    .where(and(eq(bankLineMatches.doc_type, type), eq(bankLineMatches.doc_id, id)))
    .limit(1);
  if (hit) throw new ConflictError(`This is matched to the bank line of ${hit.date} for ${centsToDecimal(toCents(hit.amount))}: unmatch the line first`, 'bank_matched');
}

