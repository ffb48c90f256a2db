import { createContext, useContext } from 'react';
import type { User } from '@/lib/api';

export const CurrentUserContext = createContext<User | null>(null);

/** The signed-in user; only for components rendered inside the auth gate. */
export function useCurrentUser(): User {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser must be used inside the auth gate');
  return user;
}
