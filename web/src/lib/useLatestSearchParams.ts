import { useCallback } from 'react';
import { useLocation, useSearchParams, type NavigateOptions } from 'react-router-dom';

/**
 * `useSearchParams`, whose update starts from the address as it is now, not as it was at the
 * last render. A navigation is a transition: a second filter changed before the page has
 * rendered the first would otherwise start from the old address and undo the first (clear a tag,
 * pick a rule at once: the tag came back).
 *
 * In the browser the address bar is that latest address (the router writes it at once); under a
 * memory router (the specs) it is not the router's, and the last render's parameters are used.
 */
export function useLatestSearchParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const update = useCallback(
    (change: (latest: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      setParams((rendered) => {
        const latest = window.location.pathname === pathname ? new URLSearchParams(window.location.search) : new URLSearchParams(rendered);
        return change(latest);
      }, options);
    },
    [setParams, pathname],
  );
  return [params, update] as const;
}
