import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useLoginMutation } from '@/features/auth/auth.api';
import { safeReturnPath } from '@/features/auth/auth-redirect';
import { AuthScreen } from '@/features/auth/auth-screen';
import { emailProblem, signInPasswordProblem } from '@/features/auth/auth.rules';
import { ApiError, type AuthResult, type LoginInput, type LoginResult } from '@/lib/api';
import { useSession } from '@/app/session';

// The steps after the password load when the server asks for one: with their zod schemas, they would double
// the JavaScript of the sign-in page.
const SignInCodeForm = lazy(() => import('@/features/auth/sign-in-code-form').then((m) => ({ default: m.SignInCodeForm })));
const TwoFactorForm = lazy(() => import('@/features/auth/two-factor-form').then((m) => ({ default: m.TwoFactorForm })));
const VerifyOtpForm = lazy(() => import('@/features/auth/verify-otp-form').then((m) => ({ default: m.VerifyOtpForm })));

type Credentials = Pick<LoginInput, 'email' | 'password'>;

/** A further step, in the card, behind a spinner while its chunk loads. */
function StepForm({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-6">
          <Spinner className="text-primary size-6" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** Where sign-in stands after the password: done, or a further step the server asked for. */
type Step = { kind: 'password' } | { kind: 'sign-in-code'; credentials: Credentials } | { kind: 'two-factor'; challenge: string };

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const login = useLoginMutation();
  const [unverified, setUnverified] = useState<Credentials | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [expired, setExpired] = useState<string | null>(null);
  const returnTo = safeReturnPath(params.get('from_url'));

  const onSignedIn = (result: LoginResult | AuthResult) => {
    if ('two_factor_required' in result) return setStep({ kind: 'two-factor', challenge: result.challenge });
    if (!result.access_token) return;
    session.signIn(result.access_token);
    navigate(returnTo, { replace: true });
  };

  const onSubmit = (credentials: Credentials) => {
    setExpired(null);
    login.mutate(credentials, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'email_not_verified') setUnverified(credentials);
        if (error instanceof ApiError && error.code === 'sign_in_code_required') setStep({ kind: 'sign-in-code', credentials });
      },
    });
  };

  const backToPassword = (
    <button type="button" className="hover:text-foreground underline-offset-4 hover:underline" onClick={() => setStep({ kind: 'password' })}>
      Back to sign in
    </button>
  );

  if (step.kind === 'sign-in-code') {
    return (
      <AuthScreen
        title="Enter your sign-in code"
        description={`Too many wrong passwords were entered for this account, so we emailed a sign-in code to ${step.credentials.email}. Enter it to sign in with the password you typed.`}
        footer={backToPassword}
      >
        <StepForm>
          <SignInCodeForm credentials={step.credentials} onSignedIn={onSignedIn} />
        </StepForm>
      </AuthScreen>
    );
  }

  if (step.kind === 'two-factor') {
    return (
      <AuthScreen title="Two-factor authentication" description="Enter the 6-digit code from your authenticator app." footer={backToPassword}>
        <StepForm>
          <TwoFactorForm
            challenge={step.challenge}
            onSignedIn={onSignedIn}
            onExpired={(message) => {
              setExpired(message);
              setStep({ kind: 'password' });
            }}
          />
        </StepForm>
      </AuthScreen>
    );
  }

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
        <StepForm>
          <VerifyOtpForm
            email={unverified.email}
            // Verification may not start a session; the credentials just typed then sign in.
            onVerified={(result) => (result.access_token ? onSignedIn(result) : onSubmit(unverified))}
          />
        </StepForm>
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
          <Link to="/register" className="text-primary underline underline-offset-4">
            Create your account
          </Link>
        </span>
      }
    >
      <LoginForm
        defaultEmail={params.get('email') ?? ''}
        isPending={login.isPending}
        error={expired ? new Error(expired) : login.error}
        onSubmit={onSubmit}
      />
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
  const form = useForm<Credentials>({ defaultValues: { email: defaultEmail, password: '' } });
  // These answers lead to their own step rather than an error.
  const isNextStep = error instanceof ApiError && (error.code === 'email_not_verified' || error.code === 'sign_in_code_required');

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit((values) => onSubmit({ email: values.email.trim(), password: values.password }))} className="grid gap-4" noValidate>
        {isNextStep ? null : <FormError error={error} />}
        <FormField
          control={form.control}
          name="email"
          rules={{ validate: (value) => emailProblem(value) ?? true }}
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
          rules={{ validate: (value) => signInPasswordProblem(value) ?? true }}
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center justify-between">
                <FormLabel>Password</FormLabel>
                <Link to="/forgot-password" className="text-primary text-sm underline underline-offset-4">
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
