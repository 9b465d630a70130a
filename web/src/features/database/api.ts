import { api } from '@muster/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export const databaseKeys = {
  overview: ['ops-database', 'overview'] as const,
  chains: ['ops-database', 'audit-chains'] as const,
};

/** The database page's figures: read again at each opening and on "Refresh", never polled. */
export function useDatabaseOverview() {
  return useQuery({
    queryKey: databaseKeys.overview,
    queryFn: () => callEndpoint(api.opsDatabase.overview),
    refetchOnMount: 'always',
    meta: { silent: true },
  });
}

/** Each organisation's audit-chain verification (the server reuses one reading for a few minutes). */
export function useAuditChains() {
  return useQuery({
    queryKey: databaseKeys.chains,
    queryFn: () => callEndpoint(api.opsDatabase.auditChains),
    refetchOnMount: 'always',
    meta: { silent: true },
  });
}
