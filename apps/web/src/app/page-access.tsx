import { ShieldOffIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { canOpenPage, type PageName } from '@/app/navigation';
import { useCurrentUser } from '@/app/current-user';

/** What a signed-in user sees on a page their role may not open, typed in or after a 403. */
export function NoAccess() {
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <title>Access denied · Covenant</title>
      <div className="max-w-md space-y-4 text-center">
        <div className="bg-muted mx-auto flex size-14 items-center justify-center rounded-full">
          <ShieldOffIcon className="text-muted-foreground size-7" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-semibold">You do not have access to this page</h1>
        <p className="text-muted-foreground">Your role does not include this page. Contact your administrator if you need access.</p>
        <Button asChild>
          <Link to="/">Go Home</Link>
        </Button>
      </div>
    </div>
  );
}

/** True for the server's refusal of a read (403), which pages show as {@link NoAccess}. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** Renders the page only when the caller's privileges (or the spec's fallback lists) allow it. */
export function RequireAccess({ page, children }: { page: PageName; children: ReactNode }) {
  const user = useCurrentUser();
  return canOpenPage(user, page) ? children : <NoAccess />;
}
