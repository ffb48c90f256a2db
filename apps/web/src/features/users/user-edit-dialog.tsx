import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { APP_ROLES } from '@covenant/contracts/constants';
import { NO_APP_ROLE, userEditForm } from '@covenant/contracts/users-form';
import { EntityFormDialog, SelectField, TextField, useContractForm } from '@/components/entity-form';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { entityKeys, get, uploadFile } from '@/lib/entities';
import { initialsOf } from '@/lib/format';
import { roleDisplayName } from '@/lib/roles';
import { fullName } from '@/features/owners/owners.api';
import { EntityPickerField } from '@/components/entity-picker';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { unitLabel, useResetTwoFactor, useUpdateUser, type OwnerSummary, type PropertySummary, type UserRow } from './users.api';

const ROLE_OPTIONS = [{ value: NO_APP_ROLE, label: 'None' }, ...APP_ROLES.map((role) => ({ value: role, label: roleDisplayName(role) }))];

/** A read-only field of the dialog, with the note saying why. */
function ReadOnlyField({ id, label, value, note }: { id: string; label: string; value: string; note: string }) {
  return (
    <div className="space-y-2 sm:col-span-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} readOnly disabled />
      <p className="text-muted-foreground text-xs">{note}</p>
    </div>
  );
}

/**
 * The edit dialog of spec part 1, section 2 'Users'. Staff send exactly the five fields; a user editing
 * their own profile (own_records) sends only phone and photo, the fields the server lets them change.
 */
export function UserEditDialog({ user, selfOnly, canResetTwoFactor = false, onClose }: {
  user: UserRow;
  selfOnly: boolean;
  /** An administrator editing someone else: they may reset that user's second factor. */
  canResetTwoFactor?: boolean;
  onClose: () => void;
}) {
  const [isUploading, setIsUploading] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const resetTwoFactor = useResetTwoFactor();
  const updateUser = useUpdateUser();
  const form = useContractForm(userEditForm, {
    phone: user.phone ?? '',
    photo_url: user.photo_url ?? '',
    owner_id: user.owner_id,
    property_id: user.property_id,
    // A role outside the list (renamed since) is the schema's to refuse, not the dialog's to drop.
    user_role: (user.user_role ?? NO_APP_ROLE) as (typeof userEditForm._input)['user_role'],
  });
  const [ownerId, photoUrl] = form.watch(['owner_id', 'photo_url']);
  const linkedOwner = useQuery({
    queryKey: entityKeys.one('Owner', ownerId ?? ''),
    queryFn: () => get<OwnerSummary>('Owner', ownerId!),
    enabled: !!ownerId,
  });

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setIsUploading(true);
    try {
      if (!file.type.startsWith('image/')) throw new Error('not an image');
      form.setValue('photo_url', await uploadFile(file), { shouldDirty: true });
    } catch {
      toast.error('Failed to upload photo');
    } finally {
      setIsUploading(false);
    }
  };

  const photo = ownerId ? linkedOwner.data?.photo_url : photoUrl;
  const name = user.full_name || user.email;

  return (
    <EntityFormDialog
      title="Edit User"
      description="Update the user's phone, role, linked owner and unit."
      form={form}
      onSubmit={(body) =>
        updateUser.mutate({ id: user.id, data: selfOnly ? { phone: body.phone, photo_url: body.photo_url } : body }, { onSuccess: onClose })
      }
      onClose={onClose}
      isPending={updateUser.isPending || isUploading}
      error={updateUser.error}
      submitLabel="Update User"
    >
      <div className="flex items-center gap-4 sm:col-span-2">
        <Avatar className="size-16">
          {photo ? <AvatarImage src={photo} alt="" /> : null}
          <AvatarFallback className="text-lg">{initialsOf(name)}</AvatarFallback>
        </Avatar>
        {ownerId ? (
          <p className="text-muted-foreground text-sm">Using photo from linked owner profile</p>
        ) : (
          <div className="space-y-1">
            <Label htmlFor="user-photo">Photo</Label>
            <Input id="user-photo" type="file" accept="image/*" disabled={isUploading} onChange={(event) => void onPhoto(event.target.files?.[0])} />
            {isUploading ? <p className="text-muted-foreground text-xs">Uploading...</p> : null}
          </div>
        )}
      </div>
      <ReadOnlyField id="user-full-name" label="Full Name" value={user.full_name ?? ''} note="Name cannot be changed here" />
      <ReadOnlyField id="user-email" label="Email" value={user.email} note="Email cannot be changed" />
      <TextField name="phone" label="Phone" type="tel" wide />
      {/* A user's own profile changes only phone and photo: the staff fields show, disabled. */}
      <fieldset disabled={selfOnly} className="grid gap-4 sm:col-span-2">
        <SelectField name="user_role" label="Application Role" options={ROLE_OPTIONS} wide />
        <EntityPickerField<typeof userEditForm._input, OwnerSummary>
          name="owner_id"
          fieldLabel="Link to Owner (optional)"
          label="Link to Owner"
          entity="Owner"
          searchFields={['first_name', 'last_name', 'email']}
          sort="last_name"
          fields={['id', 'first_name', 'last_name', 'photo_url']}
          labelOf={fullName}
        />
        <EntityPickerField<typeof userEditForm._input, PropertySummary>
          name="property_id"
          fieldLabel="Assign to Property/Unit (optional)"
          label="Assign to Property/Unit"
          entity="Property"
          searchFields={['unit_number', 'street_address']}
          sort="unit_number"
          fields={['id', 'unit_number', 'street_address']}
          labelOf={unitLabel}
        />
      </fieldset>
      {canResetTwoFactor && user.two_factor_enabled ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 sm:col-span-2">
          <p className="text-sm">Two-factor authentication is on for this user.</p>
          <Button type="button" variant="outline" size="sm" disabled={resetTwoFactor.isPending} onClick={() => setConfirmingReset(true)}>
            Reset two-factor authentication
          </Button>
          <ConfirmDialog
            open={confirmingReset}
            text={`Reset two-factor authentication for ${name}? Their sessions end, and they sign in with their password alone (and enrol again if your organization requires it).`}
            confirmLabel="Reset"
            onCancel={() => setConfirmingReset(false)}
            onConfirm={() => {
              setConfirmingReset(false);
              resetTwoFactor.mutate(user.id, { onSuccess: onClose });
            }}
          />
        </div>
      ) : null}
    </EntityFormDialog>
  );
}
