import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { PROPERTY_STATUSES, PROPERTY_TYPES } from '@covenant/contracts/constants';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { create, entityKeys, update } from '@/lib/entities';
import { FieldRow } from '@/features/owners/owner-form-dialog';
import { type Property } from '@/features/owners/owners.api';
import { humanize } from '@/lib/format';
import { nextPropertyId } from './properties-data';

const FIELDS = [
  'property_id', 'unit_number', 'street_address', 'city', 'state', 'zip_code', 'property_type', 'square_footage', 'bedrooms',
  'bathrooms', 'parking_spaces', 'monthly_hoa_fee', 'assessment_share', 'status', 'notes',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;
const NUMBER_FIELDS: readonly Field[] = ['square_footage', 'bedrooms', 'bathrooms', 'parking_spaces', 'monthly_hoa_fee', 'assessment_share'];

function initialValues(p: Property | null): Values {
  const v = {} as Values;
  for (const f of FIELDS) v[f] = p ? String(p[f] ?? '') : '';
  if (!p) {
    v.property_type = 'condo';
    v.status = 'occupied';
  }
  return v;
}

function validate(v: Values): Errors {
  const errors: Errors = {};
  if (!v.property_id) errors.property_id = 'Property ID is required';
  else if (!/^\d{6}$/.test(v.property_id)) errors.property_id = 'Property ID must be exactly 6 digits';
  if (!v.unit_number.trim()) errors.unit_number = 'Unit number is required';
  for (const f of NUMBER_FIELDS) {
    if (v[f] !== '' && !(Number(v[f]) >= 0)) errors[f] = 'Must be a number of at least 0';
  }
  if (v.assessment_share !== '' && !errors.assessment_share && Number(v.assessment_share) > 100) errors.assessment_share = 'Assessment share is a percentage of at most 100';
  if (v.bathrooms !== '' && !errors.bathrooms && !Number.isInteger(Number(v.bathrooms) * 2)) errors.bathrooms = 'Bathrooms must be in steps of 0.5';
  return errors;
}

/** Add/Edit property; the property id is suggested from 200000 and locked when editing. */
export function PropertyFormDialog({ open, property, onOpenChange }: { open: boolean; property: Property | null; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const uid = useId();
  const isEdit = property !== null;
  const [values, setValues] = useState<Values>(() => initialValues(property));
  const [errors, setErrors] = useState<Errors>({});
  const suggestion = useQuery({ queryKey: ['properties', 'next-id'], queryFn: nextPropertyId, enabled: open && !isEdit, staleTime: 0, gcTime: 0 });

  useEffect(() => {
    if (open && !isEdit && suggestion.data) setValues((v) => (v.property_id ? v : { ...v, property_id: suggestion.data }));
  }, [open, isEdit, suggestion.data]);

  const save = useMutation({
    mutationFn: async (v: Values) => {
      const body: Record<string, unknown> = {};
      for (const f of FIELDS) {
        if (isEdit && f === 'property_id') continue;
        const raw = f === 'unit_number' ? v[f].trim() : v[f];
        if (raw === '') {
          if (isEdit) body[f] = NUMBER_FIELDS.includes(f) ? null : '';
          continue;
        }
        body[f] = NUMBER_FIELDS.includes(f) ? Number(raw) : raw;
      }
      return isEdit ? update<Property>('Property', property.id, body) : create<Property>('Property', body);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('Property') });
      onOpenChange(false);
    },
  });

  const set = (f: Field, value: string) => setValues((v) => ({ ...v, [f]: value }));
  const id = (f: Field) => `${uid}-${f}`;
  const text = (f: Field, label: string, extra: React.ComponentProps<typeof Input> = {}) => (
    <FieldRow id={id(f)} label={label} error={errors[f]}>
      <Input
        id={id(f)}
        value={values[f]}
        onChange={(e) => set(f, e.target.value)}
        aria-invalid={errors[f] ? true : undefined}
        aria-describedby={errors[f] ? `${id(f)}-error` : undefined}
        {...extra}
      />
    </FieldRow>
  );
  const choice = (f: Field, label: string, options: readonly string[]) => (
    <FieldRow id={id(f)} label={label}>
      <Select value={values[f]} onValueChange={(v) => set(f, v)}>
        <SelectTrigger id={id(f)} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o} value={o}>
              {humanize(o)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FieldRow>
  );

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(values);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Property' : 'Add Property'}</DialogTitle>
          <DialogDescription>Unit details and monthly HOA fee.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormError error={save.error} />
          <div className="grid gap-4 sm:grid-cols-3">
            {text('property_id', 'Property ID', {
              inputMode: 'numeric',
              maxLength: 6,
              disabled: isEdit,
              onChange: (e) => set('property_id', e.target.value.replace(/\D/g, '').slice(0, 6)),
            })}
            {text('unit_number', 'Unit Number')}
            {choice('property_type', 'Property Type', PROPERTY_TYPES)}
          </div>
          {text('street_address', 'Street Address')}
          <div className="grid gap-4 sm:grid-cols-3">
            {text('city', 'City')}
            {text('state', 'State')}
            {text('zip_code', 'Zip Code')}
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            {text('square_footage', 'Square Feet', { type: 'number', min: 0, step: 1 })}
            {text('bedrooms', 'Bedrooms', { type: 'number', min: 0, step: 1 })}
            {text('bathrooms', 'Bathrooms', { type: 'number', min: 0, step: 0.5 })}
            {text('parking_spaces', 'Parking Spaces', { type: 'number', min: 0, step: 1 })}
            {text('monthly_hoa_fee', 'Monthly HOA Fee', { type: 'number', min: 0, step: 0.01 })}
            {text('assessment_share', 'Assessment Share (%)', { type: 'number', min: 0, max: 100, step: 0.000001 })}
            {choice('status', 'Status', PROPERTY_STATUSES)}
          </div>
          <FieldRow id={id('notes')} label="Notes">
            <Textarea id={id('notes')} value={values.notes} onChange={(e) => set('notes', e.target.value)} />
          </FieldRow>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : isEdit ? 'Update Property' : 'Create Property'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
