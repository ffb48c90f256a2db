import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { addDays, billTotals } from '@covenant/contracts/documents';
import { BILL_DUE_DAYS } from '@covenant/contracts/constants';
import { centsToDecimal, multiplyCents, toCents } from '@covenant/contracts/money';
import { billLineItems, billPayments, bills } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { entityByName } from '../../platform/entities/definitions.ts';
import { publishRow } from '../../platform/entities/entities.service.ts';
import type { EntityHooks } from '../../platform/entities/entity-def.ts';
import { systemAccounts } from '../ledger/accounts.service.ts';
import { postEntry, replacePosting, reverseSource } from '../ledger/ledger.service.ts';
import { billPaymentPosting, billPosting } from '../ledger/posting.rules.ts';

const today = () => new Date().toISOString().slice(0, 10);
const isPosted = (status: unknown) => status !== 'draft' && status !== 'cancelled';
const DERIVED = new Set(['pending', 'paid', 'partial', 'overdue']);

async function paidCents(ctx: Ctx, billId: string): Promise<number> {
  const [row] = await ctx.db.select({ total: sql<string>`coalesce(sum(${billPayments.amount}), 0)` }).from(billPayments).where(and(eq(billPayments.bill_id, billId), isNull(billPayments.deleted_at)));
  return toCents(row?.total ?? 0);
}

/** Derived amounts and status of a bill from its lines, tax and payments; the ledger follows. */
export async function recalcBill(ctx: Ctx, billId: string): Promise<void> {
  const [bill] = await ctx.db.select().from(bills).where(eq(bills.id, billId)).for('update').limit(1);
  if (!bill) throw new NotFoundError('Bill not found');
  const lines = await ctx.db.select().from(billLineItems).where(eq(billLineItems.bill_id, billId)).orderBy(asc(billLineItems.line_no), asc(billLineItems.created_date));
  const totals = billTotals(lines, bill.tax_amount);
  const paid = bill.status === 'cancelled' ? 0 : await paidCents(ctx, billId);
  if (isPosted(bill.status) && totals.totalCents < paid) {
    throw new ConflictError(`The bill total cannot be less than the ${centsToDecimal(paid)} already paid on it`, 'below_paid');
  }
  const status = isPosted(bill.status) ? (paid === 0 ? 'pending' : paid >= totals.totalCents ? 'paid' : 'partial') : bill.status;
  await ctx.db
    .update(bills)
    .set({
      subtotal: centsToDecimal(totals.subtotalCents),
      total_amount: centsToDecimal(totals.totalCents),
      amount_paid: centsToDecimal(paid),
      balance_due: centsToDecimal(bill.status === 'cancelled' ? 0 : totals.totalCents - paid),
      status,
    })
    .where(eq(bills.id, billId));
  if (isPosted(status)) {
    const acc = await systemAccounts(ctx);
    await replacePosting(ctx, {
      date: bill.bill_date,
      memo: `Bill ${bill.bill_number}`,
      source_type: 'bill',
      source_id: bill.id,
      lines: billPosting({ id: bill.id, vendor_id: bill.vendor_id, lines: lines.map((l, i) => ({ account_id: l.account_id, cents: totals.lineCents[i]! })), taxCents: totals.taxCents }, acc, acc.tax_expense),
    });
  }
}

export const billHooks: EntityHooks = {
  prepareCreate(_ctx, values) {
    const status = values.status ?? 'pending';
    if (status === 'cancelled') throw new ValidationError('A bill cannot be created cancelled');
    return {
      ...values,
      status: DERIVED.has(status as string) ? 'pending' : status,
      due_date: values.due_date ?? addDays(values.bill_date as string, BILL_DUE_DAYS),
      subtotal: '0', total_amount: '0', amount_paid: '0', balance_due: '0',
    };
  },
  async afterCreate(ctx, row) {
    await recalcBill(ctx, row.id as string);
  },
  async prepareUpdate(ctx, changes, existing) {
    if (existing.status === 'cancelled') throw new ConflictError('A cancelled bill cannot be edited', 'cancelled');
    const out = { ...changes };
    if (out.status !== undefined) {
      if (out.status === 'draft' && isPosted(existing.status)) throw new ConflictError('A recorded bill cannot go back to draft; cancel it instead', 'already_posted');
      if (out.status === 'cancelled' && (await paidCents(ctx, existing.id as string)) > 0) throw new ConflictError('A bill with payments cannot be cancelled; delete its payments first', 'has_payments');
      if (DERIVED.has(out.status as string)) out.status = isPosted(existing.status) ? existing.status : 'pending';
    }
    if (out.vendor_id !== undefined && out.vendor_id !== existing.vendor_id && (await paidCents(ctx, existing.id as string)) > 0) {
      throw new ConflictError('A bill with payments cannot move to another vendor', 'has_payments');
    }
    return out;
  },
  async afterUpdate(ctx, row, before) {
    if (row.status === 'cancelled' && before.status !== 'cancelled') {
      await reverseSource(ctx, 'bill', row.id as string, `Bill ${row.bill_number} cancelled`, today());
      await ctx.db.update(bills).set({ balance_due: '0', amount_paid: '0' }).where(eq(bills.id, row.id as string));
      return;
    }
    await recalcBill(ctx, row.id as string);
  },
  async beforeDelete(ctx, existing) {
    if (existing.status === 'draft') return;
    if ((await paidCents(ctx, existing.id as string)) > 0) throw new ConflictError('A bill with payments cannot be deleted; delete its payments first', 'has_payments');
    await reverseSource(ctx, 'bill', existing.id as string, `Bill ${existing.bill_number} deleted`);
    await ctx.db.update(bills).set({ deleted_at: new Date(), balance_due: '0' }).where(eq(bills.id, existing.id as string));
    return 'handled' as const;
  },
};

async function editableBill(ctx: Ctx, billId: string) {
  const [bill] = await ctx.db.select().from(bills).where(and(eq(bills.id, billId), isNull(bills.deleted_at))).limit(1);
  if (!bill) throw new ValidationError('Bill does not exist');
  if (bill.status === 'cancelled') throw new ConflictError('A cancelled bill cannot be edited', 'cancelled');
  return bill;
}

export const billLineHooks: EntityHooks = {
  async prepareCreate(ctx, values) {
    await editableBill(ctx, values.bill_id as string);
    if (!values.account_id) throw new ValidationError('account_id: choose the expense account of the line');
    const [row] = await ctx.db.select({ n: max(billLineItems.line_no) }).from(billLineItems).where(eq(billLineItems.bill_id, values.bill_id as string));
    return { ...values, extended_price: centsToDecimal(multiplyCents(toCents(values.unit_price as number), values.quantity as number)), line_no: (row?.n ?? 0) + 1 };
  },
  async afterCreate(ctx, row) {
    await recalcBill(ctx, row.bill_id as string);
    await publishRow(ctx, entityByName('Bill')!, row.bill_id as string);
  },
  async prepareUpdate(ctx, changes, existing) {
    if (changes.bill_id !== undefined && changes.bill_id !== existing.bill_id) throw new ValidationError('A line cannot move to another bill');
    if (changes.account_id === null) throw new ValidationError('account_id: choose the expense account of the line');
    await editableBill(ctx, existing.bill_id as string);
    const qty = (changes.quantity ?? existing.quantity) as number | string;
    const price = (changes.unit_price ?? existing.unit_price) as number | string;
    return { ...changes, extended_price: centsToDecimal(multiplyCents(toCents(price), qty)) };
  },
  async afterUpdate(ctx, row) {
    await recalcBill(ctx, row.bill_id as string);
    await publishRow(ctx, entityByName('Bill')!, row.bill_id as string);
  },
  async beforeDelete(ctx, existing) {
    await editableBill(ctx, existing.bill_id as string);
  },
  async afterDelete(ctx, existing) {
    await recalcBill(ctx, existing.bill_id as string);
    await publishRow(ctx, entityByName('Bill')!, existing.bill_id as string);
  },
};

/** Paying a bill (in full or in part): Dr Accounts Payable / Cr Cash; the bill becomes partial or paid. */
export const billPaymentHooks: EntityHooks = {
  async prepareCreate(ctx, values) {
    const [bill] = await ctx.db.select().from(bills).where(and(eq(bills.id, values.bill_id as string), isNull(bills.deleted_at))).for('update').limit(1);
    if (!bill) throw new ValidationError('Bill does not exist');
    if (!isPosted(bill.status)) throw new ConflictError(`A ${bill.status} bill cannot be paid`, bill.status);
    const cents = toCents(values.amount as number);
    if (cents <= 0) throw new ValidationError('Amount must be greater than 0');
    if (cents > toCents(bill.balance_due)) throw new ConflictError(`The bill balance is ${bill.balance_due}; pay at most that`, 'over_balance');
    return values;
  },
  async afterCreate(ctx, row) {
    const [bill] = await ctx.db.select().from(bills).where(eq(bills.id, row.bill_id as string)).limit(1);
    const acc = await systemAccounts(ctx);
    await postEntry(ctx, {
      date: row.payment_date as string,
      memo: `Payment of bill ${bill!.bill_number}`,
      source_type: 'bill_payment',
      source_id: row.id as string,
      lines: billPaymentPosting({ bill_id: bill!.id, vendor_id: bill!.vendor_id, cents: toCents(row.amount as string) }, acc),
    });
    await recalcBill(ctx, bill!.id);
    await publishRow(ctx, entityByName('Bill')!, bill!.id);
  },
  prepareUpdate(_ctx, changes) {
    const locked = Object.keys(changes).filter((k) => !['notes', 'reference_number', 'payment_method'].includes(k));
    if (locked.length) throw new ConflictError(`A recorded bill payment's ${locked.join(', ')} cannot change; delete it and record it again`, 'payment_locked');
    return changes;
  },
  async beforeDelete(ctx, existing) {
    await reverseSource(ctx, 'bill_payment', existing.id as string, 'Bill payment deleted');
    await ctx.db.update(billPayments).set({ deleted_at: new Date() }).where(eq(billPayments.id, existing.id as string));
    return 'handled' as const;
  },
  async afterDelete(ctx, existing) {
    await recalcBill(ctx, existing.bill_id as string);
    await publishRow(ctx, entityByName('Bill')!, existing.bill_id as string);
  },
};
