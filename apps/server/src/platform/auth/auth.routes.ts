import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  invitedUserSchema, meSchema, twoFactorResetSchema, registeredSchema, replacedSessionSchema, signInResultSchema, twoFactorEnrollmentSchema, userSchema, verifiedEmailSchema,
} from '@covenant/contracts/auth';
import { userSelfUpdateInput } from '@covenant/contracts/entities';
import { successSchema } from '@covenant/contracts/records';
import { bodyReadByTheService, noBody } from '../../lib/documented-body.ts';
import {
  changePassword, changePasswordInput, emailOnlyInput, inviteUser, inviteUserInput, login, loginInput, logout, me, register, registerInput, resendOtp,
  resetPassword, resetPasswordInput, resetPasswordRequest, updateMe, verifyOtp, verifyOtpInput,
} from './auth.service.ts';
import {
  disableTwoFactor, enableTwoFactor, enableTwoFactorInput, resetTwoFactor, twoFactorLogin, twoFactorLoginInput, verifyTwoFactor, verifyTwoFactorInput,
} from './two-factor.service.ts';

const appParams = z.object({ appId: z.string() });

/** The platform's auth endpoints; each is rate limited per client address. All stay open to staff still to enrol a second factor. */
export async function authRoutes(app: FastifyInstance, opts: { perMinute: number }) {
  // Signing in and out, registering and one's own password and second factor: open to a person whatever their
  // membership of the path's association, and in an archived one too.
  const personal = { duringTwoFactorEnrollment: true, outsideMembership: true, whileArchived: true };
  const limited = (max = opts.perMinute) => ({ rateLimit: { max, timeWindow: '1 minute' }, ...personal });
  const answering = (response: z.ZodType) => ({ tags: ['auth'], params: appParams, response: { 200: response } });
  // Each body is read by its service (parseInput, with the person-readable messages): its schema documents it here.
  const taking = (body: z.ZodType | typeof noBody, response: z.ZodType) => ({
    schema: { ...answering(response), ...(body instanceof z.ZodType ? { body } : body) },
    validatorCompiler: bodyReadByTheService,
  });
  const base = '/api/apps/:appId/auth';

  app.post(`${base}/login`, { ...taking(loginInput, signInResultSchema), config: limited() }, async (request) => login(request.ctx, request.body));
  app.post(`${base}/logout`, { ...taking(noBody, successSchema), config: personal }, async (request) => logout(request.ctx, request.bearerToken));
  app.post(`${base}/register`, { ...taking(registerInput, registeredSchema), config: limited() }, async (request) => register(request.ctx, request.body));
  app.post(`${base}/verify-otp`, { ...taking(verifyOtpInput, verifiedEmailSchema), config: limited() }, async (request) => verifyOtp(request.ctx, request.body));
  app.post(`${base}/resend-otp`, { ...taking(emailOnlyInput, successSchema), config: limited(Math.ceil(opts.perMinute / 3)) }, async (request) => resendOtp(request.ctx, request.body));
  app.post(`${base}/reset-password-request`, { ...taking(emailOnlyInput, successSchema), config: limited(Math.ceil(opts.perMinute / 3)) }, async (request) =>
    resetPasswordRequest(request.ctx, request.body),
  );
  app.post(`${base}/reset-password`, { ...taking(resetPasswordInput, successSchema), config: limited() }, async (request) => resetPassword(request.ctx, request.body));
  app.post(`${base}/change-password`, { ...taking(changePasswordInput, replacedSessionSchema), config: limited() }, async (request) =>
    changePassword(request.ctx, request.body, request.bearerToken),
  );
  app.post(`${base}/two-factor/enable`, { ...taking(enableTwoFactorInput, twoFactorEnrollmentSchema), config: limited() }, async (request) => enableTwoFactor(request.ctx, request.body, request.bearerToken));
  app.post(`${base}/two-factor/verify`, { ...taking(verifyTwoFactorInput, replacedSessionSchema), config: limited() }, async (request) => verifyTwoFactor(request.ctx, request.body, request.bearerToken));
  app.post(`${base}/two-factor/disable`, { ...taking(enableTwoFactorInput, replacedSessionSchema), config: limited() }, async (request) => disableTwoFactor(request.ctx, request.body, request.bearerToken));
  app.post(`${base}/two-factor/login`, { ...taking(twoFactorLoginInput, signInResultSchema), config: limited() }, async (request) => twoFactorLogin(request.ctx, request.body));

  app.post('/api/apps/:appId/users/invite-user', { ...taking(inviteUserInput, invitedUserSchema), config: { rateLimit: { max: opts.perMinute, timeWindow: '1 minute' } } }, async (request) =>
    inviteUser(request.ctx, request.body),
  );

  app.post(
    '/api/apps/:appId/users/:id/two-factor/reset',
    { schema: { tags: ['auth'], params: z.object({ appId: z.string(), id: z.string().max(64) }), ...noBody, response: { 200: twoFactorResetSchema } }, validatorCompiler: bodyReadByTheService },
    async (request) => resetTwoFactor(request.ctx, (request.params as { id: string }).id),
  );

  // The SDK's logout navigates here; the session itself is revoked by POST .../auth/logout.
  app.get('/api/apps/auth/logout', { config: { duringTwoFactorEnrollment: true }, schema: { tags: ['auth'], querystring: z.object({ from_url: z.string().max(2000).optional() }) } }, async (request, reply) => {
    const from = (request.query as { from_url?: string }).from_url;
    const safe = from && from.startsWith('/') && !from.startsWith('//') ? from : '/';
    return reply.redirect(`/login?from_url=${encodeURIComponent(safe)}`);
  });

  app.get('/api/apps/:appId/entities/User/me', { schema: answering(meSchema), config: { duringTwoFactorEnrollment: true, outsideMembership: true } }, async (request) => me(request.ctx));

  app.put('/api/apps/:appId/entities/User/me', taking(userSelfUpdateInput, userSchema), async (request) =>
    updateMe(request.ctx, request.body),
  );
}
