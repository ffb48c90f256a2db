import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { paymentPlanCreate } from '@covenant/contracts/collections';
import { formatMoney, toCents } from '@covenant/contracts/money';
import { closeOnSuccess } from '@/components/dialog-form';
import { EntityFormDialog, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { Button } from '@/components/ui/button';
import { today } from '@/lib/dates';
import type { EntityRecord } from '@/lib/entities';
import { EntityPickerField } from '@/components/entity-picker';
import { useWriteCollectionRecord, type PaymentPlan } from './collections.api';

interface OwnerSummary extends EntityRecord {
  owner_id: string;
  first_name: string;
  last_name: string;
}
const ownerLabel = (o: OwnerSummary) => `${o.first_name} ${o.last_name} (#${o.owner_id})`;

type Values = typeof paymentPlanCreate._input;

/** The same day of the month, n months after an ISO date (clamped to 28 so every month has it). */
function monthsAfter(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${String(Math.min(d, 28)).padStart(2, '0')}`;
}

/** The installments, one row each (due date, amount, remove), Add Installment and the running total; the plan's rules show under them. */
function InstallmentsField({ form }: { form: UseFormReturn<Values, unknown, unknown> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'installments' });
  const [rows, startDate] = useWatch({ control: form.control, name: ['installments', 'start_date'] });
  const total = rows.reduce((s, r) => s + (Number.isFinite(Number(r.amount)) ? toCents(r.amount || 0) : 0), 0);
  const error = form.formState.errors.installments;
  const problem = error?.root?.message ?? error?.message;
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium">Installments *</legend>
      {fields.map((f, i) => (
        <div key={f.id} className="grid grid-cols-[1fr_7rem_auto] items-end gap-2 sm:grid-cols-[1fr_11rem_auto]">
          <TextField<Values> name={`installments.${i}.due_date`} label={`Installment ${i + 1} due`} type="date" />
          <TextField<Values> name={`installments.${i}.amount`} label={`Installment ${i + 1} amount`} type="number" min={0} step="0.01" inputMode="decimal" />
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove installment ${i + 1}`} disabled={fields.length === 1} onClick={() => remove(i)}>
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      ))}
      {problem ? (
        <p className="text-destructive text-sm" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="flex items-center justify-between">
        <Button type="button" variant="outline" size="sm" onClick={() => append({ due_date: monthsAfter(rows.at(-1)?.due_date || startDate, 1), amount: '' })}>
          <PlusIcon aria-hidden="true" />
          Add Installment
        </Button>
        <p className="text-sm">
          Total <span className="tabular-nums font-medium">{formatMoney(total / 100)}</span>
        </p>
      </div>
    </fieldset>
  );
}

/** Add or edit a payment plan: the owner, when it starts, and the installments agreed on. */
export function PaymentPlanDialog({ plan, onClose }: { plan: PaymentPlan | null; onClose(): void }) {
  const start = plan?.start_date ?? today();
  const form = useContractForm(paymentPlanCreate, {
    owner_id: plan?.owner_id ?? '',
    start_date: start,
    installments: plan?.installments.map((i) => ({ due_date: i.due_date, amount: String(i.amount) })) ?? [1, 2, 3].map((n) => ({ due_date: monthsAfter(start, n), amount: '' })),
    grace_days: String(plan?.grace_days ?? 5),
    notes: plan?.notes ?? '',
  });
  const save = useWriteCollectionRecord('PaymentPlan');
  // A plan's owner never changes: an update sends the rest.
  const onSubmit = ({ owner_id, ...rest }: typeof paymentPlanCreate._output) =>
    save.mutate({ id: plan?.id, values: plan ? rest : { owner_id, ...rest } }, closeOnSuccess(plan ? 'Payment plan updated' : 'Payment plan added', onClose));

  return (
    <EntityFormDialog
      title={plan ? 'Edit Payment Plan' : 'Add Payment Plan'}
      description="While the owner keeps to the plan, late fees and collection steps pause. An installment unpaid past the grace days ends it."
      form={form}
      onSubmit={onSubmit}
      onClose={onClose}
      isPending={save.isPending}
      error={save.error}
      submitLabel={plan ? 'Update Plan' : 'Add Plan'}
      wide
    >
      {plan ? null : (
        <EntityPickerField<Values, OwnerSummary>
          name="owner_id" fieldLabel="Owner *" label="Owner" entity="Owner" searchFields={['first_name', 'last_name', 'owner_id']}
          sort="last_name" fields={['id', 'owner_id', 'first_name', 'last_name']} labelOf={ownerLabel} noneLabel="Choose an owner"
        />
      )}
      <TextField name="start_date" label="Start date *" type="date" />
      <TextField name="grace_days" label="Grace days" type="number" min={0} max={90} step={1} />
      <InstallmentsField form={form} />
      <TextareaField name="notes" label="Notes" rows={2} />
    </EntityFormDialog>
  );
}
