import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { invoiceInput, invoiceLineInput } from '@covenant/contracts/entities';
import { invoiceLineItems, invoices } from '@covenant/db/schema/finance';
import { withTransaction, type Ctx } from '../../lib/context.ts';
import { translateDbError } from '../../lib/db-errors.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { parseInput } from '../../platform/auth/auth.service.ts';
import { entityByName } from '../../platform/entities/definitions.ts';
import { createEntityIn, publishRow } from '../../platform/entities/entities.service.ts';
import type { Row } from '../../platform/entities/entity-def.ts';
import { serialize } from '../../platform/entities/query.ts';
import { completeLine, invoiceHooks, recalcInvoice } from './invoices.service.ts';

export const saveInvoiceInput = invoiceInput
  .omit({ subtotal: true, tax_amount: true, total_amount: true, balance_due: true, amount_paid: true })
  .extend({
    id: z.string().regex(/^[0-9a-f]{24}$/, 'id must be a record id').optional(),
    status: z.enum(['draft', 'sent'], { error: 'status must be draft or sent' }),
    lines: z.array(invoiceLineInput.omit({ invoice_id: true, extended_price: true })).max(200, 'An invoice has at most 200 lines'),
  });

/**
 * Saves an invoice with its lines in one transaction: creates it, or updates it and replaces its lines,
 * then derives every amount and posts once ('sent') — the editor's "Approve & Send" / "Update & Send".
 */
export async function saveInvoice(ctx: Ctx, params: Record<string, unknown>) {
  const input = parseInput(saveInvoiceInput, params);
  await requirePermission(ctx, 'invoices', input.id ? 'update' : 'create');
  const { id, lines, status, ...fields } = input;
  const def = entityByName('Invoice')!;
  try {
    return await withTransaction(ctx, async (tx) => {
      let invoiceId: string;
      if (!id) {
        invoiceId = (await createEntityIn(tx, def, { ...fields, status: 'draft' })).id as string;
      } else {
        const [existing] = await tx.db.select().from(invoices).where(and(eq(invoices.id, id), isNull(invoices.deleted_at))).for('update').limit(1);
        if (!existing) throw new NotFoundError('Invoice not found');
        const changes = await invoiceHooks.prepareUpdate!(tx, { ...fields }, existing as Row);
        const { invoice_number: _n, ...rest } = changes;
        if (Object.keys(rest).length) await tx.db.update(invoices).set(rest as never).where(eq(invoices.id, id));
        await tx.db.delete(invoiceLineItems).where(eq(invoiceLineItems.invoice_id, id));
        invoiceId = id;
      }
      for (const [i, line] of lines.entries()) {
        const values = await completeLine(tx, { ...line });
        await tx.db.insert(invoiceLineItems).values({ ...values, invoice_id: invoiceId, line_no: i + 1, created_by: tx.actor?.email ?? null } as never);
      }
      const [current] = await tx.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId));
      if (status === 'sent' && current!.status === 'draft') await tx.db.update(invoices).set({ status: 'sent' }).where(eq(invoices.id, invoiceId));
      if (status === 'draft' && current!.status !== 'draft') throw new ConflictError('A sent invoice cannot go back to draft; cancel it instead', 'already_sent');
      await recalcInvoice(tx, invoiceId);
      await publishRow(tx, def, invoiceId);
      const [row] = await tx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
      const savedLines = await tx.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoice_id, invoiceId)).orderBy(asc(invoiceLineItems.line_no));
      return { ...serialize(def, row as Row), lines: savedLines.map((l) => serialize(entityByName('InvoiceLineItem')!, l as Row)) };
    });
  } catch (err) {
    throw translateDbError(err, 'invoice') ?? err;
  }
}
