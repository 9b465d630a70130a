import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getSocket, onResync, useSocketEvent } from '../../../lib/socket';
import { drillKeys } from '../api';

/** How long a subscription waits for the server's answer before giving up (it is retried on the next connection). */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

/**
 * Keeps an open summary live: joins the run's room (on mount and on every connection), and
 * refetches the summary and the run on any `console:*` event of this run — a new action, the
 * approval, an addendum, a late observation, a step or a check-in — and after a reconnection
 * (events may have been missed). Leaves the room on unmount. The one place the summary talks
 * to the socket.
 */
export function useSummaryLive(runId: string): void {
  const queryClient = useQueryClient();
  const refresh = useRef(() => {});
  refresh.current = () => {
    void queryClient.invalidateQueries({ queryKey: drillKeys.summary(runId) });
    void queryClient.invalidateQueries({ queryKey: drillKeys.run(runId) });
  };

  useEffect(() => {
    if (!runId) return undefined;
    const socket = getSocket();
    let joined = false;
    const subscribe = () => {
      if (!socket.connected) return;
      const again = joined;
      joined = true;
      socket
        .timeout(SUBSCRIBE_TIMEOUT_MS)
        .emitWithAck('console:subscribe', { runId })
        .then(
          () => {
            // A reconnection may have missed changes: read the summary again.
            if (again) refresh.current();
          },
          () => undefined,
        );
    };
    subscribe();
    socket.on('connect', subscribe);
    const stopResync = onResync(() => refresh.current());
    return () => {
      socket.off('connect', subscribe);
      stopResync();
      if (socket.connected) socket.emit('console:unsubscribe', { runId });
    };
  }, [runId]);

  const ofThisRun = (payload: { runId: string }) => {
    if (payload.runId === runId) refresh.current();
  };
  useSocketEvent('console:state-changed', ofThisRun);
  useSocketEvent('console:timer', ofThisRun);
  useSocketEvent('console:step-updated', ofThisRun);
  useSocketEvent('console:inject-published', ofThisRun);
  useSocketEvent('console:observation-added', ofThisRun);
  useSocketEvent('console:attendance-updated', ofThisRun);
}
