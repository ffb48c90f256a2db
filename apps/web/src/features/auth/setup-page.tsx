import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { setupStatusQuery, useSetupMutation } from '@/features/auth/auth.api';
import { AuthScreen } from '@/features/auth/auth-screen';
import { setupSchema } from '@/features/auth/auth.schemas';
import { ApiError } from '@/lib/api';
import { LoadFailed } from '@/app/load-failed';
import { useSession } from '@/app/session';

type SetupValues = z.infer<typeof setupSchema>;

/** First run: creates the administrator of an empty instance and signs them in. */
export function SetupPage() {
  const status = useQuery(setupStatusQuery);
  if (status.isPending) return <FullPageSpinner />;
  if (status.isError) return <LoadFailed error={status.error} />;
  if (!status.data.needs_setup) return <Navigate to="/" replace />;
  return <SetupForm />;
}

function SetupForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const setup = useSetupMutation();
  const form = useForm<SetupValues>({
    resolver: zodResolver(setupSchema),
    defaultValues: { full_name: '', email: '', password: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    setup.mutate(values, {
      onSuccess: (result) => {
        queryClient.setQueryData(setupStatusQuery.queryKey, { needs_setup: false });
        if ('access_token' in result) session.signIn(result.access_token);
        navigate('/', { replace: true });
      },
      onError: (error) => {
        // Someone else finished setup meanwhile: the status now sends this screen away.
        if (error instanceof ApiError && error.code === 'setup_complete') void queryClient.invalidateQueries(setupStatusQuery);
      },
    }),
  );

  return (
    <AuthScreen title="Set up Covenant" description="Create the administrator account for your homeowners association.">
      <Form {...form}>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <FormError error={setup.error} />
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
          <SubmitButton isPending={setup.isPending} className="w-full">
            Create administrator
          </SubmitButton>
        </form>
      </Form>
    </AuthScreen>
  );
}
