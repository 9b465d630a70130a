import { api, type CreateBroadcastInput, type MyBroadcastList } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../lib/api';
import { onResync, useSocketEvent } from '../../lib/socket';

export const broadcastKeys = {
  all: ['broadcasts'] as const,
  list: ['broadcasts', 'list'] as const,
  mine: ['broadcasts', 'mine'] as const,
  acks: (id: string) => ['broadcasts', 'acks', id] as const,
};

/** The active broadcasts for me (late joiners read them here; pushes keep them live). */
export function useMyBroadcasts() {
  return useQuery({ queryKey: broadcastKeys.mine, queryFn: () => callEndpoint(api.broadcasts.mine), meta: { silent: true } });
}

function refetchMine(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: broadcastKeys.mine });
}

/**
 * Keeps my broadcasts live while the app shell is mounted: a started one is shown at once (and the
 * list read again in the session's language); an ended or acknowledged one leaves the screen.
 */
export function useLiveBroadcasts(): void {
  const queryClient = useQueryClient();
  useSocketEvent('broadcast:started', (broadcast) => {
    queryClient.setQueryData<MyBroadcastList>(broadcastKeys.mine, (current) => ({
      items: [broadcast, ...(current?.items ?? []).filter((b) => b.id !== broadcast.id)],
    }));
    refetchMine(queryClient);
  });
  useSocketEvent('broadcast:ended', ({ id }) => {
    queryClient.setQueryData<MyBroadcastList>(broadcastKeys.mine, (current) => ({
      items: (current?.items ?? []).filter((b) => b.id !== id),
    }));
    void queryClient.invalidateQueries({ queryKey: broadcastKeys.list });
  });
  useEffect(() => onResync(() => refetchMine(queryClient)), [queryClient]);
}

export function useAcknowledgeBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.broadcasts.acknowledge, { params: { id } }),
    onSuccess: (done) =>
      queryClient.setQueryData<MyBroadcastList>(broadcastKeys.mine, (current) => ({
        items: (current?.items ?? []).filter((b) => b.id !== done.id),
      })),
  });
}

export function useBroadcasts() {
  return useQuery({ queryKey: broadcastKeys.list, queryFn: () => callEndpoint(api.broadcasts.list), refetchOnMount: 'always' });
}

export function useBroadcastAcks(id: string) {
  return useQuery({ queryKey: broadcastKeys.acks(id), queryFn: () => callEndpoint(api.broadcasts.acks, { params: { id } }) });
}

export function useCreateBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBroadcastInput) => callEndpoint(api.broadcasts.create, { body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: broadcastKeys.all }),
  });
}

export function useEndBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.broadcasts.end, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: broadcastKeys.all }),
  });
}
