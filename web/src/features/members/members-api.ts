import {
  api,
  type AcceptInviteRequest,
  type BulkInviteRequest,
  type CreateInviteRequest,
  type MemberListQuery,
  type MemberNamesRequest,
  type MemberRole,
  type SessionInfo,
} from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { SESSION_QUERY_KEY } from '../auth/session';

export const memberKeys = {
  all: ['members'] as const,
  list: (query: MemberListQuery) => ['members', 'list', query] as const,
  invite: (token: string) => ['invite', token] as const,
  namePrompt: ['members', 'name-prompt'] as const,
};

/** The member list of the signed-in administrator's organisation, one page (filters on the server). */
export function useMembers(query: MemberListQuery) {
  return useQuery({
    queryKey: memberKeys.list(query),
    queryFn: () => callEndpoint(api.members.list, { query: query as Record<string, string | number | undefined> }),
    placeholderData: (previous) => previous,
  });
}

/** Every mutation of the list refreshes it (and the seats it shows). */
function useMemberMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

export const useInvite = () => useMemberMutation((body: CreateInviteRequest) => callEndpoint(api.members.invite, { body }));
export const useBulkInvite = () => useMemberMutation((body: BulkInviteRequest) => callEndpoint(api.members.bulkInvite, { body }));
export const useResendInvite = () => useMemberMutation((id: string) => callEndpoint(api.members.resendInvite, { params: { id } }));
export const useRevokeInvite = () => useMemberMutation((id: string) => callEndpoint(api.members.revokeInvite, { params: { id } }));
export const useChangeRole = () =>
  useMemberMutation(({ userId, role }: { userId: string; role: MemberRole }) =>
    callEndpoint(api.members.changeRole, { params: { userId }, body: { role } }),
  );
export const useDeactivate = () => useMemberMutation((userId: string) => callEndpoint(api.members.deactivate, { params: { userId } }));
export const useReactivate = () => useMemberMutation((userId: string) => callEndpoint(api.members.reactivate, { params: { userId } }));
export const useRemoveMember = () => useMemberMutation((userId: string) => callEndpoint(api.members.remove, { params: { userId } }));

/** What an invitation link is for (its refusal is shown by the screen, not as a toast). */
export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: memberKeys.invite(token),
    queryFn: () => callEndpoint(api.members.previewInvite, { params: { token } }),
    meta: { silent: true },
  });
}

export function useAcceptInvite(token: string) {
  return useMutation({
    mutationFn: (body: AcceptInviteRequest) => callEndpoint(api.members.acceptInvite, { params: { token }, body }),
    meta: { silent: true },
  });
}

/** Whether to ask the signed-in member for their names (members of an organisation only). */
export function useNamePrompt(enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.namePrompt,
    queryFn: () => callEndpoint(api.members.namePrompt),
    enabled,
    meta: { silent: true },
  });
}

export function useSaveNames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberNamesRequest) => callEndpoint(api.members.saveNames, { body }),
    meta: { silent: true },
    onSuccess: (me: SessionInfo) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, me);
      queryClient.setQueryData(memberKeys.namePrompt, { ask: false, skippable: false });
    },
  });
}

export function useSkipNames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(api.members.skipNames),
    onSuccess: () => queryClient.setQueryData(memberKeys.namePrompt, { ask: false, skippable: false }),
  });
}
