import {
  api,
  type CreateSiemDestinationInput,
  type RotateSiemSecretInput,
  type SiemDeliveryChanged,
  type SiemDeliveryStatus,
  type UpdateSiemDestinationInput,
} from '@muster/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callEndpoint } from '../../lib/api';
import { onResync, useSocketEvent } from '../../lib/socket';

/**
 * Deliveries go on while the page is closed (and its socket listener with it), so each opening
 * reads again; there is still no polling and no refetch on focus.
 */
const FRESH_ON_OPEN = { refetchOnMount: 'always' } as const;

/** One page of a delivery log (the contracts' `siemDeliveryQuerySchema`, as numbers). */
export interface DeliveryLogQuery {
  status?: SiemDeliveryStatus;
  page: number;
  pageSize: number;
}

/** Query keys of the SIEM page; all start with `siem`. */
export const siemKeys = {
  all: ['siem'] as const,
  destinations: ['siem', 'destinations'] as const,
  deliveriesOf: (destinationId: string) => ['siem', 'deliveries', destinationId] as const,
  deliveries: (destinationId: string, query: DeliveryLogQuery) => ['siem', 'deliveries', destinationId, query] as const,
  delivery: (destinationId: string, deliveryId: string) => ['siem', 'delivery', destinationId, deliveryId] as const,
};

/** Deliveries changed: their logs, their details and the destinations' counts and health read again. */
export function refreshAfterDeliveries(
  queryClient: QueryClient,
  changes: readonly Pick<SiemDeliveryChanged, 'destinationId' | 'deliveryId'>[],
): void {
  for (const destinationId of new Set(changes.map((c) => c.destinationId)))
    void queryClient.invalidateQueries({ queryKey: siemKeys.deliveriesOf(destinationId) });
  for (const change of changes)
    void queryClient.invalidateQueries({ queryKey: siemKeys.delivery(change.destinationId, change.deliveryId) });
  if (changes.length > 0) void queryClient.invalidateQueries({ queryKey: siemKeys.destinations });
}

/** How long delivery changes are gathered before the page reads again (a burst is one refetch). */
export const LIVE_COALESCE_MS = 250;

/**
 * Keeps the SIEM page live: every `siem:delivery` of the organisation (attempted, delivered,
 * failed) refreshes what it touches. A busy organisation sends many at once, so changes are
 * gathered for a moment and read once; a reconnect that lost events refreshes everything.
 */
export function useLiveSiem(): void {
  const queryClient = useQueryClient();
  const pending = useRef(new Map<string, Pick<SiemDeliveryChanged, 'destinationId' | 'deliveryId'>>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useSocketEvent('siem:delivery', (change) => {
    pending.current.set(change.deliveryId, change);
    timer.current ??= setTimeout(() => {
      timer.current = null;
      const changes = [...pending.current.values()];
      pending.current.clear();
      refreshAfterDeliveries(queryClient, changes);
    }, LIVE_COALESCE_MS);
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useEffect(() => onResync(() => void queryClient.invalidateQueries({ queryKey: siemKeys.all })), [queryClient]);
}

export function useDestinations(enabled = true) {
  return useQuery({
    queryKey: siemKeys.destinations,
    queryFn: () => callEndpoint(api.siem.list),
    enabled,
    ...FRESH_ON_OPEN,
    meta: { silent: true },
  });
}

export function useDeliveries(destinationId: string | null, query: DeliveryLogQuery) {
  return useQuery({
    queryKey: siemKeys.deliveries(destinationId ?? '', query),
    queryFn: () => callEndpoint(api.siem.deliveries, { params: { id: destinationId ?? '' }, query: { ...query } }),
    enabled: Boolean(destinationId),
    placeholderData: keepPreviousData,
    ...FRESH_ON_OPEN,
    meta: { silent: true },
  });
}

export function useDelivery(destinationId: string, deliveryId: string) {
  return useQuery({
    queryKey: siemKeys.delivery(destinationId, deliveryId),
    queryFn: () => callEndpoint(api.siem.delivery, { params: { id: destinationId, deliveryId } }),
    ...FRESH_ON_OPEN,
    meta: { silent: true },
  });
}

export function useCreateDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSiemDestinationInput) => callEndpoint(api.siem.create, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: siemKeys.destinations }),
    meta: { silent: true },
  });
}

export function useUpdateDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSiemDestinationInput }) => callEndpoint(api.siem.update, { params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: siemKeys.destinations }),
    meta: { silent: true },
  });
}

export function useRemoveDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.siem.remove, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: siemKeys.deliveriesOf(id) });
      void queryClient.invalidateQueries({ queryKey: siemKeys.destinations });
    },
    meta: { silent: true },
  });
}

export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RotateSiemSecretInput }) => callEndpoint(api.siem.rotate, { params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: siemKeys.destinations }),
    meta: { silent: true },
  });
}

export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.siem.test, { params: { id } }),
    onSuccess: (delivery) => refreshAfterDeliveries(queryClient, [{ destinationId: delivery.destinationId, deliveryId: delivery.id }]),
    meta: { silent: true },
  });
}

export function useReplay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) => callEndpoint(api.siem.replay, { params: { id, deliveryId } }),
    onSuccess: (delivery) => refreshAfterDeliveries(queryClient, [{ destinationId: delivery.destinationId, deliveryId: delivery.id }]),
    meta: { silent: true },
  });
}

export function useReplayFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.siem.replayFailed, { params: { id } }),
    onSuccess: (_, id) => {
      void queryClient.invalidateQueries({ queryKey: siemKeys.deliveriesOf(id) });
      void queryClient.invalidateQueries({ queryKey: siemKeys.destinations });
    },
    meta: { silent: true },
  });
}
