import { useSyncExternalStore } from 'react';

const KEY = 'debug_mode';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

/** Debug mode, kept in this browser only (spec part 1, section 2). */
export function setDebugMode(on: boolean): void {
  localStorage.setItem(KEY, String(on));
  for (const listener of listeners) listener();
}

export function useDebugMode(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => false,
  );
}
