import { z } from 'zod';
import { DRILL_SCENARIOS } from './drills.js';
import { DRILL_RUN_STATUSES } from './drill-runs.js';
import { defineEndpoint } from './http.js';
import { reason } from './reasons.js';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from './tickets.js';

/**
 * Drill and ticket analytics (MANAGER and above). Every chart is one series of rows computed by
 * one server function: the page draws it, its CSV serialises the very same rows, and each row's
 * `key` (a month `YYYY-MM`, a scenario, a priority, a category, an age bucket, a step) leads to
 * the runs or tickets behind it. Months are calendar months in the organisation's time zone.
 */
export const ANALYTICS_LIMITS = {
  /** The longest period, in months. */
  monthsMax: 24,
  /** The period shown when none is chosen: the last 6 months, this one included. */
  defaultMonths: 6,
  /** At most this many runs or tickets behind one point. */
  drillDownMax: 200,
  /** At most this many steps on the step-duration chart (the most run). */
  stepsMax: 10,
} as const;

export const DRILL_CHARTS = [
  'runsByMonth',
  'runsByScenario',
  'onTime',
  'attendance',
  'muster',
  'steps',
  'observations',
  'actions',
] as const;
export type DrillChartId = (typeof DRILL_CHARTS)[number];

export const TICKET_CHARTS = ['backlog', 'backlogAge', 'responseTimes', 'slaBreaches', 'csat', 'byPriority', 'byCategory'] as const;
export type TicketChartId = (typeof TICKET_CHARTS)[number];

/** How old the open tickets are, in buckets (now, in days). */
export const BACKLOG_AGES = ['d0_1', 'd1_3', 'd3_7', 'd7_30', 'd30_plus'] as const;
export type BacklogAge = (typeof BACKLOG_AGES)[number];
/** The lower bound of each age bucket, in days. */
export const BACKLOG_AGE_FROM_DAYS: Record<BacklogAge, number> = { d0_1: 0, d1_3: 1, d3_7: 3, d7_30: 7, d30_plus: 30 };

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthSchema = z.string().regex(MONTH, reason('validation.month'));

/** The number of calendar months from `from` to `to`, both included (0 or less when `to` is earlier). */
export function monthSpan(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** The months from `from` to `to`, both included, as `YYYY-MM`. */
export function monthsOf(from: string, to: string): string[] {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  return Array.from({ length: Math.max(0, monthSpan(from, to)) }, (_, i) => {
    const index = fy * 12 + (fm - 1) + i;
    return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

const periodSchema = z.object({
  /** First month of the period (`YYYY-MM`, the organisation's calendar); 5 months before `to` when absent. */
  from: monthSchema.optional(),
  /** Last month of the period, included; this month when absent. */
  to: monthSchema.optional(),
});

function checkPeriod(value: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (!value.from || !value.to) return;
  const span = monthSpan(value.from, value.to);
  if (span < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: reason('validation.periodOrder') });
  else if (span > ANALYTICS_LIMITS.monthsMax) ctx.addIssue({ code: 'custom', path: ['to'], message: reason('validation.periodMax') });
}

export const drillAnalyticsQuerySchema = periodSchema
  .extend({
    scenario: z.enum(DRILL_SCENARIOS, { error: reason('validation.chooseScenario') }).optional(),
    /** The facility: a run's location, exactly as planned. */
    location: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine(checkPeriod);
export type DrillAnalyticsQuery = z.input<typeof drillAnalyticsQuerySchema>;
export type DrillAnalyticsFilters = z.output<typeof drillAnalyticsQuerySchema>;

export const ticketAnalyticsQuerySchema = periodSchema
  .extend({
    priority: z.enum(TICKET_PRIORITIES, { error: reason('validation.priority') }).optional(),
    category: z.enum(TICKET_CATEGORIES, { error: reason('validation.category') }).optional(),
  })
  .superRefine(checkPeriod);
export type TicketAnalyticsQuery = z.input<typeof ticketAnalyticsQuerySchema>;
export type TicketAnalyticsFilters = z.output<typeof ticketAnalyticsQuerySchema>;

const cell = z.union([z.string(), z.number(), z.null()]);
export type ChartCell = z.infer<typeof cell>;

/**
 * One chart's figures: `columns` in order (the first is `key`, what a row is about), and one row
 * per point. The CSV of a chart is `columns` then these rows, nothing else.
 */
export const chartSeriesSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), cell)),
});
export type ChartSeries = z.infer<typeof chartSeriesSchema>;

const periodAnswer = {
  from: z.string(),
  to: z.string(),
  /** The months of the period, in order. */
  months: z.array(z.string()),
  /** The time zone the months are counted in. */
  timeZone: z.string(),
};

export const drillAnalyticsSchema = z.object({
  ...periodAnswer,
  /** The locations the organisation's runs were planned at (the facility filter's choices). */
  locations: z.array(z.string()),
  charts: z.object(Object.fromEntries(DRILL_CHARTS.map((id) => [id, chartSeriesSchema])) as Record<DrillChartId, typeof chartSeriesSchema>),
});
export type DrillAnalytics = z.infer<typeof drillAnalyticsSchema>;

export const ticketAnalyticsSchema = z.object({
  ...periodAnswer,
  charts: z.object(
    Object.fromEntries(TICKET_CHARTS.map((id) => [id, chartSeriesSchema])) as Record<TicketChartId, typeof chartSeriesSchema>,
  ),
});
export type TicketAnalytics = z.infer<typeof ticketAnalyticsSchema>;

/** Which point's runs or tickets: the chart and the row's key. */
const pointSchema = z.object({ key: z.string().trim().min(1).max(200) });

export const drillPointQuerySchema = drillAnalyticsQuerySchema.and(pointSchema);
export type DrillPointQuery = z.input<typeof drillPointQuerySchema>;
export const ticketPointQuerySchema = ticketAnalyticsQuerySchema.and(pointSchema);
export type TicketPointQuery = z.input<typeof ticketPointQuerySchema>;

export const analyticsRunSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  scenario: z.enum(DRILL_SCENARIOS),
  status: z.enum(DRILL_RUN_STATUSES),
  location: z.string(),
  scheduledAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AnalyticsRun = z.infer<typeof analyticsRunSchema>;
export const analyticsRunListSchema = z.object({ items: z.array(analyticsRunSchema), truncated: z.boolean() });
export type AnalyticsRunList = z.infer<typeof analyticsRunListSchema>;

export const analyticsTicketSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  subject: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  category: z.enum(TICKET_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type AnalyticsTicket = z.infer<typeof analyticsTicketSchema>;
export const analyticsTicketListSchema = z.object({ items: z.array(analyticsTicketSchema), truncated: z.boolean() });
export type AnalyticsTicketList = z.infer<typeof analyticsTicketListSchema>;

export const analyticsEndpoints = {
  drills: defineEndpoint({
    method: 'GET',
    path: '/api/analytics/drills',
    tag: 'analytics',
    summary: 'Drill analytics over a period: every chart as rows (MANAGER and above)',
    query: drillAnalyticsQuerySchema,
    response: drillAnalyticsSchema,
  }),
  drillCsv: defineEndpoint({
    method: 'GET',
    path: '/api/analytics/drills/:chart/csv',
    tag: 'analytics',
    summary: "One drill chart's rows as CSV: the same rows the chart draws",
    query: drillAnalyticsQuerySchema,
  }),
  drillRuns: defineEndpoint({
    method: 'GET',
    path: '/api/analytics/drills/:chart/runs',
    tag: 'analytics',
    summary: 'The runs behind one point of a drill chart',
    query: drillPointQuerySchema,
    response: analyticsRunListSchema,
  }),
  tickets: defineEndpoint({
    method: 'GET',
    path: '/api/analytics/tickets',
    tag: 'analytics',
    summary: "Ticket analytics of the organisation's tickets over a period (MANAGER and above)",
    query: ticketAnalyticsQuerySchema,
    response: ticketAnalyticsSchema,
  }),
  ticketCsv: defineEndpoint({
    method: 'GET',
    path: '/api/analytics/tickets/:chart/csv',
    tag: 'analytics',
    summary: "One ticket chart's rows as CSV: the same rows the chart draws",
    query: ticketAnalyticsQuerySchema,
  }),
  ticketList: defineEndpoint({
    method: 'GET',
    path: '/api/analytics/tickets/:chart/tickets',
    tag: 'analytics',
    summary: 'The tickets behind one point of a ticket chart',
    query: ticketPointQuerySchema,
    response: analyticsTicketListSchema,
  }),
};
