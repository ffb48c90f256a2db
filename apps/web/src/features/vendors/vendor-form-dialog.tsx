import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { DEFAULT_VENDOR_TERMS, VENDOR_STATUSES, VENDOR_TYPES } from '@covenant/contracts/constants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { create, entityKeys, update } from '@/lib/entities';
import { FieldRow } from '@/features/owners/owner-form-dialog';
import { errorMessage } from '@/lib/api';
import { humanize } from '@/lib/format';
import type { Vendor } from './vendors.api';

const FIELDS = [
  'vendor_name', 'contact_person', 'email', 'phone', 'address', 'city', 'state', 'zip_code', 'tax_id', 'payment_terms', 'vendor_type', 'status', 'notes',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

function initialValues(vendor: Vendor | null): Values {
  const v = {} as Values;
  for (const f of FIELDS) v[f] = vendor ? String(vendor[f] ?? '') : '';
  if (!vendor) {
    v.payment_terms = DEFAULT_VENDOR_TERMS;
    v.vendor_type = 'contractor';
    v.status = 'active';
  }
  return v;
}

/** The vendor form's rules (spec part 2, section 5). */
function validateVendor(v: Values): Errors {
  const errors: Errors = {};
  if (!v.vendor_name.trim()) errors.vendor_name = 'Vendor name is required';
  if (v.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) errors.email = 'Email must be a valid email address';
  return errors;
}

export function VendorFormDialog({ vendor, onClose }: { vendor: Vendor | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const uid = useId();
  const isEdit = vendor !== null;
  const [values, setValues] = useState<Values>(() => initialValues(vendor));
  const [errors, setErrors] = useState<Errors>({});

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body: Record<string, unknown> = {};
      for (const f of FIELDS) body[f] = v[f].trim();
      return isEdit ? update<Vendor>('Vendor', vendor.id, body) : create<Vendor>('Vendor', body);
    },
    onSuccess: async () => {
      toast.success(isEdit ? 'Vendor updated' : 'Vendor created');
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('Vendor') });
      onClose();
    },
    onError: (e) => toast.error(`Failed to save vendor: ${errorMessage(e)}`),
  });

  const id = (f: Field) => `${uid}-${f}`;
  const set = (f: Field, value: string) => setValues((v) => ({ ...v, [f]: value }));
  const text = (f: Field, label: string, type = 'text') => (
    <FieldRow id={id(f)} label={label} error={errors[f]}>
      <Input
        id={id(f)}
        type={type}
        value={values[f]}
        onChange={(e) => set(f, e.target.value)}
        aria-invalid={errors[f] ? true : undefined}
        aria-describedby={errors[f] ? `${id(f)}-error` : undefined}
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
    const found = validateVendor(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(values);
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Vendor' : 'Add New Vendor'}</DialogTitle>
          <DialogDescription>A supplier or contractor the association pays.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {text('vendor_name', 'Vendor Name')}
            {text('contact_person', 'Contact Person')}
            {text('email', 'Email', 'email')}
            {text('phone', 'Phone', 'tel')}
          </div>
          {text('address', 'Address')}
          <div className="grid gap-4 sm:grid-cols-3">
            {text('city', 'City')}
            {text('state', 'State')}
            {text('zip_code', 'Zip Code')}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('tax_id', 'Tax ID')}
            {text('payment_terms', 'Payment Terms')}
            {choice('vendor_type', 'Vendor Type', VENDOR_TYPES)}
            {choice('status', 'Status', VENDOR_STATUSES)}
          </div>
          <FieldRow id={id('notes')} label="Notes">
            <Textarea id={id('notes')} value={values.notes} onChange={(e) => set('notes', e.target.value)} />
          </FieldRow>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : isEdit ? 'Update Vendor' : 'Create Vendor'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
