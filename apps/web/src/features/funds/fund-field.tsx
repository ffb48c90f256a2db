import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { FundSelect } from './fund-select';

/** A fund chosen among the active ones, bound to a contract form: its value is the fund's id, '' for none. */
export function FundField<V extends FieldValues>({ name, label, description, noneLabel, disabled, wide }: {
  name: Path<V>;
  label: string;
  description?: string;
  /** Offers an empty choice with this text. */
  noneLabel?: string;
  disabled?: boolean;
  wide?: boolean;
}) {
  const { control } = useFormContext<V>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={wide ? 'sm:col-span-2' : undefined}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <FundSelect value={(field.value as string | null | undefined) ?? ''} onChange={field.onChange} noneLabel={noneLabel} disabled={disabled} />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage role="alert" />
        </FormItem>
      )}
    />
  );
}
