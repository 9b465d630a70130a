import { api, type CreateSopRequest, type MakeEffectiveRequest, type SopContentInput, type SopVersion } from '@muster/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

/** Data of the SOPs area over the typed API client; every key starts with `sops`, so a change refreshes the area. */
export const sopKeys = {
  all: ['sops'] as const,
  list: ['sops', 'list'] as const,
  templates: ['sops', 'templates'] as const,
  detail: (id: string) => ['sops', 'detail', id] as const,
  version: (id: string, versionId: string) => ['sops', 'version', id, versionId] as const,
  redline: (id: string, from: string, to: string) => ['sops', 'redline', id, from, to] as const,
  linked: (refs: string) => ['sops', 'linked', refs] as const,
  acks: (ids: string) => ['sops', 'acks', ids] as const,
};

export function useSops() {
  return useQuery({ queryKey: sopKeys.list, queryFn: () => callEndpoint(api.sops.list) });
}

export function useSopTemplates() {
  return useQuery({ queryKey: sopKeys.templates, queryFn: () => callEndpoint(api.sops.templates), staleTime: Infinity });
}

export function useSop(id: string | null) {
  return useQuery({
    queryKey: sopKeys.detail(id ?? ''),
    queryFn: () => callEndpoint(api.sops.get, { params: { id: id! } }),
    enabled: Boolean(id),
  });
}

export function useSopVersion(id: string, versionId: string | null) {
  return useQuery({
    queryKey: sopKeys.version(id, versionId ?? ''),
    queryFn: () => callEndpoint(api.sops.version, { params: { id, versionId: versionId! } }),
    enabled: Boolean(versionId),
  });
}

export function useRedline(id: string, from: string | null, to: string | null) {
  return useQuery({
    queryKey: sopKeys.redline(id, from ?? '', to ?? ''),
    queryFn: () => callEndpoint(api.sops.redline, { params: { id }, query: { from: from!, to: to! } }),
    enabled: Boolean(from && to && from !== to),
  });
}

/** The texts of SOP steps linked from a drill's steps (`sopId:stepId` pairs). */
export function useLinkedSteps(refs: string[]) {
  const key = [...new Set(refs)].sort().join(',');
  return useQuery({
    queryKey: sopKeys.linked(key),
    queryFn: () => callEndpoint(api.sops.linkedSteps, { query: { refs: key } }),
    enabled: key.length > 0,
    meta: { silent: true },
  });
}

/** Who acknowledged the effective version of each SOP named (drill rosters). */
export function useAckStatus(sopIds: string[]) {
  const key = [...new Set(sopIds)].sort().join(',');
  return useQuery({
    queryKey: sopKeys.acks(key),
    queryFn: () => callEndpoint(api.sops.ackStatus, { query: { sopIds: key } }),
    enabled: key.length > 0,
    meta: { silent: true },
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: sopKeys.all });
}

export function useCreateSop() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateSopRequest) => callEndpoint(api.sops.create, { body }),
    onSuccess: () => void refresh(),
  });
}

export function useSaveDraft(id: string, versionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SopContentInput) => callEndpoint(api.sops.saveDraft, { params: { id, versionId }, body }),
    onSuccess: (version: SopVersion) => {
      client.setQueryData(sopKeys.version(id, versionId), version);
      void client.invalidateQueries({ queryKey: sopKeys.detail(id) });
      void client.invalidateQueries({ queryKey: sopKeys.list });
    },
  });
}

type Step = 'submit' | 'returnToDraft' | 'approve';

/** Moves a version along its lifecycle (submit, send back, approve). */
export function useVersionStep(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ step, versionId }: { step: Step; versionId: string }) => callEndpoint(api.sops[step], { params: { id, versionId } }),
    onSuccess: () => void refresh(),
  });
}

export function useMakeEffective(id: string, versionId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: MakeEffectiveRequest) => callEndpoint(api.sops.makeEffective, { params: { id, versionId }, body }),
    onSuccess: () => void refresh(),
  });
}

export function useNewVersion(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => callEndpoint(api.sops.newVersion, { params: { id } }),
    onSuccess: () => void refresh(),
  });
}

export function useAcknowledge(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => callEndpoint(api.sops.acknowledge, { params: { id } }),
    onSuccess: () => void refresh(),
  });
}
