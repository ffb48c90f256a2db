import { z } from 'zod';
import { enumOf, optRecordId, optText, recordId, reqText } from './fields.ts';

/** A work order's statuses, in the board's column order (the moves between them: work-order.rules.ts on the server). */
export const WORK_ORDER_STATUSES = ['open', 'in_progress', 'deferred', 'completed', 'closed', 'declined'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
export const WORK_ORDER_STATUS_LABELS: Record<WorkOrderStatus, string> = {
  open: 'Open', in_progress: 'In Progress', deferred: 'Deferred', completed: 'Completed', closed: 'Closed', declined: 'Declined',
};
export const WORK_ORDER_PRIORITIES = ['low', 'normal', 'high', 'emergency'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];
export const WORK_ORDER_CATEGORIES = ['general', 'plumbing', 'electrical', 'landscaping', 'roofing', 'pool', 'pest_control', 'security', 'other'] as const;

/** A stored upload (POST /integration-endpoints/Core/UploadFile answers its URL; the name is its last segment). */
export const storedFileName = z.string({ error: 'A photo must be an uploaded file' }).regex(/^[0-9a-f]{32}\.(png|jpg|webp|gif)$/, 'A photo must be an uploaded file');

/** submitWorkOrder (and the staff's generic create): what the requester says; status, requester and dates are the server's. */
export const submitWorkOrderInput = z.strictObject({
  title: reqText('Title', 200),
  description: optText(5000),
  /** Empty: the common area. */
  property_id: optRecordId('Unit'),
  category: enumOf('Category', WORK_ORDER_CATEGORIES).optional(),
  priority: enumOf('Priority', WORK_ORDER_PRIORITIES).optional(),
  photo_ids: z.array(storedFileName).max(10, 'At most 10 photos').optional(),
});

/** The fields staff change on a work order (status, vendor and bill through their functions). */
export const workOrderUpdateInput = submitWorkOrderInput.omit({ photo_ids: true }).partial();

export const setWorkOrderStatusInput = z.strictObject({ id: recordId('Work order'), status: enumOf('Status', WORK_ORDER_STATUSES) });
export const assignWorkOrderVendorInput = z.strictObject({ id: recordId('Work order'), vendor_id: z.union([recordId('Vendor'), z.null()]) });
export const linkWorkOrderBillInput = z.strictObject({ id: recordId('Work order'), bill_id: z.union([recordId('Bill'), z.null()]) });
export const addWorkOrderCommentInput = z.strictObject({
  id: recordId('Work order'),
  body: reqText('Comment', 5000),
  shared: z.boolean({ error: 'shared must be true or false' }).optional(),
});

export const workOrderCommentSchema = z.object({
  id: z.string(),
  work_order_id: z.string(),
  body: z.string(),
  shared: z.boolean(),
  author_name: z.string().nullable(),
  created_date: z.string(),
});
export type WorkOrderComment = z.infer<typeof workOrderCommentSchema>;

/** A work order as the board and My Account show it: the names it refers to joined in. */
export const workOrderViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  property_id: z.string().nullable(),
  unit_number: z.string().nullable(),
  category: z.string(),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  status: z.enum(WORK_ORDER_STATUSES),
  next_statuses: z.array(z.enum(WORK_ORDER_STATUSES)),
  vendor_id: z.string().nullable(),
  vendor_name: z.string().nullable(),
  bill_id: z.string().nullable(),
  bill_number: z.string().nullable(),
  requested_by_name: z.string().nullable(),
  owner_id: z.string().nullable(),
  photo_ids: z.array(z.string()),
  submitted_on: z.string(),
  status_changed_on: z.string().nullable(),
  comment_count: z.number().int(),
});
export type WorkOrderView = z.infer<typeof workOrderViewSchema>;

export const workOrderDetailSchema = workOrderViewSchema.extend({ comments: z.array(workOrderCommentSchema) });
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

export const workOrdersQuery = z.object({
  status: z.enum(WORK_ORDER_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const workOrdersPage = z.object({ rows: z.array(workOrderViewSchema), total: z.number().int() });
export type WorkOrdersPage = z.infer<typeof workOrdersPage>;
