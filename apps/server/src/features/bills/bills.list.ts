import { eq, or, sql } from 'drizzle-orm';
import type { BillListQuery } from '@covenant/contracts/lists';
import { billListQuery, parseListSort } from '@covenant/contracts/lists';
import { bills, vendors } from '@covenant/db/schema/finance';
import { today, type Ctx } from '../../lib/context.ts';
import { displayedStatus } from '../../lib/displayed-status.ts';
import { sortedBy } from '../../lib/list-order.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { readableWhere } from '../../platform/entities/entities.service.ts';
import { listPage, readableJoin, textIn } from '../../platform/entities/list-page.ts';
import { billEntity } from './bills.entities.ts';

/**
 * GET /lists/bills: one page of bills, newest bill date first unless `sort` names a column, with the vendor's name
 * (when the caller may read vendors); `search` in the bill number or vendor name.
 */
export async function listBills(ctx: Ctx, query: BillListQuery) {
  const q = parseInput(billListQuery, query);
  const vendorDef = ctx.services.registry.requireEntity('Vendor');
  const readable = await readableJoin(ctx, vendorDef);
  const byVendor = textIn(q.search, [vendors.vendor_name]);
  // By vendor: the vendors joined to the page; a name the caller may not read counts as empty and sorts last.
  const vendorOrder = parseListSort(q.sort).key === 'vendor_name';
  const readsEveryVendor = vendorOrder && (await readableWhere(ctx, vendorDef))?.length === 0;
  const vendorName = readsEveryVendor ? sql`${vendors.vendor_name}` : sql`(case when ${readable} then ${vendors.vendor_name} end)`;
  return listPage(ctx, billEntity, {
    where: [
      q.search?.trim()
        ? or(textIn(q.search, [bills.bill_number]), sql`${bills.vendor_id} in (select ${vendors.id} from ${vendors} where ${byVendor} and ${readable})`)
        : undefined,
    ],
    // Each order's index: bills_date_created_idx, the (column, id) ones; by vendor, vendors_name_idx then bills_vendor_number_key.
    orderBy: sortedBy(q.sort, {
      bill_number: [bills.bill_number, bills.id],
      vendor_name: [vendorName, bills.vendor_id, bills.bill_date, bills.id],
      bill_date: [bills.bill_date, bills.created_date, bills.id],
      due_date: [bills.due_date, bills.id],
      total_amount: [bills.total_amount, bills.id],
      balance_due: [bills.balance_due, bills.id],
      // What the screen shows (overdue is computed for today), so no index can hold it: sorted over the matching rows.
      status: [displayedStatus(bills, await today(ctx)), bills.bill_date, bills.id],
    }),
    join: vendorOrder ? { table: vendors, on: eq(vendors.id, bills.vendor_id) } : undefined,
    joined: { vendor_name: sql<string | null>`(select ${vendors.vendor_name} from ${vendors} where ${vendors.id} = ${bills.vendor_id} and ${readable})` },
    limit: q.limit,
    skip: q.skip,
  });
}
