import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  WORK_ORDER_STATUS_LABELS, submitWorkOrderInput, workOrdersQuery, type WorkOrderComment, type WorkOrderDetail, type WorkOrderView, type WorkOrdersPage,
} from '@covenant/contracts/work-orders';
import { workOrderComments, workOrders } from '@covenant/db/schema/work-orders';
import { today, withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { ownRecordsWhere } from '../../platform/entities/scope.ts';
import { publishRecord, recordForActor, referencedRecord } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { defineFunction } from '../../platform/functions/define-function.ts';
import { billEntity } from '../bills/bills.entities.ts';
import { propertyEntity } from '../properties/properties.feature.ts';
import { vendorEntity } from '../vendors/vendors.feature.ts';
import { checkWorkOrderTransition, nextStatuses, type WorkOrderStatus } from './work-order.rules.ts';

type SubmitValues = z.output<typeof submitWorkOrderInput>;

/**
 * The requester's values made a new work order's row: the unit is read through the caller's scope (an owner names
 * only their own units, or none for the common area), and the server sets status, requester and date.
 */
async function newWorkOrderRow(ctx: Ctx, values: SubmitValues, ownerId: string | null): Promise<Row> {
  if (values.property_id) await referencedRecord(ctx, propertyEntity, values.property_id, 'Unit');
  const actor = ctx.actor!;
  return {
    title: values.title,
    description: values.description?.trim() || null,
    property_id: values.property_id ?? null,
    category: values.category ?? 'general',
    priority: values.priority ?? 'normal',
    photo_ids: values.photo_ids ?? [],
    status: 'open',
    requested_by: actor.id,
    requested_by_name: actor.full_name || actor.email,
    owner_id: ownerId,
    submitted_on: await today(ctx),
  };
}

/** WorkOrder: read by staff and the board; an owner reads the ones they submitted. Status, vendor and bill change through the functions. */
export const workOrderEntity: EntityDef = {
  name: 'WorkOrder',
  label: 'work order',
  table: workOrders,
  resource: 'work_orders',
  createInput: submitWorkOrderInput as unknown as z.ZodType<Row>,
  updateInput: submitWorkOrderInput.omit({ photo_ids: true }).partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'owner-field', field: 'owner_id' },
  // An owner follows their request; what it says and where it stands are staff's to change.
  ownEditable: [],
  hooks: {
    prepareCreate: (ctx, values) => newWorkOrderRow(ctx, values as SubmitValues, null),
    async prepareUpdate(ctx, changes) {
      if (typeof changes.property_id === 'string') await referencedRecord(ctx, propertyEntity, changes.property_id, 'Unit');
      return changes;
    },
  },
};

// The comment count an owner sees counts only what is shared with them.
const VIEW = (where: ReturnType<typeof sql>, own: boolean, limit = 500) => sql`
  select work_orders.id, work_orders.title, work_orders.description, work_orders.property_id, p.unit_number, work_orders.category, work_orders.priority, work_orders.status, work_orders.vendor_id, v.vendor_name,
    work_orders.bill_id, b.bill_number, work_orders.requested_by_name, work_orders.owner_id, work_orders.photo_ids, work_orders.submitted_on::text as submitted_on,
    work_orders.status_changed_on::text as status_changed_on, work_orders.created_date,
    (select count(*)::int from ${workOrderComments} c where c.work_order_id = work_orders.id ${own ? sql`and c.shared` : sql``}) as comment_count
  from ${workOrders}
  left join properties p on p.id = work_orders.property_id
  left join vendors v on v.id = work_orders.vendor_id
  left join bills b on b.id = work_orders.bill_id
  where ${where}
  order by case work_orders.priority when 'emergency' then 0 when 'high' then 1 when 'normal' then 2 else 3 end, work_orders.submitted_on desc, work_orders.id
  limit ${limit}`;

/** The caller's reading of work orders: all of them, or (own_records) their own and only the comments shared with them. */
async function readAccess(ctx: Ctx): Promise<{ own: boolean; where: ReturnType<typeof sql> }> {
  const level = await requirePermission(ctx, 'work_orders', 'read');
  const own = level === 'own_records';
  return { own, where: own ? ownRecordsWhere(workOrderEntity, ctx.actor!) : sql`true` };
}

function viewOf(r: Row): WorkOrderView {
  const status = r.status as WorkOrderStatus;
  return {
    id: r.id as string, title: r.title as string, description: (r.description as string | null) ?? null, property_id: (r.property_id as string | null) ?? null,
    unit_number: (r.unit_number as string | null) ?? null, category: r.category as string, priority: r.priority as WorkOrderView['priority'], status,
    next_statuses: [...nextStatuses(status)], vendor_id: (r.vendor_id as string | null) ?? null, vendor_name: (r.vendor_name as string | null) ?? null,
    bill_id: (r.bill_id as string | null) ?? null, bill_number: (r.bill_number as string | null) ?? null, requested_by_name: (r.requested_by_name as string | null) ?? null,
    owner_id: (r.owner_id as string | null) ?? null, photo_ids: (r.photo_ids as string[] | null) ?? [], submitted_on: r.submitted_on as string,
    status_changed_on: (r.status_changed_on as string | null) ?? null, comment_count: Number(r.comment_count),
  };
}

async function viewRows(ctx: Ctx, where: ReturnType<typeof sql>, own: boolean, limit?: number): Promise<Row[]> {
  return (await ctx.db.execute(VIEW(where, own, limit))).rows as Row[];
}

/** GET /work-orders: the board's cards (staff and the board: every one; an owner: their own). */
export async function listWorkOrders(ctx: Ctx, rawQuery: unknown): Promise<WorkOrdersPage> {
  const { own, where } = await readAccess(ctx);
  const query = workOrdersQuery.parse(rawQuery ?? {});
  const filter = query.status ? sql`${where} and work_orders.status = ${query.status}` : where;
  const rows = await viewRows(ctx, filter, own, query.limit);
  const [count] = (await ctx.db.execute(sql`select count(*)::int as n from ${workOrders} where ${filter}`)).rows as Array<{ n: number }>;
  return { rows: rows.map(viewOf), total: Number(count?.n ?? 0) };
}

/** One work order with its comments: the requester sees only those shared with them; another owner's is a 404. */
export async function workOrderDetail(ctx: Ctx, id: string): Promise<WorkOrderDetail> {
  const { own, where } = await readAccess(ctx);
  if (!/^[0-9a-f]{24}$/.test(id)) throw new NotFoundError('Work order not found');
  const [row] = await viewRows(ctx, sql`${where} and work_orders.id = ${id}`, own, 1);
  if (!row) throw new NotFoundError('Work order not found');
  const comments = (await ctx.db.execute(sql`
    select id, work_order_id, body, shared, author_name, created_date from ${workOrderComments}
    where work_order_id = ${id} ${own ? sql`and shared` : sql``} order by created_date, id`)).rows as Row[];
  return {
    ...viewOf(row),
    comments: comments.map((c): WorkOrderComment => ({
      id: c.id as string, work_order_id: c.work_order_id as string, body: c.body as string, shared: c.shared as boolean,
      author_name: (c.author_name as string | null) ?? null, created_date: new Date(c.created_date as string).toISOString(),
    })),
  };
}

/** The work order for a staff change: work_orders read_write, fetched (and locked) through the caller's scope. */
async function workOrderForChange(ctx: Ctx, id: string): Promise<Row> {
  await requirePermission(ctx, 'work_orders', 'create');
  return recordForActor(ctx, workOrderEntity, id, 'update', { lock: true });
}

export const submitWorkOrder = defineFunction('submitWorkOrder', async (ctx, input) => {
  const level = await requirePermission(ctx, 'work_orders', 'update');
  let ownerId: string | null = null;
  if (level === 'own_records') {
    ownerId = ctx.actor!.owner_id;
    if (!ownerId) throw new ForbiddenError('Your sign-in is not linked to an owner record, so it cannot submit work orders; ask the management office');
  }
  const id = await withTransaction(ctx, async (tx) => {
    const row = await newWorkOrderRow(tx, input, ownerId);
    const [made] = await tx.db.insert(workOrders).values({ ...row, created_by: tx.actor!.email } as typeof workOrders.$inferInsert).returning({ id: workOrders.id });
    await publishRecord(tx, workOrderEntity, made!.id, 'create');
    return made!.id;
  });
  return workOrderDetail(ctx, id);
}, { authorize: (ctx) => requirePermission(ctx, 'work_orders', 'update') });

export const setWorkOrderStatus = defineFunction('setWorkOrderStatus', async (ctx, input) => {
  await withTransaction(ctx, async (tx) => {
    const order = await workOrderForChange(tx, input.id);
    const check = checkWorkOrderTransition(order.status as WorkOrderStatus, input.status);
    if (!check.ok) throw new ConflictError(check.message, 'work_order_transition');
    await tx.db.update(workOrders).set({ status: input.status, status_changed_on: await today(tx) }).where(sql`${workOrders.id} = ${input.id}`);
    await tx.db.insert(workOrderComments).values({
      work_order_id: input.id, shared: true, author_id: tx.actor!.id, author_name: tx.actor!.full_name || tx.actor!.email, created_by: tx.actor!.email,
      body: `Status changed from ${WORK_ORDER_STATUS_LABELS[order.status as WorkOrderStatus]} to ${WORK_ORDER_STATUS_LABELS[input.status]}.`,
    });
    await publishRecord(tx, workOrderEntity, input.id);
  });
  return workOrderDetail(ctx, input.id);
}, { authorize: (ctx) => requirePermission(ctx, 'work_orders', 'create') });

export const assignWorkOrderVendor = defineFunction('assignWorkOrderVendor', async (ctx, input) => {
  await withTransaction(ctx, async (tx) => {
    const order = await workOrderForChange(tx, input.id);
    if (input.vendor_id) await referencedRecord(tx, vendorEntity, input.vendor_id, 'Vendor');
    if (order.bill_id && input.vendor_id !== order.vendor_id) {
      throw new ConflictError('A bill of the assigned vendor is linked to this work order: unlink the bill before changing the vendor', 'work_order_bill_linked');
    }
    await tx.db.update(workOrders).set({ vendor_id: input.vendor_id }).where(sql`${workOrders.id} = ${input.id}`);
    await publishRecord(tx, workOrderEntity, input.id);
  });
  return workOrderDetail(ctx, input.id);
}, { authorize: (ctx) => requirePermission(ctx, 'work_orders', 'create') });

export const linkWorkOrderBill = defineFunction('linkWorkOrderBill', async (ctx, input) => {
  await withTransaction(ctx, async (tx) => {
    const order = await workOrderForChange(tx, input.id);
    if (input.bill_id) {
      const bill = await referencedRecord(tx, billEntity, input.bill_id, 'Bill');
      if (!order.vendor_id) throw new ValidationError('Assign a vendor to the work order before linking their bill');
      if (bill.vendor_id !== order.vendor_id) throw new ValidationError(`Bill ${String(bill.bill_number)} is not from the vendor assigned to this work order`);
    }
    await tx.db.update(workOrders).set({ bill_id: input.bill_id }).where(sql`${workOrders.id} = ${input.id}`);
    await publishRecord(tx, workOrderEntity, input.id);
  });
  return workOrderDetail(ctx, input.id);
}, { authorize: (ctx) => requirePermission(ctx, 'work_orders', 'create') });

export const addWorkOrderComment = defineFunction('addWorkOrderComment', async (ctx, input) => {
  await withTransaction(ctx, async (tx) => {
    const level = await requirePermission(tx, 'work_orders', 'update');
    const own = level === 'own_records';
    // An owner's own work order (another's is a 404); what they write is for both sides to read.
    await recordForActor(tx, workOrderEntity, input.id, 'update', { lock: true });
    await tx.db.insert(workOrderComments).values({
      work_order_id: input.id, body: input.body, shared: own ? true : (input.shared ?? false),
      author_id: tx.actor!.id, author_name: tx.actor!.full_name || tx.actor!.email, created_by: tx.actor!.email,
    });
    await publishRecord(tx, workOrderEntity, input.id);
  });
  return workOrderDetail(ctx, input.id);
}, { authorize: (ctx) => requirePermission(ctx, 'work_orders', 'update') });
