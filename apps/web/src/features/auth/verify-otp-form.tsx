import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useResendOtpMutation, useVerifyOtpMutation } from '@/features/auth/auth.api';
import { otpSchema } from '@/features/auth/auth.schemas';
import type { AuthResult } from '@/lib/api';

interface VerifyOtpFormProps {
  email: string;
  onVerified: (result: AuthResult) => void;
}

/** The email-verification step: a 6-digit code from the email, with a way to send a new one. */
export function VerifyOtpForm({ email, onVerified }: VerifyOtpFormProps) {
  const form = useForm<z.infer<typeof otpSchema>>({ resolver: zodResolver(otpSchema), defaultValues: { otp_code: '' } });
  const verify = useVerifyOtpMutation();
  const resend = useResendOtpMutation();

  const onSubmit = form.handleSubmit((values) => verify.mutate({ email, otp_code: values.otp_code }, { onSuccess: onVerified }));
  const onResend = () =>
    resend.mutate(
      { email },
      {
        onSuccess: () => toast.success(`A new code was sent to ${email}.`),
        onError: (error) => toast.error(error.message),
      },
    );

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        <FormError error={verify.error} />
        <FormField
          control={form.control}
          name="otp_code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Verification code</FormLabel>
              <FormControl>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <SubmitButton isPending={verify.isPending} className="w-full">
          Verify email
        </SubmitButton>
        <Button type="button" variant="link" onClick={onResend} disabled={resend.isPending}>
          Resend code
        </Button>
      </form>
    </Form>
  );
}
