import { APP_ROLES } from '@covenant/contracts/constants';
import { inviteUserForm } from '@covenant/contracts/users-form';
import { CheckCircle2Icon, InfoIcon } from 'lucide-react';
import { useState } from 'react';
import { EntityFormDialog, SelectField, TextField, useContractForm } from '@/components/entity-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { roleDisplayName } from '@/lib/roles';
import { useInviteUser } from './users.api';

/**
 * 'Add User': new users cannot be created here; they are invited by email, which on this self-hosted
 * platform is the platform dashboard's invitation (spec part 1, sections 2 and 5).
 */
export function InviteUserDialog({ onClose, canInviteAdmin }: { onClose: () => void; canInviteAdmin: boolean }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = useInviteUser();
  const roles = APP_ROLES.filter((r) => canInviteAdmin || r !== 'admin').map((r) => ({ value: r, label: roleDisplayName(r) }));
  const form = useContractForm(inviteUserForm, { user_email: '', role: 'owner' });

  return (
    <EntityFormDialog
      title="Invite User"
      description="New users must be invited through the platform dashboard"
      form={form}
      onSubmit={(body) =>
        invite.mutate(body, {
          onSuccess: () => {
            setSentTo(body.user_email);
            form.reset({ user_email: '', role: body.role });
          },
        })
      }
      onClose={onClose}
      isPending={invite.isPending}
      error={invite.error}
      submitLabel="Send Invitation"
    >
      <Alert className="sm:col-span-2">
        <InfoIcon aria-hidden="true" />
        <AlertDescription>
          Invite the user by email with an application role. Once they have created their account, edit their card here to link an owner and
          assign a property.
        </AlertDescription>
      </Alert>
      <TextField name="user_email" label="Email" type="email" autoComplete="off" wide />
      <SelectField name="role" label="Application Role" options={roles} wide />
      {sentTo ? (
        <Alert role="status" className="sm:col-span-2">
          <CheckCircle2Icon aria-hidden="true" />
          <AlertTitle>Invitation sent</AlertTitle>
          <AlertDescription>An invitation was emailed to {sentTo}.</AlertDescription>
        </Alert>
      ) : null}
    </EntityFormDialog>
  );
}
