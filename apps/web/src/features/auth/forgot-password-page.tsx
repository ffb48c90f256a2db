import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useRequestPasswordResetMutation } from '@/features/auth/auth.api';
import { AuthScreen } from '@/features/auth/auth-screen';
import { emailSchema } from '@/features/auth/auth.schemas';

const backToSignIn = (
  <Link to="/login" className="text-primary underline underline-offset-4">
    Back to sign in
  </Link>
);

export function ForgotPasswordPage() {
  const request = useRequestPasswordResetMutation();
  const form = useForm<z.infer<typeof emailSchema>>({ resolver: zodResolver(emailSchema), defaultValues: { email: '' } });

  if (request.isSuccess) {
    return (
      <AuthScreen title="Check your email" footer={backToSignIn}>
        <Alert>
          <MailCheckIcon />
          <AlertTitle>Reset link sent</AlertTitle>
          <AlertDescription>
            If an account exists for {request.variables.email}, we sent it an email with a link to reset the password.
          </AlertDescription>
        </Alert>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="Forgot password"
      description="Enter your email address and we will send you a link to reset your password."
      footer={backToSignIn}
    >
      <Form {...form}>
        <form onSubmit={form.handleSubmit((values) => request.mutate(values))} className="grid gap-4" noValidate>
          <FormError error={request.error} />
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" autoFocus {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <SubmitButton isPending={request.isPending} className="w-full">
            Send reset link
          </SubmitButton>
        </form>
      </Form>
    </AuthScreen>
  );
}
