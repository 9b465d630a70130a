import { STORAGE_KEYS } from '@muster/contracts';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { WithQueries } from '../../lib/with-queries';
import { peekSession, sessionPresence } from '../auth/session-fetch';
import { UNLOCK_ATTEMPTS_STORAGE_KEY } from './lock-machine';

const SessionLock = lazy(() => import('./SessionLock').then((m) => ({ default: m.SessionLock })));

/** True when this browser keeps a lock, an activity time or unlock attempts from a session. */
function lockKept(): boolean {
  try {
    return [STORAGE_KEYS.locked, STORAGE_KEYS.lastActivity, UNLOCK_ATTEMPTS_STORAGE_KEY].some(
      (key) => window.localStorage.getItem(key) !== null,
    );
  } catch {
    // Storage blocked: nothing can have been kept.
    return false;
  }
}

/**
 * Mounts the session lock (`SessionLock`) once it has something to do: a user is signed in, or
 * the browser still keeps a lock of a session that has ended (which it then forgets). A visitor
 * of the public site never loads it — its code, its cross-tab channel, TanStack Query — which
 * keeps the public pages' JavaScript small (issue 23). Once mounted it stays: it follows
 * sign-outs itself. Whether someone is signed in comes from the page's first session check
 * (which the session query shares) and then from every answer of the session query.
 */
export function SessionLockGate() {
  const signedIn = useSyncExternalStore(sessionPresence.subscribe, sessionPresence.get);
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    peekSession().catch(() => undefined);
  }, []);
  if (!needed && (signedIn === true || (signedIn === false && lockKept()))) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <WithQueries>
        <SessionLock />
      </WithQueries>
    </Suspense>
  );
}
