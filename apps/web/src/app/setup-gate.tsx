import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { setupStatusQuery } from '@/features/auth/auth.api';
import { LoadFailed } from '@/app/load-failed';

/** Sends every screen to the first-run setup while the instance has no user yet. */
export function SetupGate() {
  const status = useQuery(setupStatusQuery);
  if (status.isPending) return <FullPageSpinner />;
  if (status.isError) return <LoadFailed error={status.error} />;
  if (status.data.needs_setup) return <Navigate to="/setup" replace />;
  return <Outlet />;
}
