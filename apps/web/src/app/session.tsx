import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { api } from '@/lib/api';
import { clearStoredToken, readStoredToken, storeToken } from '@/lib/auth-token';
import { reopenRealtime } from '@/lib/entities';

interface Session {
  hasToken: boolean;
  /** Changes on every sign-in and sign-out; user-scoped query keys start with `['session', sessionKey]`. */
  sessionKey: number;
  signIn(token: string): void;
  /** The server replaced this session (password or two-factor change): keep going with the new token. */
  replaceToken(token: string): void;
  /** Drops a token the server no longer accepts, without calling the logout endpoint. */
  expire(): void;
  /** Revokes the session on the server, removes the stored token and loads the given page. */
  signOut(to?: string): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => readStoredToken() !== null);
  const [sessionKey, setSessionKey] = useState(0);

  const reset = useCallback(
    (next: boolean) => {
      queryClient.removeQueries({ queryKey: ['session'] });
      setHasToken(next);
      setSessionKey((key) => key + 1);
    },
    [queryClient],
  );

  const signIn = useCallback(
    (token: string) => {
      storeToken(token);
      reset(true);
    },
    [reset],
  );

  const replaceToken = useCallback(
    (token: string) => {
      storeToken(token);
      reopenRealtime();
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    },
    [queryClient],
  );

  const expire = useCallback(() => {
    clearStoredToken();
    reset(false);
  }, [reset]);

  const signOut = useCallback(async (to = '/login') => {
    if (readStoredToken()) await api.auth.logout().catch(() => undefined);
    clearStoredToken();
    // A full page load leaves no cached data of the previous user behind.
    window.location.assign(to);
  }, []);

  const value = useMemo(
    () => ({ hasToken, sessionKey, signIn, replaceToken, expire, signOut }),
    [hasToken, sessionKey, signIn, replaceToken, expire, signOut],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
