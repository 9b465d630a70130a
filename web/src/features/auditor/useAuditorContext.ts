import { api, type AuditorContext } from '@muster/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint, errorStatus } from '../../lib/api';

export const AUDITOR_CONTEXT_QUERY_KEY = [api.auditor.context.path] as const;

/** GET /api/auditor/context; null when this browser holds no guest-auditor session (401/403). */
export async function fetchAuditorContext(): Promise<AuditorContext | null> {
  try {
    return await callEndpoint(api.auditor.context);
  } catch (err) {
    const status = errorStatus(err);
    if (status === 401 || status === 403) return null;
    throw err;
  }
}

export function useAuditorContext() {
  return useQuery({ queryKey: AUDITOR_CONTEXT_QUERY_KEY, queryFn: fetchAuditorContext });
}
