import { useQuery } from '@tanstack/react-query';
import { CheckIcon, PlusIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { isRecordsRequestOverdue } from '@covenant/contracts/association-documents';
import { centsToDecimal, formatMoney, toCents } from '@covenant/contracts/money';
import { DataTable } from '@/components/data-table';
import { closeOnSuccess, DialogButtons } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { today } from '@/lib/dates';
import { recordsRequestsQuery, useCreateRecordsRequest, useFulfilRecordsRequest, type RecordsRequest } from './documents.api';

function NewRecordsRequestDialog({ onClose }: { onClose(): void }) {
  const id = useId();
  const create = useCreateRecordsRequest();
  const [requestedBy, setRequestedBy] = useState('');
  const [description, setDescription] = useState('');
  const [receivedOn, setReceivedOn] = useState(today());
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ requested_by: requestedBy, description, received_on: receivedOn }, closeOnSuccess('Records request logged', onClose));
  };
  return (
    <Dialog open onOpenChange={(open) => { if (!open) onClose(); }}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New Records Request</DialogTitle>
          <DialogDescription>The due date follows the state's rule from the day it was received.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-4">
          <div className="space-y-1">
            <Label htmlFor={`${id}-by`}>Requested by *</Label>
            <Input id={`${id}-by`} value={requestedBy} onChange={(e) => setRequestedBy(e.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-description`}>Records asked for *</Label>
            <Textarea id={`${id}-description`} value={description} onChange={(e) => setDescription(e.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-received`}>Received on *</Label>
            <Input id={`${id}-received`} type="date" value={receivedOn} onChange={(e) => setReceivedOn(e.target.value)} />
          </div>
          <FormError error={create.error} />
          <DialogButtons onCancel={onClose} isPending={create.isPending}>Save</DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function FulfilDialog({ request, onClose }: { request: RecordsRequest; onClose(): void }) {
  const id = useId();
  const fulfil = useFulfilRecordsRequest();
  const [fulfilledOn, setFulfilledOn] = useState(today());
  const [fee, setFee] = useState(request.fee_cents ? String(request.fee_cents / 100) : '0');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    fulfil.mutate({ id: request.id, fulfilled_on: fulfilledOn, fee_cents: toCents(fee || 0) }, closeOnSuccess('Records request fulfilled', onClose));
  };
  return (
    <Dialog open onOpenChange={(open) => { if (!open) onClose(); }}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark Fulfilled</DialogTitle>
          <DialogDescription>{`${request.requested_by}: ${request.description}`}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-4">
          <div className="space-y-1">
            <Label htmlFor={`${id}-on`}>Fulfilled on *</Label>
            <Input id={`${id}-on`} type="date" value={fulfilledOn} onChange={(e) => setFulfilledOn(e.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-fee`}>Fee for copies ($)</Label>
            <Input id={`${id}-fee`} type="number" min="0" step="0.01" inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} />
          </div>
          <FormError error={fulfil.error} />
          <DialogButtons onCancel={onClose} isPending={fulfil.isPending}>
            <CheckIcon aria-hidden="true" /> Mark Fulfilled
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Documents' Records Requests (staff): each request with its due date by the state's rule, overdue marked, fulfilled with its fee. */
export function RecordsRequests() {
  const list = useQuery(recordsRequestsQuery());
  const [adding, setAdding] = useState(false);
  const [fulfilling, setFulfilling] = useState<RecordsRequest | null>(null);
  const day = today();
  return (
    <section aria-label="Records Requests">
      <SectionCard
        title="Records Requests"
        description="Owners' requests to inspect or copy records, due by the state's rule"
        action={<Button variant="outline" onClick={() => setAdding(true)}><PlusIcon aria-hidden="true" /> New Records Request</Button>}
      >
        <FormError error={list.error} />
        <DataTable<RecordsRequest>
          label="Records requests"
          rows={list.data?.rows ?? []}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ 'aria-label': `Records request from ${r.requested_by}` })}
          loading={list.isPending ? 'Loading records requests' : false}
          empty="No records requests"
          columns={[
            { id: 'by', header: 'Requested by', cell: (r) => r.requested_by },
            { id: 'description', header: 'Records', hideBelow: 'md', cell: (r) => r.description },
            { id: 'received', header: 'Received', hideBelow: 'sm', cell: (r) => r.received_on },
            {
              id: 'due', header: 'Due',
              cell: (r) => (
                <span title={r.due_rule}>
                  {r.due_on ?? '—'} {isRecordsRequestOverdue(r, day) ? <Badge variant="destructive">Overdue</Badge> : null}
                </span>
              ),
            },
            { id: 'fulfilled', header: 'Fulfilled', cell: (r) => (r.fulfilled_on ? `${r.fulfilled_on}, fee ${formatMoney(centsToDecimal(r.fee_cents))}` : 'Open') },
          ]}
          actionsHeader={<span className="sr-only">Fulfil</span>}
          actions={(r) => (r.fulfilled_on ? null : (
            <Button variant="outline" size="sm" aria-label={`Mark fulfilled: ${r.requested_by}`} onClick={() => setFulfilling(r)}>Mark Fulfilled</Button>
          ))}
        />
      </SectionCard>
      {adding ? <NewRecordsRequestDialog onClose={() => setAdding(false)} /> : null}
      {fulfilling ? <FulfilDialog request={fulfilling} onClose={() => setFulfilling(null)} /> : null}
    </section>
  );
}
