import { callFunction, defineFunction } from '../../platform/functions/define-function.ts';
import type { FunctionInput } from '@covenant/contracts/functions';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fundInput } from '@covenant/contracts/entities';
import { centsToNumber, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { chartOfAccounts, funds } from '@covenant/db/schema/finance';
import { withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { referencedRecord } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { systemAccounts } from '../accounts/accounts.service.ts';
import { postEntry } from '../ledger/ledger.service.ts';
import { transferPosting } from '../ledger/posting.rules.ts';

/** The bank account of a fund must be one of the fund's own accounts. */
async function assertCashAccount(ctx: Ctx, fundId: string | null, accountId: string | null | undefined): Promise<void> {
  if (!accountId) return;
  const [row] = await ctx.db.select({ fund_id: chartOfAccounts.fund_id, name: chartOfAccounts.account_name }).from(chartOfAccounts).where(eq(chartOfAccounts.id, accountId)).limit(1);
  if (!row) throw new ValidationError('Cash account does not exist');
  if (!fundId || row.fund_id !== fundId) throw new ValidationError(`${row.name} is not a bank account of this fund: mark the account with this fund first`);
}

/**
 * Funds (fund accounting, under the chart of accounts privilege). Operating and Reserve are seeded and stay;
 * a fund with postings cannot be deleted (the database refuses it), only made inactive.
 */
export const fundEntity: EntityDef = {
  name: 'Fund',
  label: 'fund',
  table: funds,
  resource: 'chart_of_accounts',
  createInput: fundInput as unknown as z.ZodType<Row>,
  updateInput: fundInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
  hooks: {
    async prepareCreate(ctx, values) {
      await assertCashAccount(ctx, null, values.cash_account_id as string | null);
      return values;
    },
    async prepareUpdate(ctx, changes, existing) {
      if (existing.system_key && changes.kind !== undefined && changes.kind !== existing.kind) throw new ConflictError(`The ${existing.name} fund keeps its kind`, 'system_fund');
      if (existing.system_key && changes.is_active === false) throw new ConflictError(`The ${existing.name} fund cannot be made inactive`, 'system_fund');
      if (changes.cash_account_id !== undefined) await assertCashAccount(ctx, existing.id as string, changes.cash_account_id as string | null);
      return changes;
    },
    beforeDelete(_ctx, existing) {
      if (existing.system_key) throw new ConflictError(`The ${existing.name} fund cannot be deleted`, 'system_fund');
    },
  },
};

/** A fund to transfer with, fetched through the caller's scope, with the bank account its money is in. */
async function transferSide(ctx: Ctx, id: string, label: string): Promise<{ fund_id: string; cash_account_id: string; name: string }> {
  const fund = await referencedRecord(ctx, fundEntity, id, label);
  if (!fund.is_active) throw new ValidationError(`The ${fund.name as string} fund is inactive`);
  if (!fund.cash_account_id) throw new ValidationError(`The ${fund.name as string} fund has no bank account yet`);
  return { fund_id: fund.id as string, cash_account_id: fund.cash_account_id as string, name: fund.name as string };
}

/**
 * transferBetweenFunds {date, from_fund_id, to_fund_id, amount, memo}: cash moved on purpose from one fund's
 * bank account to another's (a reserve contribution, a loan back); each fund's books balance on their own.
 */
export const transferBetweenFundsFn = defineFunction('transferBetweenFunds', async (ctx, input) => {
  if (input.from_fund_id === input.to_fund_id) throw new ValidationError('Choose two different funds');
  return withTransaction(ctx, async (tx) => {
    const from = await transferSide(tx, input.from_fund_id, 'From fund');
    const to = await transferSide(tx, input.to_fund_id, 'To fund');
    const cents = toCents(input.amount);
    const id = newId();
    const entryId = await postEntry(tx, {
      date: input.date, memo: input.memo || `Transfer from ${from.name} to ${to.name}`, source_type: 'transfer', source_id: id,
      lines: transferPosting({ from, to, cents }, await systemAccounts(tx)),
    });
    return { id, entry_id: entryId!, date: input.date, from_fund_id: from.fund_id, to_fund_id: to.fund_id, amount: centsToNumber(cents) };
  });
}, { authorize: (ctx) => requirePermission(ctx, 'chart_of_accounts', 'create') });

/** transferBetweenFunds from server code (the demo), on the request's path. */
export const transferBetweenFunds = (ctx: Ctx, input: FunctionInput<'transferBetweenFunds'>) => callFunction(ctx, transferBetweenFundsFn, input);

export const fundsFeature: Feature = {
  name: 'funds',
  entities: [fundEntity],
  functions: [transferBetweenFundsFn],
};
