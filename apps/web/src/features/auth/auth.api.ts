import { queryOptions, useMutation } from '@tanstack/react-query';
import { useSession } from '@/app/session';
import { ApiError, api, fetchAppConfig } from '@/lib/api';

export const appConfigQuery = queryOptions({ queryKey: ['app-config'], queryFn: fetchAppConfig, staleTime: Infinity });

export const setupStatusQuery = queryOptions({ queryKey: ['setup-status'], queryFn: api.setupStatus, staleTime: Infinity });

export const publicSettingsQuery = (sessionKey: number) =>
  queryOptions({ queryKey: ['session', sessionKey, 'public-settings'], queryFn: api.publicSettings, staleTime: Infinity });

export const currentUserQuery = (sessionKey: number) =>
  queryOptions({ queryKey: ['session', sessionKey, 'me'], queryFn: api.auth.me, staleTime: 5 * 60_000 });

/** Email and password sign-in; a 401 also drops any stored token (spec part 1, section 4). */
export function useLoginMutation() {
  const session = useSession();
  return useMutation({
    mutationFn: api.auth.login,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) session.expire();
    },
  });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: api.auth.register });
}

export function useVerifyOtpMutation() {
  return useMutation({ mutationFn: api.auth.verifyOtp });
}

export function useResendOtpMutation() {
  return useMutation({ mutationFn: api.auth.resendOtp });
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationFn: api.auth.requestPasswordReset });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: api.auth.resetPassword });
}

export function useTwoFactorLoginMutation() {
  return useMutation({ mutationFn: api.twoFactor.login });
}

export function useEnableTwoFactorMutation() {
  return useMutation({ mutationFn: api.twoFactor.enable });
}

/** The first code turns two-factor on; the server replaces the session, so the new token is kept. */
export function useVerifyTwoFactorMutation() {
  const session = useSession();
  return useMutation({
    mutationFn: api.twoFactor.verify,
    onSuccess: (result) => {
      if (result.access_token) session.replaceToken(result.access_token);
    },
  });
}

export function useDisableTwoFactorMutation() {
  const session = useSession();
  return useMutation({
    mutationFn: api.twoFactor.disable,
    onSuccess: (result) => {
      if (result.access_token) session.replaceToken(result.access_token);
    },
  });
}

export function useSetupMutation() {
  return useMutation({ mutationFn: api.setup });
}
