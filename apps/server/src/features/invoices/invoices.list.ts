import { and, eq, gt, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceListQuery } from '@covenant/contracts/lists';
import { invoiceListQuery, parseListSort, periodRange } from '@covenant/contracts/lists';
import { ownerProperties } from '@covenant/db/schema/community';
import { invoices } from '@covenant/db/schema/finance';
import { today, type Ctx } from '../../lib/context.ts';
import { displayedStatus } from '../../lib/displayed-status.ts';
import { sortedBy } from '../../lib/list-order.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { recordForActor } from '../../platform/entities/entities.service.ts';
import { listPage, textIn } from '../../platform/entities/list-page.ts';
import { ownerNamed, ownerNameOf, ownerNameOrder } from '../owners/owners.list.ts';
import { invoiceEntity } from './invoices.entities.ts';

/** The Invoices tabs: Outstanding (a balance due), All Invoices (all but cancelled), Cancelled. */
const TABS = {
  outstanding: () => gt(invoices.balance_due, '0'),
  all: () => ne(invoices.status, 'cancelled'),
  cancelled: () => eq(invoices.status, 'cancelled'),
} satisfies Record<string, () => SQL>;

/**
 * GET /lists/invoices: one page of invoices, newest first unless `sort` names a column, with the owner each is
 * billed to. `search` is in the number or names owners (every word in a name or owner id); `period` is a quick
 * date filter around today in the association's time zone; `property_id` (fetched through the caller's scope)
 * keeps the unit's invoices and those of its owners.
 */
export async function listInvoices(ctx: Ctx, query: InvoiceListQuery) {
  const q = parseInput(invoiceListQuery, query);
  const day = await today(ctx);
  const where: Array<SQL | undefined> = [TABS[q.tab]()];
  if (q.period) {
    const { from, to } = periodRange(q.period, day);
    where.push(gte(invoices.invoice_date, from), lt(invoices.invoice_date, to));
  }
  if (q.property_id) {
    const property = await recordForActor(ctx, ctx.services.registry.requireEntity('Property'), q.property_id, 'read');
    where.push(or(eq(invoices.property_id, property.id as string), sql`${invoices.owner_id} in (select ${ownerProperties.owner_id} from ${ownerProperties} where ${ownerProperties.property_id} = ${property.id})`));
  }
  const named = await ownerNamed(ctx, q.search, invoices.owner_id);
  const numbered = textIn(q.search, [invoices.invoice_number]);
  if (numbered) where.push(named ? or(numbered, named) : numbered);
  const byOwner = parseListSort(q.sort).key === 'owner' ? await ownerNameOrder(ctx, invoices.owner_id) : undefined;
  return listPage(ctx, invoiceEntity, {
    where: [and(...where.filter((w): w is SQL => !!w))],
    // Each order's index: invoices_number_key, invoices_date_number_idx, the (column, id) ones; by owner, the owners' names then invoices_owner_idx.
    orderBy: sortedBy(q.sort, {
      invoice_number: [invoices.invoice_number, invoices.id],
      invoice_date: [invoices.invoice_date, invoices.invoice_number, invoices.id],
      due_date: [invoices.due_date, invoices.id],
      owner: [...(byOwner?.terms ?? []), invoices.invoice_date, invoices.id],
      total_amount: [invoices.total_amount, invoices.id],
      balance_due: [invoices.balance_due, invoices.id],
      // What the screen shows (overdue is computed for today), so no index can hold it: sorted over the matching rows.
      status: [displayedStatus(invoices, day), invoices.invoice_date, invoices.id],
    }),
    join: byOwner?.join,
    joined: { owner: await ownerNameOf(ctx, invoices.owner_id) },
    limit: q.limit,
    skip: q.skip,
  });
}
