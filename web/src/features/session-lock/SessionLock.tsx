import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@muster/contracts';
import { lazy, Suspense, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { withAllRecipes } from '../../components/ui/recipes-loader';
import { SESSION_QUERY_KEY, useSession } from '../auth/session';
import { ACTIVITY_EVENTS, LOCK_CHECK_INTERVAL_MS, shouldLock } from './lock-machine';
import { sessionLockStore, useLockState } from './lock-store';

const loadOverlay = withAllRecipes(() => import('./LockOverlay'));
const LockOverlay = lazy(loadOverlay);
const SESSION_HASH = hashKey(SESSION_QUERY_KEY);

/**
 * The session as `useSession` gives it, rendered again when the query is removed from the cache
 * (a logout clears the cache): this component stays mounted across pages, so it must then read
 * (and refetch) the session anew to notice the sign-out.
 */
function useWatchedSession() {
  const queryClient = useQueryClient();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'removed' && event.query.queryHash === SESSION_HASH) rerender();
      }),
    [queryClient],
  );
  return useSession();
}

/**
 * The session lock (spec §4): records activity, locks after the user's auto-lock minutes without
 * any, keeps the lock across reloads and tabs, and shows the "Session Locked" overlay while locked
 * and signed in. Mounted once beside the router.
 */
export function SessionLock() {
  const queryClient = useQueryClient();
  // Only the i18next instance: this component shows no text itself and never suspends.
  const { i18n } = useTranslation('common', { useSuspense: false });
  const session = useWatchedSession();
  // While the session is being read again (after the cache was cleared) the last user stands, so
  // the overlay does not open the page for that moment; a definite "signed out" ends it.
  const lastUser = useRef<SessionUser | null>(null);
  if (session.data !== undefined) lastUser.current = session.data?.user ?? null;
  const user = session.data === undefined ? lastUser.current : (session.data?.user ?? null);
  const userId = user?.id ?? null;
  const minutes = user?.autoLogoutMinutes ?? null;
  const signedOut = session.data === null;
  const { locked } = useLockState();

  // Signed out, whichever way: nothing is locked any more (and no activity is left to measure from).
  useEffect(() => {
    if (signedOut) sessionLockStore.forget();
  }, [signedOut]);

  // Another tab logged out: ask the server. Signed out clears the lock (above); still signed in
  // keeps it, since only the password lifts a lock.
  useEffect(
    () =>
      sessionLockStore.onRemoteClear(() => {
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      }),
    [queryClient],
  );

  // Signed in: a fresh sign-in starts measuring from now; activity is recorded from then on.
  useEffect(() => {
    if (!userId) return;
    if (sessionLockStore.lastActivity() === null) sessionLockStore.recordActivity(Date.now(), { force: true });
    const onActivity = () => sessionLockStore.recordActivity(Date.now());
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [userId]);

  // The check: at start, every 10 seconds, and when the tab becomes visible.
  useEffect(() => {
    if (!userId || minutes === null) return;
    const check = () => {
      sessionLockStore.sync();
      if (sessionLockStore.getState().locked) return;
      if (shouldLock(Date.now(), sessionLockStore.lastActivity(), minutes)) sessionLockStore.lock();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') check();
    };
    check();
    const timer = window.setInterval(check, LOCK_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisibility);
    // The overlay and its texts are fetched ahead, so a lock shows at once (and offline too).
    void loadOverlay().catch(() => undefined);
    void i18n.loadNamespaces('lock').catch(() => undefined);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [userId, minutes, i18n]);

  if (!locked || !user) return null;
  return (
    <Suspense fallback={null}>
      <LockOverlay user={user} />
    </Suspense>
  );
}
