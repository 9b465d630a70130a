import type { ChatSummary, OperatorState } from '@muster/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { onResync, useSocketEvent } from '../../lib/socket';
import { chatKeys, patchChat } from './chat-api';
import { withRead } from './messages';

/**
 * Keeps the console's queries live: chat changes (queued, assigned, transferred, closed) refetch
 * the queue and my chats, messages and read marks patch my chats' unread counts, operator
 * changes patch presence and load, and a resync after a lost connection refetches everything.
 * Answers which of my chats' customers are typing (chat id → name).
 */
export function useOperatorLiveUpdates(): Record<string, string> {
  const queryClient = useQueryClient();
  const [typing, setTyping] = useState<Record<string, string>>({});

  useSocketEvent('chat:updated', (chat) => {
    patchChat(queryClient, chat);
    void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
  });
  useSocketEvent('chat:message', (message) => {
    queryClient.setQueryData<ChatSummary[]>(chatKeys.list('mine'), (items) =>
      items?.map((chat) =>
        chat.id === message.chatId && message.seq > chat.lastSeq
          ? { ...chat, lastSeq: message.seq, lastMessageAt: message.createdAt }
          : chat,
      ),
    );
    if (message.kind === 'customer')
      setTyping((current) => {
        if (!(message.chatId in current)) return current;
        const { [message.chatId]: _gone, ...rest } = current;
        return rest;
      });
  });
  useSocketEvent('chat:read', (event) => {
    queryClient.setQueryData<ChatSummary[]>(chatKeys.list('mine'), (items) =>
      items?.map((chat) => (chat.id === event.chatId ? withRead(chat, event.side, event.seq) : chat)),
    );
  });
  useSocketEvent('chat:typing', (event) => {
    if (event.side !== 'customer') return;
    setTyping((current) => {
      if (event.typing) return { ...current, [event.chatId]: event.name };
      const { [event.chatId]: _gone, ...rest } = current;
      return rest;
    });
  });
  useSocketEvent('chat:operator', (operator) => {
    queryClient.setQueryData<OperatorState[]>(chatKeys.operators, (items) =>
      items
        ? items.some((o) => o.userId === operator.userId)
          ? items.map((o) => (o.userId === operator.userId ? operator : o))
          : [...items, operator]
        : items,
    );
    queryClient.setQueryData<OperatorState>(chatKeys.me, (me) => (me && me.userId === operator.userId ? operator : me));
  });
  useEffect(() => {
    const stop = onResync(() => void queryClient.invalidateQueries({ queryKey: chatKeys.all }));
    return () => {
      stop();
    };
  }, [queryClient]);

  return typing;
}
