import { defineFunction } from '../../platform/functions/define-function.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import type { Feature } from '../../platform/registry.ts';
import { billWithLines, cancelBill, createBill, reviseBill } from './bill.commands.ts';
import { billEntity, billLineEntity, billPaymentEntity } from './bills.entities.ts';
import { billListPage, billListQuery } from '@covenant/contracts/lists';
import { registerListRoute } from '../../platform/entities/list-page.ts';
import { listBills } from './bills.list.ts';

/** saveBill: a bill with its lines in one transaction, posted once (Dr expenses and tax / Cr A/P). */
const saveBill = defineFunction('saveBill', async (ctx, input) => {
  const { id, lines, status, ...fields } = input;
  if (!id) {
    await requirePermission(ctx, 'bills', 'create');
    return billWithLines(ctx, await createBill(ctx, { ...fields, status, lines }));
  }
  await reviseBill(ctx, id, { fields: { ...fields, status }, lines });
  return billWithLines(ctx, id);
});

const cancelBillFn = defineFunction('cancelBill', async (ctx, input) => {
  await cancelBill(ctx, input.id, { date: input.date, reason: input.reason });
  return billWithLines(ctx, input.id);
});

export const billsFeature: Feature = {
  name: 'bills', routes: async (app) => registerListRoute(app, 'bills', billListQuery, billListPage, listBills),
  entities: [billEntity, billLineEntity, billPaymentEntity],
  functions: [saveBill, cancelBillFn],
};
