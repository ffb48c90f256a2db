import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { chartOfAccounts, funds } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { journalLines } from '@covenant/db/schema/ledger';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { CONTROL_ACCOUNT_KEYS, type SystemAccounts, type SystemFunds } from '../ledger/posting.rules.ts';

type SeedAccount = {
  number: string;
  name: string;
  type: 'asset' | 'liability' | 'equity' | 'revenue' | 'expense';
  subtype: string;
  key?: keyof SystemAccounts;
  /** A bank account of that seeded fund. */
  fund?: keyof SystemFunds;
};

/** The chart seeded on first run: the system accounts the postings need, and common HOA expense accounts. */
export const SEED_ACCOUNTS: readonly SeedAccount[] = [
  { number: '1000', name: 'Operating Cash', type: 'asset', subtype: 'current_asset', key: 'cash', fund: 'operating' },
  { number: '1010', name: 'Reserve Cash', type: 'asset', subtype: 'current_asset', key: 'reserve_cash', fund: 'reserve' },
  { number: '1200', name: 'Accounts Receivable', type: 'asset', subtype: 'current_asset', key: 'accounts_receivable' },
  { number: '1300', name: 'Due From Other Funds', type: 'asset', subtype: 'current_asset', key: 'due_from_funds' },
  { number: '2000', name: 'Accounts Payable', type: 'liability', subtype: 'current_liability', key: 'accounts_payable' },
  { number: '2100', name: 'Owner Prepayments', type: 'liability', subtype: 'current_liability', key: 'owner_prepayments' },
  { number: '2200', name: 'Sales Tax Payable', type: 'liability', subtype: 'current_liability', key: 'sales_tax_payable' },
  { number: '2300', name: 'Due To Other Funds', type: 'liability', subtype: 'current_liability', key: 'due_to_funds' },
  { number: '3000', name: 'Fund Balance', type: 'equity', subtype: 'equity', key: 'fund_balance' },
  { number: '3100', name: 'Interfund Transfers', type: 'equity', subtype: 'equity', key: 'interfund_transfers' },
  { number: '3900', name: 'Opening Balance Equity', type: 'equity', subtype: 'equity', key: 'opening_balances' },
  { number: '4000', name: 'Assessment Income', type: 'revenue', subtype: 'operating_revenue', key: 'assessment_income' },
  { number: '4100', name: 'Late Fee Income', type: 'revenue', subtype: 'operating_revenue', key: 'late_fee_income' },
  { number: '4150', name: 'Fine Income', type: 'revenue', subtype: 'operating_revenue' },
  { number: '4900', name: 'Other Income', type: 'revenue', subtype: 'other_revenue' },
  { number: '5000', name: 'Landscaping', type: 'expense', subtype: 'operating_expense' },
  { number: '5100', name: 'Repairs & Maintenance', type: 'expense', subtype: 'operating_expense' },
  { number: '5200', name: 'Utilities', type: 'expense', subtype: 'operating_expense' },
  { number: '5300', name: 'Insurance', type: 'expense', subtype: 'operating_expense' },
  { number: '5400', name: 'Management Fees', type: 'expense', subtype: 'operating_expense' },
  { number: '5500', name: 'Professional Fees', type: 'expense', subtype: 'operating_expense' },
  { number: '5600', name: 'Pool & Amenities', type: 'expense', subtype: 'operating_expense' },
  { number: '5900', name: 'Taxes Paid', type: 'expense', subtype: 'operating_expense', key: 'tax_expense' },
];

/** The funds seeded with the schema (migration 0007), re-created if someone removed them. */
const SEED_FUNDS: ReadonlyArray<{ key: keyof SystemFunds; code: string; name: string; kind: 'operating' | 'reserve' }> = [
  { key: 'operating', code: 'OP', name: 'Operating', kind: 'operating' },
  { key: 'reserve', code: 'RES', name: 'Reserve', kind: 'reserve' },
];

/**
 * Adds what is missing of the seeded chart (by system key, or by number for the plain accounts) and funds, and
 * links each seeded fund to its bank account; safe at every start. A system account whose usual number is
 * taken by the association's own account gets the next free number.
 */
export async function seedChartOfAccounts(ctx: Ctx): Promise<void> {
  for (const f of SEED_FUNDS) {
    await ctx.db.insert(funds).values({ code: f.code, name: f.name, kind: f.kind, system_key: f.key }).onConflictDoNothing();
  }
  const fundRows = await ctx.db.select({ id: funds.id, key: funds.system_key }).from(funds).where(isNotNull(funds.system_key));
  const fundOf = new Map(fundRows.map((r) => [r.key, r.id]));
  const existing = await ctx.db.select({ number: chartOfAccounts.account_number, key: chartOfAccounts.system_key }).from(chartOfAccounts);
  const numbers = new Set(existing.map((r) => r.number));
  const keys = new Set(existing.map((r) => r.key).filter(Boolean));
  for (const a of SEED_ACCOUNTS) {
    if (a.key ? keys.has(a.key) : numbers.has(a.number)) continue;
    let number = a.number;
    while (numbers.has(number)) number = String(Number(number) + 1);
    numbers.add(number);
    await ctx.db
      .insert(chartOfAccounts)
      .values({ account_number: number, account_name: a.name, account_type: a.type, account_subtype: a.subtype, system_key: a.key ?? null, fund_id: a.fund ? fundOf.get(a.fund)! : null })
      .onConflictDoNothing();
  }
  for (const a of SEED_ACCOUNTS) {
    if (!a.fund || !a.key) continue;
    const [account] = await ctx.db.select({ id: chartOfAccounts.id }).from(chartOfAccounts).where(eq(chartOfAccounts.system_key, a.key));
    await ctx.db.update(funds).set({ cash_account_id: account!.id }).where(and(eq(funds.system_key, a.fund), isNull(funds.cash_account_id)));
  }
}

const cache = new WeakMap<object, SystemAccounts>();

/** The system accounts' ids (stable once seeded, so cached per association: its registry entry, renewed when it is reread). */
export async function systemAccounts(ctx: Ctx): Promise<SystemAccounts> {
  const key = ctx.association ?? ctx.services;
  const hit = cache.get(key);
  if (hit) return hit;
  const rows = await ctx.db.select({ id: chartOfAccounts.id, key: chartOfAccounts.system_key }).from(chartOfAccounts).where(isNotNull(chartOfAccounts.system_key));
  const map = Object.fromEntries(rows.map((r) => [r.key, r.id])) as unknown as SystemAccounts;
  for (const a of SEED_ACCOUNTS) if (a.key && !map[a.key]) throw new Error(`System account ${a.key} is missing: the chart of accounts was not seeded`);
  cache.set(key, map);
  return map;
}

const fundCache = new WeakMap<object, SystemFunds>();

/** The seeded funds' ids (stable once seeded, so cached per app instance). */
export async function systemFunds(ctx: Ctx): Promise<SystemFunds> {
  const hit = fundCache.get(ctx.association ?? ctx.services);
  if (hit) return hit;
  const rows = await ctx.db.select({ id: funds.id, key: funds.system_key }).from(funds).where(isNotNull(funds.system_key));
  const map = Object.fromEntries(rows.map((r) => [r.key, r.id])) as unknown as SystemFunds;
  for (const f of SEED_FUNDS) if (!map[f.key]) throw new Error(`System fund ${f.key} is missing: the funds were not seeded`);
  fundCache.set(ctx.association ?? ctx.services, map);
  return map;
}

/**
 * The control accounts' ids: receivables, payables, owner prepayments, due to/from other funds and every bank
 * account (an account that belongs to a fund) change only through documents.
 */
export async function controlAccountIds(ctx: Ctx): Promise<Set<string>> {
  const acc = await systemAccounts(ctx);
  const banks = await ctx.db.select({ id: chartOfAccounts.id }).from(chartOfAccounts).where(isNotNull(chartOfAccounts.fund_id));
  return new Set([...CONTROL_ACCOUNT_KEYS.map((k) => acc[k]), ...banks.map((b) => b.id)]);
}

/** A bank account money is received into or paid from: an account that belongs to a fund. Answers it with its fund. */
export async function bankAccount(ctx: Ctx, accountId: string | null | undefined, fallback: 'cash' = 'cash'): Promise<{ id: string; fund_id: string }> {
  const id = accountId || (await systemAccounts(ctx))[fallback];
  const [row] = await ctx.db.select({ id: chartOfAccounts.id, fund_id: chartOfAccounts.fund_id, name: chartOfAccounts.account_name }).from(chartOfAccounts).where(eq(chartOfAccounts.id, id)).limit(1);
  if (!row) throw new ValidationError('The bank account does not exist');
  if (!row.fund_id) throw new ValidationError(`${row.name} is not a bank account of a fund: choose a cash account`);
  return { id: row.id, fund_id: row.fund_id };
}

/** The fund a line goes to: the one given (which must exist and be active), else Operating. */
export async function lineFund(ctx: Ctx, fundId: string | null | undefined): Promise<string> {
  if (!fundId) return (await systemFunds(ctx)).operating;
  const [row] = await ctx.db.select({ id: funds.id, active: funds.is_active, name: funds.name }).from(funds).where(eq(funds.id, fundId)).limit(1);
  if (!row) throw new ValidationError('The fund does not exist');
  if (!row.active) throw new ValidationError(`The ${row.name} fund is inactive`);
  return row.id;
}

/** Refuses a control account (or an unknown one) as the account of a document line or an item. */
export async function assertLineAccount(ctx: Ctx, accountId: string | null | undefined, what: string): Promise<void> {
  if (!accountId) return;
  const [row] = await ctx.db.select({ id: chartOfAccounts.id, name: chartOfAccounts.account_name, number: chartOfAccounts.account_number }).from(chartOfAccounts).where(eq(chartOfAccounts.id, accountId)).limit(1);
  if (!row) throw new ValidationError(`${what}: the account does not exist`);
  if ((await controlAccountIds(ctx)).has(accountId)) {
    throw new ValidationError(`${what}: ${row.number} ${row.name} is a control account; it changes only through invoices, payments and bills`);
  }
}

/** Whether any journal line was posted to the account. */
export async function hasPostings(ctx: Ctx, accountId: string): Promise<boolean> {
  const rows = await ctx.db.select({ one: sql`1` }).from(journalLines).where(eq(journalLines.account_id, accountId)).limit(1);
  return rows.length > 0;
}

/** An account that carries postings keeps its type: a retype would move past amounts between statements. */
export async function assertCanRetype(ctx: Ctx, accountId: string): Promise<void> {
  if (await hasPostings(ctx, accountId)) {
    throw new ConflictError('This account has postings, so its type cannot change (that would move past amounts to another statement); deactivate it and create a new account instead', 'account_has_postings');
  }
}

/**
 * The revenue account a feature credits its own charges to (4150 Fine Income, 4900 Other Income): by its number,
 * else by its name; refused with the way to fix it when the chart has neither.
 */
export async function revenueAccount(ctx: Ctx, account: { number: string; name: string; purpose: string; code: string }): Promise<string> {
  const [a] = (await ctx.db.execute(sql`
    select id from ${chartOfAccounts} where account_type = 'revenue' and (account_number = ${account.number} or account_name = ${account.name})
    order by (account_number = ${account.number}) desc limit 1`)).rows as Array<{ id: string }>;
  if (!a) throw new ConflictError(`The chart of accounts has no ${account.name} account (${account.number}): add it to ${account.purpose}`, account.code);
  return a.id;
}
