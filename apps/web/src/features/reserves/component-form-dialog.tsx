import { toast } from 'sonner';
import { reserveComponentCreate } from '@covenant/contracts/entities';
import { EntityFormDialog, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { useSaveComponent, type ReserveComponent } from './reserves.api';

/** Add or edit a reserve component (the contract refuses a zero useful life and more remaining than useful life). */
export function ComponentFormDialog({ component, onClose }: { component: ReserveComponent | null; onClose(): void }) {
  const form = useContractForm(reserveComponentCreate, {
    name: component?.name ?? '',
    category: component?.category ?? '',
    useful_life_years: component ? String(component.useful_life_years) : '',
    remaining_life_years: component ? String(component.remaining_life_years) : '',
    current_replacement_cost: component ? String(component.current_replacement_cost) : '',
    inflation_rate: component ? String(component.inflation_rate) : '3',
    notes: component?.notes ?? '',
  });
  const save = useSaveComponent(component);

  return (
    <EntityFormDialog
      title={component ? 'Edit Component' : 'Add Component'}
      description="A common element the reserve fund replaces, with its cost today and its remaining life."
      form={form}
      onSubmit={(values) =>
        save.mutate(values, {
          onSuccess: () => {
            toast.success(component ? 'Component updated' : 'Component added');
            onClose();
          },
        })
      }
      onClose={onClose}
      isPending={save.isPending}
      error={save.error}
      submitLabel={component ? 'Update Component' : 'Add Component'}
    >
      <TextField name="name" label="Name *" placeholder="Roof replacement" wide />
      <TextField name="category" label="Category" placeholder="Roofing" wide />
      <TextField name="useful_life_years" label="Useful Life (years) *" type="number" min={0} step={1} inputMode="numeric" />
      <TextField name="remaining_life_years" label="Remaining Life (years) *" type="number" min={0} step={1} inputMode="numeric" description="0 when it is due this year" />
      <TextField name="current_replacement_cost" label="Current Replacement Cost *" type="number" min={0} step={0.01} inputMode="decimal" />
      <TextField name="inflation_rate" label="Inflation (% a year)" type="number" min={0} step={0.1} inputMode="decimal" />
      <TextareaField name="notes" label="Notes" />
    </EntityFormDialog>
  );
}
