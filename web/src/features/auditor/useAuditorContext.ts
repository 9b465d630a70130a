import { api, type AuditorContext } from '@muster/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint, errorStatus } from '../../lib/api';

export const AUDITOR_CONTEXT_QUERY_KEY = [api.auditor.context.path] as const;

/**
 * GET /api/auditor/context (with `?preview=<invite id>` when an ADMIN previews an invite); null
 * when this browser holds no guest-auditor session (401/403) or an ADMIN names no invite of theirs (404).
 */
export async function fetchAuditorContext(preview: string | null = null): Promise<AuditorContext | null> {
  try {
    return await callEndpoint(api.auditor.context, { query: preview ? { preview } : {} });
  } catch (err) {
    const status = errorStatus(err);
    if (status === 401 || status === 403 || status === 404) return null;
    throw err;
  }
}

export function useAuditorContext(preview: string | null = null) {
  return useQuery({ queryKey: [...AUDITOR_CONTEXT_QUERY_KEY, preview], queryFn: () => fetchAuditorContext(preview) });
}
