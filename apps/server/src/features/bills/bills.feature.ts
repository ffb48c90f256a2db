import { z } from 'zod';
import { billInput, billLineInput } from '@covenant/contracts/entities';
import { isoDate, optText, recordId } from '@covenant/contracts/fields';
import type { Ctx } from '../../lib/context.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import type { Feature } from '../../platform/registry.ts';
import { billWithLines, cancelBill, createBill, reviseBill } from './bill.commands.ts';
import { billEntity, billLineEntity, billPaymentEntity } from './bills.entities.ts';
import { billListPage, billListQuery } from '@covenant/contracts/lists';
import { registerListRoute } from '../../platform/entities/list-page.ts';
import { listBills } from './bills.list.ts';

export const saveBillInput = billInput
  .omit({ subtotal: true, total_amount: true, balance_due: true, amount_paid: true })
  .extend({
    id: recordId('id').optional(),
    status: z.enum(['draft', 'pending'], { error: 'status must be draft or pending' }).default('pending'),
    lines: z
      .array(billLineInput.omit({ bill_id: true, extended_price: true, account_id: true }).extend({ account_id: recordId('Expense account') }))
      .max(200, 'A bill has at most 200 lines'),
  });

/** saveBill: a bill with its lines in one transaction, posted once (Dr expenses and tax / Cr A/P). */
async function saveBill(ctx: Ctx, params: Record<string, unknown>) {
  const input = parseInput(saveBillInput, params);
  const { id, lines, status, ...fields } = input;
  if (!id) {
    await requirePermission(ctx, 'bills', 'create');
    return billWithLines(ctx, await createBill(ctx, { ...fields, status, lines }));
  }
  await reviseBill(ctx, id, { fields: { ...fields, status }, lines });
  return billWithLines(ctx, id);
}

const cancelBillInput = z.strictObject({ id: recordId('id'), date: isoDate('Cancellation date').optional(), reason: optText(500) });

async function cancelBillFn(ctx: Ctx, params: Record<string, unknown>) {
  const input = parseInput(cancelBillInput, params);
  await cancelBill(ctx, input.id, { date: input.date, reason: input.reason });
  return billWithLines(ctx, input.id);
}

const STAFF_WRITE = 'bills read_write (administrators, property managers)';

export const billsFeature: Feature = {
  name: 'bills', routes: async (app) => registerListRoute(app, 'bills', billListQuery, billListPage, listBills),
  entities: [billEntity, billLineEntity, billPaymentEntity],
  functions: [
    { name: 'saveBill', access: STAFF_WRITE, handler: saveBill },
    { name: 'cancelBill', access: STAFF_WRITE, handler: cancelBillFn },
  ],
};
