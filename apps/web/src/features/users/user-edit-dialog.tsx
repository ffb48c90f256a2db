import { APP_ROLES } from '@covenant/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { EntityPicker } from '@/components/entity-picker';
import { entityKeys, get, uploadFile } from '@/lib/entities';
import { initialsOf } from '@/lib/format';
import { roleDisplayName } from '@/lib/roles';
import {
  ownerName, unitLabel, useUpdateUser, type OwnerSummary, type PropertySummary, type UserRecord, type UserUpdate,
} from '@/features/users/users.api';

const NO_ROLE = '__none__';

/**
 * The edit dialog of spec part 1, section 2 'Users'. Staff send exactly the five fields; a user editing
 * their own profile (own_records) sends only phone and photo, the fields the server lets them change.
 */
export function UserEditDialog({ user, selfOnly, onClose }: { user: UserRecord; selfOnly: boolean; onClose: () => void }) {
  const [form, setForm] = useState<UserUpdate>({
    phone: user.phone,
    photo_url: user.photo_url,
    owner_id: user.owner_id,
    property_id: user.property_id,
    user_role: user.user_role,
  });
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const updateUser = useUpdateUser();
  const linkedOwner = useQuery({
    queryKey: entityKeys.one('Owner', form.owner_id ?? ''),
    queryFn: () => get<OwnerSummary>('Owner', form.owner_id!),
    enabled: !!form.owner_id,
  });

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError('Failed to upload photo');
    setIsUploading(true);
    setError(null);
    try {
      const url = await uploadFile(file);
      setForm((current) => ({ ...current, photo_url: url }));
    } catch {
      setError('Failed to upload photo');
    } finally {
      setIsUploading(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const data: Partial<UserUpdate> = selfOnly
      ? { phone: form.phone || null, photo_url: form.photo_url || null }
      : {
          phone: form.phone || null,
          photo_url: form.photo_url || null,
          owner_id: form.owner_id || null,
          property_id: form.property_id || null,
          user_role: form.user_role || null,
        };
    updateUser.mutate(
      { id: user.id, data },
      {
        onSuccess: onClose,
        onError: (failure) => setError(failure.message ? `Error: ${failure.message}` : 'Failed to update user'),
      },
    );
  };

  const photo = form.owner_id ? linkedOwner.data?.photo_url : form.photo_url;
  const name = user.full_name || user.email;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription>Update the user's phone, role, linked owner and unit.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <div className="flex items-center gap-4">
            <Avatar className="size-16">
              {photo ? <AvatarImage src={photo} alt="" /> : null}
              <AvatarFallback className="text-lg">{initialsOf(name)}</AvatarFallback>
            </Avatar>
            {form.owner_id ? (
              <p className="text-muted-foreground text-sm">Using photo from linked owner profile</p>
            ) : (
              <div className="space-y-1">
                <Label htmlFor="user-photo">Photo</Label>
                <Input
                  id="user-photo"
                  type="file"
                  accept="image/*"
                  disabled={isUploading}
                  onChange={(event) => void onPhoto(event.target.files?.[0])}
                />
                {isUploading ? <p className="text-muted-foreground text-xs">Uploading...</p> : null}
              </div>
            )}
          </div>
          <div className="space-y-2">
            <Label htmlFor="user-full-name">Full Name</Label>
            <Input id="user-full-name" value={user.full_name ?? ''} readOnly disabled />
            <p className="text-muted-foreground text-xs">Name cannot be changed here</p>
          </div>
          <div className="space-y-2">
            <Label htmlFor="user-email">Email</Label>
            <Input id="user-email" value={user.email} readOnly disabled />
            <p className="text-muted-foreground text-xs">Email cannot be changed</p>
          </div>
          <div className="space-y-2">
            <Label htmlFor="user-phone">Phone</Label>
            <Input
              id="user-phone"
              type="tel"
              value={form.phone ?? ''}
              onChange={(event) => setForm((current) => ({ ...current, phone: event.target.value }))}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="user-role">Application Role</Label>
            <Select
              value={form.user_role ?? NO_ROLE}
              onValueChange={(value) => setForm((current) => ({ ...current, user_role: value === NO_ROLE ? null : value }))}
              disabled={selfOnly}
            >
              <SelectTrigger id="user-role" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_ROLE}>None</SelectItem>
                {APP_ROLES.map((role) => (
                  <SelectItem key={role} value={role}>
                    {roleDisplayName(role)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-2">
            <Label htmlFor="user-owner">Link to Owner (optional)</Label>
            <EntityPicker<OwnerSummary>
              id="user-owner"
              label="Link to Owner"
              entity="Owner"
              value={form.owner_id}
              onChange={(id) => setForm((current) => ({ ...current, owner_id: id }))}
              searchFields={['first_name', 'last_name', 'email']}
              sort="last_name"
              fields={['id', 'first_name', 'last_name', 'photo_url']}
              labelOf={ownerName}
              disabled={selfOnly}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="user-property">Assign to Property/Unit (optional)</Label>
            <EntityPicker<PropertySummary>
              id="user-property"
              label="Assign to Property/Unit"
              entity="Property"
              value={form.property_id}
              onChange={(id) => setForm((current) => ({ ...current, property_id: id }))}
              searchFields={['unit_number', 'street_address']}
              sort="unit_number"
              fields={['id', 'unit_number', 'street_address']}
              labelOf={unitLabel}
              disabled={selfOnly}
            />
          </div>
          {error ? (
            <Alert variant="destructive">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={updateUser.isPending || isUploading}>
              {updateUser.isPending ? 'Saving...' : 'Update User'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
