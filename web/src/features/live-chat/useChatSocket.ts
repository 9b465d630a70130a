import type { Ack, AckError, ChatAttachment, ChatMessage, ChatSummary } from '@muster/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getSocket, onResync, useSocketEvent } from '../../lib/socket';
import { mergeMessages, unsent, withRead, type ChatSide, type OutgoingMessage } from './messages';

/** How long a send waits for the server's answer before it shows as failed (with a retry). */
export const SEND_TIMEOUT_MS = 10_000;
/** While typing, "typing" is said again at most this often; silence this long means stopped. */
export const TYPING_THROTTLE_MS = 2_000;
export const TYPING_IDLE_MS = 4_000;
/** An incoming "typing" that is never followed by "stopped" (a lost event) fades after this. */
export const TYPING_FADE_MS = 8_000;

export interface ChatSocketState {
  chat: ChatSummary | null;
  messages: ChatMessage[];
  /** Messages sent from this tab the server has not stored yet. */
  outgoing: OutgoingMessage[];
  /** Name of the other side while they type, else null. */
  otherTyping: string | null;
  /** The subscription was refused (unknown chat, not yours, banned): the server's message. */
  error: AckError | null;
  connected: boolean;
  send: (body: string, attachment?: ChatAttachment | null) => void;
  /** Sends a failed message again, with the same clientId. */
  retry: (clientId: string) => void;
  /** Call on every change of the composer text; `false` when the text was sent or cleared. */
  typing: (active: boolean) => void;
}

/** A random id for a message (crypto.randomUUID needs a secure context; the fallback does not). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The live side of one chat, the only place the chat talks to the socket. It subscribes on mount
 * and again on every (re)connection and resync, each time replacing its state with the server's
 * answer; sends with a client id (shown at once, replaced by the stored record, retried with the
 * same id, queued while offline); and says typing and read marks for `side`.
 */
export function useChatSocket({
  chatId,
  visitorToken,
  side,
}: {
  chatId: string;
  visitorToken?: string | null;
  side: ChatSide;
}): ChatSocketState {
  const [chat, setChat] = useState<ChatSummary | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [outbox, setOutbox] = useState<OutgoingMessage[]>([]);
  const [otherTyping, setOtherTyping] = useState<string | null>(null);
  const [error, setError] = useState<AckError | null>(null);
  const [connected, setConnected] = useState(() => getSocket().connected);
  const outboxRef = useRef(outbox);
  outboxRef.current = outbox;
  const readSent = useRef(0);
  const fadeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const updateOutgoing = useCallback((clientId: string, change: Partial<OutgoingMessage> | null) => {
    setOutbox((items) =>
      change === null
        ? items.filter((m) => m.clientId !== clientId)
        : items.map((m) => (m.clientId === clientId ? { ...m, ...change } : m)),
    );
  }, []);

  const emitSend = useCallback(
    (message: OutgoingMessage) => {
      const socket = getSocket();
      if (!socket.connected) {
        updateOutgoing(message.clientId, { state: 'queued', error: null });
        return;
      }
      updateOutgoing(message.clientId, { state: 'sending', error: null });
      const payload = {
        chatId,
        clientId: message.clientId,
        body: message.body,
        ...(message.attachment ? { attachmentId: message.attachment.id } : {}),
      };
      socket.timeout(SEND_TIMEOUT_MS).emit('chat:send', payload, (err: Error | null, answer: Ack<{ message: ChatMessage }>) => {
        if (err) {
          updateOutgoing(message.clientId, { state: 'failed', error: null });
          return;
        }
        if (!answer.ok) {
          updateOutgoing(message.clientId, { state: 'failed', error: answer });
          return;
        }
        setMessages((current) => mergeMessages(current, [answer.message]));
        updateOutgoing(message.clientId, null);
      });
    },
    [chatId, updateOutgoing],
  );

  const subscribing = useRef(false);
  const subscribe = useCallback(() => {
    const socket = getSocket();
    if (!socket.connected || subscribing.current) return;
    subscribing.current = true;
    socket.emit('chat:subscribe', { chatId, ...(visitorToken ? { visitorToken } : {}) }, (answer) => {
      subscribing.current = false;
      if (!answer.ok) {
        setError(answer);
        return;
      }
      setError(null);
      // Resynchronisation: the server's answer replaces what this tab had.
      setChat(answer.chat);
      setMessages(mergeMessages([], answer.messages));
      const own = side === 'customer' ? answer.chat.customerReadSeq : answer.chat.operatorReadSeq;
      readSent.current = Math.max(readSent.current, own);
      // Whatever was waiting or unanswered goes (again, same clientId: stored once).
      for (const message of unsent(outboxRef.current, answer.messages)) if (message.state !== 'failed') emitSend(message);
      setOutbox((items) => unsent(items, answer.messages));
    });
  }, [chatId, visitorToken, side, emitSend]);

  useEffect(() => {
    const socket = getSocket();
    setChat(null);
    setMessages([]);
    setOtherTyping(null);
    readSent.current = 0;
    subscribing.current = false;
    subscribe();
    const onConnect = () => {
      setConnected(true);
      subscribe();
    };
    const onDisconnect = () => {
      setConnected(false);
      subscribing.current = false;
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    // The socket may have connected between the first render and now (its 'connect' went unheard).
    setConnected(socket.connected);
    const stopResync = onResync(subscribe);
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      stopResync();
      // Operators stay in their chats' rooms (the server put them there) for the console's lists.
      if (side === 'customer') socket.emit('chat:unsubscribe', { chatId });
    };
  }, [chatId, side, subscribe]);

  useSocketEvent('chat:message', (message) => {
    if (message.chatId !== chatId) return;
    setMessages((current) => mergeMessages(current, [message]));
    if (message.clientId) updateOutgoing(message.clientId, null);
    if (message.kind !== side && message.kind !== 'system') setOtherTyping(null);
    setChat((current) =>
      current && message.seq > current.lastSeq ? { ...current, lastSeq: message.seq, lastMessageAt: message.createdAt } : current,
    );
  });
  useSocketEvent('chat:updated', (updated) => {
    if (updated.id !== chatId) return;
    setChat((current) =>
      current ? withRead(withRead(updated, 'customer', current.customerReadSeq), 'operator', current.operatorReadSeq) : updated,
    );
  });
  useSocketEvent('chat:read', (event) => {
    if (event.chatId !== chatId) return;
    setChat((current) => (current ? withRead(current, event.side, event.seq) : current));
  });
  useSocketEvent('chat:typing', (event) => {
    if (event.chatId !== chatId || event.side === side) return;
    if (fadeTimer.current) clearTimeout(fadeTimer.current);
    setOtherTyping(event.typing ? event.name : null);
    if (event.typing) fadeTimer.current = setTimeout(() => setOtherTyping(null), TYPING_FADE_MS);
  });
  useEffect(
    () => () => {
      if (fadeTimer.current) clearTimeout(fadeTimer.current);
    },
    [],
  );

  // Read receipts: the highest seq seen, said while the tab is visible.
  const highestSeq = messages.length > 0 ? messages[messages.length - 1]!.seq : 0;
  useEffect(() => {
    const markRead = () => {
      const socket = getSocket();
      if (document.visibilityState !== 'visible' || !socket.connected || highestSeq <= readSent.current) return;
      readSent.current = highestSeq;
      socket.emit('chat:read', { chatId, seq: highestSeq });
    };
    markRead();
    document.addEventListener('visibilitychange', markRead);
    return () => document.removeEventListener('visibilitychange', markRead);
  }, [chatId, highestSeq, connected]);

  // Typing: said at most every TYPING_THROTTLE_MS while typing, "stopped" after TYPING_IDLE_MS.
  const typingState = useRef<{ active: boolean; lastSent: number; idle: ReturnType<typeof setTimeout> | null }>({
    active: false,
    lastSent: 0,
    idle: null,
  });
  const typing = useCallback(
    (active: boolean) => {
      const state = typingState.current;
      const socket = getSocket();
      if (state.idle) clearTimeout(state.idle);
      state.idle = null;
      if (!active) {
        if (state.active && socket.connected) socket.emit('chat:typing', { chatId, typing: false });
        state.active = false;
        return;
      }
      const now = Date.now();
      if ((!state.active || now - state.lastSent >= TYPING_THROTTLE_MS) && socket.connected) {
        socket.emit('chat:typing', { chatId, typing: true });
        state.lastSent = now;
      }
      state.active = true;
      state.idle = setTimeout(() => {
        state.idle = null;
        if (state.active && getSocket().connected) getSocket().emit('chat:typing', { chatId, typing: false });
        state.active = false;
      }, TYPING_IDLE_MS);
    },
    [chatId],
  );
  useEffect(
    () => () => {
      if (typingState.current.idle) clearTimeout(typingState.current.idle);
    },
    [],
  );

  const send = useCallback(
    (body: string, attachment: ChatAttachment | null = null) => {
      typing(false);
      const message: OutgoingMessage = {
        clientId: newClientId(),
        body,
        attachment,
        state: 'sending',
        error: null,
        createdAt: new Date().toISOString(),
      };
      setOutbox((items) => [...items, message]);
      emitSend(message);
    },
    [emitSend, typing],
  );

  const retry = useCallback(
    (clientId: string) => {
      const message = outboxRef.current.find((m) => m.clientId === clientId);
      if (message) emitSend(message);
    },
    [emitSend],
  );

  return { chat, messages, outgoing: unsent(outbox, messages), otherTyping, error, connected, send, retry, typing };
}
