/**
 * The association a page works in. Each association is an app id; the address keeps it (`/a/{appId}/…`) so a link
 * opens the right one. An address without the prefix is the instance's first association (GET /api/app-config).
 */
const PREFIX = /^\/a\/([a-z0-9][a-z0-9-]{1,38}[a-z0-9])(?=\/|$)/;

/** The app id the address names, or null for an address without the `/a/{appId}` prefix. */
export function associationInPath(pathname: string = window.location.pathname): string | null {
  return PREFIX.exec(pathname)?.[1] ?? null;
}

/** The router's basename: `/a/{appId}` when the address names an association. */
export function routerBasename(pathname: string = window.location.pathname): string | undefined {
  const appId = associationInPath(pathname);
  return appId ? `/a/${appId}` : undefined;
}

/** A path inside the router (`/invoices`) from a path of the whole site (`/a/bayview/invoices`). */
export function withoutBasename(pathname: string, basename: string | undefined): string {
  if (!basename || !pathname.startsWith(basename)) return pathname;
  return pathname.slice(basename.length) || '/';
}

/** The address of a page in an association: `/a/{appId}{path}`. */
export function associationHref(appId: string, path = '/'): string {
  return `/a/${appId}${path.startsWith('/') ? path : `/${path}`}`;
}
