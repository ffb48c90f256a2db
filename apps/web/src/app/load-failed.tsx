import { RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Shown when the app cannot reach the server or load what every screen needs. */
export function LoadFailed({ title = 'Failed to load app', error }: { title?: string; error: unknown }) {
  const message = error instanceof Error && error.message ? error.message : 'Please refresh the page or contact support';
  return (
    <main className="flex min-h-svh items-center justify-center p-6">
      <div className="max-w-md space-y-4 text-center">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-muted-foreground">{message}</p>
        <Button onClick={() => window.location.reload()}>
          <RefreshCwIcon aria-hidden="true" />
          Refresh Page
        </Button>
      </div>
    </main>
  );
}
