import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLoginMutation, useRegisterMutation } from '@/features/auth/auth.api';
import { AuthScreen } from '@/features/auth/auth-screen';
import { registerSchema } from '@/features/auth/auth.schemas';
import { VerifyOtpForm } from '@/features/auth/verify-otp-form';
import type { AuthResult, LoginResult } from '@/lib/api';
import { useSession } from '@/app/session';

type RegisterValues = z.infer<typeof registerSchema>;

const signInLink = (
  <span>
    Already have an account?{' '}
    <Link to="/login" className="text-primary underline underline-offset-4">
      Sign in
    </Link>
  </span>
);

/** Accepting an invitation (`/register?email=...`): create the account, then verify the email code. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const register = useRegisterMutation();
  const login = useLoginMutation();
  const [registered, setRegistered] = useState<RegisterValues | null>(null);
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { full_name: '', email: params.get('email') ?? '', password: '' },
  });

  const onSignedIn = (result: LoginResult | AuthResult) => {
    // A second factor cannot be on for a new account; if it were, the sign-in page asks for it.
    if ('two_factor_required' in result) return navigate(`/login?email=${encodeURIComponent(registered?.email ?? '')}`, { replace: true });
    if (!result.access_token) return;
    session.signIn(result.access_token);
    navigate('/', { replace: true });
  };

  const onVerified = (result: AuthResult) => {
    if (result.access_token) return onSignedIn(result);
    // Verification may not start a session; the password just chosen signs in.
    if (registered) login.mutate({ email: registered.email, password: registered.password }, { onSuccess: onSignedIn });
  };

  if (registered) {
    return (
      <AuthScreen
        title="Verify your email"
        description={`We sent a 6-digit code to ${registered.email}. Enter it below to finish creating your account.`}
        footer={signInLink}
      >
        <div className="grid gap-4">
          <FormError error={login.error} />
          <VerifyOtpForm email={registered.email} onVerified={onVerified} />
        </div>
      </AuthScreen>
    );
  }

  const onSubmit = form.handleSubmit((values) => register.mutate(values, { onSuccess: () => setRegistered(values) }));

  return (
    <AuthScreen title="Create your account" description="Accept your invitation to your homeowners association." footer={signInLink}>
      <Form {...form}>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <FormError error={register.error} />
          <FormField
            control={form.control}
            name="full_name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Full name</FormLabel>
                <FormControl>
                  <Input autoComplete="name" autoFocus {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" {...field} />
                </FormControl>
                <FormDescription>The address your invitation was sent to.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Password</FormLabel>
                <FormControl>
                  <Input type="password" autoComplete="new-password" {...field} />
                </FormControl>
                <FormDescription>At least 8 characters.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <SubmitButton isPending={register.isPending} className="w-full">
            Create account
          </SubmitButton>
        </form>
      </Form>
    </AuthScreen>
  );
}
