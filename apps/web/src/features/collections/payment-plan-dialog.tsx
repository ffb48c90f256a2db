import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { paymentPlanCreate } from '@covenant/contracts/collections';
import { formatMoney, toCents } from '@covenant/contracts/money';
import { DialogButtons, FormProblem, closeOnSuccess } from '@/components/dialog-form';
import { EntityPicker } from '@/components/entity-picker';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { today } from '@/lib/dates';
import type { EntityRecord } from '@/lib/entities';
import { useSaveRecord, type PaymentPlan } from './collections.api';

interface OwnerSummary extends EntityRecord {
  owner_id: string;
  first_name: string;
  last_name: string;
}
const ownerLabel = (o: OwnerSummary) => `${o.first_name} ${o.last_name} (#${o.owner_id})`;

/** The same day of the month, n months after an ISO date (clamped to 28 so every month has it). */
function monthsAfter(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(Math.min(d, 28)).padStart(2, '0')}`;
}

/** Add or edit a payment plan: the owner, when it starts, and the installments agreed on. */
export function PaymentPlanDialog({ plan, onClose }: { plan: PaymentPlan | null; onClose(): void }) {
  const id = useId();
  const start = plan?.start_date ?? today();
  const [ownerId, setOwnerId] = useState<string | null>(plan?.owner_id ?? null);
  const [startDate, setStartDate] = useState(start);
  const [graceDays, setGraceDays] = useState(String(plan?.grace_days ?? 5));
  const [notes, setNotes] = useState(plan?.notes ?? '');
  const [rows, setRows] = useState<Array<{ due_date: string; amount: string }>>(
    plan?.installments.map((i) => ({ due_date: i.due_date, amount: String(i.amount) })) ?? [1, 2, 3].map((n) => ({ due_date: monthsAfter(start, n), amount: '' })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveRecord('PaymentPlan');
  const total = rows.reduce((s, r) => s + (Number.isFinite(Number(r.amount)) ? toCents(r.amount || 0) : 0), 0);
  const setRow = (i: number, field: 'due_date' | 'amount', value: string) => setRows((old) => old.map((r, k) => (k === i ? { ...r, [field]: value } : r)));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values: Record<string, unknown> = { start_date: startDate, grace_days: graceDays, notes: notes || null, installments: rows.map((r) => ({ due_date: r.due_date, amount: r.amount })) };
    if (!plan) values.owner_id = ownerId ?? '';
    const parsed = paymentPlanCreate.safeParse({ owner_id: plan?.owner_id ?? ownerId ?? '', ...values });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(issue?.path[0] === 'owner_id' ? 'Choose the owner' : (issue?.message ?? 'Check the plan'));
      return;
    }
    setProblem(null);
    save.mutate({ id: plan?.id, values }, closeOnSuccess(plan ? 'Payment plan updated' : 'Payment plan added', onClose));
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{plan ? 'Edit Payment Plan' : 'Add Payment Plan'}</DialogTitle>
          <DialogDescription>While the owner keeps to the plan, late fees and collection steps pause. An installment unpaid past the grace days ends it.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={onSubmit}>
          <FormError error={save.error} />
          {plan ? null : (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-owner`}>Owner *</Label>
              <EntityPicker<OwnerSummary>
                id={`${id}-owner`} label="Owner" entity="Owner" value={ownerId} onChange={setOwnerId} searchFields={['first_name', 'last_name', 'owner_id']}
                sort="last_name" fields={['id', 'owner_id', 'first_name', 'last_name']} labelOf={ownerLabel} noneLabel="Choose an owner"
              />
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-start`}>Start date *</Label>
              <Input id={`${id}-start`} type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-grace`}>Grace days</Label>
              <Input id={`${id}-grace`} type="number" min={0} max={90} step={1} value={graceDays} onChange={(e) => setGraceDays(e.target.value)} />
            </div>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Installments *</legend>
            {rows.map((r, i) => (
              <div key={i} className="flex items-end gap-2">
                <div className="grid flex-1 gap-1">
                  <Label htmlFor={`${id}-due-${i}`} className="text-xs">
                    Installment {i + 1} due
                  </Label>
                  <Input id={`${id}-due-${i}`} type="date" value={r.due_date} onChange={(e) => setRow(i, 'due_date', e.target.value)} />
                </div>
                <div className="grid w-36 gap-1">
                  <Label htmlFor={`${id}-amount-${i}`} className="text-xs">
                    Installment {i + 1} amount
                  </Label>
                  <Input id={`${id}-amount-${i}`} type="number" min={0} step="0.01" inputMode="decimal" value={r.amount} onChange={(e) => setRow(i, 'amount', e.target.value)} />
                </div>
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove installment ${i + 1}`} disabled={rows.length === 1} onClick={() => setRows((old) => old.filter((_, k) => k !== i))}>
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </div>
            ))}
            <div className="flex items-center justify-between">
              <Button type="button" variant="outline" size="sm" onClick={() => setRows((old) => [...old, { due_date: monthsAfter(old.at(-1)?.due_date ?? startDate, 1), amount: '' }])}>
                <PlusIcon aria-hidden="true" />
                Add Installment
              </Button>
              <p className="text-sm">
                Total <span className="tabular-nums font-medium">{formatMoney(total / 100)}</span>
              </p>
            </div>
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-notes`}>Notes</Label>
            <Textarea id={`${id}-notes`} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
          <FormProblem message={problem} />
          <DialogButtons onCancel={onClose} isPending={save.isPending}>
            {plan ? 'Update Plan' : 'Add Plan'}
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
