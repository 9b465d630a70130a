import { api, type CreateRestrictionRequest, type ResponseOf, type RestrictionKind, type UnlockRequest } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { useSocketEvent } from '../../lib/socket';

/** Query keys of support's account controls. */
export const controlKeys = {
  all: ['account-controls'] as const,
  mine: ['account-controls', 'mine'] as const,
  users: (q: string, page: number) => ['account-controls', 'users', q, page] as const,
  user: (id: string) => ['account-controls', 'user', id] as const,
  organizations: (q: string) => ['account-controls', 'organizations', q] as const,
  restrictions: (kind: RestrictionKind, state: string, page: number) => ['account-controls', 'restrictions', kind, state, page] as const,
  lockouts: ['account-controls', 'lockouts'] as const,
};

/** The signed-in account's read-only state; refetched when support freezes or unfreezes it. */
export function useMyRestriction(enabled: boolean) {
  const queryClient = useQueryClient();
  useSocketEvent('account:restriction-changed', () => void queryClient.invalidateQueries({ queryKey: controlKeys.mine }));
  return useQuery({
    queryKey: controlKeys.mine,
    queryFn: () => callEndpoint(api.accountControls.mine),
    enabled,
    meta: { silent: true },
  });
}

export function useUserSearch(q: string, page: number, enabled = true) {
  return useQuery({
    queryKey: controlKeys.users(q, page),
    queryFn: () => callEndpoint(api.accountControls.searchUsers, { query: { q, page, pageSize: 20 } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSupportUser(id: string | null) {
  return useQuery({
    queryKey: controlKeys.user(id ?? ''),
    queryFn: () => callEndpoint(api.accountControls.user, { params: { userId: id! } }),
    enabled: Boolean(id),
  });
}

export function useOrganizationSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: controlKeys.organizations(q),
    queryFn: () => callEndpoint(api.accountControls.organizations, { query: { q } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRestrictions(kind: RestrictionKind, state: 'current' | 'past' | 'all', page: number) {
  return useQuery({
    queryKey: controlKeys.restrictions(kind, state, page),
    queryFn: () => callEndpoint(api.accountControls.restrictions, { query: { kind, state, page, pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });
}

export function useLockouts() {
  return useQuery({ queryKey: controlKeys.lockouts, queryFn: () => callEndpoint(api.accountControls.lockouts) });
}

/** Every action changes what the screens show: refetch all of them. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: controlKeys.all });
}

export function useRestrict() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateRestrictionRequest) => callEndpoint(api.accountControls.restrict, { body }),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useLift() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.accountControls.lift, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useUnlock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UnlockRequest) => callEndpoint(api.accountControls.unlock, { body }),
    onSuccess: refresh,
  });
}

export type AccountAction = 'signOutEverywhere' | 'forcePasswordReset' | 'revokeCodes';

type ActionAnswer<A extends AccountAction> = ResponseOf<(typeof api.accountControls)[A]>;

export function useAccountAction<A extends AccountAction>(action: A) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: string) => callEndpoint(api.accountControls[action], { params: { userId } }) as Promise<ActionAnswer<A>>,
    onSuccess: refresh,
  });
}
