import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLoginMutation } from '@/features/auth/auth.api';
import { safeReturnPath } from '@/features/auth/auth-redirect';
import { AuthScreen } from '@/features/auth/auth-screen';
import { loginSchema } from '@/features/auth/auth.schemas';
import { VerifyOtpForm } from '@/features/auth/verify-otp-form';
import { ApiError, type AuthResult } from '@/lib/api';
import { useSession } from '@/app/session';

type Credentials = z.infer<typeof loginSchema>;

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const login = useLoginMutation();
  const [unverified, setUnverified] = useState<Credentials | null>(null);
  const returnTo = safeReturnPath(params.get('from_url'));

  const onSignedIn = (result: AuthResult) => {
    if (!result.access_token) return;
    session.signIn(result.access_token);
    navigate(returnTo, { replace: true });
  };

  const onSubmit = (credentials: Credentials) =>
    login.mutate(credentials, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'email_not_verified') setUnverified(credentials);
      },
    });

  if (unverified) {
    return (
      <AuthScreen
        title="Verify your email"
        description={`Your email address is not verified yet. Enter the 6-digit code we emailed to ${unverified.email}, or send a new one.`}
        footer={
          <button type="button" className="hover:text-foreground underline-offset-4 hover:underline" onClick={() => setUnverified(null)}>
            Back to sign in
          </button>
        }
      >
        <VerifyOtpForm
          email={unverified.email}
          // Verification may not start a session; the credentials just typed then sign in.
          onVerified={(result) => (result.access_token ? onSignedIn(result) : onSubmit(unverified))}
        />
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="Sign in"
      description="Sign in to manage your homeowners association."
      footer={
        <span>
          Invited to join?{' '}
          <Link to="/register" className="text-primary underline-offset-4 hover:underline">
            Create your account
          </Link>
        </span>
      }
    >
      <LoginForm defaultEmail={params.get('email') ?? ''} isPending={login.isPending} error={login.error} onSubmit={onSubmit} />
    </AuthScreen>
  );
}

interface LoginFormProps {
  defaultEmail: string;
  isPending: boolean;
  error: unknown;
  onSubmit: (credentials: Credentials) => void;
}

function LoginForm({ defaultEmail, isPending, error, onSubmit }: LoginFormProps) {
  const form = useForm<Credentials>({ resolver: zodResolver(loginSchema), defaultValues: { email: defaultEmail, password: '' } });
  const isUnverified = error instanceof ApiError && error.code === 'email_not_verified';

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" noValidate>
        {isUnverified ? null : <FormError error={error} />}
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
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center justify-between">
                <FormLabel>Password</FormLabel>
                <Link to="/forgot-password" className="text-primary text-sm underline-offset-4 hover:underline">
                  Forgot password?
                </Link>
              </div>
              <FormControl>
                <Input type="password" autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <SubmitButton isPending={isPending} className="w-full">
          Sign in
        </SubmitButton>
      </form>
    </Form>
  );
}
