import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlertIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useResetPasswordMutation } from '@/features/auth/auth.api';
import { AuthScreen } from '@/features/auth/auth-screen';
import { resetPasswordSchema } from '@/features/auth/auth.schemas';

const requestNewLink = (
  <Link to="/forgot-password" className="text-primary underline underline-offset-4">
    Request a new reset link
  </Link>
);

/** The page the reset email links to: `/reset-password?token=...`. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const reset = useResetPasswordMutation();
  const form = useForm<z.infer<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  if (!token) {
    return (
      <AuthScreen title="Reset password" footer={requestNewLink}>
        <Alert variant="destructive">
          <CircleAlertIcon />
          <AlertTitle>Invalid reset link</AlertTitle>
          <AlertDescription>This password reset link is incomplete. Open the link from the email again.</AlertDescription>
        </Alert>
      </AuthScreen>
    );
  }

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(
      { reset_token: token, new_password: values.new_password },
      {
        onSuccess: () => {
          toast.success('Your password has been reset. Sign in with your new password.');
          navigate('/login', { replace: true });
        },
      },
    ),
  );

  return (
    <AuthScreen title="Reset password" description="Choose a new password for your account." footer={requestNewLink}>
      <Form {...form}>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <FormError error={reset.error} />
          <FormField
            control={form.control}
            name="new_password"
            render={({ field }) => (
              <FormItem>
                <FormLabel>New password</FormLabel>
                <FormControl>
                  <Input type="password" autoComplete="new-password" autoFocus {...field} />
                </FormControl>
                <FormDescription>At least 8 characters.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="confirm_password"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Confirm new password</FormLabel>
                <FormControl>
                  <Input type="password" autoComplete="new-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <SubmitButton isPending={reset.isPending} className="w-full">
            Reset password
          </SubmitButton>
        </form>
      </Form>
    </AuthScreen>
  );
}
