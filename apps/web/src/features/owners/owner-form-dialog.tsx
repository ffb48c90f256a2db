import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { OWNER_STATUSES, RESIDENT_STATUSES } from '@covenant/contracts/constants';
import { ownerInput } from '@covenant/contracts/entities';
import { EntityFormDialog, SelectField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { create, entityKeys, update, uploadFile } from '@/lib/entities';
import { humanize, initialsOf } from '@/lib/format';
import { nextOwnerId, type Owner } from './owners.api';
import { IdField, WithSuggestedId } from './suggested-id';

/** The choices of a status select, as the cards show them ('Active', 'Renter'). */
export const choicesOf = (values: readonly string[]) => values.map((value) => ({ value, label: humanize(value) }));

/** A label, a control and its error, for forms not yet on the contract forms of components/entity-form. */
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

const TITLE = { add: 'Add Owner', edit: 'Edit Owner' };
const DESCRIPTION = 'Homeowner profile and contact details.';

/** Add/Edit owner: Add opens with the server's suggested Owner ID; the id is locked when editing. */
export function OwnerFormDialog({ owner, onClose }: { owner: Owner | null; onClose: () => void }) {
  return (
    <WithSuggestedId
      queryKey={['owners', 'next-id']}
      load={nextOwnerId}
      skip={owner !== null}
      title={TITLE.add}
      description={DESCRIPTION}
      onClose={onClose}
    >
      {(suggested) => <OwnerForm owner={owner} suggestedId={suggested} onClose={onClose} />}
    </WithSuggestedId>
  );
}

function OwnerForm({ owner, suggestedId, onClose }: { owner: Owner | null; suggestedId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const isEdit = owner !== null;
  const [uploading, setUploading] = useState(false);
  const form = useContractForm(ownerInput, {
    owner_id: owner?.owner_id ?? suggestedId,
    first_name: owner?.first_name ?? '',
    last_name: owner?.last_name ?? '',
    date_of_birth: owner?.date_of_birth ?? '',
    resident_status: owner?.resident_status ?? 'owner',
    email: owner?.email ?? '',
    phone: owner?.phone ?? '',
    photo_url: owner?.photo_url ?? '',
    mailing_address: owner?.mailing_address ?? '',
    mailing_address_2: owner?.mailing_address_2 ?? '',
    city: owner?.city ?? '',
    state: owner?.state ?? '',
    zip_code: owner?.zip_code ?? '',
    emergency_contact_name: owner?.emergency_contact_name ?? '',
    emergency_contact_phone: owner?.emergency_contact_phone ?? '',
    status: owner?.status ?? 'active',
    notes: owner?.notes ?? '',
  });

  const save = useMutation({
    mutationFn: ({ owner_id, ...rest }: typeof ownerInput._output) =>
      // The id cannot change once given; the server refuses it on update.
      isEdit ? update<Owner>('Owner', owner.id, rest) : create<Owner>('Owner', { owner_id, ...rest }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('Owner') });
      onClose();
    },
  });

  const [photoUrl, firstName, lastName] = form.watch(['photo_url', 'first_name', 'last_name']);
  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error('Photo must be an image file');
      return;
    }
    setUploading(true);
    try {
      form.setValue('photo_url', await uploadFile(file), { shouldDirty: true });
    } catch {
      toast.error('Failed to upload photo');
    } finally {
      setUploading(false);
    }
  };

  return (
    <EntityFormDialog
      title={isEdit ? TITLE.edit : TITLE.add}
      description={DESCRIPTION}
      form={form}
      onSubmit={(body) => save.mutate(body)}
      onClose={onClose}
      isPending={save.isPending || uploading}
      error={save.error}
      submitLabel={isEdit ? 'Update Owner' : 'Create Owner'}
      wide
    >
      <div className="flex items-center gap-4 sm:col-span-2">
        <Avatar className="size-16">
          {photoUrl ? <AvatarImage src={photoUrl} alt="" /> : null}
          <AvatarFallback>{initialsOf(`${firstName} ${lastName}`)}</AvatarFallback>
        </Avatar>
        <div className="space-y-1.5">
          <Label htmlFor="owner-photo">{uploading ? 'Uploading...' : 'Photo'}</Label>
          <Input id="owner-photo" type="file" accept="image/*" disabled={uploading} onChange={(e) => void onPhoto(e.target.files?.[0])} />
        </div>
      </div>
      <IdField name="owner_id" label="Owner ID" disabled={isEdit} />
      <TextField name="first_name" label="First Name" />
      <TextField name="last_name" label="Last Name" />
      <TextField name="date_of_birth" label="Date of Birth" type="date" />
      <SelectField name="resident_status" label="Resident Status" options={choicesOf(RESIDENT_STATUSES)} />
      <SelectField name="status" label="Status" options={choicesOf(OWNER_STATUSES)} />
      <TextField name="email" label="Email" type="email" />
      <TextField name="phone" label="Phone" type="tel" />
      <TextField name="mailing_address" label="Mailing Address" />
      <TextField name="mailing_address_2" label="Address Line 2" />
      <TextField name="city" label="City" />
      <TextField name="state" label="State" />
      <TextField name="zip_code" label="Zip Code" />
      <TextField name="emergency_contact_name" label="Emergency Contact Name" />
      <TextField name="emergency_contact_phone" label="Emergency Contact Phone" type="tel" />
      <TextareaField name="notes" label="Notes" />
    </EntityFormDialog>
  );
}
