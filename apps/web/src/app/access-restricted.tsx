import { useQuery } from '@tanstack/react-query';
import { LogOutIcon, ShieldAlertIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { Button } from '@/components/ui/button';
import { associationHref, associationInPath } from '@/lib/association';
import { myAssociationsQuery } from '@/features/portfolio/portfolio.api';
import { useCurrentAppId } from '@/app/association-switcher';
import { useSession } from '@/app/session';

/**
 * The screen for a signed-in account that is not registered for this app (spec part 1, section 2). A person who is a
 * member of other associations is taken to theirs when the address named none (they came to the instance's front
 * door), and offered them when it named this one.
 */
export function AccessRestricted() {
  const { signOut } = useSession();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const mine = useQuery(myAssociationsQuery);
  const currentId = useCurrentAppId();
  // Where they have a role, other than here (a member here without a role is what this screen is about).
  const theirs = (mine.data?.associations ?? []).filter((a) => a.role && a.app_id !== currentId);
  const goTo = !associationInPath() && theirs.length > 0 ? associationHref(theirs[0]!.app_id, `${window.location.pathname}${window.location.search}`) : null;
  useEffect(() => {
    if (goTo) window.location.replace(goTo);
  }, [goTo]);
  if (mine.isPending || !currentId || goTo) return <FullPageSpinner />;

  return (
    <main className="bg-muted/40 flex min-h-svh items-center justify-center p-4">
      <title>Access Restricted · Covenant</title>
      <div className="bg-card w-full max-w-md space-y-6 rounded-xl border p-8 text-center shadow-sm">
        <div className="bg-primary/10 text-primary mx-auto flex size-14 items-center justify-center rounded-full">
          <ShieldAlertIcon className="size-7" aria-hidden="true" />
        </div>
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold">Access Restricted</h1>
          <p className="text-muted-foreground">
            You are not registered to use this application. Please contact the app administrator to request access.
          </p>
        </div>
        {theirs.length > 0 ? (
          <nav aria-label="Your associations" className="rounded-lg border p-4 text-left text-sm">
            <p className="font-medium">You are a member of:</p>
            <ul className="mt-2 space-y-1">
              {theirs.map((a) => (
                <li key={a.app_id}>
                  <a className="text-primary underline-offset-4 hover:underline" href={associationHref(a.app_id)}>
                    {a.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="bg-muted rounded-lg p-4 text-left text-sm">
          <p className="font-medium">If you believe this is an error, you can:</p>
          <ul className="text-muted-foreground mt-2 list-disc space-y-1 pl-5">
            <li>Verify you are signed in with the correct account</li>
            <li>Contact the app administrator for access</li>
            <li>Try logging out and back in again</li>
          </ul>
        </div>
        <Button
          variant="outline"
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
    </main>
  );
}
