import { and, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ACH_SETTINGS_MESSAGE, achSettingsProblems, bankAccountInput, bankAccountUpdate } from '@covenant/contracts/banking';
import { bankAccounts, bankStatements } from '@covenant/db/schema/banking';
import { chartOfAccounts, funds } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { AppError, ConflictError, ValidationError } from '../../lib/errors.ts';
import { lastFour, sealSecret } from '../../lib/secret-box.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';

/** What the screens say when the server cannot seal account numbers. */
export const NO_BANK_KEY_MESSAGE =
  'Bank account numbers cannot be saved: the server has no BANK_ENCRYPTION_KEY (32 random bytes in base64, e.g. openssl rand -base64 32). Ask the operator to set it.';

/** The ledger account of a bank account must be one of its fund's own (cash) accounts. */
async function assertFundCashAccount(ctx: Ctx, accountId: string, fundId: string): Promise<void> {
  const [fund] = await ctx.db.select({ id: funds.id, name: funds.name }).from(funds).where(eq(funds.id, fundId)).limit(1);
  if (!fund) throw new ValidationError('Fund does not exist');
  const [account] = await ctx.db
    .select({ fund_id: chartOfAccounts.fund_id, type: chartOfAccounts.account_type, name: chartOfAccounts.account_name })
    .from(chartOfAccounts)
    .where(eq(chartOfAccounts.id, accountId))
    .limit(1);
  if (!account) throw new ValidationError('Cash account does not exist');
  if (account.type !== 'asset' || account.fund_id !== fundId) {
    throw new ValidationError(`${account.name} is not a cash account of the ${fund.name} fund: choose one of the fund's bank accounts in the chart of accounts`);
  }
}

/** The write-only account number, sealed with the server's key; its last four characters stay readable. */
function sealAccountNumber(ctx: Ctx, values: Row): Row {
  if (!('account_number' in values)) return values;
  const { account_number: number, ...rest } = values;
  if (number === null || number === undefined || number === '') return { ...rest, account_number_sealed: null, account_last4: null };
  const key = ctx.services.config.bankKey;
  if (!key) throw new AppError(400, 'bank_key_missing', NO_BANK_KEY_MESSAGE);
  return { ...rest, account_number_sealed: sealSecret(key, String(number), 'bank_account:account_number'), account_last4: lastFour(String(number)) };
}

/**
 * BankAccount: a bank account of the association, tied to a cash account of a fund (the books' side of it). Read
 * and written under the chart of accounts privilege; the account number is write-only (sealed, shown as its last
 * four characters).
 */
export const bankAccountEntity: EntityDef = {
  name: 'BankAccount',
  label: 'bank account',
  table: bankAccounts,
  resource: 'chart_of_accounts',
  createInput: bankAccountInput as unknown as z.ZodType<Row>,
  updateInput: bankAccountUpdate as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
  hiddenColumns: ['account_number_sealed'],
  derivedFields: ['account_last4', 'system_key', 'csv_mapping'],
  hooks: {
    async prepareCreate(ctx, values) {
      await assertFundCashAccount(ctx, values.account_id as string, values.fund_id as string);
      return sealAccountNumber(ctx, values);
    },
    async prepareUpdate(ctx, changes, existing) {
      const merged = { ...existing, ...changes };
      if (changes.account_id !== undefined || changes.fund_id !== undefined) await assertFundCashAccount(ctx, merged.account_id as string, merged.fund_id as string);
      const missing = achSettingsProblems(merged as Record<string, unknown>);
      if (missing.length) throw new ValidationError(`${missing.join(', ')}: ${ACH_SETTINGS_MESSAGE}`);
      return sealAccountNumber(ctx, changes);
    },
    async beforeDelete(ctx, existing) {
      const [statement] = await ctx.db.select({ id: bankStatements.id }).from(bankStatements).where(eq(bankStatements.bank_account_id, existing.id as string)).limit(1);
      if (statement) throw new ConflictError(`${existing.name as string} has imported statements: it stays, with its history`, 'bank_account_in_use');
    },
  },
};

/** Every start: the Operating and Reserve funds' cash accounts each get a bank account (once), for the treasurer to complete. */
export async function seedBankAccounts(ctx: Ctx): Promise<void> {
  const rows = await ctx.db
    .select({ key: funds.system_key, fund_id: funds.id, fund_name: funds.name, account_id: funds.cash_account_id })
    .from(funds)
    .where(and(isNotNull(funds.system_key), isNotNull(funds.cash_account_id)));
  for (const f of rows) {
    const [existing] = await ctx.db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(eq(bankAccounts.system_key, f.key!))
      .limit(1);
    const [taken] = await ctx.db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.account_id, f.account_id!)).limit(1);
    if (existing || taken) continue;
    await ctx.db.insert(bankAccounts).values({ name: `${f.fund_name} checking`, account_id: f.account_id!, fund_id: f.fund_id, bank_name: 'Not set yet', account_type: 'checking', system_key: f.key });
  }
}
