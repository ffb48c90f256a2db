import { HouseIcon } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { isAdminUser } from '@/lib/roles';
import { useCurrentUser } from '@/app/current-user';

/** Any path no page matches (spec part 1, section 2). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser();

  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <title>Page Not Found · Covenant</title>
      <div className="max-w-md space-y-6 text-center">
        <p className="text-muted-foreground text-6xl font-light" aria-hidden="true">
          404
        </p>
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold">Page Not Found</h1>
          <p className="text-muted-foreground">
            The page <span className="text-foreground font-medium break-all">"{pathname}"</span> could not be found in
            this application.
          </p>
        </div>
        {isAdminUser(user) ? (
          <p className="bg-muted rounded-lg p-4 text-left text-sm">
            <span className="font-medium">Admin note:</span> this page may not be built yet.
          </p>
        ) : null}
        <Button onClick={() => navigate('/')}>
          <HouseIcon aria-hidden="true" />
          Go Home
        </Button>
      </div>
    </div>
  );
}
