import { desc } from 'drizzle-orm';
import type { PagingQuery } from '@covenant/contracts/lists';
import { vendorListQuery } from '@covenant/contracts/lists';
import { vendors } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { listPage, textIn } from '../../platform/entities/list-page.ts';
import { vendorEntity } from './vendors.feature.ts';

/** GET /lists/vendors: one page of vendors, newest first; `search` in the name or contact person. */
export async function listVendors(ctx: Ctx, query: PagingQuery) {
  const q = parseInput(vendorListQuery, query);
  return listPage(ctx, vendorEntity, {
    where: [textIn(q.search, [vendors.vendor_name, vendors.contact_person])],
    orderBy: [desc(vendors.created_date), desc(vendors.id)],
    limit: q.limit,
    skip: q.skip,
  });
}
