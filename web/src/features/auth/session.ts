import { useQuery } from '@tanstack/react-query';
import { fetchSession, pendingPeek, SESSION_QUERY_KEY, SESSION_STALE_MS } from './session-fetch';

export { fetchSession, SESSION_QUERY_KEY, SESSION_STALE_MS } from './session-fetch';

/** The signed-in user, organisation and role; `data` is null when signed out. Never retried. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    // The page's first session check, if still on its way, answers the first fetch too.
    queryFn: () => pendingPeek() ?? fetchSession(),
    staleTime: SESSION_STALE_MS,
    retry: false,
    meta: { silent: true },
  });
}
