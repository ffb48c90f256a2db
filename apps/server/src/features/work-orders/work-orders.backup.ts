import { workOrderComments, workOrders } from '@covenant/db/schema/work-orders';
import { tableStep } from '../../platform/backup/table-step.ts';

/** Work orders with their unit, vendor, requesting owner and linked bill, then their comments. */
export const workOrdersBackupStep = tableStep('work-orders', 90, [
  {
    collection: 'workOrders', entity: 'WorkOrder', label: 'work order', table: workOrders,
    refs: { property_id: 'properties', vendor_id: 'vendors', owner_id: 'owners', bill_id: 'bills' }, describe: (r) => `work order ${String(r.title)}`,
  },
  { collection: 'workOrderComments', entity: 'WorkOrderComment', label: 'work order comment', table: workOrderComments, refs: { work_order_id: 'work_orders' } },
]);
