import { api } from '@muster/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import type { QueryRecord } from './filters';

/**
 * Security events keep happening while the page is closed (and no socket event announces them),
 * so each opening reads again; there is still no polling and no refetch on focus.
 */
const FRESH_ON_OPEN = { refetchOnMount: 'always' } as const;

/** Query keys of the audit trail; all start with `audit`. */
export const auditKeys = {
  all: ['audit'] as const,
  mine: (query: QueryRecord) => ['audit', 'mine', query] as const,
  org: (query: QueryRecord) => ['audit', 'org', query] as const,
  customer: (userId: string, query: QueryRecord) => ['audit', 'customer', userId, query] as const,
  threats: (query: QueryRecord) => ['audit', 'threats', query] as const,
};

/** A page of the signed-in user's own security events (null query: the filters are invalid, nothing is read). */
export function useMyTimeline(query: QueryRecord | null) {
  return useQuery({
    queryKey: auditKeys.mine(query ?? {}),
    queryFn: () => callEndpoint(api.audit.myTimeline, { query: query ?? {} }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    ...FRESH_ON_OPEN,
    meta: { silent: true },
  });
}

/** A page of the organisation's security events (ADMIN; platform staff name the organisation). */
export function useOrgTimeline(query: QueryRecord | null) {
  return useQuery({
    queryKey: auditKeys.org(query ?? {}),
    queryFn: () => callEndpoint(api.audit.orgTimeline, { query: query ?? {} }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    ...FRESH_ON_OPEN,
    meta: { silent: true },
  });
}

/** A page of one customer's security events with the customer (SYSOPS and above). */
export function useCustomerTimeline(userId: string, query: QueryRecord | null) {
  return useQuery({
    queryKey: auditKeys.customer(userId, query ?? {}),
    queryFn: () => callEndpoint(api.audit.customerTimeline, { params: { userId }, query: query ?? {} }),
    enabled: query !== null && userId !== '',
    placeholderData: keepPreviousData,
    ...FRESH_ON_OPEN,
    meta: { silent: true },
  });
}

/** Failed sign-ins, lockouts and unusual sign-ins of a window, with one page of findings. */
export function useThreats(query: QueryRecord | null) {
  return useQuery({
    queryKey: auditKeys.threats(query ?? {}),
    queryFn: () => callEndpoint(api.audit.threats, { query: query ?? {} }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    ...FRESH_ON_OPEN,
    meta: { silent: true },
  });
}

/** Recomputes the organisation's hash chain on demand (a button, so a mutation holding its answer). */
export function useVerifyChain() {
  return useMutation({
    mutationFn: (orgId: string | undefined) => callEndpoint(api.audit.verify, { query: { orgId } }),
    meta: { silent: true },
  });
}
