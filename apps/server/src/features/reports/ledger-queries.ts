import { and, asc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { toCents } from '@covenant/contracts/money';
import type { AccountType } from '@covenant/contracts/constants';
import { monthsBetween } from '@covenant/contracts/dates';
import { chartOfAccounts } from '@covenant/db/schema/finance';
import { journalLines, ledgerAccountDeltas, ledgerAccountTotals } from '@covenant/db/schema/ledger';
import type { Ctx } from '../../lib/context.ts';
import { systemAccounts } from '../accounts/accounts.service.ts';

/**
 * The ledger queries behind every financial figure: Reports and the dashboard read the same functions, so a
 * figure has one definition. Amounts are integer cents; an owner filter narrows to one owner's postings.
 */

export interface LedgerFilter {
  from?: string | undefined;
  to?: string | undefined;
  ownerId?: string | undefined;
  /** One fund's postings only. */
  fundId?: string | undefined;
}

function conditions(f: LedgerFilter): SQL[] {
  const where: SQL[] = [];
  if (f.from) where.push(gte(journalLines.entry_date, f.from));
  if (f.to) where.push(lte(journalLines.entry_date, f.to));
  if (f.ownerId) where.push(eq(journalLines.owner_id, f.ownerId));
  if (f.fundId) where.push(eq(journalLines.fund_id, f.fundId));
  return where;
}

export interface AccountNet {
  account_id: string;
  account_number: string;
  account_name: string;
  account_type: AccountType;
  /** Debit − credit, in cents. */
  net: number;
  /** Debit − credit per fund id (funds with postings only). */
  byFund: Record<string, number>;
}

/** Net (debit − credit) cents per account, and per fund, over journal lines matching the filter and any extra conditions. */
export async function netByAccount(ctx: Ctx, f: LedgerFilter, extra: SQL[] = []): Promise<AccountNet[]> {
  const rows = await ctx.db
    .select({
      account_id: chartOfAccounts.id,
      account_number: chartOfAccounts.account_number,
      account_name: chartOfAccounts.account_name,
      account_type: chartOfAccounts.account_type,
      fund_id: journalLines.fund_id,
      net: sql<string>`coalesce(sum(${journalLines.debit} - ${journalLines.credit}), 0)`,
    })
    .from(journalLines)
    .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, journalLines.account_id))
    .where(and(...conditions(f), ...extra))
    .groupBy(chartOfAccounts.id, chartOfAccounts.account_number, chartOfAccounts.account_name, chartOfAccounts.account_type, journalLines.fund_id)
    .orderBy(asc(chartOfAccounts.account_number));
  const byAccount = new Map<string, AccountNet>();
  for (const r of rows) {
    const cents = toCents(r.net);
    const row = byAccount.get(r.account_id) ?? { account_id: r.account_id, account_number: r.account_number, account_name: r.account_name, account_type: r.account_type, net: 0, byFund: {} };
    row.net += cents;
    row.byFund[r.fund_id] = (row.byFund[r.fund_id] ?? 0) + cents;
    byAccount.set(r.account_id, row);
  }
  return [...byAccount.values()];
}

export interface IncomeFigures {
  revenue: Array<Omit<AccountNet, 'net'> & { cents: number }>;
  expenses: Array<Omit<AccountNet, 'net'> & { cents: number }>;
  revenueCents: number;
  expenseCents: number;
}

/** Sums a per-fund map over rows, with a sign (credit-normal accounts are negated). */
export function sumByFund(rows: ReadonlyArray<{ byFund: Record<string, number> }>, sign: 1 | -1 = 1): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) for (const [fund, cents] of Object.entries(r.byFund)) out[fund] = (out[fund] ?? 0) + sign * cents;
  return out;
}

/**
 * Net cents per account over every posting ever made, from the running totals (folded totals plus the deltas
 * not yet folded): the same sums as netByAccount without a filter, without reading a million lines.
 */
export async function netByAccountAllTime(ctx: Ctx, extra: SQL[] = []): Promise<AccountNet[]> {
  const rows = await ctx.db
    .select({
      account_id: chartOfAccounts.id,
      account_number: chartOfAccounts.account_number,
      account_name: chartOfAccounts.account_name,
      account_type: chartOfAccounts.account_type,
      // Qualified by hand: drizzle leaves a single-table select's columns unqualified, which the subquery would capture.
      net: sql<string>`(select coalesce(sum(u.debit - u.credit), 0) from (
        select t.debit, t.credit from ${ledgerAccountTotals} t where t.account_id = ${sql.raw('"chart_of_accounts"."id"')}
        union all select d.debit, d.credit from ${ledgerAccountDeltas} d where d.account_id = ${sql.raw('"chart_of_accounts"."id"')}) u)`,
    })
    .from(chartOfAccounts)
    .where(and(...extra))
    .orderBy(asc(chartOfAccounts.account_number));
  return rows.map((r) => ({ ...r, net: toCents(r.net), byFund: {} })).filter((r) => r.net !== 0);
}

const unfiltered = (f: LedgerFilter) => !f.from && !f.to && !f.ownerId && !f.fundId;

/** All-time nets from the running totals, with the few year-end closing lines taken back out. */
async function allTimeWithoutClosing(ctx: Ctx, types: SQL): Promise<AccountNet[]> {
  const rows = await netByAccountAllTime(ctx, [types]);
  const closing = await netByAccount(ctx, {}, [types, eq(journalLines.document_type, 'closing')]);
  const closed = new Map(closing.map((c) => [c.account_id, c.net]));
  return rows.map((r) => ({ ...r, net: r.net - (closed.get(r.account_id) ?? 0) })).filter((r) => r.net !== 0);
}

/** Revenue (credit-normal) and expense accounts over a period: sales tax is a liability, never revenue. */
export async function incomeFigures(ctx: Ctx, f: LedgerFilter): Promise<IncomeFigures> {
  const types = sql`${chartOfAccounts.account_type} in ('revenue', 'expense')`;
  // Year-end closing entries move income into fund balance; an income statement shows the activity itself.
  const notClosing = sql`${journalLines.document_type} is distinct from 'closing'`;
  const rows = unfiltered(f) ? await allTimeWithoutClosing(ctx, types) : await netByAccount(ctx, f, [types, notClosing]);
  const negate = (m: Record<string, number>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, -v]));
  const revenue = rows.filter((r) => r.account_type === 'revenue').map(({ net, byFund, ...r }) => ({ ...r, cents: -net, byFund: negate(byFund) }));
  const expenses = rows.filter((r) => r.account_type === 'expense').map(({ net, ...r }) => ({ ...r, cents: net }));
  return { revenue, expenses, revenueCents: revenue.reduce((s, r) => s + r.cents, 0), expenseCents: expenses.reduce((s, r) => s + r.cents, 0) };
}

/** The lines of owner payments received into the funds' bank accounts (a bounce's reversal credits them). */
function receiptConditions(ctx: Ctx, f: LedgerFilter): SQL[] {
  const banks = ctx.db.select({ id: chartOfAccounts.id }).from(chartOfAccounts).where(isNotNull(chartOfAccounts.fund_id));
  return [inArray(journalLines.account_id, banks), eq(journalLines.document_type, 'payment'), ...conditions(f)];
}

/** Owner payments received into the funds' bank accounts over a period, net of bounces (their reversals credit them). */
export async function paymentsReceivedCents(ctx: Ctx, f: LedgerFilter): Promise<number> {
  const [row] = await ctx.db
    .select({ net: sql<string>`coalesce(sum(${journalLines.debit} - ${journalLines.credit}), 0)` })
    .from(journalLines)
    .where(and(...receiptConditions(ctx, f)));
  return toCents(row?.net ?? 0);
}

/**
 * Open balance per document from the control account's lines (an index-only scan), as of a date (all postings
 * when none): receivables by invoice, payables by bill. Only documents with a non-zero balance.
 */
export function openDocumentsQuery(ctx: Ctx, kind: 'ar' | 'ap', accountId: string, f: { asOf?: string | undefined; ownerId?: string | undefined; fundId?: string | undefined }) {
  const isAr = kind === 'ar';
  const sign = isAr ? sql`${journalLines.debit} - ${journalLines.credit}` : sql`${journalLines.credit} - ${journalLines.debit}`;
  const where: SQL[] = [eq(journalLines.account_id, accountId), eq(journalLines.document_type, isAr ? 'invoice' : 'bill')];
  if (f.asOf) where.push(lte(journalLines.entry_date, f.asOf));
  if (f.ownerId) where.push(eq(journalLines.owner_id, f.ownerId));
  if (f.fundId) where.push(eq(journalLines.fund_id, f.fundId));
  return ctx.db
    .select({ document_id: journalLines.document_id, open: sql<string>`sum(${sign})`.as('open') })
    .from(journalLines)
    .where(and(...where))
    .groupBy(journalLines.document_id)
    .having(sql`sum(${sign}) <> 0`)
    .as('open_docs');
}

/** The receivables balance (the A/R account) over every posting, or one owner's. */
export async function receivableBalanceCents(ctx: Ctx, f: { ownerId?: string | undefined }): Promise<number> {
  const acc = await systemAccounts(ctx);
  if (!f.ownerId) return (await netByAccountAllTime(ctx, [eq(chartOfAccounts.id, acc.accounts_receivable)]))[0]?.net ?? 0;
  return (await netByAccount(ctx, f, [eq(journalLines.account_id, acc.accounts_receivable)]))[0]?.net ?? 0;
}

export interface MonthActivity {
  /** YYYY-MM */
  month: string;
  revenueCents: number;
  expenseCents: number;
  /** Owner payments received into the funds' bank accounts, net of bounces: the same definition as paymentsReceivedCents. */
  paymentsCents: number;
}

/**
 * Revenue, expenses (closing entries left out, as in incomeFigures) and payments received per calendar month of a
 * period, in one grouped query; months without postings are zero.
 */
export async function monthlyActivity(ctx: Ctx, f: LedgerFilter & { from: string; to: string }): Promise<MonthActivity[]> {
  const month = sql<string>`to_char(${journalLines.entry_date}, 'YYYY-MM')`;
  const isIncome = sql`${chartOfAccounts.account_type} in ('revenue', 'expense') and ${journalLines.document_type} is distinct from 'closing'`;
  const isReceipt = sql`${chartOfAccounts.fund_id} is not null and ${journalLines.document_type} = 'payment'`;
  const rows = await ctx.db
    .select({
      month,
      revenue: sql<string>`coalesce(sum(case when ${chartOfAccounts.account_type} = 'revenue' and ${isIncome} then ${journalLines.credit} - ${journalLines.debit} end), 0)`,
      expenses: sql<string>`coalesce(sum(case when ${chartOfAccounts.account_type} = 'expense' and ${isIncome} then ${journalLines.debit} - ${journalLines.credit} end), 0)`,
      payments: sql<string>`coalesce(sum(case when ${isReceipt} then ${journalLines.debit} - ${journalLines.credit} end), 0)`,
    })
    .from(journalLines)
    .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, journalLines.account_id))
    .where(and(...conditions(f), sql`((${isIncome}) or (${isReceipt}))`))
    .groupBy(month);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return monthsBetween(f.from, f.to).map((m) => {
    const r = byMonth.get(m);
    return { month: m, revenueCents: toCents(r?.revenue ?? 0), expenseCents: toCents(r?.expenses ?? 0), paymentsCents: toCents(r?.payments ?? 0) };
  });
}

/** Payments received per calendar month of a period (the dashboard's collections), narrowed to the funds' bank accounts. */
export async function paymentsByMonth(ctx: Ctx, f: LedgerFilter & { from: string; to: string }): Promise<Array<{ month: string; paymentsCents: number }>> {
  const month = sql<string>`to_char(${journalLines.entry_date}, 'YYYY-MM')`;
  const rows = await ctx.db
    .select({ month, net: sql<string>`coalesce(sum(${journalLines.debit} - ${journalLines.credit}), 0)` })
    .from(journalLines)
    .where(and(...receiptConditions(ctx, f)))
    .groupBy(month);
  const byMonth = new Map(rows.map((r) => [r.month, toCents(r.net)]));
  return monthsBetween(f.from, f.to).map((m) => ({ month: m, paymentsCents: byMonth.get(m) ?? 0 }));
}
