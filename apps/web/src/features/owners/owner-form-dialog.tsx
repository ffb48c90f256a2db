import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { OWNER_STATUSES, RESIDENT_STATUSES } from '@covenant/contracts/constants';
import { FormError } from '@/components/form-error';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { create, entityKeys, update, uploadFile } from '@/lib/entities';
import { initialsOf } from '@/lib/format';
import { nextOwnerId, type Owner } from './owners.api';
import { humanize } from '@/lib/format';

const FIELDS = [
  'owner_id', 'first_name', 'last_name', 'date_of_birth', 'resident_status', 'email', 'phone', 'photo_url', 'mailing_address',
  'mailing_address_2', 'city', 'state', 'zip_code', 'emergency_contact_name', 'emergency_contact_phone', 'status', 'notes',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

function initialValues(owner: Owner | null): Values {
  const v = {} as Values;
  for (const f of FIELDS) v[f] = owner ? String(owner[f] ?? '') : '';
  if (!owner) {
    v.resident_status = 'owner';
    v.status = 'active';
  }
  return v;
}

/** The owner form's rules (spec part 1, section 5). */
function validateOwner(v: Values): Errors {
  const errors: Errors = {};
  if (!v.owner_id) errors.owner_id = 'Owner ID is required';
  else if (!/^\d{6}$/.test(v.owner_id)) errors.owner_id = 'Owner ID must be exactly 6 digits';
  if (!v.first_name.trim()) errors.first_name = 'First name is required';
  if (!v.last_name.trim()) errors.last_name = 'Last name is required';
  if (v.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)) errors.email = 'Email must be a valid email address';
  return errors;
}

export function FieldRow({ id, label, error, children, className }: { id: string; label: string; error?: string | undefined; children: ReactNode; className?: string }) {
  return (
    <div className={className ?? 'space-y-1.5'}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Add/Edit owner: create mode without an owner, update mode with one; the owner id is locked when editing. */
export function OwnerFormDialog({ open, owner, onOpenChange }: { open: boolean; owner: Owner | null; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const uid = useId();
  const isEdit = owner !== null;
  const [values, setValues] = useState<Values>(() => initialValues(owner));
  const [errors, setErrors] = useState<Errors>({});
  const [uploading, setUploading] = useState(false);
  const suggestion = useQuery({ queryKey: ['owners', 'next-id'], queryFn: nextOwnerId, enabled: open && !isEdit, staleTime: 0, gcTime: 0 });

  useEffect(() => {
    if (!open) return;
    setValues(initialValues(owner));
    setErrors({});
  }, [open, owner]);

  useEffect(() => {
    if (open && !isEdit && suggestion.data) setValues((v) => (v.owner_id ? v : { ...v, owner_id: suggestion.data }));
  }, [open, isEdit, suggestion.data]);

  const save = useMutation({
    mutationFn: async (v: Values) => {
      const body: Record<string, unknown> = {};
      for (const f of FIELDS) {
        if (isEdit && f === 'owner_id') continue;
        const value = f === 'first_name' || f === 'last_name' ? v[f].trim() : v[f];
        if (!isEdit && value === '') continue;
        body[f] = value;
      }
      return isEdit ? update<Owner>('Owner', owner.id, body) : create<Owner>('Owner', body);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('Owner') });
      onOpenChange(false);
    },
  });

  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const id = (f: Field) => `${uid}-${f}`;
  const text = (f: Field, label: string, type = 'text', className?: string) => (
    <FieldRow id={id(f)} label={label} error={errors[f]} className={className}>
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

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error('Photo must be an image file');
      return;
    }
    setUploading(true);
    try {
      set('photo_url', await uploadFile(file));
    } catch {
      toast.error('Failed to upload photo');
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = validateOwner(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(values);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Owner' : 'Add Owner'}</DialogTitle>
          <DialogDescription>Homeowner profile and contact details.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormError error={save.error} />
          <div className="flex items-center gap-4">
            <Avatar className="size-16">
              {values.photo_url ? <AvatarImage src={values.photo_url} alt="" /> : null}
              <AvatarFallback>{initialsOf(`${values.first_name} ${values.last_name}`)}</AvatarFallback>
            </Avatar>
            <div className="space-y-1.5">
              <Label htmlFor={id('photo_url')}>{uploading ? 'Uploading...' : 'Photo'}</Label>
              <Input id={id('photo_url')} type="file" accept="image/*" disabled={uploading} onChange={(e) => void onPhoto(e.target.files?.[0])} />
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <FieldRow id={id('owner_id')} label="Owner ID" error={errors.owner_id}>
              <Input
                id={id('owner_id')}
                inputMode="numeric"
                maxLength={6}
                disabled={isEdit}
                value={values.owner_id}
                onChange={(e) => set('owner_id', e.target.value.replace(/\D/g, '').slice(0, 6))}
                aria-invalid={errors.owner_id ? true : undefined}
                aria-describedby={errors.owner_id ? `${id('owner_id')}-error` : undefined}
              />
            </FieldRow>
            {text('first_name', 'First Name')}
            {text('last_name', 'Last Name')}
            {text('date_of_birth', 'Date of Birth', 'date')}
            {choice('resident_status', 'Resident Status', RESIDENT_STATUSES)}
            {choice('status', 'Status', OWNER_STATUSES)}
            {text('email', 'Email', 'email')}
            {text('phone', 'Phone', 'tel')}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('mailing_address', 'Mailing Address')}
            {text('mailing_address_2', 'Address Line 2')}
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            {text('city', 'City')}
            {text('state', 'State')}
            {text('zip_code', 'Zip Code')}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('emergency_contact_name', 'Emergency Contact Name')}
            {text('emergency_contact_phone', 'Emergency Contact Phone', 'tel')}
          </div>
          <FieldRow id={id('notes')} label="Notes">
            <Textarea id={id('notes')} value={values.notes} onChange={(e) => set('notes', e.target.value)} />
          </FieldRow>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || uploading}>
              {save.isPending ? 'Saving...' : isEdit ? 'Update Owner' : 'Create Owner'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
