import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { WORK_ORDER_STATUS_LABELS, type WorkOrderDetail, type WorkOrderStatus } from '@covenant/contracts/work-orders';
import { FormError } from '@/components/form-error';
import { OptionSelect } from '@/components/option-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { entityListQuery } from '@/lib/entities';
import { humanize } from '@/lib/format';
import { useWorkOrderCall, workOrderQuery } from './work-orders.api';

interface Vendor { id: string; vendor_name: string }
interface Bill { id: string; bill_number: string; bill_date: string; total_amount: number }

/** The verb of each move, on its button. */
const MOVE_LABELS: Record<WorkOrderStatus, string> = {
  open: 'Reopen', in_progress: 'Start Work', deferred: 'Defer', completed: 'Mark Completed', closed: 'Close', declined: 'Decline',
};

export const priorityVariant = (p: string) => (p === 'emergency' ? 'destructive' : p === 'high' ? 'default' : 'secondary');

/** One work order: where it stands and its comments; staff also move it, assign the vendor and link their bill. */
export function WorkOrderDialog({ id, staff, onClose }: { id: string; staff: boolean; onClose(): void }) {
  const order = useQuery(workOrderQuery(id));
  const o = order.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{o?.title ?? 'Work order'}</DialogTitle>
          <DialogDescription>{o ? `${o.unit_number ? `Unit ${o.unit_number}` : 'Common area'} · submitted ${o.submitted_on}${o.requested_by_name ? ` by ${o.requested_by_name}` : ''}` : 'Loading the work order'}</DialogDescription>
        </DialogHeader>
        <FormError error={order.error} />
        {order.isPending ? <Skeleton className="h-40" role="status" aria-label="Loading the work order" /> : null}
        {o ? (
          <div className="space-y-5">
            <div className="flex flex-wrap items-center gap-2">
              <Badge>{WORK_ORDER_STATUS_LABELS[o.status]}</Badge>
              <Badge variant={priorityVariant(o.priority)}>{humanize(o.priority)}</Badge>
              <Badge variant="outline">{humanize(o.category)}</Badge>
            </div>
            {o.description ? <p className="whitespace-pre-wrap text-sm">{o.description}</p> : null}
            {staff ? <StatusMoves order={o} /> : null}
            {staff ? <VendorAndBill order={o} /> : o.vendor_name ? <p className="text-sm">Vendor: {o.vendor_name}</p> : null}
            <Comments order={o} staff={staff} />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function StatusMoves({ order }: { order: WorkOrderDetail }) {
  const move = useWorkOrderCall('setWorkOrderStatus');
  if (order.next_statuses.length === 0) return <p className="text-muted-foreground text-sm">A {WORK_ORDER_STATUS_LABELS[order.status]} work order cannot change status.</p>;
  return (
    <section aria-label="Status" className="space-y-2">
      <h3 className="text-sm font-medium">Move to</h3>
      <div className="flex flex-wrap gap-2">
        {order.next_statuses.map((s) => (
          <Button
            key={s} size="sm" variant={s === 'declined' ? 'outline' : 'default'} disabled={move.isPending}
            onClick={() => move.mutate({ id: order.id, status: s }, { onSuccess: () => toast.success(`Work order ${WORK_ORDER_STATUS_LABELS[s]}`), onError: (e) => toast.error(e.message) })}
          >
            {MOVE_LABELS[s]}
          </Button>
        ))}
      </div>
    </section>
  );
}

function VendorAndBill({ order }: { order: WorkOrderDetail }) {
  const vendorId = useId();
  const billId = useId();
  const vendors = useQuery(entityListQuery<Vendor>('Vendor', { limit: 500, sort: 'vendor_name' }));
  const bills = useQuery({ ...entityListQuery<Bill>('Bill', { q: { vendor_id: order.vendor_id ?? '' }, limit: 200, sort: '-bill_date' }), enabled: !!order.vendor_id });
  const assign = useWorkOrderCall('assignWorkOrderVendor');
  const link = useWorkOrderCall('linkWorkOrderBill');
  const fail = { onError: (e: Error) => toast.error(e.message) };
  return (
    <section aria-label="Vendor and bill" className="grid gap-4 sm:grid-cols-2">
      <div className="space-y-2">
        <Label htmlFor={vendorId}>Vendor</Label>
        <OptionSelect
          id={vendorId} value={order.vendor_id ?? ''} noneLabel="No vendor" placeholder="No vendor" disabled={assign.isPending}
          options={(vendors.data ?? []).map((v) => ({ id: v.id, text: v.vendor_name }))}
          onChange={(v) => assign.mutate({ id: order.id, vendor_id: v || null }, { onSuccess: () => toast.success(v ? 'Vendor assigned' : 'Vendor removed'), ...fail })}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={billId}>Vendor&apos;s bill</Label>
        <OptionSelect
          id={billId} value={order.bill_id ?? ''} noneLabel="No bill" placeholder={order.vendor_id ? 'No bill' : 'Assign a vendor first'} disabled={!order.vendor_id || link.isPending}
          options={(bills.data ?? []).map((b) => ({ id: b.id, text: `${b.bill_number} (${b.bill_date})` }))}
          onChange={(v) => link.mutate({ id: order.id, bill_id: v || null }, { onSuccess: () => toast.success(v ? 'Bill linked' : 'Bill unlinked'), ...fail })}
        />
      </div>
    </section>
  );
}

function Comments({ order, staff }: { order: WorkOrderDetail; staff: boolean }) {
  const bodyId = useId();
  const [body, setBody] = useState('');
  const [shared, setShared] = useState(false);
  const add = useWorkOrderCall('addWorkOrderComment');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ id: order.id, body, shared: staff ? shared : true }, { onSuccess: () => { setBody(''); toast.success('Comment added'); } });
  };
  return (
    <section aria-label="Comments" className="space-y-3">
      <h3 className="text-sm font-medium">Comments</h3>
      {order.comments.length === 0 ? <p className="text-muted-foreground text-sm">No comments yet</p> : (
        <ul className="space-y-2">
          {order.comments.map((c) => (
            <li key={c.id} className="rounded-md border p-2 text-sm">
              <div className="text-muted-foreground flex flex-wrap items-center gap-2 text-xs">
                <span>{c.author_name ?? 'Staff'}</span>
                <span>{c.created_date.slice(0, 10)}</span>
                {staff ? <Badge variant={c.shared ? 'secondary' : 'outline'}>{c.shared ? 'Shared with requester' : 'Internal'}</Badge> : null}
              </div>
              <p className="mt-1 whitespace-pre-wrap">{c.body}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} className="space-y-2">
        <FormError error={add.error} />
        <Label htmlFor={bodyId}>New comment</Label>
        <Textarea id={bodyId} rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          {staff ? (
            <div className="flex items-center gap-2">
              <Checkbox id={`${bodyId}-shared`} checked={shared} onCheckedChange={(on) => setShared(on === true)} />
              <Label htmlFor={`${bodyId}-shared`} className="font-normal">Share with the requester</Label>
            </div>
          ) : <span />}
          <Button type="submit" size="sm" disabled={add.isPending || !body.trim()}>Add Comment</Button>
        </div>
      </form>
    </section>
  );
}
