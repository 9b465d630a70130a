import {
  api,
  buildPath,
  type AuditorDashboard,
  type EvidenceDetail,
  type EvidenceKind,
  type EvidenceReviewState,
  type ReviewEvidenceRequest,
} from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ApiError, callEndpoint } from '../../lib/api';

/**
 * The auditor portal's data. "Preview as auditor": an ADMIN opens the portal with
 * `?preview=<invite id>`; every call then carries it, and the server answers as for that invite's
 * auditor, read-only.
 */

/** The invite an ADMIN previews (`?preview=`), or null for the auditor's own portal. */
export function usePortalPreview(): string | null {
  const [params] = useSearchParams();
  return params.get('preview') || null;
}

/** A portal path with the preview kept (`/auditor/evidence?preview=…`), plus other parameters. */
export function portalLink(path: string, preview: string | null, params: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  if (preview) search.set('preview', preview);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

const previewOf = (preview: string | null) => (preview ? { preview } : {});

export const portalKeys = {
  all: ['auditor-portal'] as const,
  dashboard: (preview: string | null) => ['auditor-portal', 'dashboard', preview] as const,
  list: (query: EvidenceFilters & { page: number; pageSize: number }, preview: string | null) =>
    ['auditor-portal', 'evidence', query, preview] as const,
  record: (id: string, preview: string | null) => ['auditor-portal', 'record', id, preview] as const,
};

export function useAuditorDashboard(preview: string | null) {
  return useQuery<AuditorDashboard>({
    queryKey: portalKeys.dashboard(preview),
    queryFn: () => callEndpoint(api.auditorPortal.dashboard, { query: previewOf(preview) }),
  });
}

export interface EvidenceFilters {
  q?: string;
  ruleId?: string;
  kind?: EvidenceKind;
  from?: string;
  to?: string;
  state?: EvidenceReviewState;
}

export function useAuditorEvidence(query: EvidenceFilters & { page: number; pageSize: number }, preview: string | null) {
  return useQuery({
    queryKey: portalKeys.list(query, preview),
    queryFn: () => callEndpoint(api.auditorPortal.evidence, { query: { ...query, ...previewOf(preview) } }),
    placeholderData: (previous) => previous,
  });
}

export function useAuditorRecord(id: string | null, preview: string | null) {
  return useQuery<EvidenceDetail>({
    queryKey: portalKeys.record(id ?? '', preview),
    queryFn: () => callEndpoint(api.auditorPortal.record, { params: { id: id! }, query: previewOf(preview) }),
    enabled: id !== null,
  });
}

/** Accepts or flags a record; the list, the dashboard and the record are read again. */
export function useReviewRecord(preview: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReviewEvidenceRequest }) =>
      callEndpoint(api.auditorPortal.review, { params: { id }, body, query: previewOf(preview) }),
    meta: { silent: true },
    onSuccess: (detail) => queryClient.setQueryData(portalKeys.record(detail.id, preview), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalKeys.all }),
  });
}

/** The address of a record's file: `inline` to view it as stored, `attachment` for the stamped copy. */
export function evidenceFileUrl(id: string, disposition: 'inline' | 'attachment', preview: string | null): string {
  const search = new URLSearchParams({ disposition });
  if (preview) search.set('preview', preview);
  return `${buildPath(api.auditorPortal.file.path, { id })}?${search.toString()}`;
}

/** The file name of a download, from its Content-Disposition (the UTF-8 one when given). */
function downloadName(header: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

/**
 * Downloads the stamped copy: fetched first, so that a refusal (a file that cannot be stamped, an
 * ended invite) is shown on the page instead of being saved as a file.
 */
export function useStampedDownload(preview: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, fileName }: { id: string; fileName: string }) => {
      const res = await fetch(evidenceFileUrl(id, 'attachment', preview), { credentials: 'include' });
      if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText);
      const blob = await res.blob();
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = downloadName(res.headers.get('content-disposition'), fileName);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    },
    meta: { silent: true },
    onSettled: (_data, _error, { id }) => queryClient.invalidateQueries({ queryKey: portalKeys.record(id, preview) }),
  });
}
