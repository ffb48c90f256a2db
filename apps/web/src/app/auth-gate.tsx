import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { currentUserQuery, publicSettingsQuery } from '@/features/auth/auth.api';
import { setAssociationTimeZone } from '@/lib/dates';
import { loginPathFor } from '@/features/auth/auth-redirect';
import { ApiError, authErrorReason } from '@/lib/api';
import { clearStoredToken } from '@/lib/auth-token';
import { AccessRestricted } from '@/app/access-restricted';
import { CurrentUserContext } from '@/app/current-user';
import { LoadFailed } from '@/app/load-failed';
import { useSession } from '@/app/session';

/** Shown only to staff who must enrol a second factor: its chunk (forms, QR code) loads when needed. */
const TwoFactorEnrollmentPage = lazy(() => import('@/features/auth/two-factor-enrollment-page').then((m) => ({ default: m.TwoFactorEnrollmentPage })));

function isAuthFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

function RedirectToLogin({ dropToken }: { dropToken: boolean }) {
  useEffect(() => {
    if (dropToken) clearStoredToken();
  }, [dropToken]);
  return <Navigate to={loginPathFor(window.location.href)} replace />;
}

/**
 * Renders its routes only for a signed-in, registered user (spec part 1, sections 2 and 4):
 * public settings and the current user load behind a spinner; `auth_required`, no token or a
 * rejected token go to the login page; `user_not_registered` shows 'Access Restricted'.
 */
export function AuthGate() {
  const { hasToken, sessionKey } = useSession();
  const publicSettings = useQuery(publicSettingsQuery(sessionKey));
  const me = useQuery({ ...currentUserQuery(sessionKey), enabled: hasToken });

  if (publicSettings.isPending || (hasToken && me.isPending)) return <FullPageSpinner />;

  const reason = authErrorReason(publicSettings.error);
  if (reason === 'user_not_registered') return <AccessRestricted />;
  if (reason === 'auth_required' || !hasToken || isAuthFailure(me.error)) return <RedirectToLogin dropToken={hasToken} />;
  if (publicSettings.isError) return <LoadFailed error={publicSettings.error} />;
  // Before any screen renders: their "today" is the association's (an idempotent module setting, not state).
  setAssociationTimeZone(publicSettings.data.time_zone);
  if (!me.isSuccess) return <LoadFailed title="Failed to load user" error={me.error} />;
  if (me.data.two_factor_enrollment_required) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <TwoFactorEnrollmentPage />
      </Suspense>
    );
  }

  return (
    <CurrentUserContext value={me.data}>
      <Outlet />
    </CurrentUserContext>
  );
}
