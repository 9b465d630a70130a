import {
  AUDIT_OUTCOMES,
  buildPath,
  OCSF_CLASS_UIDS,
  OCSF_SEVERITY_IDS,
  THREAT_KINDS,
  threatsQuerySchema,
  TIMELINE_PAGE,
  timelineQuerySchema,
} from '@muster/contracts';
import { issueMessage } from '../../lib/error-text';

/**
 * The filters of the timelines and of the threats view live in the address (useListParams) as
 * strings; these functions turn them into the query the contracts' schemas take, checked by those
 * schemas, so a bad address shows the schema's message beside its field instead of a 400.
 */

export const PAGE_SIZES = [25, 50, 100] as const;

export const TIMELINE_KEYS = ['from', 'to', 'outcome', 'classUid', 'minSeverityId', 'action', 'ip', 'q', 'orgId', 'pageSize'] as const;
export type TimelineKey = (typeof TIMELINE_KEYS)[number];
export type TimelineValues = Record<TimelineKey, string>;

export const THREAT_KEYS = ['from', 'to', 'kind', 'flaggedOnly', 'orgId', 'pageSize'] as const;
export type ThreatKey = (typeof THREAT_KEYS)[number];
export type ThreatValues = Record<ThreatKey, string>;

/** Query-string values for `callEndpoint` (undefined ones are left out). */
export type QueryRecord = Record<string, string | number | undefined>;

/** A message (as `fieldMessage` writes it) per filter; read with `reasonText`. */
export type QueryErrors<K extends string> = Partial<Record<K, string>>;

export type CheckedQuery<K extends string> = { ok: true; query: QueryRecord } | { ok: false; errors: QueryErrors<K> };

/** The first message of each filter the schema refused (issues of other paths are left out). */
function queryErrors<K extends string>(issues: readonly Parameters<typeof issueMessage>[0][], keys: readonly K[]): QueryErrors<K> {
  const errors: QueryErrors<K> = {};
  for (const issue of issues) {
    const head = issue.path[0];
    if (typeof head !== 'string' || !(keys as readonly string[]).includes(head)) continue;
    errors[head as K] ??= issueMessage(issue);
  }
  return errors;
}

/** The page size of the address, when it is one of the offered ones; else the default. */
export function pageSizeOf(value: string): number {
  const n = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : TIMELINE_PAGE.defaultSize;
}

/** The 1-based page of a list offset. */
export function pageOf(offset: number, pageSize: number): number {
  return Math.floor(Math.max(0, offset) / pageSize) + 1;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day of a date input (`2026-11-23`, the reader's time zone) as the instant it starts;
 * with `end`, the instant the next day starts (the timelines' `to` is exclusive, so the chosen
 * day is included). Anything else is given back as it is, for the schema to refuse.
 */
export function dayToIso(day: string, end = false): string {
  const m = DAY.exec(day);
  if (!m) return day;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (end ? 1 : 0));
  return Number.isNaN(date.getTime()) ? day : date.toISOString();
}

/** The calendar day (reader's time zone) of an instant, for a date input. */
export function isoToDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A typed filter: trimmed, and no filter when empty. */
export const text = (value: string) => value.trim() || undefined;

/** A select's value from the address when it is one of its options; anything else is no filter. */
const oneOf = (allowed: readonly (string | number)[], value: string) => (allowed.map(String).includes(value) ? value : undefined);

function defined(query: QueryRecord): QueryRecord {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
}

/**
 * The query of a timeline page. `extended` adds the organisation view's address and free-text
 * filters; `orgId` is sent only for platform staff, who name the organisation.
 */
export function timelineQuery(
  values: TimelineValues,
  offset: number,
  options: { extended?: boolean; withOrgId?: boolean } = {},
): CheckedQuery<TimelineKey> {
  const pageSize = pageSizeOf(values.pageSize);
  const query: QueryRecord = {
    page: pageOf(offset, pageSize),
    pageSize,
    from: values.from ? dayToIso(values.from) : undefined,
    to: values.to ? dayToIso(values.to, true) : undefined,
    outcome: oneOf(AUDIT_OUTCOMES, values.outcome),
    classUid: oneOf(OCSF_CLASS_UIDS, values.classUid),
    minSeverityId: oneOf(OCSF_SEVERITY_IDS, values.minSeverityId),
    action: text(values.action.toLowerCase()),
    ip: options.extended ? text(values.ip) : undefined,
    q: options.extended ? text(values.q) : undefined,
    orgId: options.withOrgId ? text(values.orgId) : undefined,
  };
  const result = timelineQuerySchema.safeParse(query);
  if (result.success) return { ok: true, query: defined(query) };
  return { ok: false, errors: queryErrors(result.error.issues, TIMELINE_KEYS) };
}

/** The query of the threats view (window, finding kind, flagged only, page). */
export function threatsQuery(values: ThreatValues, offset: number, options: { withOrgId?: boolean } = {}): CheckedQuery<ThreatKey> {
  const pageSize = pageSizeOf(values.pageSize);
  const query: QueryRecord = {
    page: pageOf(offset, pageSize),
    pageSize,
    from: values.from ? dayToIso(values.from) : undefined,
    to: values.to ? dayToIso(values.to, true) : undefined,
    kind: oneOf(THREAT_KINDS, values.kind),
    flaggedOnly: values.flaggedOnly === 'true' ? 'true' : undefined,
    orgId: options.withOrgId ? text(values.orgId) : undefined,
  };
  const result = threatsQuerySchema.safeParse(query);
  if (result.success) return { ok: true, query: defined(query) };
  return { ok: false, errors: queryErrors(result.error.issues, THREAT_KEYS) };
}

/**
 * The address of a CSV export with the filters on screen (not the page: an export holds every
 * row); a plain link with `download`, so the browser saves what the server names.
 */
export function csvHref(path: string, query: QueryRecord, params?: Record<string, string>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && key !== 'page' && key !== 'pageSize') search.set(key, String(value));
  const url = buildPath(path, params);
  return search.size > 0 ? `${url}?${search.toString()}` : url;
}
