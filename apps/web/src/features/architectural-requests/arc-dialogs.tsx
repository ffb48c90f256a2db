import { useQuery } from '@tanstack/react-query';
import { FileDownIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  ARC_CATEGORIES, ARC_STATUS_LABELS, submitArchitecturalRequestInput, type ArcDecision, type ArchitecturalRequestView,
} from '@covenant/contracts/architectural-requests';
import { closeOnSuccess } from '@/components/dialog-form';
import { BoundField, EntityFormDialog, SelectField, TextareaField, useContractForm } from '@/components/entity-form';
import { FormError } from '@/components/form-error';
import { OptionSelect } from '@/components/option-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { entityListQuery } from '@/lib/entities';
import { humanize } from '@/lib/format';
import { downloadDecisionLetter, useArcCall } from './architectural-requests.api';

interface Unit { id: string; unit_number: string }

export function ArcStatusBadge({ r }: { r: ArchitecturalRequestView }) {
  const variant = r.status === 'denied' ? 'destructive' : r.status === 'approved' || r.status === 'approved_with_conditions' ? 'default' : 'secondary';
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={variant}>{ARC_STATUS_LABELS[r.status]}</Badge>
      {r.status === 'reconsidered' && r.decision ? <Badge variant="outline">{humanize(r.decision)}</Badge> : null}
      {r.is_overdue ? <Badge variant="destructive">Overdue</Badge> : null}
    </span>
  );
}

/** An owner's new request for one of their units (the server reads the same scope). */
export function NewArcDialog({ onClose }: { onClose(): void }) {
  const units = useQuery(entityListQuery<Unit>('Property', { limit: 500, sort: 'unit_number' }));
  const form = useContractForm(submitArchitecturalRequestInput, { property_id: '', category: 'fence', description: '' });
  const submit = useArcCall('submitArchitecturalRequest');
  return (
    <EntityFormDialog
      title="New Architectural Request"
      description="Describe the change you plan; the association answers by the date shown once you submit."
      form={form}
      onSubmit={(body) => submit.mutate(body, closeOnSuccess('Architectural request submitted', onClose))}
      onClose={onClose}
      isPending={submit.isPending}
      error={submit.error}
      submitLabel="Submit Request"
    >
      <BoundField name="property_id" label="Unit *">
        {(field) => (
          <OptionSelect value={(field.value as string | null | undefined) ?? ''} onChange={field.onChange} placeholder="Choose the unit" options={(units.data ?? []).map((u) => ({ id: u.id, text: u.unit_number }))} />
        )}
      </BoundField>
      <SelectField name="category" label="Category *" options={ARC_CATEGORIES.map((c) => ({ value: c, label: humanize(c) }))} />
      <TextareaField name="description" label="Description *" rows={5} />
    </EntityFormDialog>
  );
}

/** One request: what was asked and decided; staff and the board decide, the owner appeals or withdraws. */
export function ArcDialog({ request: r, canDecide, isOwner, onClose }: { request: ArchitecturalRequestView; canDecide: boolean; isOwner: boolean; onClose(): void }) {
  const pending = r.status === 'submitted' || r.status === 'under_review' || r.status === 'appealed';
  const appealable = (r.status === 'denied' || r.status === 'approved_with_conditions') && !r.appealed_on;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{`Unit ${r.unit_number ?? ''}: ${humanize(r.category)}`}</DialogTitle>
          <DialogDescription>{`${r.owner_name} · submitted ${r.submitted_on} · answer due ${r.respond_by}`}</DialogDescription>
        </DialogHeader>
        <div className="space-y-4 text-sm">
          <ArcStatusBadge r={r} />
          <p className="whitespace-pre-wrap">{r.description}</p>
          {r.conditions ? <p><span className="font-medium">Conditions: </span>{r.conditions}</p> : null}
          {r.decision_reason ? <p><span className="font-medium">Reason: </span>{r.decision_reason}</p> : null}
          {r.appeal_reason ? <p><span className="font-medium">Appeal ({r.appealed_on}): </span>{r.appeal_reason}</p> : null}
          {r.has_letter ? (
            <Button variant="outline" size="sm" onClick={() => void downloadDecisionLetter(r).catch((e: Error) => toast.error(e.message))}>
              <FileDownIcon aria-hidden="true" />Decision Letter
            </Button>
          ) : null}
          {canDecide && pending ? <DecideForm request={r} onDone={onClose} /> : null}
          {isOwner && appealable ? <AppealForm request={r} onDone={onClose} /> : null}
          {isOwner && pending ? <WithdrawButton request={r} onDone={onClose} /> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function DecideForm({ request: r, onDone }: { request: ArchitecturalRequestView; onDone(): void }) {
  const id = useId();
  const [decision, setDecision] = useState<ArcDecision>('approved');
  const [conditions, setConditions] = useState('');
  const [reason, setReason] = useState('');
  const decide = useArcCall('decideArchitecturalRequest');
  const options = [
    ...(r.status === 'submitted' ? [{ id: 'under_review', text: 'Under Review' }] : []),
    { id: 'approved', text: 'Approved' }, { id: 'approved_with_conditions', text: 'Approved with Conditions' }, { id: 'denied', text: 'Denied' },
  ];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    decide.mutate(
      { id: r.id, decision, conditions: decision === 'approved_with_conditions' ? conditions : null, reason: reason || null },
      closeOnSuccess(decision === 'under_review' ? 'Taken under review' : 'Decision recorded', onDone),
    );
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-md border p-3" aria-label="Record a decision">
      <h3 className="font-medium">{r.status === 'appealed' ? 'Reconsider' : 'Decide'}</h3>
      <FormError error={decide.error} />
      <div className="space-y-2">
        <Label htmlFor={`${id}-decision`}>Decision</Label>
        <OptionSelect id={`${id}-decision`} value={decision} onChange={(v) => setDecision(v as ArcDecision)} placeholder="Decision" options={options} />
      </div>
      {decision === 'approved_with_conditions' ? (
        <div className="space-y-2">
          <Label htmlFor={`${id}-conditions`}>Conditions</Label>
          <Textarea id={`${id}-conditions`} rows={3} value={conditions} onChange={(e) => setConditions(e.target.value)} />
        </div>
      ) : null}
      {decision !== 'under_review' ? (
        <div className="space-y-2">
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <Textarea id={`${id}-reason`} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      ) : null}
      <Button type="submit" disabled={decide.isPending}>Record Decision</Button>
    </form>
  );
}

function AppealForm({ request: r, onDone }: { request: ArchitecturalRequestView; onDone(): void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const appeal = useArcCall('appealArchitecturalRequest');
  return (
    <form
      aria-label="Appeal"
      className="space-y-2 rounded-md border p-3"
      onSubmit={(e) => { e.preventDefault(); appeal.mutate({ id: r.id, reason }, closeOnSuccess('Appeal sent to the board', onDone)); }}
    >
      <FormError error={appeal.error} />
      <Label htmlFor={id}>Why should the board reconsider?</Label>
      <Textarea id={id} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
      <Button type="submit" disabled={appeal.isPending || !reason.trim()}>Appeal</Button>
    </form>
  );
}

function WithdrawButton({ request: r, onDone }: { request: ArchitecturalRequestView; onDone(): void }) {
  const withdraw = useArcCall('withdrawArchitecturalRequest');
  return (
    <Button variant="outline" disabled={withdraw.isPending} onClick={() => withdraw.mutate({ id: r.id }, { ...closeOnSuccess('Request withdrawn', onDone), onError: (e) => toast.error(e.message) })}>
      Withdraw Request
    </Button>
  );
}
