/** The login address for the current page: `/login?from_url=<current address>`. */
export function loginPathFor(currentHref: string): string {
  return `/login?from_url=${encodeURIComponent(currentHref)}`;
}

/** The in-app path a `from_url` points to, or `/` when it is missing, foreign or an auth page. */
export function safeReturnPath(fromUrl: string | null): string {
  if (!fromUrl) return '/';
  try {
    const url = new URL(fromUrl, window.location.origin);
    if (url.origin !== window.location.origin) return '/';
    if (/^\/(login|setup)\b/i.test(url.pathname)) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
