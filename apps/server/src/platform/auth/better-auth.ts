import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { newId } from '@covenant/db/ids';
import { schema } from '@covenant/db/schema';
import type { Db } from '@covenant/db/client';
import type { AppConfig } from '../../config.ts';
import type { Mailer } from '../email/mailer.ts';

const OTP_SUBJECTS: Record<string, string> = {
  'email-verification': 'Your verification code',
  'sign-in': 'Your sign-in code',
  'forget-password': 'Your password reset code',
  'change-email': 'Your email change code',
};

/** Better Auth, mapped onto our tables; only its server API is used, behind the platform's own endpoints. */
export function createAuth(db: Db, config: AppConfig, mailer: Mailer, secret: string) {
  return betterAuth({
    appName: 'Covenant',
    baseURL: config.publicUrl,
    basePath: '/api/auth-internal',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      // People and their sign-ins are shared by every association (schema/shared.ts).
      schema: { people: schema.people, sessions: schema.sessions, accounts: schema.accounts, verifications: schema.verifications, two_factors: schema.twoFactors },
    }),
    telemetry: { enabled: false },
    // Failed sign-ins are expected traffic; our own handlers log what matters.
    logger: { disabled: config.logLevel === 'silent', level: 'error' },
    rateLimit: { enabled: false },
    advanced: { database: { generateId: () => newId() } },
    user: {
      modelName: 'people',
      fields: { name: 'full_name', email: 'email', emailVerified: 'email_verified', image: 'photo_url', createdAt: 'created_date', updatedAt: 'updated_date' },
      additionalFields: {
        phone: { type: 'string', required: false, input: false },
        created_by: { type: 'string', required: false, input: false },
        portfolio_role: { type: 'string', required: false, input: false },
      },
    },
    session: {
      modelName: 'sessions',
      fields: { userId: 'user_id', expiresAt: 'expires_at', ipAddress: 'ip_address', userAgent: 'user_agent', createdAt: 'created_at', updatedAt: 'updated_at' },
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id', providerId: 'provider_id', userId: 'user_id', accessToken: 'access_token', refreshToken: 'refresh_token',
        idToken: 'id_token', accessTokenExpiresAt: 'access_token_expires_at', refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at', updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    // register() sends the one code itself, after the invitation's role is set (sign-up would send a second one).
    emailVerification: { autoSignInAfterVerification: true, sendOnSignUp: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          subject: 'Reset your password',
          text: `Someone asked to reset the password of your Covenant account.\n\nOpen this link within one hour to choose a new password:\n${link}\n\nYour reset token: ${token}\n\nIf you did not ask for this, ignore this email.`,
        });
      },
    },
    plugins: [
      bearer(),
      // TOTP with recovery codes; its per-account lock (10 wrong codes, 15 minutes) stays on.
      twoFactor({
        issuer: 'Covenant',
        schema: {
          user: { fields: { twoFactorEnabled: 'two_factor_enabled' } },
          twoFactor: {
            modelName: 'two_factors',
            fields: {
              secret: 'secret', backupCodes: 'backup_codes', userId: 'user_id', verified: 'verified',
              failedVerificationCount: 'failed_verification_count', lockedUntil: 'locked_until',
            },
          },
        },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: 10 * 60,
        allowedAttempts: 5,
        overrideDefaultEmailVerification: true,
        sendVerificationOnSignUp: false,
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp, type }) => {
          await mailer.send({
            to: email,
            subject: OTP_SUBJECTS[type] ?? 'Your code',
            text: `Your Covenant code is ${otp}. It expires in 10 minutes.\n\nIf you did not ask for it, ignore this email.`,
          });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
