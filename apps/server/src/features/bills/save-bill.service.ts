import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { billInput, billLineInput } from '@covenant/contracts/entities';
import { centsToDecimal, multiplyCents, toCents } from '@covenant/contracts/money';
import { recordId } from '@covenant/contracts/fields';
import { billLineItems, bills } from '@covenant/db/schema/finance';
import { withTransaction, type Ctx } from '../../lib/context.ts';
import { translateDbError } from '../../lib/db-errors.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { parseInput } from '../../platform/auth/auth.service.ts';
import { entityByName } from '../../platform/entities/definitions.ts';
import { createEntityIn, publishRow } from '../../platform/entities/entities.service.ts';
import type { Row } from '../../platform/entities/entity-def.ts';
import { serialize } from '../../platform/entities/query.ts';
import { billHooks, recalcBill } from './bills.service.ts';

export const saveBillInput = billInput
  .omit({ subtotal: true, total_amount: true, balance_due: true, amount_paid: true })
  .extend({
    id: z.string().regex(/^[0-9a-f]{24}$/, 'id must be a record id').optional(),
    status: z.enum(['draft', 'pending'], { error: 'status must be draft or pending' }).default('pending'),
    lines: z
      .array(billLineInput.omit({ bill_id: true, extended_price: true, account_id: true }).extend({ account_id: recordId('Expense account') }))
      .max(200, 'A bill has at most 200 lines'),
  });

/** Saves a bill with its lines in one transaction and posts it once (Dr expenses and tax / Cr A/P). */
export async function saveBill(ctx: Ctx, params: Record<string, unknown>) {
  const input = parseInput(saveBillInput, params);
  await requirePermission(ctx, 'bills', input.id ? 'update' : 'create');
  const { id, lines, status, ...fields } = input;
  const def = entityByName('Bill')!;
  try {
    return await withTransaction(ctx, async (tx) => {
      let billId: string;
      if (!id) {
        billId = (await createEntityIn(tx, def, { ...fields, status: 'draft' })).id as string;
      } else {
        const [existing] = await tx.db.select().from(bills).where(and(eq(bills.id, id), isNull(bills.deleted_at))).for('update').limit(1);
        if (!existing) throw new NotFoundError('Bill not found');
        const changes = await billHooks.prepareUpdate!(tx, { ...fields }, existing as Row);
        if (Object.keys(changes).length) await tx.db.update(bills).set(changes as never).where(eq(bills.id, id));
        await tx.db.delete(billLineItems).where(eq(billLineItems.bill_id, id));
        billId = id;
      }
      for (const [i, line] of lines.entries()) {
        await tx.db.insert(billLineItems).values({
          ...line,
          quantity: String(line.quantity),
          unit_price: String(line.unit_price),
          extended_price: centsToDecimal(multiplyCents(toCents(line.unit_price), line.quantity)),
          bill_id: billId,
          line_no: i + 1,
          created_by: tx.actor?.email ?? null,
        } as never);
      }
      const [current] = await tx.db.select({ status: bills.status }).from(bills).where(eq(bills.id, billId));
      if (status === 'pending' && current!.status === 'draft') await tx.db.update(bills).set({ status: 'pending' }).where(eq(bills.id, billId));
      if (status === 'draft' && current!.status !== 'draft') throw new ConflictError('A recorded bill cannot go back to draft; cancel it instead', 'already_posted');
      await recalcBill(tx, billId);
      await publishRow(tx, def, billId);
      const [row] = await tx.db.select().from(bills).where(eq(bills.id, billId));
      const savedLines = await tx.db.select().from(billLineItems).where(eq(billLineItems.bill_id, billId)).orderBy(asc(billLineItems.line_no));
      return { ...serialize(def, row as Row), lines: savedLines.map((l) => serialize(entityByName('BillLineItem')!, l as Row)) };
    });
  } catch (err) {
    throw translateDbError(err, 'bill') ?? err;
  }
}
