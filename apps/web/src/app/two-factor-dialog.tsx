import { ShieldCheckIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useDisableTwoFactorMutation } from '@/features/auth/auth.api';
import { PasswordForm, TwoFactorSetup } from '@/features/auth/two-factor-setup';
import { useCurrentUser } from '@/app/current-user';

/** Two-factor authentication from the user menu: set it up, or turn it off with the password. */
export function TwoFactorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const user = useCurrentUser();
  const isOn = !!user.two_factor_enabled;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90svh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Two-factor authentication</DialogTitle>
          <DialogDescription>
            {isOn ? 'Two-factor authentication is on: signing in asks for a code from your authenticator app.' : 'Protect your account with a code from your phone at every sign-in.'}
          </DialogDescription>
        </DialogHeader>
        {open && isOn ? <TurnOff onDone={() => onOpenChange(false)} /> : null}
        {open && !isOn ? (
          <TwoFactorSetup
            onDone={() => {
              toast.success('Two-factor authentication is on');
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactorMutation();
  const onSubmit = (values: { password: string }) =>
    disable.mutate(values, {
      onSuccess: () => {
        toast.success('Two-factor authentication is off');
        onDone();
      },
    });
  return (
    <PasswordForm isPending={disable.isPending} error={disable.error} submitLabel="Turn off two-factor authentication" destructive onSubmit={onSubmit}>
      <p className="flex items-center gap-2 text-sm">
        <ShieldCheckIcon className="size-4 text-green-600" aria-hidden="true" />
        To turn it off, enter your password.
      </p>
    </PasswordForm>
  );
}
