import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { WORK_ORDER_STATUSES, WORK_ORDER_STATUS_LABELS, type WorkOrderView } from '@covenant/contracts/work-orders';
import { ListPage, ListSkeleton } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { useLiveRefresh } from '@/lib/entities';
import { humanize } from '@/lib/format';
import { priorityVariant, WorkOrderDialog } from './work-order-dialog';
import { WorkOrderFormDialog } from './work-order-form';
import { workOrderKeys, workOrdersQuery } from './work-orders.api';

/** A card of the board: opens the work order. */
export function WorkOrderCard({ order, onOpen }: { order: WorkOrderView; onOpen(): void }) {
  return (
    <li>
      <button type="button" onClick={onOpen} className="bg-card hover:bg-accent focus-visible:ring-ring w-full rounded-md border p-3 text-left text-sm shadow-xs focus-visible:ring-2 focus-visible:outline-none">
        <span className="block font-medium">{order.title}</span>
        <span className="text-muted-foreground block text-xs">{order.unit_number ? `Unit ${order.unit_number}` : 'Common area'} · {order.submitted_on}</span>
        <span className="mt-2 flex flex-wrap gap-1">
          <Badge variant={priorityVariant(order.priority)}>{humanize(order.priority)}</Badge>
          {order.vendor_name ? <Badge variant="outline">{order.vendor_name}</Badge> : null}
          {order.comment_count ? <Badge variant="outline">{order.comment_count} {order.comment_count === 1 ? 'comment' : 'comments'}</Badge> : null}
        </span>
      </button>
    </li>
  );
}

/** Work Orders: a board with a column per status; staff add, move, assign and comment; the board reads. */
export default function WorkOrdersPage() {
  const user = useCurrentUser();
  const { canRead, canWrite } = accessOf(user, 'work_orders');
  const orders = useQuery({ ...workOrdersQuery(), enabled: canRead });
  useLiveRefresh(workOrderKeys.all, 'WorkOrder');
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = orders.data?.rows ?? [];
  return (
    <ListPage
      title="Work Orders"
      description="Maintenance requests by status, emergencies first"
      canRead={canRead}
      error={orders.error}
      actions={canWrite ? <Button onClick={() => setAdding(true)}><PlusIcon aria-hidden="true" />New Work Order</Button> : null}
    >
      {orders.isPending ? <ListSkeleton label="Loading work orders" cards /> : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
          {WORK_ORDER_STATUSES.map((status) => {
            const column = rows.filter((r) => r.status === status);
            return (
              <section key={status} aria-labelledby={`column-${status}`} className="bg-muted/40 space-y-2 rounded-lg p-2">
                <h2 id={`column-${status}`} className="flex items-center justify-between px-1 text-sm font-semibold">
                  {WORK_ORDER_STATUS_LABELS[status]}
                  <span className="text-muted-foreground font-normal">{column.length}</span>
                </h2>
                {column.length === 0 ? <p className="text-muted-foreground px-1 text-xs">None</p> : (
                  <ul className="space-y-2" aria-label={`${WORK_ORDER_STATUS_LABELS[status]} work orders`}>
                    {column.map((o) => <WorkOrderCard key={o.id} order={o} onOpen={() => setOpenId(o.id)} />)}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
      {adding ? <WorkOrderFormDialog title="New Work Order" onClose={() => setAdding(false)} /> : null}
      {openId ? <WorkOrderDialog id={openId} staff={canWrite} onClose={() => setOpenId(null)} /> : null}
    </ListPage>
  );
}
