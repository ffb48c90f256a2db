import { useQuery } from '@tanstack/react-query';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { bankAccountLabel, bankAccountsQuery, fundLabel, fundsQuery } from './funds.api';

const NONE = '__none__';

interface PickerProps {
  id?: string;
  value: string;
  onChange: (id: string) => void;
  /** The accessible name when no visible label points at `id`. */
  label?: string;
  /** Offers an empty choice with this text (chosen: ''). */
  noneLabel?: string;
  disabled?: boolean;
  className?: string;
}

function Picker({ id, value, onChange, label, noneLabel, disabled, className, options, placeholder }: PickerProps & { options: Array<{ id: string; text: string }>; placeholder: string }) {
  return (
    <Select value={value || (noneLabel ? NONE : '')} onValueChange={(v) => onChange(v === NONE ? '' : v)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} className={className ?? 'w-full'}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {noneLabel ? <SelectItem value={NONE}>{noneLabel}</SelectItem> : null}
        {options.map((o) => (
          <SelectItem key={o.id} value={o.id}>
            {o.text}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A choice of fund: the active funds, and the current one even when inactive. */
export function FundSelect(props: PickerProps) {
  const funds = useQuery(fundsQuery());
  const options = (funds.data ?? []).filter((f) => f.is_active || f.id === props.value).map((f) => ({ id: f.id, text: fundLabel(f) }));
  return <Picker {...props} options={options} placeholder="Select fund" />;
}

/** A choice of bank account (the funds' cash accounts): where a payment is deposited or paid from. */
export function BankAccountSelect(props: PickerProps) {
  const accounts = useQuery(bankAccountsQuery());
  const options = (accounts.data ?? []).filter((a) => a.is_active || a.id === props.value).map((a) => ({ id: a.id, text: bankAccountLabel(a) }));
  return <Picker {...props} options={options} placeholder="Select bank account" />;
}
