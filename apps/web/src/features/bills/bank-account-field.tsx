import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { BankAccountSelect } from '@/features/funds/fund-select';

/** A bank account bound to a contract form; blank shows (and means) the fallback account, e.g. Operating Cash. */
export function BankAccountField<V extends FieldValues>({ name, label, fallback }: { name: Path<V>; label: string; fallback: string }) {
  const { control } = useFormContext<V>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <BankAccountSelect value={(field.value as string | null | undefined) || fallback} onChange={field.onChange} />
          </FormControl>
          <FormMessage role="alert" />
        </FormItem>
      )}
    />
  );
}
