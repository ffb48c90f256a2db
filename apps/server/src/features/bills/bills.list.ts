import { desc, or, sql } from 'drizzle-orm';
import type { PagingQuery } from '@covenant/contracts/lists';
import { billListQuery } from '@covenant/contracts/lists';
import { bills, vendors } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { listPage, readableJoin, textIn } from '../../platform/entities/list-page.ts';
import { billEntity } from './bills.entities.ts';

/** GET /lists/bills: one page of bills, newest bill date first, with the vendor's name (when the caller may read vendors); `search` in the bill number or vendor name. */
export async function listBills(ctx: Ctx, query: PagingQuery) {
  const q = parseInput(billListQuery, query);
  const readable = await readableJoin(ctx, ctx.services.registry.requireEntity('Vendor'));
  const byVendor = textIn(q.search, [vendors.vendor_name]);
  return listPage(ctx, billEntity, {
    where: [
      q.search?.trim()
        ? or(textIn(q.search, [bills.bill_number]), sql`${bills.vendor_id} in (select ${vendors.id} from ${vendors} where ${byVendor} and ${readable})`)
        : undefined,
    ],
    orderBy: [desc(bills.bill_date), desc(bills.created_date), desc(bills.id)],
    joined: { vendor_name: sql<string | null>`(select ${vendors.vendor_name} from ${vendors} where ${vendors.id} = ${bills.vendor_id} and ${readable})` },
    limit: q.limit,
    skip: q.skip,
  });
}
