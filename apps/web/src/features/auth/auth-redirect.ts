import { associationInPath, routerBasename, withoutBasename } from '@/lib/association';

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
    // The router works inside the address's association (/a/{appId}): a return path is relative to it.
    if (associationInPath(url.pathname) !== associationInPath()) return '/';
    const pathname = withoutBasename(url.pathname, routerBasename());
    if (/^\/(login|setup)\b/i.test(pathname)) return '/';
    return `${pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
