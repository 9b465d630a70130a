import { API_PATHS, type SessionInfo } from '@muster/contracts';
import { apiRequest, errorStatus } from '../../lib/api';
import { valueStore } from '../../lib/value-store';

/*
 * The session without TanStack Query, for what the public shell needs before (or without) it:
 * whether someone is signed in. The session query (`session.ts`) shares the first request.
 */

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

/**
 * Whether someone is signed in, as last seen by the page (null: not known yet): from the first
 * session check, then from every answer of the session query.
 */
export const sessionPresence = valueStore<boolean | null>(null);

interface Peek {
  promise: Promise<SessionInfo | null>;
  settled: { value: SessionInfo | null; at: number } | null;
}
let peek: Peek | null = null;

/** The page's first session check (once per page load), which tells `sessionPresence`. */
export function peekSession(): Promise<SessionInfo | null> {
  if (peek) return peek.promise;
  const current: Peek = {
    promise: fetchSession().then((value) => {
      current.settled = { value, at: Date.now() };
      sessionPresence.set(value !== null);
      return value;
    }),
    settled: null,
  };
  peek = current;
  return current.promise;
}

/** The first check's answer and when it came, once it has come (to start the session query's cache from). */
export function peekedSession(): { value: SessionInfo | null; at: number } | null {
  return peek?.settled ?? null;
}

/** The first check while it is still on its way: the session query waits for it rather than asking again. */
export function pendingPeek(): Promise<SessionInfo | null> | null {
  return peek && !peek.settled ? peek.promise : null;
}
