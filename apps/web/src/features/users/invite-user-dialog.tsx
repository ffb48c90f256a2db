import { APP_ROLES } from '@covenant/contracts/constants';
import { CheckCircle2Icon, InfoIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { roleDisplayName } from '@/lib/roles';
import { useInviteUser } from '@/features/users/users.api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * 'Add User': new users cannot be created here; they are invited by email, which on this self-hosted
 * platform is the platform dashboard's invitation (spec part 1, sections 2 and 5).
 */
export function InviteUserDialog({ open, onOpenChange, canInviteAdmin }: { open: boolean; onOpenChange: (open: boolean) => void; canInviteAdmin: boolean }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('owner');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = useInviteUser();
  const roles = APP_ROLES.filter((r) => canInviteAdmin || r !== 'admin');

  const close = (next: boolean) => {
    if (!next) {
      setEmail('');
      setRole('owner');
      setError(null);
      setSentTo(null);
      invite.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) return setError('Please enter a valid email address');
    setError(null);
    invite.mutate(
      { user_email: address, role },
      {
        onSuccess: () => {
          setSentTo(address);
          setEmail('');
        },
        onError: (failure) => setError(`Failed to invite user: ${failure.message}`),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite User</DialogTitle>
          <DialogDescription>New users must be invited through the platform dashboard</DialogDescription>
        </DialogHeader>
        <Alert>
          <InfoIcon aria-hidden="true" />
          <AlertDescription>
            Invite the user by email with an application role. Once they have created their account, edit their card here to link an owner
            and assign a property.
          </AlertDescription>
        </Alert>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <div className="space-y-2">
            <Label htmlFor="invite-email">Email</Label>
            <Input id="invite-email" type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="invite-role">Application Role</Label>
            <Select value={role} onValueChange={setRole}>
              <SelectTrigger id="invite-role" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {roles.map((r) => (
                  <SelectItem key={r} value={r}>
                    {roleDisplayName(r)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {error ? (
            <Alert variant="destructive">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          {sentTo ? (
            <Alert role="status">
              <CheckCircle2Icon aria-hidden="true" />
              <AlertTitle>Invitation sent</AlertTitle>
              <AlertDescription>An invitation was emailed to {sentTo}.</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Close
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Sending...' : 'Send Invitation'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
