import { useQuery } from '@tanstack/react-query';
import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { BoundField } from '@/components/entity-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { entityKeys, filter, get, type EntityName, type EntityRecord } from '@/lib/entities';
import { containsAny } from '@/lib/search';
import { cn } from '@/lib/utils';

const PAGE = 20;

interface EntityPickerProps<T extends EntityRecord> {
  entity: EntityName;
  value: string | null;
  onChange: (id: string | null) => void;
  /** Fields searched with a case-insensitive "contains". */
  searchFields: string[];
  sort: string;
  fields: string[];
  labelOf: (record: T) => string;
  /** The accessible name of the trigger, e.g. 'Link to owner'. */
  label: string;
  id?: string;
  noneLabel?: string;
  disabled?: boolean;
}

/**
 * A searchable choice of one record, with 'None': asks the server for 20 matches at a time instead of
 * loading a whole table into a select (an association can have thousands of owners and units).
 */
export function EntityPicker<T extends EntityRecord>({
  entity, value, onChange, searchFields, sort, fields, labelOf, label, id, noneLabel = 'None', disabled,
}: EntityPickerProps<T>) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const listId = useId();
  const q = containsAny(searchFields, deferred);
  const options = useQuery({
    queryKey: entityKeys.list(entity, { q, sort, limit: PAGE, fields }),
    queryFn: () => filter<T>(entity, q, sort, PAGE, 0, fields),
    enabled: open,
  });
  const selected = useQuery({
    queryKey: entityKeys.one(entity, value ?? ''),
    queryFn: () => get<T>(entity, value!),
    enabled: !!value,
  });
  const current = value ? (selected.data ? labelOf(selected.data) : '…') : noneLabel;
  const choose = (next: string | null) => {
    onChange(next);
    setOpen(false);
    setSearch('');
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={label}
          disabled={disabled}
          className="w-full justify-between font-normal"
        >
          <span className="truncate">{current}</span>
          <ChevronsUpDownIcon className="opacity-50" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) p-2" align="start">
        <Input
          autoFocus
          placeholder="Search..."
          aria-label={`Search ${label.toLowerCase()}`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <ul id={listId} role="listbox" aria-label={label} className="mt-2 max-h-60 overflow-y-auto">
          {[{ id: null as string | null, text: noneLabel }, ...(options.data ?? []).map((r) => ({ id: r.id as string | null, text: labelOf(r) }))].map(
            (option) => (
              <li
                key={option.id ?? 'none'}
                role="option"
                aria-selected={option.id === value}
                tabIndex={0}
                onClick={() => choose(option.id)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    choose(option.id);
                  }
                }}
                className={cn(
                  'hover:bg-accent focus:bg-accent flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none',
                  option.id === value && 'font-medium',
                )}
              >
                <CheckIcon className={cn('size-4', option.id === value ? 'opacity-100' : 'opacity-0')} aria-hidden="true" />
                <span className="truncate">{option.text}</span>
              </li>
            ),
          )}
          {options.isPending ? <li className="text-muted-foreground px-2 py-1.5 text-sm">Loading...</li> : null}
          {options.data?.length === PAGE ? (
            <li className="text-muted-foreground px-2 py-1.5 text-xs">Type to narrow the list</li>
          ) : null}
        </ul>
      </PopoverContent>
    </Popover>
  );
}

/**
 * The searchable record choice bound to a contract form (null for None), across both columns of the form's grid;
 * `fieldLabel` is the visible label, the picker's `label` its accessible name.
 */
export function EntityPickerField<V extends FieldValues, T extends EntityRecord>({ name, fieldLabel, ...picker }: {
  name: Path<V>;
  fieldLabel: string;
} & Omit<EntityPickerProps<T>, 'value' | 'onChange' | 'id'>) {
  return (
    <BoundField<V> name={name} label={fieldLabel} wide>
      {(field) => <EntityPicker<T> {...picker} value={(field.value as string | null | undefined) || null} onChange={field.onChange} />}
    </BoundField>
  );
}
