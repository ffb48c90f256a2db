import { useLocation } from 'react-router';
import { useCurrentUser } from '@/app/current-user';
import { useDebugMode } from '@/app/debug-mode';

/** The variables panel debug mode reveals under every screen (spec part 1, section 2): where you are and who you are. */
export function DebugPanel() {
  const isDebug = useDebugMode();
  const user = useCurrentUser();
  const location = useLocation();
  if (!isDebug) return null;
  const variables: Record<string, unknown> = {
    path: location.pathname,
    search: location.search || null,
    user_id: user.id,
    email: user.email,
    role: user.role,
    user_role: user.user_role,
    owner_id: user.owner_id,
    property_id: user.property_id,
    privileges: Object.fromEntries((user.userPrivileges ?? []).map((p) => [p.resource_name, p.permission_level])),
  };
  return (
    <details className="mx-4 mb-4 rounded-md border border-dashed bg-background p-3 text-xs md:mx-6" aria-label="Debug variables">
      <summary className="cursor-pointer font-medium">Debug variables</summary>
      <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-all">{JSON.stringify(variables, null, 2)}</pre>
    </details>
  );
}
