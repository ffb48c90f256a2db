import { eq, isNotNull, sql } from 'drizzle-orm';
import { chartOfAccounts } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { journalLines } from '@covenant/db/schema/ledger';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { CONTROL_ACCOUNT_KEYS, type SystemAccounts } from '../ledger/posting.rules.ts';

type SeedAccount = { number: string; name: string; type: 'asset' | 'liability' | 'equity' | 'revenue' | 'expense'; subtype: string; key?: keyof SystemAccounts };

/** The chart seeded on first run: the system accounts the postings need, and common HOA expense accounts. */
export const SEED_ACCOUNTS: readonly SeedAccount[] = [
  { number: '1000', name: 'Operating Cash', type: 'asset', subtype: 'current_asset', key: 'cash' },
  { number: '1200', name: 'Accounts Receivable', type: 'asset', subtype: 'current_asset', key: 'accounts_receivable' },
  { number: '2000', name: 'Accounts Payable', type: 'liability', subtype: 'current_liability', key: 'accounts_payable' },
  { number: '2100', name: 'Owner Prepayments', type: 'liability', subtype: 'current_liability', key: 'owner_prepayments' },
  { number: '2200', name: 'Sales Tax Payable', type: 'liability', subtype: 'current_liability', key: 'sales_tax_payable' },
  { number: '3000', name: 'Fund Balance', type: 'equity', subtype: 'equity', key: 'fund_balance' },
  { number: '4000', name: 'Assessment Income', type: 'revenue', subtype: 'operating_revenue', key: 'assessment_income' },
  { number: '4100', name: 'Late Fee Income', type: 'revenue', subtype: 'operating_revenue', key: 'late_fee_income' },
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

/** Adds the seed accounts missing by system key (or by number for the others); safe to run at every start. */
export async function seedChartOfAccounts(ctx: Ctx): Promise<void> {
  await ctx.db
    .insert(chartOfAccounts)
    .values(SEED_ACCOUNTS.map((a) => ({ account_number: a.number, account_name: a.name, account_type: a.type, account_subtype: a.subtype, system_key: a.key ?? null })))
    .onConflictDoNothing();
}

const cache = new WeakMap<object, SystemAccounts>();

/** The system accounts' ids (stable once seeded, so cached per app instance, which has one database). */
export async function systemAccounts(ctx: Ctx): Promise<SystemAccounts> {
  const key = ctx.services;
  const hit = cache.get(key);
  if (hit) return hit;
  const rows = await ctx.db.select({ id: chartOfAccounts.id, key: chartOfAccounts.system_key }).from(chartOfAccounts).where(isNotNull(chartOfAccounts.system_key));
  const map = Object.fromEntries(rows.map((r) => [r.key, r.id])) as unknown as SystemAccounts;
  for (const a of SEED_ACCOUNTS) if (a.key && !map[a.key]) throw new Error(`System account ${a.key} is missing: the chart of accounts was not seeded`);
  cache.set(key, map);
  return map;
}

/** The control accounts' ids: receivables, payables, owner prepayments and cash change only through documents. */
export async function controlAccountIds(ctx: Ctx): Promise<Set<string>> {
  const acc = await systemAccounts(ctx);
  return new Set(CONTROL_ACCOUNT_KEYS.map((k) => acc[k]));
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
