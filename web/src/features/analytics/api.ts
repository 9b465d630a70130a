import type { AnalyticsRunList, AnalyticsTicketList, DrillAnalytics, TicketAnalytics } from '@muster/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { filterQuery, type FilterValues } from './query';

export type AnalyticsArea = 'drills' | 'tickets';

/** GET /api/analytics/drills with the chosen filters (the previous figures stay while new ones load). */
export function useDrillAnalytics(filters: FilterValues) {
  const query = filterQuery(filters);
  return useQuery({
    queryKey: ['analytics', 'drills', query],
    queryFn: () => apiRequest<DrillAnalytics>('GET', `/api/analytics/drills?${query}`),
    placeholderData: keepPreviousData,
  });
}

export function useTicketAnalytics(filters: FilterValues) {
  const query = filterQuery(filters);
  return useQuery({
    queryKey: ['analytics', 'tickets', query],
    queryFn: () => apiRequest<TicketAnalytics>('GET', `/api/analytics/tickets?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** Where a chart's CSV downloads from: the same filters as the chart, so it holds the same rows. */
export function csvUrl(area: AnalyticsArea, chart: string, filters: FilterValues): string {
  return `/api/analytics/${area}/${chart}/csv?${filterQuery(filters)}`;
}

/** The runs (drills) or tickets behind one point of a chart, while `point` is chosen. */
export function usePointItems(area: AnalyticsArea, filters: FilterValues, point: { chart: string; key: string } | null) {
  const query = point ? filterQuery(filters, { key: point.key }) : '';
  return useQuery({
    queryKey: ['analytics', area, 'point', point?.chart, query],
    enabled: point !== null,
    queryFn: () =>
      apiRequest<AnalyticsRunList | AnalyticsTicketList>(
        'GET',
        `/api/analytics/${area}/${point!.chart}/${area === 'drills' ? 'runs' : 'tickets'}?${query}`,
      ),
  });
}
