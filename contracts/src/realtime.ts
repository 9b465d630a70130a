import type { ProbeResult } from './health.js';

/** Answer of a client→server event that was refused. */
export interface AckError {
  ok: false;
  code: string;
  message: string;
}
export type Ack<T> = ({ ok: true } & T) | AckError;

/** Events the server pushes to clients (`area:verb`). */
export interface ServerToClientEvents {
  /** Result of a round-trip probe (POST /api/health/probe → queue → worker → adapter → socket). */
  'health:probe-result': (payload: ProbeResult) => void;
}

/** Events clients send, each answered through an acknowledgement. */
export interface ClientToServerEvents {
  /** Latency check; the answer carries the server time and the node that answered. */
  'system:ping': (payload: { sentAt: number }, ack: (answer: Ack<{ sentAt: number; serverTime: number; node: string }>) => void) => void;
}

export type InterServerEvents = Record<string, never>;

/** What the handshake middleware attaches to each socket. */
export interface SocketData {
  /** Null for anonymous sockets (allowed only where an event allows it). */
  userId: string | null;
  orgId: string | null;
  sessionId: string | null;
}

/** Room names. Every feature room is joined through an authorised `subscribe`. */
export const rooms = {
  user: (id: string) => `user:${id}`,
  session: (id: string) => `session:${id}`,
  org: (id: string) => `org:${id}`,
  sysops: () => 'sysops',
} as const;
