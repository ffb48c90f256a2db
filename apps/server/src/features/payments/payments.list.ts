import { or, sql } from 'drizzle-orm';
import type { PaymentListQuery } from '@covenant/contracts/lists';
import { parseListSort, paymentListQuery } from '@covenant/contracts/lists';
import { payments } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { sortedBy } from '../../lib/list-order.ts';
import { listPage, textIn } from '../../platform/entities/list-page.ts';
import { ownerNamed, ownerNameOf, ownerNameOrder } from '../owners/owners.list.ts';
import { paymentEntity } from './payments.entities.ts';

/**
 * GET /lists/payments: one page of payments, newest first unless `sort` names a column, with the owner's name;
 * `search` in the reference or naming owners.
 */
export async function listPayments(ctx: Ctx, query: PaymentListQuery) {
  const q = parseInput(paymentListQuery, query);
  const named = await ownerNamed(ctx, q.search, payments.owner_id);
  const referenced = textIn(q.search, [payments.reference_number]);
  const byOwner = parseListSort(q.sort).key === 'owner' ? await ownerNameOrder(ctx, payments.owner_id) : undefined;
  return listPage(ctx, paymentEntity, {
    where: [referenced && named ? or(referenced, named) : referenced],
    // Each order's index: payments_date_number_idx, the (column, id) ones; by owner, the owners' names then payments_owner_idx.
    orderBy: sortedBy(q.sort, {
      payment_date: [payments.payment_date, payments.payment_number, payments.id],
      owner: [...(byOwner?.terms ?? []), payments.payment_date, payments.id],
      // By the method's name as the screen writes it (an enum sorts in its declared order), over the matching rows.
      payment_method: [sql`${payments.payment_method}::text`, payments.payment_date, payments.id],
      reference_number: [payments.reference_number, payments.id],
      amount: [payments.amount, payments.id],
    }),
    join: byOwner?.join,
    joined: { owner: await ownerNameOf(ctx, payments.owner_id) },
    limit: q.limit,
    skip: q.skip,
  });
}
