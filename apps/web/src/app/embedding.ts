import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Posts the address to the embedding window on every route change (spec part 1, section 2). */
export function usePostUrlToParent(): void {
  const location = useLocation();
  useEffect(() => {
    if (window === window.parent) return;
    window.parent.postMessage({ type: 'app_changed_url', url: window.location.href }, '*');
  }, [location]);
}
