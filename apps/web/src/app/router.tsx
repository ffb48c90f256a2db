import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { AppLayout } from '@/app/app-layout';
import { AuthGate } from '@/app/auth-gate';
import { NotFoundPage } from '@/app/not-found-page';
import type { RouteHandle } from '@/app/page-view-logging';
import { RouteError } from '@/app/route-error';
import { SetupGate } from '@/app/setup-gate';

const dashboard = {
  handle: { pageName: 'Dashboard' } satisfies RouteHandle,
  lazy: () => import('@/features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
};

/**
 * Every route of the app. Pages are lazy chunks; the gates are in the entry chunk because every
 * screen passes them. Paths match case-insensitively (React Router's default), as the spec asks.
 */
export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteError,
    HydrateFallback: FullPageSpinner,
    children: [
      { path: 'setup', lazy: () => import('@/features/auth/setup-page').then((m) => ({ Component: m.SetupPage })) },
      {
        Component: SetupGate,
        children: [
          { path: 'login', lazy: () => import('@/features/auth/login-page').then((m) => ({ Component: m.LoginPage })) },
          { path: 'register', lazy: () => import('@/features/auth/register-page').then((m) => ({ Component: m.RegisterPage })) },
          {
            path: 'forgot-password',
            lazy: () => import('@/features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
          },
          {
            path: 'reset-password',
            lazy: () => import('@/features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
          },
          {
            Component: AuthGate,
            children: [
              {
                Component: AppLayout,
                children: [
                  { index: true, ...dashboard },
                  { path: 'dashboard', ...dashboard },
                  { path: '*', Component: NotFoundPage },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/** Called after the URL token is captured, so the router's first location is the clean address. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
