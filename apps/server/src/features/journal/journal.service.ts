import { callFunction, defineFunction } from '../../platform/functions/define-function.ts';
import type { FunctionInput } from '@covenant/contracts/functions';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { addDays } from '@covenant/contracts/documents';
import { centsToDecimal, centsToNumber, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { chartOfAccounts, funds, invoices, payments } from '@covenant/db/schema/finance';
import { journalEntries, journalLines } from '@covenant/db/schema/ledger';
import { withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { referencedRecord } from '../../platform/entities/entities.service.ts';
import { systemAccounts, systemFunds } from '../accounts/accounts.service.ts';
import { insertBills } from '../bills/bill.commands.ts';
import { insertInvoices } from '../invoices/invoice.commands.ts';
import { bulkNumbers } from '../invoices/numbering.ts';
import { assertOpenDate, postEntry, reverseSource } from '../ledger/ledger.service.ts';
import { CONTROL_ACCOUNT_KEYS } from '../ledger/posting.rules.ts';
import { ownerEntity } from '../owners/owners.feature.ts';
import { insertPayments } from '../payments/payment.commands.ts';
import { vendorEntity } from '../vendors/vendors.feature.ts';
import { assertJournalLines, openingTieOut, type JournalLineCents } from './journal.rules.ts';
import { assertNotMatched } from '../banking/matching.service.ts';

/**
 * Manual journal entries and the opening balances of an association moving in. Both post through the ledger
 * service; receivables, payables, prepayments and the due-to/due-from accounts stay out of reach (documents
 * move them), bank accounts may be adjusted (fees, interest).
 */

/** Accounts a journal entry may not touch: the control accounts except the bank accounts. */
async function documentOnlyAccounts(ctx: Ctx): Promise<Set<string>> {
  const acc = await systemAccounts(ctx);
  return new Set(CONTROL_ACCOUNT_KEYS.filter((k) => k !== 'cash' && k !== 'reserve_cash').map((k) => acc[k]));
}

/** The accounts and funds named by lines exist (and are active): a missing one reads as a clear 400. Answers their names for messages. */
async function checkAccountsAndFunds(ctx: Ctx, lines: ReadonlyArray<{ account_id: string; fund_id: string }>): Promise<{ accounts: Map<string, string>; funds: Map<string, string> }> {
  const accountIds = [...new Set(lines.map((l) => l.account_id))];
  const fundIds = [...new Set(lines.map((l) => l.fund_id))];
  const accountRows = accountIds.length ? await ctx.db.select({ id: chartOfAccounts.id, name: chartOfAccounts.account_name, number: chartOfAccounts.account_number, active: chartOfAccounts.is_active }).from(chartOfAccounts).where(inArray(chartOfAccounts.id, accountIds)) : [];
  const fundRows = fundIds.length ? await ctx.db.select({ id: funds.id, code: funds.code, name: funds.name, active: funds.is_active }).from(funds).where(inArray(funds.id, fundIds)) : [];
  lines.forEach((l, i) => {
    const account = accountRows.find((a) => a.id === l.account_id);
    if (!account) throw new ValidationError(`Line ${i + 1}: the account does not exist`);
    if (!account.active) throw new ValidationError(`Line ${i + 1}: ${account.number} ${account.name} is inactive`);
    const fund = fundRows.find((f) => f.id === l.fund_id);
    if (!fund) throw new ValidationError(`Line ${i + 1}: the fund does not exist`);
    if (!fund.active) throw new ValidationError(`Line ${i + 1}: the ${fund.name} fund is inactive`);
  });
  return { accounts: new Map(accountRows.map((a) => [a.id, `${a.number} ${a.name}`])), funds: new Map(fundRows.map((f) => [f.id, f.code])) };
}

const cents = (lines: ReadonlyArray<{ account_id: string; fund_id: string; debit: number; credit: number; memo?: string | null | undefined }>): JournalLineCents[] =>
  lines.map((l) => ({ ...l, debit: toCents(l.debit), credit: toCents(l.credit) }));

const booksOptions = { authorize: (ctx: Ctx) => requirePermission(ctx, 'chart_of_accounts', 'create') };

/** postJournalEntry {date, memo, lines}: a manual entry, balanced within each fund, in an open period. */
export const postJournalEntry = defineFunction('postJournalEntry', async (ctx, input) => {
  return withTransaction(ctx, async (tx) => {
    await assertOpenDate(tx, input.date, 'The entry date');
    const names = await checkAccountsAndFunds(tx, input.lines);
    const lines = assertJournalLines(cents(input.lines), await documentOnlyAccounts(tx), (id) => names.accounts.get(id) ?? id, (id) => names.funds.get(id) ?? id);
    const id = newId();
    const entryId = (await postEntry(tx, { date: input.date, memo: input.memo, source_type: 'journal', source_id: id, lines }))!;
    await recordAudit(tx, { action: 'journal.posted', target_type: 'JournalEntry', target_id: entryId, detail: { date: input.date, memo: input.memo, lines: lines.length } });
    return journalEntry(tx, entryId);
  });
}, booksOptions);

/** reverseJournalEntry {entry_id, date, reason}: a manual entry or transfer undone on a date (never before it). */
export const reverseJournalEntry = defineFunction('reverseJournalEntry', async (ctx, input) => {
  return withTransaction(ctx, async (tx) => {
    const [entry] = await tx.db.select().from(journalEntries).where(eq(journalEntries.id, input.entry_id)).for('update').limit(1);
    if (!entry) throw new NotFoundError('Journal entry not found');
    if (!['journal', 'transfer'].includes(entry.source_type) || entry.reverses_id) {
      throw new ConflictError('Only manual journal entries and transfers are reversed here; documents are corrected through their own commands', 'not_manual');
    }
    if (input.date < entry.entry_date) throw new ValidationError(`A reversal cannot be dated before the entry (${entry.entry_date})`);
    await assertNotMatched(tx, 'journal_entry', entry.id);
    await assertOpenDate(tx, input.date, 'The reversal date');
    const reversed = await reverseSource(tx, entry.source_type as 'journal' | 'transfer', entry.source_id!, `Reversal: ${input.reason}`, input.date);
    if (reversed === 0) throw new ConflictError('This entry is already reversed', 'already_reversed');
    await recordAudit(tx, { action: 'journal.reversed', target_type: 'JournalEntry', target_id: entry.id, detail: { date: input.date, reason: input.reason } });
    return journalEntry(tx, entry.id);
  });
}, booksOptions);

const listQuery = z.object({
  type: z.enum(['manual', 'transfer', 'opening', 'closing', 'all']).default('manual'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});

const SOURCES: Record<z.infer<typeof listQuery>['type'], string[] | null> = {
  manual: ['journal'], transfer: ['transfer'], opening: ['opening'], closing: ['closing'], all: null,
};

const reversal = alias(journalEntries, 'reversal');

/** An entry with its lines (account and fund names) and what reversed it, as the API shows it. */
export async function journalEntry(ctx: Ctx, entryId: string) {
  const { rows } = await listEntries(ctx, [eq(journalEntries.id, entryId)], 1, 0);
  if (!rows[0]) throw new NotFoundError('Journal entry not found');
  return rows[0];
}

async function listEntries(ctx: Ctx, where: SQL[], limit: number, skip: number) {
  const entries = await ctx.db
    .select({
      id: journalEntries.id, entry_date: journalEntries.entry_date, memo: journalEntries.memo, source_type: journalEntries.source_type,
      reverses_id: journalEntries.reverses_id, created_by: journalEntries.created_by, created_date: journalEntries.created_date, reversed_by: reversal.id,
    })
    .from(journalEntries)
    .leftJoin(reversal, eq(reversal.reverses_id, journalEntries.id))
    .where(and(...where))
    .orderBy(desc(journalEntries.entry_date), desc(journalEntries.created_date), desc(journalEntries.id))
    .limit(limit)
    .offset(skip);
  const [total] = await ctx.db.select({ n: count() }).from(journalEntries).where(and(...where));
  const ids = entries.map((e) => e.id);
  const lines = ids.length
    ? await ctx.db
        .select({
          entry_id: journalLines.entry_id, line_no: journalLines.line_no, account_id: journalLines.account_id, account_number: chartOfAccounts.account_number,
          account_name: chartOfAccounts.account_name, fund_id: journalLines.fund_id, fund_code: funds.code, debit: journalLines.debit, credit: journalLines.credit, memo: journalLines.memo,
        })
        .from(journalLines)
        .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, journalLines.account_id))
        .innerJoin(funds, eq(funds.id, journalLines.fund_id))
        .where(inArray(journalLines.entry_id, ids))
        .orderBy(asc(journalLines.line_no))
    : [];
  return {
    rows: entries.map((e) => ({
      ...e,
      lines: lines.filter((l) => l.entry_id === e.id).map(({ entry_id: _e, ...l }) => ({ ...l, debit: Number(l.debit), credit: Number(l.credit) })),
    })),
    total: Number(total?.n ?? 0),
  };
}

/** GET /journal-entries: manual entries (or transfers, opening, closing, all), newest first, with their lines. */
export async function listJournalEntries(ctx: Ctx, query: unknown) {
  await requirePermission(ctx, 'chart_of_accounts', 'read');
  const q = parseInput(listQuery, query);
  const where: SQL[] = [];
  const sources = SOURCES[q.type];
  if (sources) where.push(inArray(journalEntries.source_type, sources));
  if (q.from) where.push(gte(journalEntries.entry_date, q.from));
  if (q.to) where.push(lte(journalEntries.entry_date, q.to));
  return listEntries(ctx, where, q.limit, q.skip);
}

/**
 * importOpeningBalances {as_of, accounts, owners, vendors, dry_run?}: the books of an association moving in.
 * Refused whole unless it ties out. Each owner who owes gets an opening charge (an invoice), each owner in
 * credit an opening credit (a payment), each vendor an opening bill; their lines go to Opening Balance Equity,
 * which the opening entry clears, so receivables, credits and payables are per owner and vendor from day one.
 */
export const importOpeningBalancesFn = defineFunction('importOpeningBalances', async (ctx, { dry_run: dryRun, ...input }) => {
  return withTransaction(ctx, async (tx) => {
    const acc = await systemAccounts(tx);
    const fundIds = await systemFunds(tx);
    const names = await checkAccountsAndFunds(tx, input.accounts);
    const accounts = cents(input.accounts);
    const owners = input.owners.map((o) => ({ ...o, cents: toCents(o.amount) }));
    const vendors = input.vendors.map((v) => ({ ...v, cents: toCents(v.amount) }));
    const tie = openingTieOut({ accounts, owners, vendors }, acc, fundIds.operating);
    const forbidden = accounts.find((l) => [acc.opening_balances, acc.due_from_funds, acc.due_to_funds].includes(l.account_id));
    if (forbidden) tie.problems.push(`${names.accounts.get(forbidden.account_id)} cannot be given an opening balance here`);
    const ownerRows = new Map<string, string>();
    for (const o of owners) ownerRows.set(o.owner_id, (await referencedRecord(tx, ownerEntity, o.owner_id, 'Owner')).owner_id as string);
    for (const v of vendors) await referencedRecord(tx, vendorEntity, v.vendor_id, 'Vendor');
    const [earlier] = await tx.db.select({ id: journalEntries.id, date: journalEntries.entry_date }).from(journalEntries).where(eq(journalEntries.source_type, 'opening')).limit(1);
    if (earlier) tie.problems.push(`Opening balances were already imported (as of ${earlier.date})`);
    const summary = {
      as_of: input.as_of,
      receivables: centsToNumber(tie.receivablesCents), owner_charges: centsToNumber(tie.ownerChargesCents),
      owner_prepayments: centsToNumber(tie.prepaymentsCents), owner_credits: centsToNumber(tie.ownerCreditsCents),
      payables: centsToNumber(tie.payablesCents), vendors: centsToNumber(tie.vendorsCents), funds_balanced: tie.fundsBalanced,
      ties_out: tie.problems.length === 0, problems: tie.problems,
    };
    if (dryRun === true || dryRun === 'true') return { ...summary, dry_run: true };
    if (tie.problems.length) throw new ValidationError(`The opening balances do not tie out: ${tie.problems.join('; ')}. Nothing was imported.`);
    await assertOpenDate(tx, input.as_of, 'The opening date');

    // Owner charges and credits, and vendor bills, as documents whose other side is Opening Balance Equity.
    const charges = owners.filter((o) => o.cents > 0);
    const credits = owners.filter((o) => o.cents < 0);
    if (charges.length) {
      const number = await bulkNumbers(tx, 'INV', invoices, invoices.invoice_number, invoices.invoice_date, input.as_of);
      await insertInvoices(tx, charges.map((o) => ({
          invoice_number: number(ownerRows.get(o.owner_id)!), invoice_date: input.as_of, due_date: input.as_of, owner_id: o.owner_id, property_id: null,
          tax_rate_id: null, tax_rate: null, notes: o.memo ?? 'Opening balance', phase: 'issued' as const,
          lines: [{ product_id: null, description: o.memo || 'Opening balance', quantity: '1', unit_price: centsToDecimal(o.cents), account_id: acc.opening_balances, fund_id: fundIds.operating, extended_price: centsToDecimal(o.cents) }],
      })));
    }
    if (credits.length) {
      const number = await bulkNumbers(tx, 'PMT', payments, payments.payment_number, payments.payment_date, input.as_of);
      await insertPayments(tx, credits.map((o) => ({
          payment_number: number(ownerRows.get(o.owner_id)!), payment_date: input.as_of, payment_method: 'other' as const,
          reference_number: 'Opening credit', amount: centsToDecimal(-o.cents), owner_id: o.owner_id, notes: o.memo ?? 'Opening credit', deposit_account_id: acc.opening_balances,
      })));
    }
    if (vendors.length) {
      await insertBills(tx, vendors.map((v) => ({
        bill_number: v.reference, vendor_id: v.vendor_id, bill_date: input.as_of, due_date: addDays(input.as_of, 30), tax_amount: '0', notes: 'Opening balance', phase: 'issued' as const,
        lines: [{ description: 'Opening balance', quantity: '1', unit_price: centsToDecimal(v.cents), account_id: acc.opening_balances, fund_id: fundIds.operating, extended_price: centsToDecimal(v.cents) }],
      })));
    }
    // The opening entry: the account balances, with receivables, credits and payables cleared through the documents.
    const controls = new Set([acc.accounts_receivable, acc.owner_prepayments, acc.accounts_payable]);
    const lines = accounts.map((l) => ({ account_id: controls.has(l.account_id) ? acc.opening_balances : l.account_id, fund_id: l.fund_id, debit: l.debit, credit: l.credit, document_type: 'journal' as const, document_id: null }));
    const entryId = await postEntry(tx, { date: input.as_of, memo: `Opening balances as of ${input.as_of}`, source_type: 'opening', source_id: newId(), lines });
    await recordAudit(tx, { action: 'opening.imported', target_type: 'JournalEntry', target_id: entryId, detail: { ...summary, owners: owners.length, vendors: vendors.length } });
    return { ...summary, entry_id: entryId, charges: charges.length, credits: credits.length, bills: vendors.length };
  });
}, booksOptions);

/** importOpeningBalances from server code (the demo), on the request's path. */
export const importOpeningBalances = (ctx: Ctx, input: FunctionInput<'importOpeningBalances'>) => callFunction(ctx, importOpeningBalancesFn, input);
