import { useQuery } from '@tanstack/react-query';
import { submitWorkOrderInput, WORK_ORDER_CATEGORIES, WORK_ORDER_PRIORITIES } from '@covenant/contracts/work-orders';
import { closeOnSuccess } from '@/components/dialog-form';
import { BoundField, EntityFormDialog, SelectField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { OptionSelect } from '@/components/option-select';
import { entityListQuery } from '@/lib/entities';
import { humanize } from '@/lib/format';
import { useWorkOrderCall } from './work-orders.api';

interface Unit { id: string; unit_number: string; address?: string | null }

/** A new work order: staff for any unit, an owner for their own units (the server reads the same scope) or the common area. */
export function WorkOrderFormDialog({ title, onClose }: { title: string; onClose(): void }) {
  const units = useQuery(entityListQuery<Unit>('Property', { limit: 500, sort: 'unit_number' }));
  const form = useContractForm(submitWorkOrderInput, { title: '', description: '', property_id: '', category: 'general', priority: 'normal' });
  const submit = useWorkOrderCall('submitWorkOrder');
  return (
    <EntityFormDialog
      title={title}
      description="Describe what needs attention; leave the unit empty for the common area."
      form={form}
      onSubmit={(body) => submit.mutate(body, closeOnSuccess('Work order submitted', onClose))}
      onClose={onClose}
      isPending={submit.isPending}
      error={submit.error}
      submitLabel="Submit Request"
    >
      <TextField name="title" label="Title *" placeholder="Leaking faucet" wide />
      <BoundField name="property_id" label="Unit">
        {(field) => (
          <OptionSelect
            value={(field.value as string | null | undefined) ?? ''}
            onChange={field.onChange}
            noneLabel="Common area"
            placeholder="Common area"
            options={(units.data ?? []).map((u) => ({ id: u.id, text: u.unit_number }))}
          />
        )}
      </BoundField>
      <SelectField name="priority" label="Priority" options={WORK_ORDER_PRIORITIES.map((p) => ({ value: p, label: humanize(p) }))} />
      <SelectField name="category" label="Category" options={WORK_ORDER_CATEGORIES.map((c) => ({ value: c, label: humanize(c) }))} />
      <TextareaField name="description" label="Description" rows={4} />
    </EntityFormDialog>
  );
}
