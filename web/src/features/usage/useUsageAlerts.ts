import { api } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../lib/api';
import { onResync, useSocketEvent } from '../../lib/socket';

export const usageKeys = {
  alerts: ['usage', 'alerts'] as const,
  overview: ['usage', 'overview'] as const,
};

function refetch(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: usageKeys.alerts });
}

/** The signed-in member's undismissed usage alerts of this month, most severe first. */
export function useUsageAlerts(enabled: boolean) {
  return useQuery({
    queryKey: usageKeys.alerts,
    queryFn: () => callEndpoint(api.usage.alerts),
    enabled,
    meta: { silent: true },
  });
}

/**
 * Keeps the alerts live while the app shell is mounted: a pushed `usage:alert` refetches the list
 * and the usage figures (no polling); so does a reconnect that may have missed one.
 */
export function useLiveUsageAlerts(): void {
  const queryClient = useQueryClient();
  useSocketEvent('usage:alert', () => {
    refetch(queryClient);
    void queryClient.invalidateQueries({ queryKey: usageKeys.overview });
  });
  useEffect(() => onResync(() => refetch(queryClient)), [queryClient]);
}

/** Dismisses an alert for the signed-in member, then refreshes the list (spec §7). */
export function useDismissUsageAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.usage.dismissAlert, { params: { id } }),
    onSettled: () => refetch(queryClient),
  });
}
