import { taxRateInput } from '@covenant/contracts/entities';
import { useSaveRecord } from '@/components/save-record';
import { EntityFormDialog, SwitchField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import type { TaxRate } from './tax-rates.api';

/** Add or edit a tax rate; the form checks the contract's rules (name required, rate 0 to 100) before sending. */
export function TaxRateFormDialog({ taxRate, onClose }: { taxRate: TaxRate | null; onClose(): void }) {
  const isEdit = taxRate !== null;
  const form = useContractForm(taxRateInput, {
    tax_name: taxRate?.tax_name ?? '',
    tax_rate: taxRate ? String(Number(taxRate.tax_rate)) : '',
    description: taxRate?.description ?? '',
    is_active: taxRate?.is_active ?? true,
  });

  const save = useSaveRecord<TaxRate, typeof taxRateInput._output>({ entity: 'TaxRate', noun: 'tax rate', record: taxRate, onSaved: onClose });

  return (
    <EntityFormDialog
      title={isEdit ? 'Edit Tax Rate' : 'Add New Tax Rate'}
      description="A sales tax rate, as a percentage."
      form={form}
      onSubmit={(body) => save.mutate(body)}
      onClose={onClose}
      isPending={save.isPending}
      submitLabel={isEdit ? 'Update Tax Rate' : 'Create Tax Rate'}
    >
      <TextField name="tax_name" label="Tax Name" />
      <TextField name="tax_rate" label="Tax Rate (%)" type="number" min={0} max={100} step={0.01} />
      <TextareaField name="description" label="Description" />
      <SwitchField name="is_active" label="Active" />
    </EntityFormDialog>
  );
}
