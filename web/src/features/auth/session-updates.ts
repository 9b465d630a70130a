import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSocket, onServerDisconnect, useSocketEvent } from '../../lib/socket';
import { LOGOUT_MUTATION_KEY } from './logout-key';
import { SESSION_QUERY_KEY } from './session';

/**
 * Keeps the signed-in session current: when the profile changes elsewhere (another tab or device,
 * an administrator), the server pushes what `/api/auth/me` now answers. Used by the signed-in layouts.
 * Apart from `session.ts`, which the public site uses too: only the signed-in areas load the socket.
 */
export function useSessionUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvent('session:updated', (me) => queryClient.setQueryData(SESSION_QUERY_KEY, me));
  // A socket ended by the server: the role or organisation changed (the new navigation shows
  // without signing in again) or the session ended (the session gate then goes to /login).
  useEffect(() => {
    getSocket();
    return onServerDisconnect(() => {
      // Our own logout ends the session too: it goes to /login by itself, with nothing to return to.
      if (queryClient.isMutating({ mutationKey: LOGOUT_MUTATION_KEY }) > 0) return;
      void queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY });
    });
  }, [queryClient]);
}
