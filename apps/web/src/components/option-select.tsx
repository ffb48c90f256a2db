import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const NONE = '__none__';

export interface OptionSelectProps {
  id?: string;
  /** The chosen option's id; '' for none. */
  value: string;
  onChange: (id: string) => void;
  /** The accessible name when no visible label points at `id`. */
  label?: string;
  /** Offers an empty choice with this text (chosen: ''). */
  noneLabel?: string;
  disabled?: boolean;
  className?: string;
}

/** A choice among records (accounts, funds) by id, shown by their labels. */
export function OptionSelect({
  id, value, onChange, label, noneLabel, disabled, className, options, placeholder,
}: OptionSelectProps & { options: ReadonlyArray<{ id: string; text: string }>; placeholder: string }) {
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
