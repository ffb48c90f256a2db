import type { FieldValues, Path } from 'react-hook-form';
import { EntityPicker } from '@/components/entity-picker';
import { BoundField } from '@/components/entity-form';
import { OWNER_FIELDS, ownerLabel, type OwnerRef } from './invoices.api';

/** The searchable owner picker of a document form, bound to the form ('' until an owner is chosen). */
export function OwnerField<V extends FieldValues>({ name, label, disabled, onPicked }: {
  name: Path<V>;
  label: string;
  disabled?: boolean;
  /** After a choice, e.g. to clear what belonged to the previous owner. */
  onPicked?: (id: string) => void;
}) {
  return (
    <BoundField<V> name={name} label={label}>
      {(field) => (
        <EntityPicker<OwnerRef>
          entity="Owner"
          label="Owner"
          value={(field.value as string | null) || null}
          onChange={(id) => {
            field.onChange(id ?? '');
            onPicked?.(id ?? '');
          }}
          searchFields={['first_name', 'last_name', 'owner_id']}
          sort="last_name,first_name"
          fields={OWNER_FIELDS}
          labelOf={ownerLabel}
          noneLabel="Select an owner"
          disabled={disabled}
        />
      )}
    </BoundField>
  );
}
