import { api, type Notification, type NotificationList } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../lib/api';
import { onResync, useSocketEvent } from '../../lib/socket';

/** How many of the newest notifications the bell lists. */
export const NOTIFICATIONS_SHOWN = 20;

export const notificationKeys = {
  list: ['notifications', 'list'] as const,
};

/** The signed-in user's newest notifications and how many are unread (every signed-in user, staff included). */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: () => callEndpoint(api.notifications.list, { query: { limit: NOTIFICATIONS_SHOWN } }),
    meta: { silent: true },
  });
}

/**
 * The list with a pushed notification added: newest first, at most `limit`, the unread count
 * raised when it is unread. A notification already listed changes nothing, so hearing one twice
 * (two listeners, a refetch racing the push) never counts it twice.
 */
export function withNotification(list: NotificationList, notification: Notification, limit = NOTIFICATIONS_SHOWN): NotificationList {
  if (list.items.some((n) => n.id === notification.id)) return list;
  const items = [notification, ...list.items].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
  return { items, unread: list.unread + (notification.readAt ? 0 : 1) };
}

/** The list with one notification (or all, `id` null) marked read at `at`. */
export function withRead(list: NotificationList, id: string | null, at: string): NotificationList {
  let newlyRead = 0;
  const items = list.items.map((n) => {
    if (n.readAt || (id !== null && n.id !== id)) return n;
    newlyRead += 1;
    return { ...n, readAt: at };
  });
  if (id === null) return { items, unread: 0 };
  return { items, unread: Math.max(0, list.unread - newlyRead) };
}

function refetch(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
}

/**
 * Keeps the bell live for as long as the app shell is mounted: a `notification:new` goes into the
 * cache at once (no polling), and a reconnect that lost events refetches the list.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  useSocketEvent('notification:new', (notification) => {
    const current = queryClient.getQueryData<NotificationList>(notificationKeys.list);
    // Not loaded yet (or loading): the list being fetched will carry it.
    if (!current) refetch(queryClient);
    else queryClient.setQueryData(notificationKeys.list, withNotification(current, notification));
  });
  useEffect(() => onResync(() => refetch(queryClient)), [queryClient]);
}

/** Marks one notification read: at once in the list, then with the server's count. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.notifications.read, { params: { id } }),
    meta: { silent: true },
    onMutate: (id) => {
      const current = queryClient.getQueryData<NotificationList>(notificationKeys.list);
      if (current) queryClient.setQueryData(notificationKeys.list, withRead(current, id, new Date().toISOString()));
    },
    onSuccess: ({ unread }) => {
      const current = queryClient.getQueryData<NotificationList>(notificationKeys.list);
      if (current) queryClient.setQueryData(notificationKeys.list, { ...current, unread });
    },
    onError: () => refetch(queryClient),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(api.notifications.readAll),
    meta: { silent: true },
    onMutate: () => {
      const current = queryClient.getQueryData<NotificationList>(notificationKeys.list);
      if (current) queryClient.setQueryData(notificationKeys.list, withRead(current, null, new Date().toISOString()));
    },
    onError: () => refetch(queryClient),
  });
}
