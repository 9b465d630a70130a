import {
  api,
  buildPath,
  type CreateActionRequest,
  type CreateAddendumRequest,
  type DrillRun,
  type GenerateTemplateRequest,
  type LanguageCode,
  type RunListQuery,
  type SaveCadencesRequest,
  type SaveReminderRulesRequest,
  type SaveTemplateRequest,
  type ScheduleRunRequest,
  type TemplateListQuery,
  type UpdateActionRequest,
  type UpdateRunRequest,
} from '@muster/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

/**
 * Data of the drills area over the typed API client. Query keys all start with `drills`, so a
 * change can refresh the area at once; socket events patch or invalidate these keys.
 */
export const drillKeys = {
  all: ['drills'] as const,
  templates: (query: TemplateListQuery) => ['drills', 'templates', query] as const,
  template: (id: string) => ['drills', 'template', id] as const,
  runs: (query: RunListQuery) => ['drills', 'runs', query] as const,
  run: (id: string) => ['drills', 'run', id] as const,
  console: (id: string) => ['drills', 'console', id] as const,
  summary: (id: string) => ['drills', 'summary', id] as const,
  members: ['drills', 'members'] as const,
  reminders: ['drills', 'reminders'] as const,
  cadence: ['drills', 'cadence'] as const,
};

/** Query-string values without the empty ones. */
function clean(query: object): Record<string, string | number | undefined> {
  const out: Record<string, string | number | undefined> = {};
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value !== undefined && value !== '' && value !== null) out[key] = value as string | number;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Templates

export function useTemplates(query: TemplateListQuery) {
  return useQuery({
    queryKey: drillKeys.templates(query),
    queryFn: () => callEndpoint(api.drillTemplates.list, { query: clean(query) }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useTemplate(id: string | undefined) {
  return useQuery({
    queryKey: drillKeys.template(id ?? ''),
    queryFn: () => callEndpoint(api.drillTemplates.get, { params: { id: id! } }),
    enabled: Boolean(id),
    meta: { silent: true },
  });
}

/** Creates (no id) or replaces (id) a template; the answer becomes the cached template. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SaveTemplateRequest }) =>
      id ? callEndpoint(api.drillTemplates.update, { params: { id }, body }) : callEndpoint(api.drillTemplates.create, { body }),
    meta: { silent: true },
    onSuccess: (template) => {
      queryClient.setQueryData(drillKeys.template(template.id), template);
      void queryClient.invalidateQueries({ queryKey: ['drills', 'templates'] });
    },
  });
}

export function useDuplicateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.drillTemplates.duplicate, { params: { id } }),
    // The screens say why in the reader's language.
    meta: { silent: true },
    onSuccess: (template) => {
      queryClient.setQueryData(drillKeys.template(template.id), template);
      void queryClient.invalidateQueries({ queryKey: ['drills', 'templates'] });
    },
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.drillTemplates.remove, { params: { id } }),
    meta: { silent: true },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: drillKeys.template(id) });
      void queryClient.invalidateQueries({ queryKey: ['drills', 'templates'] });
    },
  });
}

export function useGenerateTemplate() {
  return useMutation({
    mutationFn: (body: GenerateTemplateRequest) => callEndpoint(api.drillTemplates.generate, { body }),
    meta: { silent: true },
  });
}

// ---------------------------------------------------------------------------------------------
// Runs

export function useRuns(query: RunListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: drillKeys.runs(query),
    queryFn: () => callEndpoint(api.drillRuns.list, { query: clean(query) }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    enabled: options.enabled ?? true,
  });
}

export function useRun(id: string) {
  return useQuery({
    queryKey: drillKeys.run(id),
    queryFn: () => callEndpoint(api.drillRuns.get, { params: { id } }),
    meta: { silent: true },
  });
}

/** Members of the organisation (leads, participants, owners). */
export function useMembers(enabled = true) {
  return useQuery({
    queryKey: drillKeys.members,
    queryFn: () => callEndpoint(api.drillRuns.members),
    enabled,
  });
}

/** A changed run: its cache takes the answer, lists and the cadence are refetched. */
function useRunSettled() {
  const queryClient = useQueryClient();
  return (run: DrillRun) => {
    queryClient.setQueryData(drillKeys.run(run.id), run);
    void queryClient.invalidateQueries({ queryKey: ['drills', 'runs'] });
    void queryClient.invalidateQueries({ queryKey: drillKeys.reminders });
    void queryClient.invalidateQueries({ queryKey: drillKeys.cadence });
  };
}

export function useScheduleRun() {
  const settled = useRunSettled();
  return useMutation({
    mutationFn: (body: ScheduleRunRequest) => callEndpoint(api.drillRuns.schedule, { body }),
    meta: { silent: true },
    onSuccess: settled,
  });
}

export function useUpdateRun(id: string) {
  const settled = useRunSettled();
  return useMutation({
    mutationFn: (body: UpdateRunRequest) => callEndpoint(api.drillRuns.update, { params: { id }, body }),
    meta: { silent: true },
    onSuccess: settled,
  });
}

export function useCancelRun(id: string) {
  const settled = useRunSettled();
  return useMutation({
    mutationFn: () => callEndpoint(api.drillRuns.cancel, { params: { id } }),
    meta: { silent: true },
    onSuccess: settled,
  });
}

// ---------------------------------------------------------------------------------------------
// After-action summary

export function useSummary(id: string) {
  return useQuery({
    queryKey: drillKeys.summary(id),
    queryFn: () => callEndpoint(api.drillRuns.summary, { params: { id } }),
    meta: { silent: true },
  });
}

function useSummaryRefresh(id: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: drillKeys.summary(id) });
    void queryClient.invalidateQueries({ queryKey: drillKeys.run(id) });
  };
}

export function useAddAction(runId: string) {
  const refresh = useSummaryRefresh(runId);
  return useMutation({
    mutationFn: (body: CreateActionRequest) => callEndpoint(api.drillRuns.addAction, { params: { id: runId }, body }),
    meta: { silent: true },
    onSuccess: refresh,
  });
}

export function useUpdateAction(runId: string) {
  const refresh = useSummaryRefresh(runId);
  return useMutation({
    mutationFn: ({ actionId, body }: { actionId: string; body: UpdateActionRequest }) =>
      callEndpoint(api.drillRuns.updateAction, { params: { id: runId, actionId }, body }),
    meta: { silent: true },
    onSuccess: refresh,
  });
}

export function useApproveRun(runId: string) {
  const refresh = useSummaryRefresh(runId);
  const settled = useRunSettled();
  return useMutation({
    mutationFn: () => callEndpoint(api.drillRuns.approve, { params: { id: runId } }),
    meta: { silent: true },
    onSuccess: (run) => {
      settled(run);
      refresh();
    },
  });
}

export function useAddAddendum(runId: string) {
  const refresh = useSummaryRefresh(runId);
  return useMutation({
    mutationFn: (body: CreateAddendumRequest) => callEndpoint(api.drillRuns.addAddendum, { params: { id: runId }, body }),
    meta: { silent: true },
    onSuccess: refresh,
  });
}

/**
 * Where the summary downloads as PDF or CSV (a plain link: the browser sends the session cookie);
 * the PDF in the reader's language.
 */
export function summaryExportUrl(runId: string, format: 'pdf' | 'csv', language: LanguageCode): string {
  return `${buildPath(api.drillRuns.exportSummary.path, { id: runId })}?format=${format}&language=${language}`;
}

// ---------------------------------------------------------------------------------------------
// Reminders and cadences

export function useReminders() {
  return useQuery({ queryKey: drillKeys.reminders, queryFn: () => callEndpoint(api.drillReminders.overview), meta: { silent: true } });
}

/** Where each required cadence stands (due soon, overdue), shown on the drills pages. */
export function useCadence() {
  return useQuery({ queryKey: drillKeys.cadence, queryFn: () => callEndpoint(api.drillReminders.cadence), meta: { silent: true } });
}

export function useSaveReminderRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveReminderRulesRequest) => callEndpoint(api.drillReminders.saveRules, { body }),
    meta: { silent: true },
    onSuccess: (overview) => queryClient.setQueryData(drillKeys.reminders, overview),
  });
}

export function useSaveCadences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCadencesRequest) => callEndpoint(api.drillReminders.saveCadences, { body }),
    meta: { silent: true },
    onSuccess: (overview) => {
      queryClient.setQueryData(drillKeys.reminders, overview);
      void queryClient.invalidateQueries({ queryKey: drillKeys.cadence });
    },
  });
}
