import { api, type RecoveryDecision } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { useSocketEvent } from '../../lib/socket';

/** Query keys of termination and restore; all start with `terminations`. */
export const terminationKeys = {
  all: ['terminations'] as const,
  list: ['terminations', 'list'] as const,
  search: (q: string) => ['terminations', 'search', q] as const,
  restores: ['terminations', 'restores'] as const,
};

export function useOrganizationSearch(q: string) {
  return useQuery({
    queryKey: terminationKeys.search(q),
    queryFn: () => callEndpoint(api.terminations.search, { query: { q } }),
    enabled: q.length > 0,
  });
}

/** The terminated organisations; an approval decided anywhere (a termination approved) refreshes them. */
export function useTerminations() {
  const queryClient = useQueryClient();
  useSocketEvent('approval:changed', () => void queryClient.invalidateQueries({ queryKey: terminationKeys.all }));
  return useQuery({ queryKey: terminationKeys.list, queryFn: () => callEndpoint(api.terminations.list) });
}

export function useRestoreQueue() {
  return useQuery({
    queryKey: terminationKeys.restores,
    queryFn: () => callEndpoint(api.terminations.restoreQueue),
    refetchOnMount: 'always',
  });
}

export function useDecideRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: RecoveryDecision }) =>
      callEndpoint(api.terminations.decideRestore, { params: { id }, body: { decision } }),
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: terminationKeys.all }),
  });
}
