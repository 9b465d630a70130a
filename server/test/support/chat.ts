import type { Ack, ChatMessage, ChatSummary, ClientToServerEvents, ServerToClientEvents } from '@muster/contracts';
import { io, type Socket } from 'socket.io-client';
import type { TestClient } from './client.js';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A Socket.IO client with the cookies of `client` (its session), or anonymous. */
export function chatSocket(baseUrl: string, client?: TestClient): Promise<ChatSocket> {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  const socket: ChatSocket = io(baseUrl, {
    transports: ['websocket'],
    extraHeaders: { origin: 'http://localhost:5173', ...(cookie ? { cookie } : {}) },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Resolves with the first `event` whose payload satisfies `match` (no timeout: jest's applies). */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ChatSocket,
  event: E,
  match: (...args: Parameters<ServerToClientEvents[E]>) => boolean = () => true,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) => {
      if (!match(...args)) return;
      socket.off(event, listener);
      resolve(args[0]);
    }) as never;
    socket.on(event, listener);
  });
}

/** Collects every `event` from now on. */
export function collect<E extends keyof ServerToClientEvents>(socket: ChatSocket, event: E): Parameters<ServerToClientEvents[E]>[0][] {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => seen.push(payload)) as never);
  return seen;
}

export function subscribe(
  socket: ChatSocket,
  chatId: string,
  visitorToken?: string,
): Promise<Ack<{ chat: ChatSummary; messages: ChatMessage[] }>> {
  return socket.emitWithAck('chat:subscribe', { chatId, ...(visitorToken ? { visitorToken } : {}) });
}

export function send(
  socket: ChatSocket,
  chatId: string,
  clientId: string,
  body: string,
  attachmentId?: string,
): Promise<Ack<{ message: ChatMessage }>> {
  return socket.emitWithAck('chat:send', { chatId, clientId, body, ...(attachmentId ? { attachmentId } : {}) });
}

export function expectOk<T>(answer: Ack<T>): { ok: true } & T {
  if (!answer.ok) throw new Error(`Refused: ${answer.code} ${answer.message}`);
  return answer;
}
