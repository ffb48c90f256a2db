import type { ReactNode } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import type { OptionSelectProps } from '@/components/option-select';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { FundSelect } from './fund-select';

interface RecordFieldProps<V extends FieldValues> {
  name: Path<V>;
  label: string;
  description?: string;
  /** Offers an empty choice with this text (its value ''). */
  noneLabel?: string;
  disabled?: boolean;
  /** Spans both columns of the form's grid. */
  wide?: boolean;
}

/** A record chosen by id (a fund, a bank account), bound to a contract form: its value is the id, '' for none. */
export function RecordField<V extends FieldValues>({ name, label, description, noneLabel, disabled, wide, select }: RecordFieldProps<V> & {
  /** The select itself, e.g. a FundSelect, given the value, the change handler and the options above. */
  select: (props: OptionSelectProps) => ReactNode;
}) {
  const { control } = useFormContext<V>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={wide ? 'sm:col-span-2' : undefined}>
          <FormLabel>{label}</FormLabel>
          <FormControl>{select({ value: (field.value as string | null | undefined) ?? '', onChange: field.onChange, noneLabel, disabled })}</FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage role="alert" />
        </FormItem>
      )}
    />
  );
}

/** A fund bound to a contract form: the active funds, and the current one even when inactive. */
export function FundField<V extends FieldValues>(props: RecordFieldProps<V>) {
  return <RecordField {...props} select={(select) => <FundSelect {...select} />} />;
}
