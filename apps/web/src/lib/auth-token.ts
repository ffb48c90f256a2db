// The platform SDK keeps the bearer token under both keys; other tools read either one.
const TOKEN_KEYS = ['base44_access_token', 'token'] as const;
const URL_PARAM = 'access_token';

export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEYS[0]) ?? localStorage.getItem(TOKEN_KEYS[1]);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  for (const key of TOKEN_KEYS) localStorage.setItem(key, token);
}

export function clearStoredToken(): void {
  for (const key of TOKEN_KEYS) localStorage.removeItem(key);
}

/** Moves an `access_token` URL parameter into storage and removes it from the address bar. */
export function captureTokenFromUrl(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get(URL_PARAM);
  if (token === null) return;
  if (token) storeToken(token);
  url.searchParams.delete(URL_PARAM);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
