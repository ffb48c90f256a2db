import type { ComponentType } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import type { OptionSelectProps } from '@/components/option-select';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { BankAccountSelect, FundSelect } from '@/features/funds/fund-select';

interface BoundSelectProps<V extends FieldValues> {
  name: Path<V>;
  label: string;
  /** Shown (and meant) while the field is blank, e.g. Operating Cash or the Operating fund. */
  fallback: string;
  className?: string;
  /** The select's own accessible name when the visible label is shared, e.g. 'Fund for line 2'. */
  selectLabel?: string;
}

function BoundSelect<V extends FieldValues>({ name, label, fallback, className, selectLabel, Select }: BoundSelectProps<V> & { Select: ComponentType<OptionSelectProps> }) {
  const { control } = useFormContext<V>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Select label={selectLabel} value={(field.value as string | null | undefined) || fallback} onChange={field.onChange} />
          </FormControl>
          <FormMessage role="alert" />
        </FormItem>
      )}
    />
  );
}

/** A bank account bound to a contract form; blank shows (and means) the fallback account. */
export function BankAccountField<V extends FieldValues>(props: BoundSelectProps<V>) {
  return <BoundSelect {...props} Select={BankAccountSelect} />;
}

/** A fund bound to a contract form; blank shows (and means) the fallback fund. */
export function FundField<V extends FieldValues>(props: BoundSelectProps<V>) {
  return <BoundSelect {...props} Select={FundSelect} />;
}
