import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { useCurrentUser } from '@/app/current-user';
import { FullPageSpinner } from '@/components/full-page-spinner';
import type { PageName } from '@/app/navigation';
import type { RouteHandle } from '@/app/page-view-logging';
import { RouteError } from '@/app/route-error';
import { OPENING_BALANCES_PATH } from '@/features/journal-entries/journal-entries.paths';
import { SetupGate } from '@/app/setup-gate';
import { routerBasename } from '@/lib/association';

/** A page of spec part 1, section 2: its lazy chunk behind the access check, logged under its name. */
function pageRoute(name: PageName, load: () => Promise<{ default: ComponentType }>) {
  return {
    handle: { pageName: name } satisfies RouteHandle,
    lazy: async () => {
      const [{ default: Page }, { RequireAccess }] = await Promise.all([load(), import('@/app/page-access')]);
      return {
        Component: () => (
          <RequireAccess page={name}>
            <Page />
          </RequireAccess>
        ),
      };
    },
  };
}

function page(name: PageName, load: () => Promise<{ default: ComponentType }>): RouteObject {
  return { path: name.toLowerCase(), ...pageRoute(name, load) };
}

const loadDashboard = () => import('@/features/dashboard/dashboard-page');

/** "/": owners, renters and household members land on My Account; everyone else on the Dashboard. */
function homeRoute() {
  const dashboard = pageRoute('Dashboard', loadDashboard);
  return {
    ...dashboard,
    lazy: async () => {
      const [{ Component: Dashboard }, { isOwnerTypeRole }] = await Promise.all([dashboard.lazy(), import('@covenant/contracts/permissions')]);
      return { Component: () => (isOwnerTypeRole(useCurrentUser()) ? <Navigate to="/myaccount" replace /> : <Dashboard />) };
    },
  };
}

/**
 * Every route of the app. Paths match case-insensitively (React Router's default), as the spec asks.
 * The entry chunk holds only what the signed-out screens need (the setup gate); the auth gate, the frame
 * (sidebar, header, menus) and every page are lazy chunks, which the router loads in parallel for a match.
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
            lazy: () => import('@/app/auth-gate').then((m) => ({ Component: m.AuthGate })),
            children: [
              {
                lazy: () => import('@/app/app-layout').then((m) => ({ Component: m.AppLayout })),
                children: [
                  { index: true, ...homeRoute() },
                  page('Dashboard', loadDashboard),
                  page('Owners', () => import('@/features/owners/owners-page')),
                  page('Properties', () => import('@/features/properties/properties-page')),
                  page('Users', () => import('@/features/users/users-page')),
                  page('OrgSettings', () => import('@/features/org-settings/org-settings-page')),
                  page('Backup', () => import('@/features/backup/backup-page')),
                  page('Themes', () => import('@/features/themes/themes-page')),
                  page('RoleManagement', () => import('@/features/role-management/role-management-page')),
                  page('Invoices', () => import('@/features/invoices/invoices-page')),
                  page('Payments', () => import('@/features/payments/payments-page')),
                  page('Vendors', () => import('@/features/vendors/vendors-page')),
                  page('Bills', () => import('@/features/bills/bills-page')),
                  page('ChartOfAccounts', () => import('@/features/chart-of-accounts/chart-of-accounts-page')),
                  page('Reports', () => import('@/features/reports/reports-page')),
                  page('JournalEntries', () => import('@/features/journal-entries/journal-entries-page')),
                  { path: OPENING_BALANCES_PATH.slice(1), ...pageRoute('JournalEntries', () => import('@/features/opening-balances/opening-balances-page')) },
                  page('Funds', () => import('@/features/funds/funds-page')),
                  page('Banking', () => import('@/features/banking/banking-page')),
                  page('Ach', () => import('@/features/ach/ach-page')),
                  page('Items', () => import('@/features/items/items-page')),
                  page('TaxRates', () => import('@/features/tax-rates/tax-rates-page')),
                  page('AuditLog', () => import('@/features/audit-log/audit-log-page')),
                  page('Budgets', () => import('@/features/budgets/budgets-page')),
                  page('Reserves', () => import('@/features/reserves/reserves-page')),
                  page('MyAccount', () => import('@/features/my-account/my-account-page')),
                  page('Assessments', () => import('@/features/assessments/assessments-page')),
                  page('Collections', () => import('@/features/collections/collections-page')),
                  page('Votes', () => import('@/features/votes/votes-page')),
                  page('Meetings', () => import('@/features/meetings/meetings-page')),
                  page('EstoppelRequests', () => import('@/features/estoppel/estoppel-page')),
                  page('Announcements', () => import('@/features/announcements/announcements-page')),
                  page('Documents', () => import('@/features/documents/documents-page')),
                  page('Violations', () => import('@/features/violations/violations-page')),
                  page('WorkOrders', () => import('@/features/work-orders/work-orders-page')),
                  page('ArchitecturalRequests', () => import('@/features/architectural-requests/architectural-requests-page')),
                  // The management company's screen: portfolio administrators (the page checks; the server too).
                  { path: 'portfolio', lazy: () => import('@/features/portfolio/portfolio-page').then((m) => ({ Component: m.default })) },
                  { path: '*', lazy: () => import('@/app/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
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
  // An address /a/{appId}/… works in that association; every path of the app is below it.
  return createBrowserRouter(routes, { basename: routerBasename() });
}
