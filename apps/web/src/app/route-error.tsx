import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/** React Router's error screen: a failed lazy chunk, a render error, a thrown response. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An unexpected error occurred';

  return (
    <main className="flex min-h-svh items-center justify-center p-6">
      <div className="max-w-md space-y-4 text-center">
        <h1 className="text-2xl font-semibold">Unexpected Application Error</h1>
        <p className="text-muted-foreground break-words">{detail}</p>
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </div>
    </main>
  );
}
