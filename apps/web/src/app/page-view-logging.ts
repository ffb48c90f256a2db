import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { api } from '@/lib/api';

/** What a route declares in its `handle`; `pageName` is the page's name in the app log. */
export interface RouteHandle {
  pageName?: string;
}

/** Records each visit to a named page in the app log (spec part 1, section 2); failures are ignored. */
export function usePageViewLogging(): void {
  const matches = useMatches();
  const { pathname } = useLocation();
  const pageName = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.pageName)
    .filter(Boolean)
    .at(-1);

  useEffect(() => {
    if (pageName) api.appLogs.logPageVisit(pageName).catch(() => undefined);
  }, [pathname, pageName]);
}
