import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useEnableTwoFactorMutation, useVerifyTwoFactorMutation } from '@/features/auth/auth.api';
import { passwordOnlySchema, totpSchema } from '@/features/auth/auth.schemas';
import { downloadFile } from '@/lib/download';

interface Enrolment {
  totp_uri: string;
  backup_codes: string[];
}

/** The key inside an otpauth:// URI, in groups of four for typing into an app by hand. */
function manualKeyOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The QR code of the URI, drawn in the browser (the secret never leaves it for an image service). */
function useQrCode(uri: string): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode').then((qr) => qr.toDataURL(uri, { margin: 1, width: 192 })).then((url) => {
      if (!cancelled) setDataUrl(url);
    });
    return () => {
      cancelled = true;
    };
  }, [uri]);
  return dataUrl;
}

/**
 * Turning two-factor authentication on: the password, then the QR code (or key) for the app, the
 * recovery codes, and a first code from the app, which switches it on.
 */
export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  return enrolment ? <ScanAndVerify enrolment={enrolment} onDone={onDone} /> : <ConfirmPassword onEnrolment={setEnrolment} />;
}

function ConfirmPassword({ onEnrolment }: { onEnrolment: (enrolment: Enrolment) => void }) {
  const enable = useEnableTwoFactorMutation();
  return (
    <PasswordForm isPending={enable.isPending} error={enable.error} submitLabel="Continue" autoFocus onSubmit={(values) => enable.mutate(values, { onSuccess: onEnrolment })}>
      <p className="text-muted-foreground text-sm">
        You will need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password. Enter your
        password to begin.
      </p>
    </PasswordForm>
  );
}

interface PasswordFormProps {
  isPending: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (values: { password: string }) => void;
  children: ReactNode;
  autoFocus?: boolean;
  destructive?: boolean;
}

/** The current password, asked before two-factor authentication is turned on or off. */
export function PasswordForm({ isPending, error, submitLabel, onSubmit, children, autoFocus = false, destructive = false }: PasswordFormProps) {
  const form = useForm<z.infer<typeof passwordOnlySchema>>({ resolver: zodResolver(passwordOnlySchema), defaultValues: { password: '' } });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" noValidate>
        {children}
        <FormError error={error} />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Password</FormLabel>
              <FormControl>
                <Input type="password" autoComplete="current-password" autoFocus={autoFocus} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <SubmitButton isPending={isPending} variant={destructive ? 'destructive' : 'default'} className="justify-self-start">
          {submitLabel}
        </SubmitButton>
      </form>
    </Form>
  );
}

function ScanAndVerify({ enrolment, onDone }: { enrolment: Enrolment; onDone: () => void }) {
  const qr = useQrCode(enrolment.totp_uri);
  const form = useForm<z.infer<typeof totpSchema>>({ resolver: zodResolver(totpSchema), defaultValues: { code: '' } });
  const verify = useVerifyTwoFactorMutation();
  const onSubmit = form.handleSubmit((values) => verify.mutate(values, { onSuccess: onDone }));
  const saveCodes = () =>
    downloadFile('covenant-recovery-codes.txt', `Covenant recovery codes\r\nEach code signs you in once if you lose your phone.\r\n\r\n${enrolment.backup_codes.join('\r\n')}\r\n`, 'text/plain;charset=utf-8');

  return (
    <div className="grid gap-5 text-sm">
      <section className="grid gap-2" aria-labelledby="tf-scan">
        <h3 id="tf-scan" className="font-medium">
          1. Scan this QR code with your authenticator app
        </h3>
        <div className="flex size-48 items-center justify-center rounded-md border bg-white p-1">
          {qr ? <img src={qr} alt="QR code for your authenticator app" className="size-full" /> : <span className="text-muted-foreground">Drawing…</span>}
        </div>
        <p className="text-muted-foreground">Cannot scan it? Enter this key in the app instead:</p>
        <code className="bg-muted rounded px-2 py-1 font-mono break-all" data-testid="two-factor-key">
          {manualKeyOf(enrolment.totp_uri)}
        </code>
      </section>
      <section className="grid gap-2" aria-labelledby="tf-codes">
        <h3 id="tf-codes" className="font-medium">
          2. Keep your recovery codes
        </h3>
        <p className="text-muted-foreground">If you lose your phone, each of these codes signs you in once. Store them somewhere safe.</p>
        <ul aria-labelledby="tf-codes" className="bg-muted grid grid-cols-2 gap-1 rounded p-2 font-mono">
          {enrolment.backup_codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={saveCodes}>
          Download recovery codes
        </Button>
      </section>
      <Form {...form}>
        <form onSubmit={onSubmit} className="grid gap-2" noValidate aria-labelledby="tf-verify">
          <h3 id="tf-verify" className="font-medium">
            3. Enter the 6-digit code the app shows
          </h3>
          <FormError error={verify.error} />
          <FormField
            control={form.control}
            name="code"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Authentication code</FormLabel>
                <FormControl>
                  <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <SubmitButton isPending={verify.isPending} className="justify-self-start">
            Turn on two-factor authentication
          </SubmitButton>
        </form>
      </Form>
    </div>
  );
}
