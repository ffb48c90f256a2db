import { useWatch } from 'react-hook-form';
import { AMOUNT_BASES, ALLOCATION_METHODS, SCHEDULE_FREQUENCIES, type AmountBasis } from '@covenant/contracts/charges';
import { assessmentScheduleForm } from '@covenant/contracts/charges-form';
import { closeOnSuccess } from '@/components/dialog-form';
import { EntityFormDialog, SelectField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { FundField } from '@/features/funds/fund-field';
import { useSaveSetup, type AssessmentSchedule } from './assessments.api';

export const FREQUENCY_LABELS: Record<string, string> = { monthly: 'Monthly', quarterly: 'Quarterly', semiannual: 'Semiannual', annual: 'Annual', once: 'Once (special assessment)' };
export const BASIS_LABELS: Record<AmountBasis, string> = { unit_fee: "Unit's monthly HOA fee", fixed: 'Fixed amount per unit', per_sqft: 'Amount per square foot', allocation: 'Total allocated across units' };
const METHOD_LABELS: Record<string, string> = { equal: 'Equally', sqft: 'By square footage', percentage: 'By percentage interest' };

const FREQUENCY_OPTIONS = SCHEDULE_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f]! }));
const BASIS_OPTIONS = AMOUNT_BASES.map((b) => ({ value: b, label: BASIS_LABELS[b] }));
const METHOD_OPTIONS = ALLOCATION_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m]! }));
const asText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

type Option = { value: string; label: string };

/** Add or edit an assessment schedule; the contract's rules (and the server's) decide what is complete. */
export function ScheduleDialog({ schedule, items, onClose }: { schedule: AssessmentSchedule | null; items: Option[]; onClose(): void }) {
  const form = useContractForm(assessmentScheduleForm, {
    name: schedule?.name ?? '',
    product_id: schedule?.product_id ?? '',
    fund_id: schedule?.fund_id ?? '',
    frequency: schedule?.frequency ?? 'monthly',
    amount_basis: schedule?.amount_basis ?? 'unit_fee',
    amount: asText(schedule?.amount),
    total_amount: asText(schedule?.total_amount),
    allocation_method: schedule?.allocation_method ?? null,
    start_date: schedule?.start_date ?? '',
    end_date: schedule?.end_date ?? '',
    invoice_day: String(schedule?.invoice_day ?? 1),
    due_days: String(schedule?.due_days ?? 15),
    installments: String(schedule?.installments ?? 1),
    notes: schedule?.notes ?? '',
  });
  const save = useSaveSetup('AssessmentSchedule');
  const [basis, frequency] = useWatch({ control: form.control, name: ['amount_basis', 'frequency'] });

  // A basis's amounts go with it: another basis starts blank (the allocation equally), so nothing hidden is sent.
  const onBasis = (next: string) => {
    form.setValue('amount', '');
    form.setValue('total_amount', '');
    form.setValue('allocation_method', next === 'allocation' ? 'equal' : null);
  };
  // Installments are for a one-time assessment only.
  const onFrequency = (next: string) => {
    if (next !== 'once') form.setValue('installments', '1');
  };

  return (
    <EntityFormDialog
      title={schedule ? 'Edit Schedule' : 'Add Schedule'}
      description="What every unit (or co-owner) is billed, how often, from when."
      form={form}
      onSubmit={(body) => save.mutate({ id: schedule?.id, values: body }, closeOnSuccess(schedule ? 'Schedule updated' : 'Schedule added', onClose))}
      onClose={onClose}
      isPending={save.isPending}
      error={save.error}
      submitLabel={schedule ? 'Update Schedule' : 'Add Schedule'}
      wide
    >
      <TextField name="name" label="Name *" placeholder="Monthly dues" wide />
      <SelectField name="product_id" label="Item *" options={items} placeholder="Choose an item" />
      <FundField name="fund_id" label="Fund" noneLabel="The item's fund" />
      <SelectField name="frequency" label="Frequency *" options={FREQUENCY_OPTIONS} placeholder="Frequency" onPicked={onFrequency} />
      <SelectField name="amount_basis" label="Amount basis *" options={BASIS_OPTIONS} placeholder="Amount basis" onPicked={onBasis} />
      {basis === 'fixed' ? <TextField name="amount" label="Amount per unit *" type="number" min={0} step="0.01" inputMode="decimal" /> : null}
      {basis === 'per_sqft' ? <TextField name="amount" label="Amount per square foot *" type="number" min={0} step="0.0001" inputMode="decimal" /> : null}
      {basis === 'allocation' ? (
        <>
          <TextField name="total_amount" label="Total amount *" type="number" min={0} step="0.01" inputMode="decimal" />
          <SelectField name="allocation_method" label="Allocation *" options={METHOD_OPTIONS} placeholder="Allocation" />
        </>
      ) : null}
      <TextField name="start_date" label="Start date *" type="date" />
      <TextField name="end_date" label="End date" type="date" />
      <TextField name="invoice_day" label="Invoice day of the month *" type="number" min={1} max={28} step={1} />
      <TextField name="due_days" label="Due after (days) *" type="number" min={0} max={365} step={1} />
      {frequency === 'once' ? <TextField name="installments" label="Installments (monthly)" type="number" min={1} max={120} step={1} /> : null}
      <TextareaField name="notes" label="Notes" />
    </EntityFormDialog>
  );
}
