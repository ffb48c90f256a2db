import { APP_ROLES } from '@covenant/contracts/constants';
import { addMemberInput } from '@covenant/contracts/portfolio';
import { UserMinusIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table';
import { FormError } from '@/components/form-error';
import { Form } from '@/components/ui/form';
import { SelectField, TextField, useContractForm } from '@/components/entity-form';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { roleDisplayName } from '@/lib/roles';
import { associationMembersQuery, useAddMember, useRemoveMember, type PortfolioAssociation } from './portfolio.api';

/** 'Members': who works in an association and in which role; staff are added by email (a new person is invited). */
export function MembersDialog({ association, onClose }: { association: PortfolioAssociation; onClose: () => void }) {
  const members = useQuery(associationMembersQuery(association.app_id));
  const add = useAddMember(association.app_id);
  const remove = useRemoveMember(association.app_id);
  const form = useContractForm(addMemberInput, { email: '', role: 'property_manager' });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Members of {association.name}</DialogTitle>
          <DialogDescription>Staff and owners with a sign-in here, each with their role in this association.</DialogDescription>
        </DialogHeader>
        <FormError error={members.error ?? remove.error} />
        <DataTable
          label={`Members of ${association.name}`}
          rows={members.data ?? []}
          rowKey={(m) => m.user_id}
          empty={members.isSuccess ? 'No members yet.' : undefined}
          columns={[
            { id: 'name', header: 'Name', cell: (m) => m.full_name || '—' },
            { id: 'email', header: 'Email', className: 'break-all', cell: (m) => m.email },
            { id: 'role', header: 'Role', cell: (m) => roleDisplayName(m.user_role) },
          ]}
          actionsHeader={<span className="sr-only">Actions</span>}
          actions={(m) => (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${m.full_name || m.email}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(m.user_id, { onSuccess: () => toast.success(`${m.email} no longer has access to ${association.name}`) })}
            >
              <UserMinusIcon aria-hidden="true" />
            </Button>
          )}
        />
        <Form {...form}>
          <form
            noValidate
            aria-label="Add a member"
            className="grid items-end gap-3 border-t pt-4 sm:grid-cols-[1fr_12rem_auto]"
            onSubmit={(e) =>
              void form.handleSubmit((body) =>
                add.mutate(body, {
                  onSuccess: (result) => {
                    toast.success(result.outcome === 'invited' ? `An invitation was emailed to ${result.email}` : `${result.email} now has access to ${association.name}`);
                    form.reset({ email: '', role: body.role });
                  },
                }),
              )(e)
            }
          >
            <TextField name="email" label="Email" type="email" autoComplete="off" />
            <SelectField name="role" label="Role" options={APP_ROLES.map((r) => ({ value: r, label: roleDisplayName(r) }))} />
            <SubmitButton isPending={add.isPending}>Add Member</SubmitButton>
            <div className="sm:col-span-3">
              <FormError error={add.error} />
            </div>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
