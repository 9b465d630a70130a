import { api, type CreateEvidenceRequest, type DrawSampleRequest, type ReviewEvidenceRequest } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export const auditorRequestKeys = {
  requests: (preview: string | null) => ['auditor', 'requests', preview ?? ''] as const,
  samples: (preview: string | null) => ['auditor', 'samples', preview ?? ''] as const,
  scope: (preview: string | null) => ['auditor', 'request-scope', preview ?? ''] as const,
};

const previewQuery = (preview: string | null) => (preview ? { preview } : {});

/** The auditor's evidence requests (an ADMIN's preview: the invite's). */
export function useAuditorRequests(preview: string | null) {
  return useQuery({
    queryKey: auditorRequestKeys.requests(preview),
    queryFn: () => callEndpoint(api.auditorPortal.requests, { query: previewQuery(preview) }),
  });
}

/** The scope's rules (the ones a request or a sample may name), from the dashboard. */
export function useScopeRules(preview: string | null) {
  return useQuery({
    queryKey: auditorRequestKeys.scope(preview),
    queryFn: () => callEndpoint(api.auditorPortal.dashboard, { query: previewQuery(preview) }),
    select: (dashboard) => [...new Set(dashboard.scope.profiles.flatMap((p) => p.ruleIds))],
  });
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEvidenceRequest) => callEndpoint(api.auditorPortal.createRequest, { body }),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['auditor'] }),
  });
}

export function useReviewRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReviewEvidenceRequest }) =>
      callEndpoint(api.auditorPortal.reviewRequest, { params: { id }, body }),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['auditor'] }),
  });
}

export function useSamples(preview: string | null) {
  return useQuery({
    queryKey: auditorRequestKeys.samples(preview),
    queryFn: () => callEndpoint(api.auditorPortal.samples, { query: previewQuery(preview) }),
  });
}

export function useDrawSample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DrawSampleRequest) => callEndpoint(api.auditorPortal.drawSample, { body }),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['auditor', 'samples'] }),
  });
}
