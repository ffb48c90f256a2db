import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useDisableTwoFactorMutation } from '@/features/auth/auth.api';
import { passwordOnlySchema } from '@/features/auth/auth.schemas';
import { TwoFactorSetup } from '@/features/auth/two-factor-setup';
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
  const form = useForm<z.infer<typeof passwordOnlySchema>>({ resolver: zodResolver(passwordOnlySchema), defaultValues: { password: '' } });
  const disable = useDisableTwoFactorMutation();
  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => {
        toast.success('Two-factor authentication is off');
        onDone();
      },
    }),
  );
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        <p className="flex items-center gap-2 text-sm">
          <ShieldCheckIcon className="size-4 text-green-600" aria-hidden="true" />
          To turn it off, enter your password.
        </p>
        <FormError error={disable.error} />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Password</FormLabel>
              <FormControl>
                <Input type="password" autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <SubmitButton isPending={disable.isPending} variant="destructive" className="justify-self-start">
          Turn off two-factor authentication
        </SubmitButton>
      </form>
    </Form>
  );
}
