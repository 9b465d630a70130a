import { api, type EvidenceRequestState, type SubmitEvidenceRequest } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export const orgRequestKeys = {
  all: ['evidence-requests'] as const,
  list: (state: EvidenceRequestState | null) => ['evidence-requests', state ?? 'all'] as const,
  records: (q: string) => ['evidence-requests', 'records', q] as const,
};

/** Auditors' requests to the organisation (ADMIN), optionally of one state. */
export function useOrgRequests(state: EvidenceRequestState | null) {
  return useQuery({
    queryKey: orgRequestKeys.list(state),
    queryFn: () => callEndpoint(api.auditorPortal.orgRequests, { query: state ? { state } : {} }),
    placeholderData: (previous) => previous,
  });
}

/** The vault's records to attach, searched by words of the title. */
export function useVaultRecords(q: string, enabled: boolean) {
  return useQuery({
    queryKey: orgRequestKeys.records(q),
    queryFn: () => callEndpoint(api.evidence.list, { query: { ...(q ? { q } : {}), pageSize: 50 } }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

export function useSubmitRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SubmitEvidenceRequest }) =>
      callEndpoint(api.auditorPortal.submitRequest, { params: { id }, body }),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgRequestKeys.all }),
  });
}
