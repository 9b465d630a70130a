import { api, type RecoveryDecision, type RecoveryPolicy } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

/** Query keys of the recovery screens; all start with `recovery`. */
export const recoveryKeys = {
  settings: ['recovery', 'settings'] as const,
  portal: ['recovery', 'portal'] as const,
  link: (token: string) => ['recovery', 'link', token] as const,
};

/** The organisation's recovery policy and delegates (ADMIN). */
export function useRecoverySettings() {
  return useQuery({ queryKey: recoveryKeys.settings, queryFn: () => callEndpoint(api.recovery.settings) });
}

function useSettingsMutation<V>(call: (value: V) => Promise<Awaited<ReturnType<typeof callEndpoint<typeof api.recovery.settings>>>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { silent: true },
    onSuccess: (settings) => queryClient.setQueryData(recoveryKeys.settings, settings),
  });
}

export const useSetPolicy = () => useSettingsMutation((body: RecoveryPolicy) => callEndpoint(api.recovery.setPolicy, { body }));
export const useAddDelegate = () => useSettingsMutation((userId: string) => callEndpoint(api.recovery.addDelegate, { body: { userId } }));
export const useRemoveDelegate = () => useSettingsMutation((id: string) => callEndpoint(api.recovery.removeDelegate, { params: { id } }));

/** The signed-in member's delegations and the requests they decide on. */
export function useRecoveryPortal(enabled: boolean) {
  return useQuery({ queryKey: recoveryKeys.portal, queryFn: () => callEndpoint(api.recovery.portal), enabled, refetchOnMount: 'always' });
}

function usePortalMutation<V>(call: (value: V) => Promise<Awaited<ReturnType<typeof callEndpoint<typeof api.recovery.portal>>>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { silent: true },
    onSuccess: (portal) => queryClient.setQueryData(recoveryKeys.portal, portal),
  });
}

export const useAcceptDelegation = () => usePortalMutation((id: string) => callEndpoint(api.recovery.accept, { params: { id } }));
export const useDecide = () =>
  usePortalMutation(({ id, decision }: { id: string; decision: RecoveryDecision }) =>
    callEndpoint(api.recovery.decide, { params: { id }, body: { decision } }),
  );

/** What an emailed decision link is about. */
export function useLinkView(token: string) {
  return useQuery({
    queryKey: recoveryKeys.link(token),
    queryFn: () => callEndpoint(api.recovery.linkView, { query: { token } }),
    retry: false,
    meta: { silent: true },
  });
}

export function useDecideLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: RecoveryDecision) => callEndpoint(api.recovery.decideLink, { body: { token, decision } }),
    meta: { silent: true },
    onSuccess: (view) => queryClient.setQueryData(recoveryKeys.link(token), view),
  });
}
