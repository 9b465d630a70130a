import { api, type ApprovalQuery, type BreakGlassInput, type DecideApprovalInput, type RequestApprovalInput } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../lib/api';
import { onResync, useSocketEvent } from '../../lib/socket';

/** Query keys of the approvals; all start with `approvals`. */
export const approvalKeys = {
  all: ['approvals'] as const,
  list: (query: ApprovalQuery) => ['approvals', 'list', query] as const,
  accounts: ['approvals', 'accounts'] as const,
  organizations: ['approvals', 'organizations'] as const,
  heldEvidence: (orgId: string) => ['approvals', 'held-evidence', orgId] as const,
};

function refresh(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['platform'] });
}

export function useApprovals(query: ApprovalQuery) {
  return useQuery({ queryKey: approvalKeys.list(query), queryFn: () => callEndpoint(api.approvals.list, { query }) });
}

/** The platform's accounts, for the role raise. */
export function usePlatformAccounts(enabled: boolean) {
  return useQuery({ queryKey: approvalKeys.accounts, queryFn: () => callEndpoint(api.approvals.accounts), enabled });
}

/** Every organisation (the credits overview lists them for platform admins). */
export function useOrganizations(enabled: boolean) {
  return useQuery({
    queryKey: approvalKeys.organizations,
    queryFn: async () => (await callEndpoint(api.billing.credits)).organizations,
    enabled,
  });
}

/** An organisation's records under an active legal hold (a release names one of them). */
export function useHeldEvidence(orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: approvalKeys.heldEvidence(orgId),
    queryFn: () => callEndpoint(api.approvals.heldEvidence, { query: { orgId } }),
    enabled: enabled && orgId !== '',
  });
}

/** Keeps approvals live: a request, decision, expiry or break-glass anywhere refreshes the lists. */
export function useLiveApprovals(): void {
  const queryClient = useQueryClient();
  useSocketEvent('approval:changed', () => refresh(queryClient));
  useEffect(() => onResync(() => refresh(queryClient)), [queryClient]);
}

export function useRequestApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestApprovalInput) => callEndpoint(api.approvals.request, { body }),
    onSettled: () => refresh(queryClient),
  });
}

export function useBreakGlass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BreakGlassInput) => callEndpoint(api.approvals.breakGlass, { body }),
    onSettled: () => refresh(queryClient),
  });
}

export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, body }: { id: string; decision: 'approve' | 'reject'; body: DecideApprovalInput }) =>
      callEndpoint(decision === 'approve' ? api.approvals.approve : api.approvals.reject, { params: { id }, body }),
    onSettled: () => refresh(queryClient),
  });
}

export function useReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.approvals.review, { params: { id } }),
    onSettled: () => refresh(queryClient),
  });
}
