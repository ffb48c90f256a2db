import { and, asc, eq, isNull, max, sql } from 'drizzle-orm';
import { addDays, invoiceTotals } from '@covenant/contracts/documents';
import { INVOICE_DUE_DAYS } from '@covenant/contracts/constants';
import { centsToDecimal, multiplyCents, toCents } from '@covenant/contracts/money';
import { owners } from '@covenant/db/schema/community';
import { invoiceLineItems, invoices, paymentInvoices, products, taxRates } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { entityByName } from '../../platform/entities/definitions.ts';
import { deleteEntityIn, publishRow } from '../../platform/entities/entities.service.ts';
import type { EntityHooks, Row } from '../../platform/entities/entity-def.ts';
import { systemAccounts } from '../ledger/accounts.service.ts';
import { replacePosting, reverseSource } from '../ledger/ledger.service.ts';
import { invoicePosting } from '../ledger/posting.rules.ts';
import { nextDocumentNumber } from './numbering.ts';

const today = () => new Date().toISOString().slice(0, 10);
/** Statuses the server derives; a client sending them means "sent". */
const DERIVED_STATUSES = new Set(['sent', 'paid', 'partial', 'overdue']);
export const isPosted = (status: unknown) => status !== 'draft' && status !== 'cancelled';

export async function ownerBusinessId(ctx: Ctx, ownerId: string): Promise<string> {
  const [row] = await ctx.db.select({ owner_id: owners.owner_id }).from(owners).where(eq(owners.id, ownerId)).limit(1);
  if (!row) throw new ValidationError('Owner does not exist');
  return row.owner_id;
}

async function lockInvoice(ctx: Ctx, id: string) {
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id)).for('update').limit(1);
  if (!row) throw new NotFoundError('Invoice not found');
  return row;
}

/** Sum applied to an invoice by its payment links. */
async function appliedCents(ctx: Ctx, invoiceId: string): Promise<number> {
  const [row] = await ctx.db.select({ total: sql<string>`coalesce(sum(${paymentInvoices.amount_applied}), 0)` }).from(paymentInvoices).where(eq(paymentInvoices.invoice_id, invoiceId));
  return toCents(row?.total ?? 0);
}

/**
 * Recomputes every derived amount of an invoice from its lines, tax rate and payment links, sets its
 * status, and makes the ledger match (a posted invoice is reversed and reposted when its amounts change).
 */
export async function recalcInvoice(ctx: Ctx, invoiceId: string): Promise<void> {
  const inv = await lockInvoice(ctx, invoiceId);
  const lines = await ctx.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoice_id, invoiceId)).orderBy(asc(invoiceLineItems.line_no), asc(invoiceLineItems.created_date));
  let rate: string | null = null;
  if (inv.tax_rate_id) {
    const [tr] = await ctx.db.select({ rate: taxRates.tax_rate }).from(taxRates).where(eq(taxRates.id, inv.tax_rate_id)).limit(1);
    rate = tr?.rate ?? null;
  }
  const totals = invoiceTotals(lines, rate);
  const paid = inv.status === 'cancelled' ? 0 : await appliedCents(ctx, invoiceId);
  if (isPosted(inv.status) && totals.totalCents < paid) {
    throw new ConflictError(`The invoice total cannot be less than the ${centsToDecimal(paid)} already paid on it; remove payments first`, 'below_paid');
  }
  const status = isPosted(inv.status) ? (paid === 0 ? 'sent' : paid >= totals.totalCents ? 'paid' : 'partial') : inv.status;
  const balance = inv.status === 'cancelled' ? 0 : totals.totalCents - paid;
  await ctx.db
    .update(invoices)
    .set({
      subtotal: centsToDecimal(totals.subtotalCents),
      tax_amount: centsToDecimal(totals.taxCents),
      total_amount: centsToDecimal(totals.totalCents),
      amount_paid: centsToDecimal(paid),
      balance_due: centsToDecimal(balance),
      status,
    })
    .where(eq(invoices.id, invoiceId));
  if (isPosted(status)) {
    const acc = await systemAccounts(ctx);
    await replacePosting(ctx, {
      date: inv.invoice_date,
      memo: `Invoice ${inv.invoice_number}`,
      source_type: 'invoice',
      source_id: inv.id,
      lines: invoicePosting({ id: inv.id, owner_id: inv.owner_id, property_id: inv.property_id, lines: lines.map((l, i) => ({ account_id: l.account_id, cents: totals.lineCents[i]! })), taxCents: totals.taxCents }, acc),
    });
  }
}

/** Undoes every application of payments to an invoice: the money returns to the owner's credit. */
async function unapplyPayments(ctx: Ctx, invoiceId: string): Promise<void> {
  const links = await ctx.db.select().from(paymentInvoices).where(eq(paymentInvoices.invoice_id, invoiceId));
  for (const link of links) await deleteEntityIn(ctx, entityByName('PaymentInvoice')!, link.id);
}

/** Cancel (irreversible): payments applied become the owner's credit; the posting is reversed as of today. */
async function cancelInvoice(ctx: Ctx, inv: Row): Promise<void> {
  await unapplyPayments(ctx, inv.id as string);
  await reverseSource(ctx, 'invoice', inv.id as string, `Invoice ${inv.invoice_number} cancelled`, today());
  await ctx.db.update(invoices).set({ amount_paid: '0', balance_due: '0' }).where(eq(invoices.id, inv.id as string));
}

export const invoiceHooks: EntityHooks = {
  async prepareCreate(ctx, values) {
    const status = values.status ?? 'draft';
    if (status === 'cancelled') throw new ValidationError('An invoice cannot be created cancelled');
    const invoiceDate = values.invoice_date as string;
    const number = (values.invoice_number as string | undefined)?.trim()
      || (await nextDocumentNumber(ctx, 'INV', invoices, invoices.invoice_number, await ownerBusinessId(ctx, values.owner_id as string), invoiceDate));
    return {
      ...values,
      invoice_number: number,
      status: DERIVED_STATUSES.has(status as string) ? 'sent' : status,
      due_date: values.due_date ?? addDays(invoiceDate, INVOICE_DUE_DAYS),
      subtotal: '0', tax_amount: '0', total_amount: '0', amount_paid: '0', balance_due: '0',
    };
  },
  async afterCreate(ctx, row) {
    await recalcInvoice(ctx, row.id as string);
  },
  prepareUpdate(_ctx, changes, existing) {
    if (existing.status === 'cancelled') throw new ConflictError('A cancelled invoice cannot be edited', 'cancelled');
    const out = { ...changes };
    if (out.status !== undefined) {
      if (out.status === 'draft' && isPosted(existing.status)) throw new ConflictError('A sent invoice cannot go back to draft; cancel it instead', 'already_sent');
      if (DERIVED_STATUSES.has(out.status as string)) out.status = isPosted(existing.status) ? existing.status : 'sent';
    }
    if (out.owner_id !== undefined && out.owner_id !== existing.owner_id && toCents(existing.amount_paid as string) > 0) {
      throw new ConflictError('An invoice with payments cannot move to another owner', 'has_payments');
    }
    if (out.invoice_number !== undefined && out.invoice_number !== existing.invoice_number) throw new ValidationError('The invoice number cannot be changed');
    return out;
  },
  async afterUpdate(ctx, row, before) {
    if (row.status === 'cancelled' && before.status !== 'cancelled') {
      if (isPosted(before.status)) await cancelInvoice(ctx, row);
      return;
    }
    await recalcInvoice(ctx, row.id as string);
  },
  async beforeDelete(ctx, existing) {
    const id = existing.id as string;
    if (existing.status === 'draft') return; // never posted: removed with its lines
    // A posted document stays for audit: its payments return to credit, its posting is reversed, it is hidden.
    await unapplyPayments(ctx, id);
    await reverseSource(ctx, 'invoice', id, `Invoice ${existing.invoice_number} deleted`);
    await ctx.db.update(invoices).set({ deleted_at: new Date(), amount_paid: '0', balance_due: '0' }).where(eq(invoices.id, id));
    return 'handled' as const;
  },
};

async function editableInvoice(ctx: Ctx, invoiceId: string) {
  const [inv] = await ctx.db.select().from(invoices).where(and(eq(invoices.id, invoiceId), isNull(invoices.deleted_at))).limit(1);
  if (!inv) throw new ValidationError('Invoice does not exist');
  if (inv.status === 'cancelled') throw new ConflictError('A cancelled invoice cannot be edited', 'cancelled');
  return inv;
}

/** Line defaults from its product, the default revenue account, and its extended price (quantity × price). */
export async function completeLine(ctx: Ctx, values: Row, existing?: Row): Promise<Row> {
  const merged = { ...existing, ...values };
  const out = { ...values };
  if (values.product_id && (!existing || values.product_id !== existing.product_id)) {
    const [p] = await ctx.db.select().from(products).where(eq(products.id, values.product_id as string)).limit(1);
    if (!p) throw new ValidationError('Product does not exist');
    if (values.description === undefined) out.description = p.description;
    if (values.unit_price === undefined) out.unit_price = p.unit_price;
    if (values.account_id === undefined) out.account_id = p.account_id;
  }
  if (!existing && !out.account_id) out.account_id = (await systemAccounts(ctx)).assessment_income;
  const qty = (out.quantity ?? merged.quantity ?? 1) as number | string;
  const price = (out.unit_price ?? merged.unit_price ?? 0) as number | string;
  out.extended_price = centsToDecimal(multiplyCents(toCents(price), qty));
  return out;
}

export const invoiceLineHooks: EntityHooks = {
  async prepareCreate(ctx, values) {
    await editableInvoice(ctx, values.invoice_id as string);
    const [row] = await ctx.db.select({ n: max(invoiceLineItems.line_no) }).from(invoiceLineItems).where(eq(invoiceLineItems.invoice_id, values.invoice_id as string));
    return { ...(await completeLine(ctx, values)), line_no: (row?.n ?? 0) + 1 };
  },
  async afterCreate(ctx, row) {
    await recalcInvoice(ctx, row.invoice_id as string);
    await publishRow(ctx, entityByName('Invoice')!, row.invoice_id as string);
  },
  async prepareUpdate(ctx, changes, existing) {
    if (changes.invoice_id !== undefined && changes.invoice_id !== existing.invoice_id) throw new ValidationError('A line cannot move to another invoice');
    await editableInvoice(ctx, existing.invoice_id as string);
    return completeLine(ctx, changes, existing);
  },
  async afterUpdate(ctx, row) {
    await recalcInvoice(ctx, row.invoice_id as string);
    await publishRow(ctx, entityByName('Invoice')!, row.invoice_id as string);
  },
  async beforeDelete(ctx, existing) {
    await editableInvoice(ctx, existing.invoice_id as string);
  },
  async afterDelete(ctx, existing) {
    await recalcInvoice(ctx, existing.invoice_id as string);
    await publishRow(ctx, entityByName('Invoice')!, existing.invoice_id as string);
  },
};

