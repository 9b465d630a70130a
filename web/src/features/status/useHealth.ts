import { api, type HealthReport } from '@muster/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '../../lib/api';

/** Reads /api/health; a 503 still carries the report naming the failing parts. */
export async function fetchHealth(): Promise<HealthReport> {
  try {
    return await callEndpoint(api.health.report);
  } catch (err) {
    if (err instanceof ApiError && err.status === 503) return JSON.parse(err.bodyText) as HealthReport;
    throw err;
  }
}

export function useHealth() {
  return useQuery({ queryKey: [api.health.report.path], queryFn: fetchHealth });
}
