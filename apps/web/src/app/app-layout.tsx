import { useQuery } from '@tanstack/react-query';
import { Building2Icon, LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { Button } from '@/components/ui/button';
import { appConfigQuery } from '@/features/auth/auth.api';
import { initialsOf } from '@/lib/format';
import { roleLabelOf } from '@/lib/roles';
import { useCurrentUser } from '@/app/current-user';
import { usePageViewLogging } from '@/app/page-view-logging';
import { useSession } from '@/app/session';

/** The frame of every signed-in screen; the sidebar of spec part 1, section 2 comes with the pages it lists. */
export function AppLayout() {
  usePageViewLogging();
  const user = useCurrentUser();
  const { signOut } = useSession();
  const appConfig = useQuery(appConfigQuery);
  const [isSigningOut, setIsSigningOut] = useState(false);
  const name = user.full_name || user.email;

  return (
    <div className="bg-muted/40 flex min-h-svh flex-col">
      <header className="bg-background sticky top-0 z-10 flex h-14 items-center gap-3 border-b px-4 sm:px-6">
        <Link to="/" className="flex min-w-0 items-center gap-2 font-semibold">
          <span className="bg-primary text-primary-foreground flex size-8 shrink-0 items-center justify-center rounded-md">
            <Building2Icon className="size-4" aria-hidden="true" />
          </span>
          <span className="truncate">{appConfig.data?.name ?? 'Covenant'}</span>
        </Link>
        <div className="ml-auto flex items-center gap-3">
          <div className="flex items-center gap-2">
            <span
              className="bg-primary/10 text-primary flex size-8 items-center justify-center rounded-full text-xs font-semibold"
              aria-hidden="true"
            >
              {initialsOf(name)}
            </span>
            <span className="hidden flex-col text-right leading-tight sm:flex">
              <span className="text-sm font-medium">{name}</span>
              <span className="text-muted-foreground text-xs">{roleLabelOf(user)}</span>
            </span>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={isSigningOut}
            onClick={() => {
              setIsSigningOut(true);
              void signOut();
            }}
          >
            <LogOutIcon aria-hidden="true" />
            Logout
          </Button>
        </div>
      </header>
      <main className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
