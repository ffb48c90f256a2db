import type { ComponentType, ReactNode } from 'react';
import { useFormContext, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';
import type { OptionSelectProps } from '@/components/option-select';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { BankAccountSelect, FundSelect } from '@/features/funds/fund-select';

/** A field of a contract form around a control the kit has no field for (a picker, a record select): label, control, message. */
export function BoundField<V extends FieldValues>({ name, label, className, children }: {
  name: Path<V>;
  label: string;
  className?: string;
  children: (field: ControllerRenderProps<V, Path<V>>) => ReactNode;
}) {
  const { control } = useFormContext<V>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>{children(field)}</FormControl>
          <FormMessage role="alert" />
        </FormItem>
      )}
    />
  );
}

interface RecordSelectProps<V extends FieldValues> {
  name: Path<V>;
  label: string;
  /** Shown (and meant) while the field is blank, e.g. Operating Cash or the Operating fund. */
  fallback: string;
  className?: string;
  /** The select's own accessible name when the visible label is shared, e.g. 'Fund for line 2'. */
  selectLabel?: string;
}

function RecordSelectField<V extends FieldValues>({ fallback, selectLabel, Select, ...props }: RecordSelectProps<V> & { Select: ComponentType<OptionSelectProps> }) {
  return (
    <BoundField<V> {...props}>
      {(field) => <Select label={selectLabel} value={(field.value as string | null | undefined) || fallback} onChange={field.onChange} />}
    </BoundField>
  );
}

/** A bank account bound to a contract form; blank shows (and means) the fallback account. */
export function BankAccountField<V extends FieldValues>(props: RecordSelectProps<V>) {
  return <RecordSelectField {...props} Select={BankAccountSelect} />;
}

/** A fund bound to a contract form; blank shows (and means) the fallback fund. */
export function FundField<V extends FieldValues>(props: RecordSelectProps<V>) {
  return <RecordSelectField {...props} Select={FundSelect} />;
}
