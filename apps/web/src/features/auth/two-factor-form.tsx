import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useTwoFactorLoginMutation } from '@/features/auth/auth.api';
import { recoveryCodeSchema, totpSchema } from '@/features/auth/auth.schemas';
import { ApiError, type LoginResult } from '@/lib/api';

interface TwoFactorFormProps {
  challenge: string;
  onSignedIn: (result: LoginResult) => void;
  /** The challenge is over (expired or too many wrong codes): start again with the password. */
  onExpired: (message: string) => void;
}

/** The second step of sign-in: a code from the authenticator app, or one of the recovery codes. */
export function TwoFactorForm({ challenge, onSignedIn, onExpired }: TwoFactorFormProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const schema = useRecovery ? recoveryCodeSchema : totpSchema;
  const form = useForm<z.infer<typeof totpSchema>>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const verify = useTwoFactorLoginMutation();

  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(
      { challenge, code: values.code },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'two_factor_challenge_expired') onExpired(error.message);
        },
      },
    ),
  );
  const toggle = () => {
    setUseRecovery((value) => !value);
    form.reset({ code: '' });
    verify.reset();
  };

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        <FormError error={verify.error} />
        <FormField
          key={useRecovery ? 'recovery' : 'totp'}
          control={form.control}
          name="code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{useRecovery ? 'Recovery code' : 'Authentication code'}</FormLabel>
              <FormControl>
                {useRecovery ? (
                  <Input autoComplete="off" spellCheck={false} autoFocus {...field} />
                ) : (
                  <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus {...field} />
                )}
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <SubmitButton isPending={verify.isPending} className="w-full">
          Verify
        </SubmitButton>
        <Button type="button" variant="link" onClick={toggle}>
          {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </Button>
      </form>
    </Form>
  );
}
