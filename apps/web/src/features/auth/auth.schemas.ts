import { z } from 'zod';
import { EMAIL_ADDRESS, EMAIL_INVALID, EMAIL_REQUIRED, PASSWORD_REQUIRED } from '@/features/auth/auth.rules';

const email = z.string().trim().min(1, EMAIL_REQUIRED).pipe(z.email({ pattern: EMAIL_ADDRESS, error: EMAIL_INVALID }));
const newPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');
const fullName = z.string().trim().min(1, 'Full name is required').max(200);

export const setupSchema = z.object({ full_name: fullName, email, password: newPassword });

export const registerSchema = z.object({ full_name: fullName, email, password: newPassword });

export const emailSchema = z.object({ email });

export const otpSchema = z.object({
  otp_code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
});

export const resetPasswordSchema = z
  .object({ new_password: newPassword, confirm_password: z.string() })
  .refine((values) => values.new_password === values.confirm_password, {
    message: 'Passwords do not match',
    path: ['confirm_password'],
  });

/** The emailed sign-in code: eight letters and digits, typed with or without the dash. */
export const signInCodeSchema = z.object({
  sign_in_code: z
    .string()
    .trim()
    .refine((value) => value.replace(/[^A-Za-z0-9]/g, '').length === 8, 'Enter the 8-character code from the email'),
});

export const totpSchema = z.object({
  code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

export const recoveryCodeSchema = z.object({
  code: z.string().trim().min(6, 'Enter one of your recovery codes').max(32),
});

export const passwordOnlySchema = z.object({ password: z.string().min(1, PASSWORD_REQUIRED) });
