import { and, asc, between, eq, isNotNull } from 'drizzle-orm';
import { positivePayQuery } from '@covenant/contracts/ach';
import { toCents } from '@covenant/contracts/money';
import { bankAccounts } from '@covenant/db/schema/banking';
import { billPayments, bills, vendors } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordForActor } from '../../platform/entities/entities.service.ts';
import { bankAccountEntity } from '../banking/bank-accounts.ts';
import { positivePayCsv } from './positive-pay.ts';

/**
 * GET /bank-accounts/{id}/positive-pay: the checks issued from the bank account's cash account in the period (bill
 * payments with a check number, by payment date) as the bank's positive pay CSV. It shows bills' payees and amounts
 * of a bank account, so it needs both: the bank account read through its scope (chart of accounts) and bills read.
 */
export async function positivePay(ctx: Ctx, bankAccountId: string, query: unknown): Promise<{ filename: string; csv: string }> {
  await requirePermission(ctx, 'bills', 'read');
  await recordForActor(ctx, bankAccountEntity, bankAccountId, 'read');
  const q = parseInput(positivePayQuery, query);
  if (q.from > q.to) throw new ValidationError('From must not be after To');
  const [account] = await ctx.db.select({ cash: bankAccounts.account_id, name: bankAccounts.name }).from(bankAccounts).where(eq(bankAccounts.id, bankAccountId)).limit(1);
  const rows = await ctx.db
    .select({ check_number: billPayments.check_number, date: billPayments.payment_date, amount: billPayments.amount, payee: vendors.vendor_name, deleted_at: billPayments.deleted_at, bill_status: bills.status })
    .from(billPayments)
    .innerJoin(bills, eq(bills.id, billPayments.bill_id))
    .innerJoin(vendors, eq(vendors.id, bills.vendor_id))
    .where(and(eq(billPayments.cash_account_id, account!.cash), isNotNull(billPayments.check_number), between(billPayments.payment_date, q.from, q.to)))
    .orderBy(asc(billPayments.payment_date), asc(billPayments.id));
  const csv = positivePayCsv(rows.map((r) => ({
    check_number: r.check_number!, date: r.date, amount_cents: toCents(r.amount), payee: r.payee, void: r.deleted_at !== null || r.bill_status === 'cancelled',
  })));
  return { filename: `positive-pay-${account!.name.replace(/[^A-Za-z0-9._-]+/g, '-')}-${q.from}-${q.to}.csv`, csv };
}
