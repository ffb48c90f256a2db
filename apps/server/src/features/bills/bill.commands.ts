import type { BillWithLines } from '@covenant/contracts/functions';
import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { centsToDecimal, multiplyCents, toCents } from '@covenant/contracts/money';
import { PAYMENT_METHODS } from '@covenant/contracts/constants';
import { newId } from '@covenant/db/ids';
import { billLineItems, billPayments, bills } from '@covenant/db/schema/finance';
import { onCommit, today, withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { publishRecord, readRecord, recordForActor, referencedRecord as referenced } from '../../platform/entities/entities.service.ts';
import type { Row } from '../../platform/entities/entity-def.ts';
import { assertLineAccount, bankAccount, lineFund, systemAccounts, systemFunds } from '../accounts/accounts.service.ts';
import { assertDateMove, openByFund, postEntries, postEntry, replacePosting, reverseSource, type EntryInput } from '../ledger/ledger.service.ts';
import { billPaymentPosting, splitByFund } from '../ledger/posting.rules.ts';
import { vendorEntity } from '../vendors/vendors.feature.ts';
import { billEntity, billLineEntity, billPaymentEntity } from './bills.entities.ts';
import { assertNotMatched } from '../banking/matching.service.ts';
import {
  assertBillChange, assertBillPayment, billCancellationDate, billPhaseForCreate, billPhaseOf, computeBill, defaultBillDueDate, DERIVED_BILL_STATUSES,
} from './bill.rules.ts';

/**
 * The one write path of vendor bills, their lines and their payments. Each command checks the privilege,
 * fetches through the caller's scope, locks the bill before its lines and payments, and posts in one transaction.
 */

export type BillRow = typeof bills.$inferSelect;
type BillLineRow = typeof billLineItems.$inferSelect;

export interface BillLineInput {
  description?: string | null | undefined;
  quantity: number | string;
  unit_price: number | string;
  account_id?: string | null | undefined;
  fund_id?: string | null | undefined;
}

export interface BillFields {
  bill_number: string;
  vendor_id: string;
  bill_date: string;
  due_date?: string | null | undefined;
  tax_amount?: number | string | null | undefined;
  payment_terms?: string | null | undefined;
  notes?: string | null | undefined;
}

export interface CompletedBillLine {
  description: string | null;
  quantity: string;
  unit_price: string;
  account_id: string;
  fund_id: string;
  extended_price: string;
}

export interface NewBillDoc extends Omit<BillFields, 'due_date' | 'tax_amount'> {
  id?: string;
  due_date: string;
  tax_amount: string;
  /** 'cancelled' only for restored bills cancelled before dates were kept: stored cancelled, posting nothing. */
  phase: 'draft' | 'recorded' | 'cancelled';
  lines: readonly CompletedBillLine[];
  /** What restored payments paid on it (new bills: nothing). */
  paidCents?: number;
}

const asText = (v: number | string) => (typeof v === 'number' ? String(v) : v);


export async function lockBill(ctx: Ctx, id: string): Promise<BillRow> {
  const [row] = await ctx.db.select().from(bills).where(and(eq(bills.id, id), isNull(bills.deleted_at))).for('no key update').limit(1);
  if (!row) throw new NotFoundError('Bill not found');
  return row;
}

async function linesOf(ctx: Ctx, billId: string): Promise<BillLineRow[]> {
  return ctx.db.select().from(billLineItems).where(eq(billLineItems.bill_id, billId)).orderBy(asc(billLineItems.line_no), asc(billLineItems.created_date), asc(billLineItems.id));
}

async function paidCents(ctx: Ctx, billId: string): Promise<number> {
  const [row] = await ctx.db.select({ total: sql<string>`coalesce(sum(${billPayments.amount}), 0)` }).from(billPayments).where(and(eq(billPayments.bill_id, billId), isNull(billPayments.deleted_at)));
  return toCents(row?.total ?? 0);
}

/** A bill line needs an expense account of its own (never a guess, never a control account); its fund defaults to Operating. */
export async function completeBillLine(ctx: Ctx, line: Partial<BillLineInput>, existing?: BillLineRow): Promise<CompletedBillLine> {
  const merged = { ...(existing ?? {}), ...line };
  if (!merged.account_id) throw new ValidationError('account_id: choose the expense account of the line');
  if (line.account_id !== undefined || !existing) await assertLineAccount(ctx, merged.account_id, 'Line account');
  const fund = merged.fund_id && merged.fund_id === existing?.fund_id ? merged.fund_id : await lineFund(ctx, merged.fund_id);
  const quantity = asText(merged.quantity ?? 1);
  const price = asText(merged.unit_price ?? 0);
  return { description: merged.description ?? null, quantity, unit_price: price, account_id: merged.account_id, fund_id: fund, extended_price: centsToDecimal(multiplyCents(toCents(price), quantity)) };
}

/** Recomputes a locked bill, stores its derived amounts, keeps its posting in step (correction at the bill date), publishes. */
export async function settleBill(ctx: Ctx, bill: BillRow): Promise<void> {
  const lines = await linesOf(ctx, bill.id);
  const phase = billPhaseOf(bill.status);
  const paid = phase === 'recorded' ? await paidCents(ctx, bill.id) : 0;
  const c = computeBill({ id: bill.id, vendor_id: bill.vendor_id, phase, tax_amount: bill.tax_amount, lines, paidCents: paid }, await systemAccounts(ctx), await systemFunds(ctx));
  await ctx.db
    .update(bills)
    .set({ subtotal: centsToDecimal(c.subtotalCents), total_amount: centsToDecimal(c.totalCents), amount_paid: centsToDecimal(c.amountPaidCents), balance_due: centsToDecimal(c.balanceCents), status: c.status })
    .where(eq(bills.id, bill.id));
  for (const [i, line] of lines.entries()) {
    if (toCents(line.extended_price) !== c.lineCents[i]) await ctx.db.update(billLineItems).set({ extended_price: centsToDecimal(c.lineCents[i]!) }).where(eq(billLineItems.id, line.id));
  }
  if (c.posting) await replacePosting(ctx, { date: bill.bill_date, memo: `Bill ${bill.bill_number}`, source_type: 'bill', source_id: bill.id, lines: c.posting });
  await publishRecord(ctx, billEntity, bill.id);
}

/** Inserts new bills with their lines and postings (the single create and restore). */
export async function insertBills(ctx: Ctx, docs: readonly NewBillDoc[]): Promise<string[]> {
  const acc = await systemAccounts(ctx);
  const fundIds = await systemFunds(ctx);
  const createdBy = ctx.actor?.email ?? null;
  const billRows: Array<typeof bills.$inferInsert> = [];
  const lineRows: Array<typeof billLineItems.$inferInsert> = [];
  const entries: EntryInput[] = [];
  for (const d of docs) {
    const id = d.id ?? newId();
    const c = computeBill({ id, vendor_id: d.vendor_id, phase: d.phase, tax_amount: d.tax_amount, lines: d.lines, paidCents: d.paidCents ?? 0 }, acc, fundIds);
    billRows.push({
      id, bill_number: d.bill_number, vendor_id: d.vendor_id, bill_date: d.bill_date, due_date: d.due_date, tax_amount: d.tax_amount, payment_terms: d.payment_terms ?? null, notes: d.notes ?? null,
      subtotal: centsToDecimal(c.subtotalCents), total_amount: centsToDecimal(c.totalCents), amount_paid: centsToDecimal(c.amountPaidCents), balance_due: centsToDecimal(c.balanceCents), status: c.status, created_by: createdBy,
    });
    d.lines.forEach((l, i) => lineRows.push({ ...l, extended_price: centsToDecimal(c.lineCents[i]!), bill_id: id, line_no: i + 1, created_by: createdBy }));
    if (c.posting) entries.push({ date: d.bill_date, memo: `Bill ${d.bill_number}`, source_type: 'bill', source_id: id, lines: c.posting });
  }
  for (let i = 0; i < billRows.length; i += 500) await ctx.db.insert(bills).values(billRows.slice(i, i + 500));
  for (let i = 0; i < lineRows.length; i += 500) await ctx.db.insert(billLineItems).values(lineRows.slice(i, i + 500));
  await postEntries(ctx, entries);
  const ids = billRows.map((r) => r.id!);
  if (ids.length <= 20) for (const id of ids) await publishRecord(ctx, billEntity, id, 'create');
  else onCommit(ctx, () => ctx.services.changes.publish({ entity: 'Bill', type: 'create', id: '*', record: {}, timestamp: new Date().toISOString() }));
  return ids;
}

/** Creates a bill (draft, or recorded and posted) with its lines; answers its id. */
export async function createBill(ctx: Ctx, input: BillFields & { status?: string | undefined; lines?: readonly BillLineInput[] }): Promise<string> {
  await requirePermission(ctx, 'bills', 'create');
  const phase = billPhaseForCreate(input.status);
  return withTransaction(ctx, async (tx) => {
    await referenced(tx, vendorEntity, input.vendor_id, 'Vendor');
    const lines: CompletedBillLine[] = [];
    for (const l of input.lines ?? []) lines.push(await completeBillLine(tx, l));
    const [id] = await insertBills(tx, [
      {
        bill_number: input.bill_number, vendor_id: input.vendor_id, bill_date: input.bill_date, due_date: input.due_date || defaultBillDueDate(input.bill_date),
        tax_amount: centsToDecimal(toCents(input.tax_amount ?? 0)), payment_terms: input.payment_terms, notes: input.notes, phase, lines,
      },
    ]);
    return id!;
  });
}

/** Changes a bill's header, records a draft, or replaces its lines; a cancel goes to cancelBill. */
export async function reviseBill(ctx: Ctx, id: string, revision: { fields?: Partial<BillFields> & { status?: string | undefined }; lines?: readonly BillLineInput[] }): Promise<void> {
  const fields = { ...(revision.fields ?? {}) };
  const changing = [...Object.keys(fields), ...(revision.lines ? ['lines'] : [])];
  await withTransaction(ctx, async (tx) => {
    await recordForActor(tx, billEntity, id, 'update', { changing });
    const bill = await lockBill(tx, id);
    if (fields.status === 'cancelled') {
      if (changing.some((k) => k !== 'status') || revision.lines) throw new ValidationError('Cancel a bill on its own, without other changes');
      await cancelLocked(tx, bill, (await today(tx)), null);
      return;
    }
    const phase = billPhaseOf(bill.status);
    assertBillChange({ phase, vendor_id: bill.vendor_id, bill_date: bill.bill_date }, fields, (await paidCents(tx, id)) > 0);
    await assertDateMove(tx, bill.bill_date, fields.bill_date, 'The bill date');
    if (fields.vendor_id && fields.vendor_id !== bill.vendor_id) await referenced(tx, vendorEntity, fields.vendor_id, 'Vendor');
    const set: Partial<typeof bills.$inferInsert> = {};
    for (const key of ['bill_number', 'vendor_id', 'bill_date', 'due_date', 'payment_terms', 'notes'] as const) {
      if (fields[key] !== undefined) (set as Record<string, unknown>)[key] = fields[key] === '' ? null : fields[key];
    }
    if (fields.tax_amount !== undefined) set.tax_amount = centsToDecimal(toCents(fields.tax_amount ?? 0));
    if (phase === 'draft' && fields.status !== undefined && fields.status !== 'draft' && DERIVED_BILL_STATUSES.has(fields.status)) set.status = 'pending';
    if (Object.keys(set).length) await tx.db.update(bills).set(set).where(eq(bills.id, id));
    if (revision.lines) {
      const completed: CompletedBillLine[] = [];
      for (const l of revision.lines) completed.push(await completeBillLine(tx, l));
      await tx.db.delete(billLineItems).where(eq(billLineItems.bill_id, id));
      if (completed.length) await tx.db.insert(billLineItems).values(completed.map((l, i) => ({ ...l, bill_id: id, line_no: i + 1, created_by: tx.actor?.email ?? null })));
    }
    await settleBill(tx, await lockBill(tx, id));
  });
}

async function lockParentForChange(ctx: Ctx, billId: string): Promise<BillRow> {
  try {
    await recordForActor(ctx, billEntity, billId, 'update', { changing: ['lines'] });
  } catch (err) {
    if (err instanceof NotFoundError) throw new ValidationError('Bill does not exist');
    throw err;
  }
  const bill = await lockBill(ctx, billId);
  if (billPhaseOf(bill.status) === 'cancelled') throw new ConflictError('A cancelled bill cannot be edited', 'cancelled');
  return bill;
}

export async function addBillLine(ctx: Ctx, values: BillLineInput & { bill_id: string }): Promise<string> {
  return withTransaction(ctx, async (tx) => {
    const bill = await lockParentForChange(tx, values.bill_id);
    const line = await completeBillLine(tx, values);
    const [last] = await tx.db.select({ n: max(billLineItems.line_no) }).from(billLineItems).where(eq(billLineItems.bill_id, bill.id));
    const id = newId();
    await tx.db.insert(billLineItems).values({ ...line, id, bill_id: bill.id, line_no: (last?.n ?? 0) + 1, created_by: tx.actor?.email ?? null });
    await settleBill(tx, bill);
    await publishRecord(tx, billLineEntity, id, 'create');
    return id;
  });
}

export async function updateBillLine(ctx: Ctx, lineId: string, changes: Partial<BillLineInput> & { bill_id?: string }): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const found = await recordForActor(tx, billLineEntity, lineId, 'update', { changing: Object.keys(changes) });
    if (changes.bill_id !== undefined && changes.bill_id !== found.bill_id) throw new ValidationError('A line cannot move to another bill');
    if (changes.account_id === null) throw new ValidationError('account_id: choose the expense account of the line');
    const bill = await lockParentForChange(tx, found.bill_id as string);
    const [existing] = await tx.db.select().from(billLineItems).where(eq(billLineItems.id, lineId)).limit(1);
    if (!existing) throw new NotFoundError('Bill line not found');
    const { bill_id: _moved, ...lineChanges } = changes;
    await tx.db.update(billLineItems).set(await completeBillLine(tx, lineChanges, existing)).where(eq(billLineItems.id, lineId));
    await settleBill(tx, bill);
    await publishRecord(tx, billLineEntity, lineId);
  });
}

export async function deleteBillLine(ctx: Ctx, lineId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const found = await recordForActor(tx, billLineEntity, lineId, 'delete');
    const bill = await lockParentForChange(tx, found.bill_id as string);
    await tx.db.delete(billLineItems).where(eq(billLineItems.id, lineId));
    await settleBill(tx, bill);
    await publishRecord(tx, billLineEntity, lineId, 'delete', found);
  });
}

/** Cancels a locked bill on `on` (irreversible): its posting is reversed then; a bill with payments must lose them first. */
export async function cancelLocked(ctx: Ctx, bill: BillRow, on: string, reason: string | null): Promise<void> {
  const phase = billPhaseOf(bill.status);
  if (phase === 'cancelled') throw new ConflictError('This bill is already cancelled', 'cancelled');
  if ((await paidCents(ctx, bill.id)) > 0) throw new ConflictError('A bill with payments cannot be cancelled; delete its payments first', 'has_payments');
  const date = billCancellationDate(on, bill.bill_date);
  if (phase === 'recorded') await reverseSource(ctx, 'bill', bill.id, `Bill ${bill.bill_number} cancelled`, date);
  // A draft posted nothing, so its cancellation reverses nothing and has no posting date.
  await ctx.db.update(bills).set({ status: 'cancelled', cancelled_date: phase === 'recorded' ? date : null, cancel_reason: reason, balance_due: '0', amount_paid: '0' }).where(eq(bills.id, bill.id));
  await recordAudit(ctx, {
    action: 'bill.cancelled', target_type: 'Bill', target_id: bill.id,
    before: { status: bill.status, balance_due: bill.balance_due },
    after: { status: 'cancelled', cancelled_date: phase === 'recorded' ? date : null, cancel_reason: reason },
    detail: { bill_number: bill.bill_number, vendor_id: bill.vendor_id, total_amount: bill.total_amount },
  });
  await publishRecord(ctx, billEntity, bill.id);
}

/** Restore: a restored recorded bill was cancelled on `on`: its posting is reversed then and it is marked cancelled. */
export async function replayBillCancellation(ctx: Ctx, id: string, on: string, reason: string | null): Promise<void> {
  const bill = await lockBill(ctx, id);
  const date = billCancellationDate(on, bill.bill_date);
  await reverseSource(ctx, 'bill', id, `Bill ${bill.bill_number} cancelled (restored)`, date);
  await ctx.db.update(bills).set({ status: 'cancelled', cancelled_date: date, cancel_reason: reason, balance_due: '0', amount_paid: '0' }).where(eq(bills.id, id));
}

export async function cancelBill(ctx: Ctx, id: string, opts: { date?: string | undefined; reason?: string | null | undefined } = {}): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await recordForActor(tx, billEntity, id, 'update', { changing: ['status'] });
    await cancelLocked(tx, await lockBill(tx, id), opts.date ?? (await today(tx)), opts.reason ?? null);
  });
}

/**
 * Deletes a bill: a draft with its lines; a cancelled one is only hidden (its posting and cancellation are
 * history); a recorded one without payments is reversed at its date (a correction) and hidden.
 */
export async function deleteBill(ctx: Ctx, id: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const found = await recordForActor(tx, billEntity, id, 'delete');
    const bill = await lockBill(tx, id);
    const phase = billPhaseOf(bill.status);
    await recordAudit(tx, { action: 'bill.deleted', target_type: 'Bill', target_id: id, before: found, detail: { bill_number: bill.bill_number, phase } });
    if (phase === 'draft') {
      await tx.db.delete(bills).where(eq(bills.id, id));
    } else {
      if (phase === 'recorded') {
        if ((await paidCents(tx, id)) > 0) throw new ConflictError('A bill with payments cannot be deleted; delete its payments first', 'has_payments');
        await reverseSource(tx, 'bill', id, `Bill ${bill.bill_number} deleted`);
      }
      await tx.db.update(bills).set({ deleted_at: new Date(), balance_due: '0' }).where(eq(bills.id, id));
    }
    await publishRecord(tx, billEntity, id, 'delete', found);
  });
}

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
      await recordForActor(tx, billEntity, input.bill_id, 'update', { changing: ['payments'] });
    } catch (err) {
      if (err instanceof NotFoundError) throw new ValidationError('Bill does not exist');
      throw err;
    }
    const bill = await lockBill(tx, input.bill_id);
    const cents = toCents(input.amount);
    assertBillPayment({ phase: billPhaseOf(bill.status), status: bill.status, bill_date: bill.bill_date, balanceCents: toCents(bill.balance_due) }, cents, input.payment_date);
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

/** The bill with its lines, as the API shows them. */
export async function billWithLines(ctx: Ctx, id: string): Promise<BillWithLines> {
  const bill = await readRecord(ctx, billEntity, id);
  const lines = [];
  for (const l of await linesOf(ctx, id)) lines.push(await readRecord(ctx, billLineEntity, l.id));
  return { ...bill, lines } as BillWithLines;
}
