import { api, type AuditBundleView, type CreateAuditBundleRequest } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../../lib/api';
import { onResync, useSocketEvent } from '../../../lib/socket';

export const bundleKeys = {
  all: ['audit-bundles'] as const,
  list: (preview: string | null) => ['audit-bundles', 'list', preview ?? ''] as const,
  records: (q: string, preview: string | null) => ['audit-bundles', 'records', q, preview ?? ''] as const,
};

/** The invite's bundles, newest first (an ADMIN previewing names the invite). */
export function useBundles(preview: string | null) {
  return useQuery({
    queryKey: bundleKeys.list(preview),
    queryFn: () => callEndpoint(api.auditBundles.list, { query: { preview: preview ?? undefined } }),
  });
}

/** The records in scope to choose from (the first 100 matching the words). */
export function useScopeRecords(q: string, preview: string | null, enabled: boolean) {
  return useQuery({
    queryKey: bundleKeys.records(q, preview),
    queryFn: () =>
      callEndpoint(api.auditorPortal.evidence, { query: { q: q || undefined, pageSize: 100, page: 1, preview: preview ?? undefined } }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** Puts a bundle's newest state in the list (a new one first). */
function merge(items: AuditBundleView[], bundle: AuditBundleView): AuditBundleView[] {
  const at = items.findIndex((b) => b.id === bundle.id);
  if (at < 0) return [bundle, ...items];
  // An event that arrives after a newer one is ignored (progress never goes back).
  const current = items[at]!;
  if (current.status === 'done' || current.status === 'failed' || current.percent > bundle.percent) return items;
  return items.map((b, i) => (i === at ? bundle : b));
}

/** Asks for a bundle; its progress then arrives over the socket. */
export function useBuildBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAuditBundleRequest) => callEndpoint(api.auditBundles.create, { body }),
    meta: { silent: true },
    onSuccess: (bundle) =>
      queryClient.setQueryData<{ items: AuditBundleView[] }>(bundleKeys.list(null), (old) => ({ items: merge(old?.items ?? [], bundle) })),
  });
}

/** Keeps the list live: each `auditor:bundle` event moves its bundle on; after a reconnect that lost events the list is read again. */
export function useBundleEvents() {
  const queryClient = useQueryClient();
  useSocketEvent('auditor:bundle', (bundle) => {
    queryClient.setQueryData<{ items: AuditBundleView[] }>(bundleKeys.list(null), (old) =>
      old ? { items: merge(old.items, bundle) } : old,
    );
  });
  useEffect(() => onResync(() => void queryClient.invalidateQueries({ queryKey: bundleKeys.all })), [queryClient]);
}
