import type { ComponentProps } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { EntityPicker } from '@/components/entity-picker';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import type { EntityRecord } from '@/lib/entities';

/** A searchable choice of one record (or None, null) bound to the form, across both columns; its error shows under it. */
export function EntityPickerField<V extends FieldValues, T extends EntityRecord>({ name, fieldLabel, ...picker }: {
  name: Path<V>;
  /** The visible label; the picker's own `label` is its accessible name. */
  fieldLabel: string;
} & Omit<ComponentProps<typeof EntityPicker<T>>, 'value' | 'onChange' | 'id'>) {
  const { control } = useFormContext<V>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="sm:col-span-2">
          <FormLabel>{fieldLabel}</FormLabel>
          <FormControl>
            <EntityPicker<T> {...picker} value={(field.value as string | null | undefined) || null} onChange={field.onChange} />
          </FormControl>
          <FormMessage role="alert" />
        </FormItem>
      )}
    />
  );
}
