import { API_PATHS, type SessionInfo } from '@muster/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, errorStatus } from '../../lib/api';

/** The current-user query (spec §7): its key is the GET path. */
export const SESSION_QUERY_KEY = [API_PATHS.me] as const;
/** The current user is cached 5 minutes (spec §9). */
export const SESSION_STALE_MS = 5 * 60 * 1000;

/** GET /api/auth/me; a 401 or 403 means signed out (null), not an error (spec §4). */
export async function fetchSession(): Promise<SessionInfo | null> {
  try {
    // The path alone, not the endpoint object: the public pages load this without zod.
    return await apiRequest<SessionInfo>('GET', API_PATHS.me);
  } catch (err) {
    const status = errorStatus(err);
    if (status === 401 || status === 403) return null;
    throw err;
  }
}

/** The signed-in user, organisation and role; `data` is null when signed out. Never retried. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    staleTime: SESSION_STALE_MS,
    retry: false,
    meta: { silent: true },
  });
}
