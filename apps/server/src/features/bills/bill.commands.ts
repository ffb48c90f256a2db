import { billInput, billLineInput } from '@covenant/contracts/entities';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { billLineItems, billPayments, bills } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { referencedRecord as referenced } from '../../platform/entities/entities.service.ts';
import type { Row } from '../../platform/entities/entity-def.ts';
import { assertLineAccount, lineFund } from '../accounts/accounts.service.ts';
import {
  completeLines, createDocument, defineDocumentBook, extendedPrice, insertDocuments, lockDocument, replayCancellation,
  reviseDocument, settleDocument, type CompletedLineBase, type DocumentLineInput, type DocumentRevision,
} from '../document-lifecycle/lifecycle.commands.ts';
import { defaultDueDate, payable, type DocumentPhase } from '../document-lifecycle/lifecycle.rules.ts';
import { vendorEntity } from '../vendors/vendors.feature.ts';

/**
 * Vendor bills: the document lifecycle configured for payables, and the payments made on them. What is bill-only
 * lives here: a line needs an expense account of its own, the tax is an amount entered by hand, the number is the
 * vendor's, and a bill with payments can be neither cancelled nor deleted until they are.
 */

export type BillRow = typeof bills.$inferSelect;
type BillLineRow = typeof billLineItems.$inferSelect;

export type BillLineInput = DocumentLineInput;

export interface BillFields {
  bill_number: string;
  vendor_id: string;
  bill_date: string;
  due_date?: string | null | undefined;
  tax_amount?: number | string | null | undefined;
  payment_terms?: string | null | undefined;
  notes?: string | null | undefined;
}

export type CompletedBillLine = CompletedLineBase;

export interface NewBillDoc extends Omit<BillFields, 'due_date' | 'tax_amount'> {
  id?: string;
  due_date: string;
  tax_amount: string;
  /** 'cancelled' only for restored bills cancelled before dates were kept: stored cancelled, posting nothing. */
  phase: DocumentPhase;
  lines: readonly CompletedBillLine[];
  /** What restored payments paid on it (new bills: nothing). */
  paidCents?: number;
}

const asText = (v: number | string) => (typeof v === 'number' ? String(v) : v);

async function paidCents(ctx: Ctx, billId: string): Promise<number> {
  const [row] = await ctx.db.select({ total: sql<string>`coalesce(sum(${billPayments.amount}), 0)` }).from(billPayments).where(and(eq(billPayments.bill_id, billId), isNull(billPayments.deleted_at)));
  return toCents(row?.total ?? 0);
}

/** A bill with payments keeps them: they are deleted first (each reversed at its own date). */
async function refuseIfPaid(ctx: Ctx, billId: string, what: 'cancelled' | 'deleted'): Promise<void> {
  if ((await paidCents(ctx, billId)) > 0) throw new ConflictError(`A bill with payments cannot be ${what}; delete its payments first`, 'has_payments');
}

/** Vendor bills and their lines: every generic write goes through the lifecycle. */
export const billBook = defineDocumentBook({
  kind: payable,
  name: 'Bill',
  sourceType: 'bill',
  resource: 'bills',
  table: bills,
  lineTable: billLineItems,
  fields: { number: 'bill_number', date: 'bill_date', party: 'vendor_id', tax: 'tax_amount', parent: 'bill_id' },
  entities: {
    input: billInput,
    lineInput: billLineInput,
    derivedFields: ['subtotal', 'total_amount', 'balance_due', 'amount_paid'],
    scope: { kind: 'creator' },
    lineScope: { kind: 'creator' },
  },
  create: (ctx, values) => createBill(ctx, values as unknown as BillFields & { status?: string }),
  revise: (ctx, id, revision) => reviseBill(ctx, id, revision as DocumentRevision<BillFields, BillLineInput>),
  completeLine: (ctx, line: Partial<BillLineInput>, existing?: BillLineRow) => completeBillLine(ctx, line, existing),
  settlement: {
    paidCents,
    hasHistory: async (ctx, id) => (await paidCents(ctx, id)) > 0,
    beforeCancel: (ctx, bill: BillRow) => refuseIfPaid(ctx, bill.id, 'cancelled'),
    beforeErase: (ctx, bill: BillRow) => refuseIfPaid(ctx, bill.id, 'deleted'),
  },
  auditedAmounts: ['balance_due'],
  assertLineChange: (changes) => {
    if (changes.account_id === null) throw new ValidationError('account_id: choose the expense account of the line');
  },
  lineOfMissingDocument: 'validation',
});

export const lockBill = (ctx: Ctx, id: string): Promise<BillRow> => lockDocument(ctx, billBook, id);

/** A bill line needs an expense account of its own (never a guess, never a control account); its fund defaults to Operating. */
export async function completeBillLine(ctx: Ctx, line: Partial<BillLineInput>, existing?: BillLineRow): Promise<CompletedBillLine> {
  const merged = { ...(existing ?? {}), ...line };
  if (!merged.account_id) throw new ValidationError('account_id: choose the expense account of the line');
  if (line.account_id !== undefined || !existing) await assertLineAccount(ctx, merged.account_id, 'Line account');
  const fund = merged.fund_id && merged.fund_id === existing?.fund_id ? merged.fund_id : await lineFund(ctx, merged.fund_id);
  const quantity = asText(merged.quantity ?? 1);
  const price = asText(merged.unit_price ?? 0);
  return { description: merged.description ?? null, quantity, unit_price: price, account_id: merged.account_id, fund_id: fund, extended_price: extendedPrice(quantity, price) };
}

/** Recomputes a locked bill, stores its derived amounts, keeps its posting in step (correction at the bill date), publishes. */
export const settleBill = (ctx: Ctx, bill: BillRow): Promise<void> => settleDocument(ctx, billBook, bill);

/** Inserts new bills with their lines and postings (the single create and restore). */
export async function insertBills(ctx: Ctx, docs: readonly NewBillDoc[]): Promise<string[]> {
  return insertDocuments(ctx, billBook, docs.map((d) => ({
    id: d.id, phase: d.phase, lines: d.lines, paidCents: d.paidCents,
    header: { bill_number: d.bill_number, vendor_id: d.vendor_id, bill_date: d.bill_date, due_date: d.due_date, tax_amount: d.tax_amount, payment_terms: d.payment_terms ?? null, notes: d.notes ?? null },
  })));
}

/** Creates a bill (draft, or recorded and posted) with its lines; answers its id. */
export async function createBill(ctx: Ctx, input: BillFields & { status?: string | undefined; lines?: readonly BillLineInput[] }): Promise<string> {
  return createDocument(ctx, billBook, input.status, async (tx, phase) => {
    await referenced(tx, vendorEntity, input.vendor_id, 'Vendor');
    const lines = await completeLines<CompletedBillLine>(tx, billBook, input.lines);
    return {
      phase, lines,
      header: {
        bill_number: input.bill_number, vendor_id: input.vendor_id, bill_date: input.bill_date, due_date: input.due_date || defaultDueDate(payable, input.bill_date),
        tax_amount: centsToDecimal(toCents(input.tax_amount ?? 0)), payment_terms: input.payment_terms ?? null, notes: input.notes ?? null,
      },
    };
  });
}

/** Changes a bill's header, records a draft, or replaces its lines; a cancel goes to cancelDocument. */
export async function reviseBill(ctx: Ctx, id: string, revision: DocumentRevision<BillFields, BillLineInput>): Promise<void> {
  await reviseDocument(ctx, billBook, id, revision, async (tx, bill: BillRow, fields) => {
    if (fields.vendor_id && fields.vendor_id !== bill.vendor_id) await referenced(tx, vendorEntity, fields.vendor_id, 'Vendor');
    const set: Row = {};
    for (const key of ['bill_number', 'vendor_id', 'bill_date', 'due_date', 'payment_terms', 'notes'] as const) {
      if (fields[key] !== undefined) set[key] = fields[key] === '' ? null : fields[key];
    }
    if (fields.tax_amount !== undefined) set.tax_amount = centsToDecimal(toCents(fields.tax_amount ?? 0));
    return set;
  });
}

/** Restore: a restored recorded bill was cancelled on `on`: its posting is reversed then and it is marked cancelled. */
export const replayBillCancellation = (ctx: Ctx, id: string, on: string, reason: string | null): Promise<void> => replayCancellation(ctx, billBook, id, on, reason);
