import { eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { billPaymentInput } from '@covenant/contracts/entities';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { PAYMENT_METHODS } from '@covenant/contracts/constants';
import { newId } from '@covenant/db/ids';
import { billPayments } from '@covenant/db/schema/finance';
import { onCommit, withTransaction, type Ctx } from '../../lib/context.ts';
import { insertRows } from '../../lib/bulk-insert.ts';
import { analyzeIfBulk } from '../../lib/analyze.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { publishRecord, recordForActor, recordsForActor } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { bankAccount, systemAccounts } from '../accounts/accounts.service.ts';
import { phaseOf } from '../document-lifecycle/lifecycle.rules.ts';
import { openByFund, openByFundMany, postEntries, postEntry, reverseSource } from '../ledger/ledger.service.ts';
import { billPaymentPosting, splitByFund } from '../ledger/posting.rules.ts';
import { assertNotMatched } from '../banking/matching.service.ts';
import { billBook, lockBill, settleBill } from './bill.commands.ts';
import { addPaidAmounts, lockDocuments } from '../document-lifecycle/lifecycle.commands.ts';
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
    createMany: (ctx, valuesList) => payBills(ctx, valuesList as unknown as BillPaymentInput[]),
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

/**
 * Pays many bills at once (the bulk route, a month's checks): the same rules as payBill, each payment in order
 * against what its bill still owes after the ones before it, in one transaction: the bills read through the
 * caller's scope and locked in one statement each, the payments and their postings written in bulk, each bill
 * settled once from its locked row. A refusal names the item and writes nothing.
 */
export async function payBills(ctx: Ctx, inputs: readonly BillPaymentInput[]): Promise<string[]> {
  await requirePermission(ctx, 'bills', 'create');
  if (inputs.length === 0) return [];
  return withTransaction(ctx, async (tx) => {
    const billIds = [...new Set(inputs.map((i) => i.bill_id))];
    // Each bill as the caller may change it (its payments), as payBill reads it, then all locked in id order.
    const reachable = await recordsForActor(tx, billBook.entity, billIds, 'update', { changing: ['payments'] });
    const unreachable = inputs.findIndex((i) => !reachable.has(i.bill_id));
    if (unreachable >= 0) throw new ValidationError(`Item ${unreachable + 1}: Bill does not exist`);
    const locked = await lockDocuments(tx, billBook, billIds);
    const acc = await systemAccounts(tx);
    const cashOf = new Map<string, { id: string; fund_id: string }>();
    const open = await openByFundMany(tx, acc.accounts_payable, 'bill', billIds);
    const balance = new Map([...locked].map(([id, b]) => [id, toCents(b.balance_due)]));
    const paid = new Map<string, number>();
    const rows: Parameters<typeof insertBillPayments>[1][number][] = [];
    for (const [i, input] of inputs.entries()) {
      const bill = locked.get(input.bill_id)!;
      const cents = toCents(input.amount);
      const key = input.cash_account_id ?? '';
      try {
        assertBillPayment({ phase: phaseOf(bill.status), status: bill.status, bill_date: bill.bill_date, balanceCents: balance.get(bill.id)! }, cents, input.payment_date);
        if (!cashOf.has(key)) cashOf.set(key, await bankAccount(tx, input.cash_account_id));
      } catch (err) {
        if (err instanceof Error) err.message = `Item ${i + 1}: ${err.message}`;
        throw err;
      }
      const cash = cashOf.get(key)!;
      // Each of the bill's funds is paid its share of what is still open, after this batch's earlier payments.
      const shares = open.get(bill.id) ?? [];
      const split = splitByFund(cents, shares);
      open.set(bill.id, shares.map((o) => ({ fund_id: o.fund_id, cents: o.cents - (split.find((x) => x.fund_id === o.fund_id)?.cents ?? 0) })));
      balance.set(bill.id, balance.get(bill.id)! - cents);
      paid.set(bill.id, (paid.get(bill.id) ?? 0) + cents);
      rows.push({
        id: newId(), bill_id: bill.id, payment_date: input.payment_date, amount: centsToDecimal(cents), payment_method: input.payment_method ?? 'check',
        reference_number: input.reference_number ?? null, notes: input.notes ?? null, cash_account_id: cash.id, fund_split: split, check_number: input.check_number ?? null,
        vendor_id: bill.vendor_id, bill_number: bill.bill_number, cash_fund_id: cash.fund_id,
      });
    }
    await insertBillPayments(tx, rows);
    await addPaidAmounts(tx, billBook, paid, locked);
    if (rows.length <= 20) for (const r of rows) await publishRecord(tx, billPaymentEntity, r.id, 'create');
    else onCommit(tx, () => tx.services.changes.publish({ entity: billPaymentEntity.name, type: 'create', id: '*', record: {}, timestamp: new Date().toISOString() }));
    return rows.map((r) => r.id);
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
  await insertRows(ctx.db, billPayments, stored);
  analyzeIfBulk(ctx, stored.length, ['bill_payments']);
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

