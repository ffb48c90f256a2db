import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { BoundField } from '@/components/entity-form';
import type { OptionSelectProps } from '@/components/option-select';
import { BankAccountSelect, FundSelect } from './fund-select';

interface RecordFieldProps<V extends FieldValues> {
  name: Path<V>;
  label: string;
  description?: string;
  /** Offers an empty choice with this text (its value ''). */
  noneLabel?: string;
  /** Shown (and meant) while the field is blank, e.g. Operating Cash or the Operating fund. */
  fallback?: string;
  /** The select's own accessible name when the visible label is shared, e.g. 'Fund for line 2'. */
  selectLabel?: string;
  disabled?: boolean;
  /** Spans both columns of the form's grid. */
  wide?: boolean;
  className?: string;
}

/** A record chosen by id (a fund, a bank account) with the given select, bound to a contract form ('' for none). */
export function RecordField<V extends FieldValues>({ noneLabel, fallback, selectLabel, disabled, select, ...field }: RecordFieldProps<V> & {
  /** The select itself (a FundSelect, an OptionSelect of some records), given the value, the handler and the options above. */
  select: (props: OptionSelectProps) => ReactNode;
}) {
  return (
    <BoundField<V> {...field}>
      {(bound) => (
        select({ label: selectLabel, value: (bound.value as string | null | undefined) || fallback || '', onChange: bound.onChange, noneLabel, disabled })
      )}
    </BoundField>
  );
}

/** A fund bound to a contract form: the active funds, and the current one even when inactive. */
export function FundField<V extends FieldValues>(props: RecordFieldProps<V>) {
  return <RecordField {...props} select={(select) => <FundSelect {...select} />} />;
}

/** A bank account bound to a contract form; blank shows (and means) the fallback account when one is given. */
export function BankAccountField<V extends FieldValues>(props: RecordFieldProps<V>) {
  return <RecordField {...props} select={(select) => <BankAccountSelect {...select} />} />;
}
