import { INSIGHT_RANGES, type Insights } from '@muster/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from '../../lib/api';
import { useSocketEvent } from '../../lib/socket';

export type InsightRange = (typeof INSIGHT_RANGES)[number];

export const insightsQueryKey = (days: InsightRange) => ['insights', days] as const;

/** GET /api/support/insights for the range; refreshed when a chat changes (at most every 10 s). */
export function useInsights(days: InsightRange) {
  const queryClient = useQueryClient();
  const lastRefresh = useRef(0);
  useSocketEvent('chat:updated', () => {
    if (Date.now() - lastRefresh.current < 10_000) return;
    lastRefresh.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: ['insights'] });
  });
  return useQuery({
    queryKey: insightsQueryKey(days),
    queryFn: () => apiRequest<Insights>('GET', `/api/support/insights?days=${String(days)}`),
  });
}
