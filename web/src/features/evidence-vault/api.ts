import { api, buildPath, type EvidenceDetail, type EvidenceLinkKind, type EvidenceListQuery } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, uploadFile } from '../../lib/api';

export const evidenceKeys = {
  all: ['evidence'] as const,
  list: (query: EvidenceListQuery) => ['evidence', 'list', query] as const,
  detail: (id: string) => ['evidence', 'detail', id] as const,
  sources: (kind: string) => ['evidence', 'sources', kind] as const,
};

/** The organisation's records, searched, filtered and paged on the server. */
export function useEvidenceList(query: EvidenceListQuery) {
  return useQuery({
    queryKey: evidenceKeys.list(query),
    queryFn: () => callEndpoint(api.evidence.list, { query: query as Record<string, string | number | undefined> }),
    placeholderData: (previous) => previous,
  });
}

/** One record with its holds and custody log (read again each time it is opened: views add to the log). */
export function useEvidenceRecord(id: string | null) {
  return useQuery({
    queryKey: evidenceKeys.detail(id ?? ''),
    queryFn: () => callEndpoint(api.evidence.get, { params: { id: id! } }),
    enabled: id !== null,
    refetchOnMount: 'always',
  });
}

/** What can be added from Muster, one kind at a time. */
export function useEvidenceSources(kind: EvidenceLinkKind | null) {
  return useQuery({
    queryKey: evidenceKeys.sources(kind ?? ''),
    queryFn: () => callEndpoint(api.evidence.sources, { query: { kind: kind! } }),
    enabled: kind !== null,
  });
}

function useEvidenceMutation<V>(fn: (vars: V) => Promise<EvidenceDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: evidenceKeys.all }),
  });
}

/** The metadata of an upload as its query string (lists comma-separated, empty values left out). */
export function evidenceQueryString(values: Record<string, string | readonly string[] | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, typeof value === 'string' ? value : value.join(','));
  }
  return search.toString();
}

export interface EvidenceUpload {
  file: File;
  meta: Record<string, string | readonly string[] | null | undefined>;
}

export const useUploadEvidence = () =>
  useEvidenceMutation(({ file, meta }: EvidenceUpload) =>
    uploadFile<EvidenceDetail>(`${api.evidence.upload.path}?${evidenceQueryString(meta)}`, file, file.name),
  );

export const usePlaceHold = () =>
  useEvidenceMutation(({ id, reason }: { id: string; reason: string }) =>
    callEndpoint(api.evidence.placeHold, { params: { id }, body: { reason } }),
  );

export const useReleaseHold = () => useEvidenceMutation((id: string) => callEndpoint(api.evidence.releaseHold, { params: { id } }));

/** Where a record's file is viewed in the browser (`inline`) or downloaded; the server records either in the custody log. */
export function evidenceFileUrl(id: string, disposition: 'inline' | 'attachment'): string {
  return `${buildPath(api.evidence.file.path, { id })}?disposition=${disposition}`;
}
