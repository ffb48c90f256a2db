import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { WORK_ORDER_STATUS_LABELS } from '@covenant/contracts/work-orders';
import { DataTable } from '@/components/data-table';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useLiveRefresh } from '@/lib/entities';
import { WorkOrderDialog } from './work-order-dialog';
import { WorkOrderFormDialog } from './work-order-form';
import { workOrderKeys, workOrdersQuery } from './work-orders.api';

/** My Account's Requests: the owner submits a work order and follows theirs (status, shared comments). */
export function MyRequests() {
  const orders = useQuery(workOrdersQuery());
  useLiveRefresh(workOrderKeys.all, 'WorkOrder');
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <section aria-label="Requests">
      <SectionCard
      title="Requests"
      description="Maintenance requests you submitted, and where each one stands"
      action={<Button onClick={() => setAdding(true)}><PlusIcon aria-hidden="true" />New Request</Button>}
    >
      <DataTable
        label="Your requests"
        loading={orders.isPending && 'Loading your requests'}
        rows={orders.data?.rows ?? []}
        rowKey={(o) => o.id}
        rowProps={(o) => ({ 'aria-label': o.title })}
        empty="You have not submitted any requests"
        columns={[
          { id: 'title', header: 'Request', cell: (o) => o.title },
          { id: 'unit', header: 'Unit', hideBelow: 'sm', cell: (o) => o.unit_number ?? 'Common area' },
          { id: 'submitted', header: 'Submitted', hideBelow: 'sm', cell: (o) => o.submitted_on },
          { id: 'status', header: 'Status', cell: (o) => <Badge variant="secondary">{WORK_ORDER_STATUS_LABELS[o.status]}</Badge> },
        ]}
        actionsHeader={<span className="sr-only">Open</span>}
        actions={(o) => <Button variant="outline" size="sm" aria-label={`Open ${o.title}`} onClick={() => setOpenId(o.id)}>Open</Button>}
      />
      {adding ? <WorkOrderFormDialog title="New Request" onClose={() => setAdding(false)} /> : null}
      {openId ? <WorkOrderDialog id={openId} staff={false} onClose={() => setOpenId(null)} /> : null}
      </SectionCard>
    </section>
  );
}
