import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/sonner';
import { isClientError } from '@/lib/api';
import { SessionProvider } from '@/app/session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Retry once (spec part 1, section 7), but never a 4xx: asking again gives the same answer.
      retry: (failureCount, error) => failureCount < 1 && !isClientError(error),
      refetchOnWindowFocus: false,
    },
  },
});

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        {/* The spec's toast limit is 20. Its 1,000,000 ms is the removal delay after a toast is dismissed,
            not a display time, so sonner's auto-dismiss stays; errors use the destructive colours. */}
        <Toaster
          position="top-center"
          visibleToasts={20}
          toastOptions={{ classNames: { error: '!bg-destructive !text-white !border-destructive' } }}
        />
      </SessionProvider>
    </QueryClientProvider>
  );
}
