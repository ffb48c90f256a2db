import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLoginMutation } from '@/features/auth/auth.api';
import { signInCodeSchema } from '@/features/auth/auth.schemas';
import { ApiError, type LoginInput, type LoginResult } from '@/lib/api';

interface SignInCodeFormProps {
  credentials: LoginInput;
  onSignedIn: (result: LoginResult) => void;
}

/** After too many wrong passwords: the emailed code, sent with the password just typed. */
export function SignInCodeForm({ credentials, onSignedIn }: SignInCodeFormProps) {
  const form = useForm<z.infer<typeof signInCodeSchema>>({ resolver: zodResolver(signInCodeSchema), defaultValues: { sign_in_code: '' } });
  const login = useLoginMutation();
  const resend = useLoginMutation();

  const onSubmit = form.handleSubmit((values) => login.mutate({ ...credentials, sign_in_code: values.sign_in_code }, { onSuccess: onSignedIn }));
  // Signing in again without a code asks the server for one; it emails a new code when the last is a few minutes old.
  const onResend = () =>
    resend.mutate(credentials, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'sign_in_code_required') toast.success(`If a new code is due, we emailed it to ${credentials.email}.`);
        else toast.error(error.message);
      },
    });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        <FormError error={login.error} />
        <FormField
          control={form.control}
          name="sign_in_code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Sign-in code</FormLabel>
              <FormControl>
                <Input autoComplete="one-time-code" autoCapitalize="characters" spellCheck={false} maxLength={12} autoFocus {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <SubmitButton isPending={login.isPending} className="w-full">
          Sign in
        </SubmitButton>
        <Button type="button" variant="link" onClick={onResend} disabled={resend.isPending}>
          Email me a new code
        </Button>
      </form>
    </Form>
  );
}
