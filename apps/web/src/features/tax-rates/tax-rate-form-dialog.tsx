import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taxRateInput } from '@covenant/contracts/entities';
import { toast } from 'sonner';
import { EntityFormDialog, SwitchField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { create, entityKeys, update } from '@/lib/entities';
import { errorMessage } from '@/lib/api';
import type { TaxRate } from './tax-rates.api';

/** Add or edit a tax rate; the form checks the contract's rules (name required, rate 0 to 100) before sending. */
export function TaxRateFormDialog({ taxRate, onClose }: { taxRate: TaxRate | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const isEdit = taxRate !== null;
  const form = useContractForm(taxRateInput, {
    tax_name: taxRate?.tax_name ?? '',
    tax_rate: taxRate ? String(Number(taxRate.tax_rate)) : '',
    description: taxRate?.description ?? '',
    is_active: taxRate?.is_active ?? true,
  });

  const save = useMutation({
    mutationFn: (body: typeof taxRateInput._output) => (isEdit ? update<TaxRate>('TaxRate', taxRate.id, body) : create<TaxRate>('TaxRate', body)),
    onSuccess: async () => {
      toast.success(isEdit ? 'Tax rate updated' : 'Tax rate created');
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('TaxRate') });
      onClose();
    },
    onError: (e) => toast.error(`Failed to save tax rate: ${errorMessage(e)}`),
  });

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
