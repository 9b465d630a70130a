import { api, buildPath, type DocumentDetail, type DocumentListQuery, type UpdateDocumentRequest } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, uploadFile } from '../../lib/api';

export const documentKeys = {
  all: ['compliance-documents'] as const,
  list: (query: DocumentListQuery) => ['compliance-documents', 'list', query] as const,
  detail: (id: string) => ['compliance-documents', 'detail', id] as const,
};

/** The library, filtered by tag and rule on the server. */
export function useDocuments(query: DocumentListQuery) {
  return useQuery({
    queryKey: documentKeys.list(query),
    queryFn: () => callEndpoint(api.complianceDocuments.list, { query: query }),
    placeholderData: (previous) => previous,
  });
}

/** One document with its version history. */
export function useDocument(id: string | null) {
  return useQuery({
    queryKey: documentKeys.detail(id ?? ''),
    queryFn: () => callEndpoint(api.complianceDocuments.get, { params: { id: id! } }),
    enabled: id !== null,
  });
}

/** A query string of the metadata an upload carries beside its file. */
function queryOf(values: Record<string, string | string[] | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : value);
  }
  return search.toString();
}

export interface UploadVariables {
  file: File;
  meta: Record<string, string | string[] | null | undefined>;
}

function useDocumentMutation<V>(fn: (vars: V) => Promise<DocumentDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export const useUploadDocument = () =>
  useDocumentMutation(({ file, meta }: UploadVariables) =>
    uploadFile<DocumentDetail>(`${api.complianceDocuments.create.path}?${queryOf(meta)}`, file, file.name),
  );

export const useUploadVersion = () =>
  useDocumentMutation(({ id, file, meta }: UploadVariables & { id: string }) =>
    uploadFile<DocumentDetail>(`${buildPath(api.complianceDocuments.addVersion.path, { id })}?${queryOf(meta)}`, file, file.name),
  );

export const useUpdateDocument = () =>
  useDocumentMutation(({ id, body }: { id: string; body: UpdateDocumentRequest }) =>
    callEndpoint(api.complianceDocuments.update, { params: { id }, body }),
  );

/** Where a version is downloaded (a plain link: the browser saves the file; the server audits it). */
export function downloadUrl(documentId: string, versionId: string): string {
  return buildPath(api.complianceDocuments.download.path, { id: documentId, versionId });
}
