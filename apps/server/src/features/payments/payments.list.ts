import { desc, or } from 'drizzle-orm';
import type { PagingQuery } from '@covenant/contracts/lists';
import { paymentListQuery } from '@covenant/contracts/lists';
import { payments } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { listPage, textIn } from '../../platform/entities/list-page.ts';
import { ownerNamed, ownerNameOf } from '../owners/owners.list.ts';
import { paymentEntity } from './payments.entities.ts';

/** GET /lists/payments: one page of payments, newest first, with the owner's name; `search` in the reference or naming owners. */
export async function listPayments(ctx: Ctx, query: PagingQuery) {
  const q = parseInput(paymentListQuery, query);
  const named = await ownerNamed(ctx, q.search, payments.owner_id);
  const referenced = textIn(q.search, [payments.reference_number]);
  return listPage(ctx, paymentEntity, {
    where: [referenced && named ? or(referenced, named) : referenced],
    orderBy: [desc(payments.payment_date), desc(payments.payment_number), desc(payments.id)],
    joined: { owner: await ownerNameOf(ctx, payments.owner_id) },
    limit: q.limit,
    skip: q.skip,
  });
}
