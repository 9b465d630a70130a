import type { ChatMessage, ChatReadEvent, ChatSummary, ChatTypingEvent, OperatorState } from './chat.js';
import type { ProbeResult } from './health.js';
import type { Role } from './roles.js';

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
  /** A message stored in a chat (room `chat:<id>`), in seq order. */
  'chat:message': (message: ChatMessage) => void;
  /** The other side started or stopped typing (room `chat:<id>`, not echoed to the typist). */
  'chat:typing': (payload: ChatTypingEvent) => void;
  /** One side has read up to `seq` (room `chat:<id>`). */
  'chat:read': (payload: ChatReadEvent) => void;
  /** A chat's state changed: queued, assigned, transferred, closed, rated (room `chat:<id>` and `sysops`). */
  'chat:updated': (chat: ChatSummary) => void;
  /** An operator's presence, capacity or load changed (room `sysops`). */
  'chat:operator': (operator: OperatorState) => void;
  /** A client event without an acknowledgement was refused (malformed, unknown chat, banned). */
  'chat:error': (error: AckError) => void;
}

/** Events clients send, each answered through an acknowledgement. */
export interface ClientToServerEvents {
  /** Latency check; the answer carries the server time and the node that answered. */
  'system:ping': (payload: { sentAt: number }, ack: (answer: Ack<{ sentAt: number; serverTime: number; node: string }>) => void) => void;
  /**
   * Joins a chat's room (its customer — visitors with their token — or an operator) and answers
   * its current state: on every (re)connection the client resynchronises from this answer.
   */
  'chat:subscribe': (
    payload: { chatId: string; visitorToken?: string },
    ack: (answer: Ack<{ chat: ChatSummary; messages: ChatMessage[] }>) => void,
  ) => void;
  'chat:unsubscribe': (payload: { chatId: string }) => void;
  /** Sends a message; a retry with the same `clientId` is stored once and answers the same record. */
  'chat:send': (
    payload: { chatId: string; clientId: string; body: string; attachmentId?: string },
    ack: (answer: Ack<{ message: ChatMessage }>) => void,
  ) => void;
  'chat:typing': (payload: { chatId: string; typing: boolean }) => void;
  /** Marks the chat read up to `seq` (read receipts). */
  'chat:read': (payload: { chatId: string; seq: number }, ack?: (answer: Ack<{ seq: number }>) => void) => void;
}

export type InterServerEvents = Record<string, never>;

/** What the handshake middleware attaches to each socket. */
export interface SocketData {
  /** Null for anonymous sockets (allowed only where an event allows it). */
  userId: string | null;
  orgId: string | null;
  sessionId: string | null;
  /** The session's role (null for anonymous sockets). */
  role: Role | null;
  /** Chats this socket subscribed to, with its side in each (set by `chat:subscribe`). */
  chats?: Record<string, { side: 'customer' | 'operator'; name: string }>;
}

/** Room names. Every feature room is joined through an authorised `subscribe`. */
export const rooms = {
  user: (id: string) => `user:${id}`,
  session: (id: string) => `session:${id}`,
  org: (id: string) => `org:${id}`,
  sysops: () => 'sysops',
  /** A chat's customer side. */
  chat: (id: string) => `chat:${id}`,
  /** A chat's operators (its operator and any watching): they also get what only staff may read. */
  chatStaff: (id: string) => `chat:${id}:staff`,
} as const;
