import { api, type CreateAuditorInviteRequest, type UpdateAuditorInviteRequest } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export const inviteKeys = {
  all: ['auditor-invites'] as const,
};

/** The organisation's guest-auditor invites, newest first. */
export function useInvites() {
  return useQuery({ queryKey: inviteKeys.all, queryFn: () => callEndpoint(api.auditor.listInvites) });
}

function useInviteMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}

export const useCreateInvite = () =>
  useInviteMutation((body: CreateAuditorInviteRequest) => callEndpoint(api.auditor.createInvite, { body }));

export const useUpdateInvite = () =>
  useInviteMutation(({ id, body }: { id: string; body: UpdateAuditorInviteRequest }) =>
    callEndpoint(api.auditor.updateInvite, { params: { id }, body }),
  );

export const useRevokeInvite = () => useInviteMutation((id: string) => callEndpoint(api.auditor.revokeInvite, { params: { id } }));
