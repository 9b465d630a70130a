import { api, type CreateScimTokenInput, type ScimMappableRole } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

/** How often the request log reads again while the page is open (the identity provider calls on its own schedule). */
export const REQUESTS_REFRESH_MS = 5_000;

export const scimKeys = {
  all: ['scim'] as const,
  overview: ['scim', 'overview'] as const,
  requests: ['scim', 'requests'] as const,
};

export function useScimOverview() {
  return useQuery({
    queryKey: scimKeys.overview,
    queryFn: () => callEndpoint(api.scim.overview),
    refetchOnMount: 'always',
    // Users and groups change when the identity provider calls: read them with the request log.
    refetchInterval: REQUESTS_REFRESH_MS,
    meta: { silent: true },
  });
}

export function useScimRequests() {
  return useQuery({
    queryKey: scimKeys.requests,
    queryFn: () => callEndpoint(api.scim.requests),
    refetchOnMount: 'always',
    refetchInterval: REQUESTS_REFRESH_MS,
    meta: { silent: true },
  });
}

export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateScimTokenInput) => callEndpoint(api.scim.createToken, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scimKeys.overview }),
    meta: { silent: true },
  });
}

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.scim.revokeToken, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scimKeys.overview }),
    meta: { silent: true },
  });
}

export function useSetScimGroupRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: ScimMappableRole | null }) =>
      callEndpoint(api.scim.setGroupRole, { params: { id }, body: { role } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scimKeys.overview }),
    meta: { silent: true },
  });
}
