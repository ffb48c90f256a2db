import { eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { billPaymentInput } from '@covenant/contracts/entities';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { PAYMENT_METHODS } from '@covenant/contracts/constants';
import { newId } from '@covenant/db/ids';
import { billPayments } from '@covenant/db/schema/finance';
import { withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { publishRecord, recordForActor } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { bankAccount, systemAccounts } from '../accounts/accounts.service.ts';
import { phaseOf } from '../document-lifecycle/lifecycle.rules.ts';
import { openByFund, postEntries, postEntry, reverseSource } from '../ledger/ledger.service.ts';
import { billPaymentPosting, splitByFund } from '../ledger/posting.rules.ts';
import { assertNotMatched } from '../banking/matching.service.ts';
import { billBook, lockBill, settleBill } from './bill.commands.ts';
import { assertBillPayment } from './bill.rules.ts';

/**
 * Payments made on vendor bills (beyond the spec): Dr Accounts Payable / Cr Cash, by fund. Each command locks the
 * bill before its payments and settles it in the same transaction.
 */

/** A payment made on a vendor bill (beyond the spec). */
export const billPaymentEntity: EntityDef = {
  name: 'BillPayment',
  label: 'bill payment',
  table: billPayments,
  resource: 'bills',
  createInput: billPaymentInput as unknown as z.ZodType<Row>,
  updateInput: billPaymentInput.partial() as unknown as z.ZodType<Row>,
  hiddenColumns: ['deleted_at'],
  visibleWhere: () => isNull(billPayments.deleted_at),
  scope: { kind: 'creator' },
  writes: {
    create: (ctx, values) => payBill(ctx, values as unknown as BillPaymentInput),
    update: (ctx, id, changes) => updateBillPayment(ctx, id, changes),
    remove: (ctx, id) => deleteBillPayment(ctx, id),
  },
};

export interface BillPaymentInput {
  bill_id: string;
  payment_date: string;
  amount: number | string;
  payment_method?: (typeof PAYMENT_METHODS)[number] | undefined;
  reference_number?: string | null | undefined;
  notes?: string | null | undefined;
  cash_account_id?: string | null | undefined;
  check_number?: string | null | undefined;
}

/** Pays a bill in full or in part: Dr Accounts Payable / Cr Cash on the payment date (never before the bill). */
export async function payBill(ctx: Ctx, input: BillPaymentInput): Promise<string> {
  await requirePermission(ctx, 'bills', 'create');
  return withTransaction(ctx, async (tx) => {
    try {
      await recordForActor(tx, billBook.entity, input.bill_id, 'update', { changing: ['payments'] });
    } catch (err) {
      if (err instanceof NotFoundError) throw new ValidationError('Bill does not exist');
      throw err;
    }
    const bill = await lockBill(tx, input.bill_id);
    const cents = toCents(input.amount);
    assertBillPayment({ phase: phaseOf(bill.status), status: bill.status, bill_date: bill.bill_date, balanceCents: toCents(bill.balance_due) }, cents, input.payment_date);
    const acc = await systemAccounts(tx);
    const cash = await bankAccount(tx, input.cash_account_id);
    // Each of the bill's funds is paid its share; the bank account decides which fund's money goes out.
    const split = splitByFund(cents, await openByFund(tx, acc.accounts_payable, 'bill', bill.id));
    const id = newId();
    await tx.db.insert(billPayments).values({
      id, bill_id: bill.id, payment_date: input.payment_date, amount: centsToDecimal(cents), payment_method: input.payment_method ?? 'check',
      reference_number: input.reference_number ?? null, notes: input.notes ?? null, cash_account_id: cash.id, fund_split: split, created_by: tx.actor?.email ?? null,
      check_number: input.check_number ?? null,
    });
    await postEntry(tx, {
      date: input.payment_date, memo: `Payment of bill ${bill.bill_number}`, source_type: 'bill_payment', source_id: id,
      lines: billPaymentPosting({ bill_id: bill.id, vendor_id: bill.vendor_id, cash_account_id: cash.id, cash_fund_id: cash.fund_id, split }, acc),
    });
    await settleBill(tx, bill);
    await publishRecord(tx, billPaymentEntity, id, 'create');
    return id;
  });
}

/** Inserts bill payments checked by the caller (restore) and posts each (Dr A/P / Cr Cash, by fund) on its date. */
export async function insertBillPayments(
  ctx: Ctx,
  rows: ReadonlyArray<typeof billPayments.$inferInsert & { id: string; vendor_id: string; bill_number: string; cash_fund_id: string }>,
): Promise<void> {
  const acc = await systemAccounts(ctx);
  const createdBy = ctx.actor?.email ?? null;
  const stored = rows.map(({ vendor_id: _v, bill_number: _n, cash_fund_id: _f, ...r }) => ({ ...r, created_by: createdBy }));
  for (let i = 0; i < stored.length; i += 500) await ctx.db.insert(billPayments).values(stored.slice(i, i + 500));
  await postEntries(
    ctx,
    rows.map((r) => ({
      date: r.payment_date, memo: `Payment of bill ${r.bill_number}`, source_type: 'bill_payment' as const, source_id: r.id,
      lines: billPaymentPosting({ bill_id: r.bill_id, vendor_id: r.vendor_id, cash_account_id: r.cash_account_id, cash_fund_id: r.cash_fund_id, split: r.fund_split }, acc),
    })),
  );
}

const EDITABLE_BILL_PAYMENT_FIELDS = ['notes', 'reference_number', 'payment_method', 'check_number'];

export async function updateBillPayment(ctx: Ctx, id: string, changes: Row): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await recordForActor(tx, billPaymentEntity, id, 'update', { changing: Object.keys(changes) });
    const locked = Object.keys(changes).filter((k) => !EDITABLE_BILL_PAYMENT_FIELDS.includes(k));
    if (locked.length) throw new ConflictError(`A recorded bill payment's ${locked.join(', ')} cannot change; delete it and record it again`, 'payment_locked');
    if (Object.keys(changes).length) await tx.db.update(billPayments).set(changes).where(eq(billPayments.id, id));
    await publishRecord(tx, billPaymentEntity, id);
  });
}

/** Deletes a bill payment entered in error: reversed at its own date, kept hidden for audit; the bill reopens. */
export async function deleteBillPayment(ctx: Ctx, id: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const found = await recordForActor(tx, billPaymentEntity, id, 'delete');
    const bill = await lockBill(tx, found.bill_id as string);
    await assertNotMatched(tx, 'bill_payment', id);
    await recordAudit(tx, { action: 'bill_payment.deleted', target_type: 'BillPayment', target_id: id, before: found, detail: { bill_number: bill.bill_number } });
    await reverseSource(tx, 'bill_payment', id, 'Bill payment deleted');
    await tx.db.update(billPayments).set({ deleted_at: new Date() }).where(eq(billPayments.id, id));
    await settleBill(tx, bill);
    await publishRecord(tx, billPaymentEntity, id, 'delete', found);
  });
}

