import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ANALYTICS_LIMITS,
  BACKLOG_AGE_FROM_DAYS,
  BACKLOG_AGES,
  DRILL_CHARTS,
  EXERCISE_TYPES,
  TICKET_CHARTS,
  TICKET_PRIORITIES,
  cadenceDueDate,
  dayInZone,
  monthsOf,
  type AnalyticsRunList,
  type AnalyticsTicketList,
  type ChartCell,
  type ChartSeries,
  type DrillAnalytics,
  type DrillAnalyticsFilters,
  type DrillChartId,
  type DrillType,
  type OrgPrincipal,
  type TicketAnalytics,
  type TicketAnalyticsFilters,
  type TicketChartId,
} from '@muster/contracts';
import type { DataSource } from 'typeorm';
import { AuditService } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { NotFoundError } from '../../platform/errors/domain-error.js';
import { chartCsv } from './chart-csv.js';

/** Who reads analytics: a member of an organisation, in its time zone. */
export type AnalyticsViewer = Pick<OrgPrincipal, 'orgId' | 'timeZone'>;

/** A chart as computed: its rows, and for each row's key the ids of the runs or tickets behind it. */
export interface ComputedChart {
  series: ChartSeries;
  members: Map<string, string[]>;
}

/** The period in force: its months and its bounds as instants (local midnights in the zone). */
interface Period {
  from: string;
  to: string;
  months: string[];
  timeZone: string;
}

type Row = Record<string, ChartCell>;
/** A row as a query gives it: its key, the ids behind it, and its figures (text or numbers). */
type Raw = { key: string; ids?: string[] | null } & Record<string, unknown>;

const DONE = `('completed', 'approved')`;

/** The month after `month` (`YYYY-MM`). */
function nextMonth(month: string): string {
  return monthsOf(month, month.slice(0, 4) === '9999' ? month : `${String(Number(month.slice(0, 4)) + 1)}-12`)[1]!;
}

/** `numeric` and `bigint` come back from PostgreSQL as text: a number (or null). */
function num(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A share in percent with one decimal, or null when there is nothing to share. */
function percent(part: number, whole: number): number | null {
  return whole ? Math.round((part / whole) * 1000) / 10 : null;
}

/** One row per month of the period, in order: a month with no data gets `empty`. */
function byMonth(period: Period, rows: Raw[], columns: string[], empty: Row): ComputedChart {
  const found = new Map(rows.map((r) => [r.key, r]));
  const members = new Map<string, string[]>();
  const out = period.months.map((month) => {
    const row = found.get(month);
    members.set(month, row?.ids ?? []);
    return Object.fromEntries<ChartCell>(
      columns.map((c) => [c, c === 'key' ? month : row ? ((row[c] as ChartCell | undefined) ?? null) : (empty[c] ?? null)]),
    );
  });
  return { series: { columns, rows: out }, members };
}

/** Rows as they come (not months): categories, scenarios, steps, age buckets. */
function byKey(rows: Raw[], columns: string[]): ComputedChart {
  return {
    series: {
      columns,
      rows: rows.map((row) => Object.fromEntries<ChartCell>(columns.map((c) => [c, (row[c] as ChartCell | undefined) ?? null]))),
    },
    members: new Map(rows.map((r) => [r.key, r.ids ?? []])),
  };
}

/**
 * Drill and ticket analytics of one organisation. Each chart is one function over one SQL query
 * (percentiles by `percentile_cont`, months by `AT TIME ZONE` the organisation's zone): the page,
 * the chart's CSV and the list of runs or tickets behind a point all come from that function.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** The period asked for, or the last 6 months (this one included) on the organisation's calendar. */
  period(viewer: AnalyticsViewer, filters: { from?: string; to?: string }, now = new Date()): Period {
    const to = filters.to ?? dayInZone(now, viewer.timeZone).slice(0, 7);
    const from = filters.from ?? monthsOf('0001-01', to).slice(-ANALYTICS_LIMITS.defaultMonths)[0]!;
    return { from, to, months: monthsOf(from, to), timeZone: viewer.timeZone };
  }

  // -------------------------------------------------------------------------------------------
  // Drills

  async drills(viewer: AnalyticsViewer, filters: DrillAnalyticsFilters, now = new Date()): Promise<DrillAnalytics> {
    const period = this.period(viewer, filters, now);
    const charts = await Promise.all(DRILL_CHARTS.map((id) => this.drillChart(viewer, id, filters, now)));
    const locations = await this.db.query<Array<{ location: string }>>(
      `SELECT DISTINCT location FROM drill_runs WHERE org_id = $1 ORDER BY location LIMIT 200`,
      [viewer.orgId],
    );
    return {
      ...period,
      locations: locations.map((l) => l.location),
      charts: Object.fromEntries(DRILL_CHARTS.map((id, i) => [id, charts[i]!.series])) as DrillAnalytics['charts'],
    };
  }

  /** One drill chart: the only place its figures are computed. */
  async drillChart(viewer: AnalyticsViewer, chart: string, filters: DrillAnalyticsFilters, now = new Date()): Promise<ComputedChart> {
    if (!(DRILL_CHARTS as readonly string[]).includes(chart)) throw new NotFoundError('resource');
    const period = this.period(viewer, filters, now);
    const id = chart as DrillChartId;
    if (id === 'onTime') return this.onTime(viewer, period, filters);
    if (id === 'actions') return this.actions(viewer, period, filters);
    const { sql, columns, empty, monthly } = DRILL_QUERIES[id];
    const rows = await this.db.query<Raw[]>(`${runsCte()} ${sql}`, this.runParams(viewer, period, filters));
    const normalised = rows.map((r) => normalise(r, columns));
    return monthly ? byMonth(period, normalised, columns, empty) : byKey(normalised, columns);
  }

  /** $1 org, $2 first instant, $3 end instant (exclusive), $4 zone, $5 scenario, $6 location. */
  private runParams(viewer: AnalyticsViewer, period: Period, filters: DrillAnalyticsFilters): unknown[] {
    return [
      viewer.orgId,
      `${period.from}-01`,
      `${nextMonth(period.to)}-01`,
      period.timeZone,
      filters.scenario ?? null,
      filters.location ?? null,
    ];
  }

  /**
   * On time against cadence: each completed run of the period is measured against every enabled
   * cadence that applies to it (a drill cadence: any run; an exercise cadence: exercise types),
   * whose due date comes from the organisation's completed run before it (of any period and
   * facility: the cadence is the organisation's). On time when completed (its day, in the zone) on
   * or before every such due date; a run with no run before it is not measured.
   */
  private async onTime(viewer: AnalyticsViewer, period: Period, filters: DrillAnalyticsFilters): Promise<ComputedChart> {
    const [cadences, runs] = await Promise.all([
      this.db.query<Array<{ kind: string; interval_months: number; calendar_year: boolean }>>(
        `SELECT kind, interval_months, calendar_year FROM drill_cadences WHERE org_id = $1 AND enabled ORDER BY position`,
        [viewer.orgId],
      ),
      this.db.query<Array<{ id: string; type: DrillType; completed_at: Date; month: string; counted: boolean }>>(
        `SELECT r.id, r.type, r.completed_at, to_char(r.scheduled_at AT TIME ZONE $4, 'YYYY-MM') AS month,
                (r.scheduled_at >= ($2::timestamp AT TIME ZONE $4) AND r.scheduled_at < ($3::timestamp AT TIME ZONE $4)
                 AND ($5::text IS NULL OR r.scenario = $5) AND ($6::text IS NULL OR r.location = $6)) AS counted
           FROM drill_runs r
          WHERE r.org_id = $1 AND r.status IN ${DONE} AND r.completed_at IS NOT NULL
          ORDER BY r.completed_at, r.id`,
        this.runParams(viewer, period, filters),
      ),
    ]);
    const tally = new Map<string, { onTime: number; late: number; ids: string[] }>();
    const last: Record<string, Date | undefined> = {};
    for (const run of runs) {
      const isExercise = EXERCISE_TYPES.includes(run.type);
      const applies = cadences.filter((c) => c.kind === 'drill' || (c.kind === 'exercise' && isExercise));
      const measured = applies.filter((c) => last[c.kind]);
      if (run.counted && measured.length) {
        const day = dayInZone(run.completed_at, period.timeZone);
        const onTime = measured.every(
          (c) =>
            day <=
            cadenceDueDate({ intervalMonths: c.interval_months, calendarYear: c.calendar_year }, dayInZone(last[c.kind]!, period.timeZone)),
        );
        const entry = tally.get(run.month) ?? { onTime: 0, late: 0, ids: [] };
        if (onTime) entry.onTime += 1;
        else entry.late += 1;
        entry.ids.push(run.id);
        tally.set(run.month, entry);
      }
      last.drill = run.completed_at;
      if (isExercise) last.exercise = run.completed_at;
    }
    const rows = [...tally].map(([key, t]) => ({
      key,
      onTime: t.onTime,
      late: t.late,
      rate: percent(t.onTime, t.onTime + t.late),
      ids: t.ids,
    }));
    return byMonth(period, rows, ['key', 'onTime', 'late', 'rate'], { onTime: 0, late: 0, rate: null });
  }

  /** Corrective actions opened (created) and closed (done, by their last change) in each month, of the filtered runs. */
  private async actions(viewer: AnalyticsViewer, period: Period, filters: DrillAnalyticsFilters): Promise<ComputedChart> {
    const rows = await this.db.query<Array<{ key: string; opened: string; closed: string; ids: string[] }>>(
      `WITH bounds AS (SELECT ($2::timestamp AT TIME ZONE $4) AS lo, ($3::timestamp AT TIME ZONE $4) AS hi),
            events AS (
              SELECT a.run_id, to_char(a.created_at AT TIME ZONE $4, 'YYYY-MM') AS key, 1 AS opened, 0 AS closed
                FROM drill_corrective_actions a, bounds b
               WHERE a.org_id = $1 AND a.created_at >= b.lo AND a.created_at < b.hi
              UNION ALL
              SELECT a.run_id, to_char(a.updated_at AT TIME ZONE $4, 'YYYY-MM'), 0, 1
                FROM drill_corrective_actions a, bounds b
               WHERE a.org_id = $1 AND a.status = 'done' AND a.updated_at >= b.lo AND a.updated_at < b.hi)
       SELECT e.key, sum(e.opened) AS opened, sum(e.closed) AS closed, array_agg(DISTINCT e.run_id) AS ids
         FROM events e JOIN drill_runs r ON r.id = e.run_id AND r.org_id = $1
        WHERE ($5::text IS NULL OR r.scenario = $5) AND ($6::text IS NULL OR r.location = $6)
        GROUP BY e.key`,
      this.runParams(viewer, period, filters),
    );
    const columns = ['key', 'opened', 'closed'];
    return byMonth(
      period,
      rows.map((r) => normalise(r, columns)),
      columns,
      { opened: 0, closed: 0 },
    );
  }

  /** The runs behind one point of a drill chart (at most 200, latest first). */
  async drillPoint(
    viewer: AnalyticsViewer,
    chart: string,
    filters: DrillAnalyticsFilters & { key: string },
    now = new Date(),
  ): Promise<AnalyticsRunList> {
    const computed = await this.drillChart(viewer, chart, filters, now);
    const ids = computed.members.get(filters.key) ?? [];
    if (!ids.length) return { items: [], truncated: false };
    const rows = await this.db.query<
      Array<{
        id: string;
        title: string;
        scenario: string;
        status: string;
        location: string;
        scheduled_at: Date;
        completed_at: Date | null;
      }>
    >(
      `SELECT id, title, scenario, status, location, scheduled_at, completed_at FROM drill_runs
        WHERE org_id = $1 AND id = ANY($2::uuid[]) ORDER BY scheduled_at DESC, id LIMIT $3`,
      [viewer.orgId, ids, ANALYTICS_LIMITS.drillDownMax],
    );
    return {
      items: rows.map((r) => ({
        id: r.id,
        title: r.title,
        scenario: r.scenario as AnalyticsRunList['items'][number]['scenario'],
        status: r.status as AnalyticsRunList['items'][number]['status'],
        location: r.location,
        scheduledAt: r.scheduled_at.toISOString(),
        completedAt: r.completed_at?.toISOString() ?? null,
      })),
      truncated: ids.length > ANALYTICS_LIMITS.drillDownMax,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Tickets

  async tickets(viewer: AnalyticsViewer, filters: TicketAnalyticsFilters, now = new Date()): Promise<TicketAnalytics> {
    const period = this.period(viewer, filters, now);
    const charts = await Promise.all(TICKET_CHARTS.map((id) => this.ticketChart(viewer, id, filters, now)));
    return { ...period, charts: Object.fromEntries(TICKET_CHARTS.map((id, i) => [id, charts[i]!.series])) as TicketAnalytics['charts'] };
  }

  /** One ticket chart: the only place its figures are computed. */
  async ticketChart(viewer: AnalyticsViewer, chart: string, filters: TicketAnalyticsFilters, now = new Date()): Promise<ComputedChart> {
    if (!(TICKET_CHARTS as readonly string[]).includes(chart)) throw new NotFoundError('resource');
    const period = this.period(viewer, filters, now);
    const { sql, columns, empty, monthly } = TICKET_QUERIES[chart as TicketChartId];
    const params = [
      viewer.orgId,
      `${period.from}-01`,
      `${nextMonth(period.to)}-01`,
      period.timeZone,
      filters.priority ?? null,
      filters.category ?? null,
      now,
      period.months,
    ];
    const rows = await this.db.query<Raw[]>(`${ticketsCte()} ${sql}`, params);
    const normalised = rows.map((r) => normalise(r, columns));
    return monthly ? byMonth(period, normalised, columns, empty) : byKey(normalised, columns);
  }

  /** The tickets behind one point of a ticket chart (at most 200, latest first). */
  async ticketPoint(
    viewer: AnalyticsViewer,
    chart: string,
    filters: TicketAnalyticsFilters & { key: string },
    now = new Date(),
  ): Promise<AnalyticsTicketList> {
    const computed = await this.ticketChart(viewer, chart, filters, now);
    const ids = computed.members.get(filters.key) ?? [];
    if (!ids.length) return { items: [], truncated: false };
    const rows = await this.db.query<
      Array<{
        id: string;
        number: number;
        subject: string;
        priority: string;
        category: string;
        status: string;
        created_at: Date;
        resolved_at: Date | null;
      }>
    >(
      `SELECT id, number, subject, priority, category, status, created_at, resolved_at FROM tickets
        WHERE org_id = $1 AND id = ANY($2::uuid[]) ORDER BY created_at DESC, id LIMIT $3`,
      [viewer.orgId, ids, ANALYTICS_LIMITS.drillDownMax],
    );
    type Item = AnalyticsTicketList['items'][number];
    return {
      items: rows.map((r) => ({
        id: r.id,
        number: r.number,
        subject: r.subject,
        priority: r.priority as Item['priority'],
        category: r.category as Item['category'],
        status: r.status as Item['status'],
        createdAt: r.created_at.toISOString(),
        resolvedAt: r.resolved_at?.toISOString() ?? null,
      })),
      truncated: ids.length > ANALYTICS_LIMITS.drillDownMax,
    };
  }

  // -------------------------------------------------------------------------------------------
  // CSV

  /** A drill chart's CSV: the chart's own rows, and the export written to the audit trail. */
  async drillCsv(viewer: OrgPrincipal, client: ClientContext, chart: string, filters: DrillAnalyticsFilters): Promise<string> {
    const computed = await this.drillChart(viewer, chart, filters);
    await this.audited(viewer, client, 'drills', chart, filters);
    return chartCsv(computed.series);
  }

  async ticketCsv(viewer: OrgPrincipal, client: ClientContext, chart: string, filters: TicketAnalyticsFilters): Promise<string> {
    const computed = await this.ticketChart(viewer, chart, filters);
    await this.audited(viewer, client, 'tickets', chart, filters);
    return chartCsv(computed.series);
  }

  private async audited(viewer: OrgPrincipal, client: ClientContext, area: string, chart: string, filters: object): Promise<void> {
    await this.audit.record({
      action: 'analytics.export',
      outcome: 'success',
      actor: auditActorOf(viewer, client),
      target: { type: 'analytics_chart', id: `${area}.${chart}` },
      metadata: { format: 'csv', ...filters },
    });
  }
}

/** Numbers as numbers (PostgreSQL gives counts and numerics as text); ids kept for drill-down. */
function normalise(row: Raw, columns: string[]): Raw {
  const out: Raw = { key: row.key, ids: row.ids ?? [] };
  for (const c of columns) if (c !== 'key') out[c] = num(row[c]);
  return out;
}

/**
 * The runs of the period and filters, each with its month in the organisation's zone. The bounds
 * are local midnights: `$2::timestamp AT TIME ZONE $4` is the instant the month starts there.
 * Cancelled runs count only on the runs-by-month chart.
 */
function runsCte(): string {
  return `WITH runs AS (
    SELECT r.*, to_char(r.scheduled_at AT TIME ZONE $4, 'YYYY-MM') AS month
      FROM drill_runs r
     WHERE r.org_id = $1
       AND r.scheduled_at >= ($2::timestamp AT TIME ZONE $4) AND r.scheduled_at < ($3::timestamp AT TIME ZONE $4)
       AND ($5::text IS NULL OR r.scenario = $5) AND ($6::text IS NULL OR r.location = $6)
  )`;
}

interface ChartQuery {
  sql: string;
  columns: string[];
  empty: Row;
  monthly: boolean;
}

const DRILL_QUERIES: Record<Exclude<DrillChartId, 'onTime' | 'actions'>, ChartQuery> = {
  runsByMonth: {
    sql: `SELECT month AS key,
                 count(*) FILTER (WHERE status IN ${DONE}) AS completed,
                 count(*) FILTER (WHERE status IN ('scheduled', 'in_progress', 'paused')) AS planned,
                 count(*) FILTER (WHERE status = 'cancelled') AS cancelled,
                 array_agg(id) AS ids
            FROM runs GROUP BY month`,
    columns: ['key', 'completed', 'planned', 'cancelled'],
    empty: { completed: 0, planned: 0, cancelled: 0 },
    monthly: true,
  },
  runsByScenario: {
    sql: `SELECT scenario AS key, count(*) AS runs, array_agg(id) AS ids
            FROM runs WHERE status IN ${DONE} GROUP BY scenario ORDER BY count(*) DESC, scenario`,
    columns: ['key', 'runs'],
    empty: {},
    monthly: false,
  },
  attendance: {
    sql: `SELECT r.month AS key, count(p.id) AS rostered, count(p.checked_in_at) AS "checkedIn",
                 round(100.0 * count(p.checked_in_at) / NULLIF(count(p.id), 0), 1) AS rate,
                 array_agg(DISTINCT r.id) AS ids
            FROM runs r JOIN drill_run_participants p ON p.run_id = r.id AND p.org_id = $1
           WHERE r.status IN ${DONE} GROUP BY r.month`,
    columns: ['key', 'rostered', 'checkedIn', 'rate'],
    empty: { rostered: 0, checkedIn: 0, rate: null },
    monthly: true,
  },
  muster: {
    sql: `SELECT month AS key, count(*) AS runs,
                 round((percentile_cont(0.5) WITHIN GROUP (ORDER BY muster_elapsed_ms) / 60000.0)::numeric, 1) AS "p50Minutes",
                 round((percentile_cont(0.9) WITHIN GROUP (ORDER BY muster_elapsed_ms) / 60000.0)::numeric, 1) AS "p90Minutes",
                 round((percentile_cont(0.5) WITHIN GROUP (ORDER BY muster_target_minutes))::numeric, 1) AS "targetMinutes",
                 array_agg(id) AS ids
            FROM runs WHERE status IN ${DONE} AND muster_elapsed_ms IS NOT NULL GROUP BY month`,
    columns: ['key', 'runs', 'p50Minutes', 'p90Minutes', 'targetMinutes'],
    empty: { runs: 0, p50Minutes: null, p90Minutes: null, targetMinutes: null },
    monthly: true,
  },
  steps: {
    sql: `SELECT st.def->>'title' AS key, count(*) AS runs,
                 round((percentile_cont(0.5) WITHIN GROUP (ORDER BY s.completed_elapsed_ms - s.started_elapsed_ms) / 60000.0)::numeric, 1) AS "medianMinutes",
                 round((percentile_cont(0.9) WITHIN GROUP (ORDER BY s.completed_elapsed_ms - s.started_elapsed_ms) / 60000.0)::numeric, 1) AS "p90Minutes",
                 round(avg((st.def->>'expectedMinutes')::numeric), 1) AS "expectedMinutes",
                 array_agg(DISTINCT r.id) AS ids
            FROM runs r
            JOIN drill_run_steps s ON s.run_id = r.id AND s.org_id = $1
            CROSS JOIN LATERAL jsonb_array_elements(r.snapshot->'steps') AS st(def)
           WHERE r.status IN ${DONE} AND st.def->>'id' = s.step_id
             AND s.started_elapsed_ms IS NOT NULL AND s.completed_elapsed_ms IS NOT NULL
           GROUP BY st.def->>'title' ORDER BY count(*) DESC, st.def->>'title' LIMIT ${String(ANALYTICS_LIMITS.stepsMax)}`,
    columns: ['key', 'runs', 'medianMinutes', 'p90Minutes', 'expectedMinutes'],
    empty: {},
    monthly: false,
  },
  observations: {
    sql: `SELECT r.month AS key,
                 count(*) FILTER (WHERE o.kind = 'strength') AS strength,
                 count(*) FILTER (WHERE o.kind = 'improvement') AS improvement,
                 array_agg(DISTINCT r.id) AS ids
            FROM runs r JOIN drill_run_observations o ON o.run_id = r.id AND o.org_id = $1
           WHERE r.status <> 'cancelled' GROUP BY r.month`,
    columns: ['key', 'strength', 'improvement'],
    empty: { strength: 0, improvement: 0 },
    monthly: true,
  },
};

/**
 * The organisation's tickets of the filters (any time), with when each was closed: its resolution,
 * else (closed without one) its last change. $7 is now, $8 the period's months.
 */
function ticketsCte(): string {
  return `WITH bounds AS (SELECT ($2::timestamp AT TIME ZONE $4) AS lo, ($3::timestamp AT TIME ZONE $4) AS hi,
                         $7::timestamptz AS now, $8::text[] AS months),
    t AS (
      SELECT tk.*, to_char(tk.created_at AT TIME ZONE $4, 'YYYY-MM') AS month,
             COALESCE(tk.resolved_at, CASE WHEN tk.status IN ('resolved', 'closed') THEN tk.updated_at END) AS closed_at
        FROM tickets tk
       WHERE tk.org_id = $1 AND ($5::text IS NULL OR tk.priority = $5) AND ($6::text IS NULL OR tk.category = $6)
    ),
    opened AS (SELECT t.* FROM t, bounds b WHERE t.created_at >= b.lo AND t.created_at < b.hi)`;
}

const hours = (expr: string, p: number) =>
  `round((percentile_cont(${String(p)}) WITHIN GROUP (ORDER BY extract(epoch FROM ${expr})) / 3600.0)::numeric, 1)`;

const AGE_CASE = `CASE ${[...BACKLOG_AGES]
  .reverse()
  .map((age) => `WHEN $7::timestamptz - t.created_at >= interval '${String(BACKLOG_AGE_FROM_DAYS[age])} days' THEN '${age}'`)
  .join(' ')} END`;

const TICKET_QUERIES: Record<TicketChartId, ChartQuery> = {
  backlog: {
    sql: `SELECT m.month AS key, count(t.id) AS open, array_remove(array_agg(t.id), NULL) AS ids
            FROM unnest($8::text[]) AS m(month)
            CROSS JOIN LATERAL (SELECT LEAST(((m.month || '-01')::timestamp + interval '1 month') AT TIME ZONE $4, $7::timestamptz) AS at) e
            LEFT JOIN t ON t.created_at < e.at AND (t.closed_at IS NULL OR t.closed_at >= e.at)
           GROUP BY m.month`,
    columns: ['key', 'open'],
    empty: { open: 0 },
    monthly: true,
  },
  backlogAge: {
    sql: `SELECT a.age AS key, ${TICKET_PRIORITIES.map((p) => `count(t.id) FILTER (WHERE t.priority = '${p}') AS ${p}`).join(', ')},
                 array_remove(array_agg(t.id), NULL) AS ids
            FROM unnest(ARRAY[${BACKLOG_AGES.map((a) => `'${a}'`).join(', ')}]) WITH ORDINALITY AS a(age, n)
            LEFT JOIN t ON t.closed_at IS NULL AND t.created_at <= $7::timestamptz AND ${AGE_CASE} = a.age
           GROUP BY a.age, a.n ORDER BY a.n`,
    columns: ['key', ...TICKET_PRIORITIES],
    empty: {},
    monthly: false,
  },
  responseTimes: {
    sql: `SELECT month AS key,
                 ${hours('first_responded_at - created_at', 0.5)} AS "firstResponseP50Hours",
                 ${hours('first_responded_at - created_at', 0.9)} AS "firstResponseP90Hours",
                 ${hours('resolved_at - created_at', 0.5)} AS "resolutionP50Hours",
                 ${hours('resolved_at - created_at', 0.9)} AS "resolutionP90Hours",
                 array_agg(id) AS ids
            FROM opened GROUP BY month`,
    columns: ['key', 'firstResponseP50Hours', 'firstResponseP90Hours', 'resolutionP50Hours', 'resolutionP90Hours'],
    empty: { firstResponseP50Hours: null, firstResponseP90Hours: null, resolutionP50Hours: null, resolutionP90Hours: null },
    monthly: true,
  },
  slaBreaches: {
    sql: `SELECT month AS key, count(*) AS opened,
                 count(*) FILTER (WHERE COALESCE(first_responded_at, $7::timestamptz) > first_response_due_at) AS "firstResponse",
                 count(*) FILTER (WHERE COALESCE(closed_at, $7::timestamptz) > resolution_due_at) AS resolution,
                 array_remove(array_agg(id) FILTER (WHERE COALESCE(first_responded_at, $7::timestamptz) > first_response_due_at
                                                       OR COALESCE(closed_at, $7::timestamptz) > resolution_due_at), NULL) AS ids
            FROM opened GROUP BY month`,
    columns: ['key', 'opened', 'firstResponse', 'resolution'],
    empty: { opened: 0, firstResponse: 0, resolution: 0 },
    monthly: true,
  },
  csat: {
    // Satisfaction is rated on the organisation's live chats (ended in the month); the tickets
    // behind a point are those the rated chats were turned into.
    sql: `SELECT to_char(c.closed_at AT TIME ZONE $4, 'YYYY-MM') AS key, count(*) AS ratings,
                 round(avg(c.rating)::numeric, 2) AS average,
                 count(*) FILTER (WHERE c.rating >= 4) AS satisfied,
                 array_remove(array_agg(c.ticket_id), NULL) AS ids
            FROM chats c, bounds b
           WHERE c.org_id = $1 AND c.rating IS NOT NULL AND c.closed_at >= b.lo AND c.closed_at < b.hi
           GROUP BY 1`,
    columns: ['key', 'ratings', 'average', 'satisfied'],
    empty: { ratings: 0, average: null, satisfied: 0 },
    monthly: true,
  },
  byPriority: {
    sql: `SELECT month AS key, ${TICKET_PRIORITIES.map((p) => `count(*) FILTER (WHERE priority = '${p}') AS ${p}`).join(', ')}, array_agg(id) AS ids
            FROM opened GROUP BY month`,
    columns: ['key', ...TICKET_PRIORITIES],
    empty: Object.fromEntries(TICKET_PRIORITIES.map((p) => [p, 0])),
    monthly: true,
  },
  byCategory: {
    sql: `SELECT category AS key, count(*) AS opened, count(*) FILTER (WHERE closed_at IS NULL) AS open, array_agg(id) AS ids
            FROM opened GROUP BY category ORDER BY count(*) DESC, category`,
    columns: ['key', 'opened', 'open'],
    empty: {},
    monthly: false,
  },
};
