import type { ClientToServerEvents, ServerToClientEvents } from '@muster/contracts';
import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';

export type MusterClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: MusterClientSocket | null = null;
const resyncListeners = new Set<() => void>();
const serverDisconnectListeners = new Set<() => void>();

/**
 * The one socket of the page (same origin, cookie session, websocket first). When a reconnect
 * could not recover the missed events, every resync listener runs (the query cache is
 * invalidated), so server state is always recoverable.
 */
export function getSocket(): MusterClientSocket {
  if (!socket) {
    socket = io({ transports: ['websocket', 'polling'], withCredentials: true });
    let connectedBefore = false;
    socket.on('connect', () => {
      if (connectedBefore && !socket!.recovered) resyncListeners.forEach((fn) => fn());
      connectedBefore = true;
    });
    // The server ends a socket when its session changed under it (a new role or organisation) or
    // ended (removal, deactivation, sign-out elsewhere). Socket.IO does not reconnect by itself
    // then: the listeners learn who the session is now, and the socket comes back as that.
    socket.on('disconnect', (reason) => {
      if (reason !== 'io server disconnect') return;
      serverDisconnectListeners.forEach((fn) => fn());
      socket!.connect();
    });
  }
  return socket;
}

/** Runs `fn` when the server disconnects the socket (its session changed or ended). Returns the unsubscribe function. */
export function onServerDisconnect(fn: () => void): () => void {
  serverDisconnectListeners.add(fn);
  return () => serverDisconnectListeners.delete(fn);
}

/** Runs `fn` after a reconnect that lost events. Returns the unsubscribe function. */
export function onResync(fn: () => void): () => void {
  resyncListeners.add(fn);
  return () => resyncListeners.delete(fn);
}

/**
 * Subscribes a component to one server event for as long as it is mounted. The latest
 * handler is always called, so callers need not memoise it.
 */
export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const s = getSocket();
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (ref.current as (...a: Parameters<ServerToClientEvents[E]>) => void)(...args)) as never;
    s.on(event, listener);
    return () => {
      s.off(event, listener);
    };
  }, [event]);
}
