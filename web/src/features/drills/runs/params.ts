import {
  DRILL_RUN_STATUSES,
  DRILL_SCENARIOS,
  runPermissions,
  type DrillRunStatus,
  type DrillRunSummary,
  type DrillScenario,
  type RunListQuery,
} from '@muster/contracts';

/** The list state the runs page keeps in the address. */
export const RUN_PARAM_KEYS = ['view', 'status', 'scenario', 'from', 'to', 'mine', 'month'] as const;
export type RunParamKey = (typeof RUN_PARAM_KEYS)[number];
export type RunParams = Record<RunParamKey, string>;

export type RunView = 'list' | 'calendar';

const pick =
  <T extends string>(allowed: readonly T[]) =>
  (value: string): T | undefined =>
    (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** Address values read back as filters; anything unknown is no filter. */
export const asRunStatus: (v: string) => DrillRunStatus | undefined = pick(DRILL_RUN_STATUSES);
export const asScenario: (v: string) => DrillScenario | undefined = pick(DRILL_SCENARIOS);

/** A real calendar day written `YYYY-MM-DD` (not 2026-02-31). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

export function viewOf(params: Pick<RunParams, 'view'>): RunView {
  return params.view === 'calendar' ? 'calendar' : 'list';
}

/** The filters every view shares (status, scenario, only mine). */
export function sharedFilters(params: RunParams): Pick<RunListQuery, 'status' | 'scenario' | 'mine'> {
  return {
    status: asRunStatus(params.status),
    scenario: asScenario(params.scenario),
    mine: params.mine === 'true' ? 'true' : undefined,
  };
}

/**
 * The list's query: the shared filters, the date range (a `from` after `to` is swapped rather than
 * answering nothing) and the page.
 */
export function listQuery(params: RunParams, offset: number, limit: number): RunListQuery {
  let from = isIsoDay(params.from) ? params.from : undefined;
  let to = isIsoDay(params.to) ? params.to : undefined;
  if (from && to && from > to) [from, to] = [to, from];
  return { ...sharedFilters(params), from, to, limit, offset };
}

/** Statuses a run can still be cancelled in. */
const CANCELLABLE: readonly DrillRunStatus[] = ['scheduled', 'in_progress', 'paused'];

/**
 * What the signed-in member may do with a run in the list (the contracts' `runPermissions`): change
 * the plan of a scheduled run, cancel one that has not finished, open the summary once it has.
 */
export function runActions(run: DrillRunSummary, me: { userId: string; role: string }) {
  const you = runPermissions({ leadId: run.lead.id ?? '', status: run.status, observersMayWrite: false, participants: [] }, me);
  return {
    changePlan: you.plan && run.status === 'scheduled',
    cancel: you.plan && CANCELLABLE.includes(run.status),
    summary: run.status === 'completed' || run.status === 'approved',
  };
}

/** The local date (`YYYY-MM-DD`) and time (`HH:MM`) of an instant, for date and time inputs. */
export function localParts(iso: string): { date: string; time: string } {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${String(at.getFullYear())}-${two(at.getMonth() + 1)}-${two(at.getDate())}`,
    time: `${two(at.getHours())}:${two(at.getMinutes())}`,
  };
}

/** The instant of a local date and time as ISO (UTC), or '' when either is missing or invalid. */
export function localToIso(date: string, time: string): string {
  if (!isIsoDay(date) || !/^\d{2}:\d{2}$/.test(time)) return '';
  const at = new Date(`${date}T${time}:00`);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}
