import { randomUUID } from 'node:crypto';
import {
  DRILL_CHARTS,
  TICKET_CHARTS,
  type AnalyticsRunList,
  type AnalyticsTicketList,
  type ChartSeries,
  type DrillAnalytics,
  type SessionInfo,
  type TicketAnalytics,
} from '@muster/contracts';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import type { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';

/**
 * Drill and ticket analytics against figures computed by hand from fixed data: an organisation in
 * New York (UTC−5 in winter, −4 from 8 March 2026) whose runs and tickets sit on month boundaries.
 */
const ZONE = 'America/New_York';
const PERIOD = 'from=2026-01&to=2026-04';
const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04'];

interface Org {
  client: TestClient;
  orgId: string;
  userId: string;
}

const min = (m: number) => m * 60_000;
const hoursAfter = (iso: string, h: number) => new Date(Date.parse(iso) + h * 3_600_000).toISOString();

/** Parses our CSV (no quoted fields in these figures): header, then rows. */
function parseCsv(text: string): string[][] {
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

/** The series as its CSV must read: columns, then each row's cells as text (null as empty). */
function asCsvRows(series: ChartSeries): string[][] {
  return [series.columns, ...series.rows.map((row) => series.columns.map((c) => (row[c] === null ? '' : String(row[c]))))];
}

describe('analytics', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  const prefix = uniquePrefix();
  let org: Org;
  let other: Org;
  const run: Record<string, string> = {};
  const ticket: Record<string, string> = {};
  let otherRunId = '';

  async function organisation(): Promise<Org> {
    const client = await signUpElsewhere(api.url!);
    const me = await json<SessionInfo>(await client.get('/api/auth/me'), 200);
    expect((await client.patch('/api/organization/settings', { timeZone: ZONE })).status).toBe(200);
    return { client, orgId: me.org!.id, userId: me.user.id };
  }

  const snapshot = (steps: { id: string; title: string; expectedMinutes: number }[]) => JSON.stringify({ steps });
  const twoSteps = snapshot([
    { id: 'alarm', title: 'Raise the alarm', expectedMinutes: 2 },
    { id: 'muster', title: 'Muster at the point', expectedMinutes: 5 },
  ]);

  async function insertRun(
    o: Org,
    values: {
      type?: string;
      scenario: string;
      status: string;
      scheduledAt: string;
      completedAt?: string;
      location?: string;
      musterMs?: number;
      targetMinutes?: number;
      steps?: string;
    },
  ): Promise<string> {
    const id = randomUUID();
    await sql(
      db.url,
      `INSERT INTO drill_runs (id, org_id, title, type, scenario, snapshot, status, scheduled_at, location, lead_user_id, lead_name,
                               muster_target_minutes, muster_elapsed_ms, started_at, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, 'Lead', $11, $12, $13, $14)`,
      [
        id,
        o.orgId,
        `${values.scenario} drill`,
        values.type ?? 'drill',
        values.scenario,
        values.steps ?? twoSteps,
        values.status,
        values.scheduledAt,
        values.location ?? 'Berth 4',
        o.userId,
        values.targetMinutes ?? null,
        values.musterMs ?? null,
        values.completedAt ? values.scheduledAt : null,
        values.completedAt ?? null,
      ],
    );
    return id;
  }

  async function participants(o: Org, runId: string, rostered: number, checkedIn: number): Promise<void> {
    for (let i = 0; i < rostered; i++) {
      await sql(db.url, `INSERT INTO drill_run_participants (org_id, run_id, name, position, checked_in_at) VALUES ($1, $2, $3, $4, $5)`, [
        o.orgId,
        runId,
        `Person ${String(i)}`,
        i,
        i < checkedIn ? '2026-01-01T00:00:00Z' : null,
      ]);
    }
  }

  async function step(o: Org, runId: string, stepId: string, position: number, startMs: number, endMs: number | null): Promise<void> {
    await sql(
      db.url,
      `INSERT INTO drill_run_steps (org_id, run_id, step_id, position, status, started_elapsed_ms, completed_elapsed_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [o.orgId, runId, stepId, position, endMs === null ? 'in_progress' : 'done', startMs, endMs],
    );
  }

  async function observation(o: Org, runId: string, kind: string): Promise<void> {
    await sql(
      db.url,
      `INSERT INTO drill_run_observations (org_id, run_id, client_id, kind, note, author_name) VALUES ($1, $2, $3, $4, 'Noted', 'Lead')`,
      [o.orgId, runId, randomUUID(), kind],
    );
  }

  async function action(o: Org, runId: string, createdAt: string, status: string, updatedAt: string): Promise<void> {
    await sql(
      db.url,
      `INSERT INTO drill_corrective_actions (org_id, run_id, title, owner_name, due_date, status, created_at, updated_at)
       VALUES ($1, $2, 'Fix it', 'Owner', '2026-06-30', $3, $4, $5)`,
      [o.orgId, runId, status, createdAt, updatedAt],
    );
  }

  async function insertTicket(
    o: Org,
    values: {
      createdAt: string;
      priority: string;
      category: string;
      status: string;
      respondedAfterH: number | null;
      resolvedAfterH: number | null;
      firstDueH: number;
      resolutionDueH: number;
    },
  ): Promise<string> {
    const id = randomUUID();
    const at = (h: number | null) => (h === null ? null : hoursAfter(values.createdAt, h));
    await sql(
      db.url,
      `INSERT INTO tickets (id, org_id, requester_name, requester_email, subject, description, category, priority, status,
                            first_response_due_at, resolution_due_at, first_responded_at, resolved_at, created_at, updated_at)
       VALUES ($1, $2, 'Requester', 'requester@example.com', 'Help', 'Please help', $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [
        id,
        o.orgId,
        values.category,
        values.priority,
        values.status,
        at(values.firstDueH),
        at(values.resolutionDueH),
        at(values.respondedAfterH),
        at(values.resolvedAfterH),
        values.createdAt,
      ],
    );
    return id;
  }

  async function ratedChat(o: Org, closedAt: string, rating: number, ticketId: string | null): Promise<void> {
    await sql(
      db.url,
      `INSERT INTO chats (org_id, customer_name, customer_email, status, language, subject, closed_at, last_message_at, rating, ticket_id)
       VALUES ($1, 'Customer', 'customer@example.com', 'closed', 'en', 'Question', $2, $2, $3, $4)`,
      [o.orgId, closedAt, rating, ticketId],
    );
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    org = await organisation();
    other = await organisation();

    // One drill cadence of a month, measured from the run before.
    await sql(db.url, `DELETE FROM drill_cadences WHERE org_id = $1`, [org.orgId]);
    await sql(
      db.url,
      `INSERT INTO drill_cadences (org_id, name, kind, interval_months, calendar_year, due_soon_days, enabled, position)
       VALUES ($1, 'Monthly drill', 'drill', 1, false, 7, true, 0)`,
      [org.orgId],
    );

    // Before the period: the run the first on-time measure starts from.
    run.r6 = await insertRun(org, {
      scenario: 'fire',
      status: 'approved',
      scheduledAt: '2025-12-15T15:00:00Z',
      completedAt: '2025-12-15T16:00:00Z',
    });
    // 23:30 on 31 January in New York (04:30 UTC on 1 February): January's.
    run.r1 = await insertRun(org, {
      scenario: 'fire',
      status: 'completed',
      scheduledAt: '2026-02-01T04:30:00Z',
      completedAt: '2026-02-01T05:00:00Z',
      musterMs: min(4),
      targetMinutes: 5,
    });
    // 00:30 on 1 February in New York: February's.
    run.r2 = await insertRun(org, {
      scenario: 'fire',
      status: 'approved',
      scheduledAt: '2026-02-01T05:30:00Z',
      completedAt: '2026-02-01T06:00:00Z',
      location: 'Terminal B',
      musterMs: min(6),
      targetMinutes: 5,
    });
    run.r3 = await insertRun(org, {
      type: 'tabletop',
      scenario: 'oil_spill',
      status: 'completed',
      scheduledAt: '2026-02-15T15:00:00Z',
      completedAt: '2026-02-15T16:00:00Z',
      musterMs: min(10),
      targetMinutes: 8,
      steps: snapshot([{ id: 'alarm', title: 'Raise the alarm', expectedMinutes: 4 }]),
    });
    run.r4 = await insertRun(org, { scenario: 'fire', status: 'cancelled', scheduledAt: '2026-02-20T15:00:00Z' });
    run.r5 = await insertRun(org, { scenario: 'fire', status: 'scheduled', scheduledAt: '2026-03-10T14:00:00Z' });

    await participants(org, run.r1, 3, 2);
    await participants(org, run.r2, 2, 2);
    await participants(org, run.r3, 4, 1);
    await step(org, run.r1, 'alarm', 0, 0, min(3));
    await step(org, run.r1, 'muster', 1, min(3), min(8));
    await step(org, run.r2, 'alarm', 0, 0, min(1));
    await step(org, run.r2, 'muster', 1, min(1), null);
    await step(org, run.r3, 'alarm', 0, 0, min(5));
    await observation(org, run.r1, 'strength');
    await observation(org, run.r1, 'improvement');
    await observation(org, run.r3, 'improvement');
    await observation(org, run.r3, 'improvement');
    await observation(org, run.r4, 'strength');
    // Opened 23:00 on 31 January in New York, closed in February; another opened in February.
    await action(org, run.r1, '2026-02-01T04:00:00Z', 'done', '2026-02-10T12:00:00Z');
    await action(org, run.r3, '2026-02-16T12:00:00Z', 'open', '2026-02-16T12:00:00Z');

    ticket.t1 = await insertTicket(org, {
      createdAt: '2026-02-01T04:30:00Z',
      priority: 'high',
      category: 'drills',
      status: 'resolved',
      respondedAfterH: 2,
      resolvedAfterH: 10,
      firstDueH: 1,
      resolutionDueH: 24,
    });
    ticket.t2 = await insertTicket(org, {
      createdAt: '2026-02-10T15:00:00Z',
      priority: 'normal',
      category: 'billing',
      status: 'resolved',
      respondedAfterH: 4,
      resolvedAfterH: 48,
      firstDueH: 8,
      resolutionDueH: 24,
    });
    ticket.t3 = await insertTicket(org, {
      createdAt: '2026-02-20T15:00:00Z',
      priority: 'urgent',
      category: 'drills',
      status: 'open',
      respondedAfterH: 1,
      resolvedAfterH: null,
      firstDueH: 2,
      resolutionDueH: 8,
    });
    ticket.t4 = await insertTicket(org, {
      createdAt: '2026-03-05T15:00:00Z',
      priority: 'low',
      category: 'other',
      status: 'open',
      respondedAfterH: null,
      resolvedAfterH: null,
      firstDueH: 24,
      resolutionDueH: 72,
    });
    await ratedChat(org, '2026-02-05T12:00:00Z', 5, ticket.t2);
    await ratedChat(org, '2026-02-06T12:00:00Z', 2, null);

    // The other organisation: the same kind of data in the same months, never counted above.
    otherRunId = await insertRun(other, {
      scenario: 'fire',
      status: 'completed',
      scheduledAt: '2026-02-10T15:00:00Z',
      completedAt: '2026-02-10T16:00:00Z',
      musterMs: min(30),
      targetMinutes: 5,
    });
    await participants(other, otherRunId, 5, 0);
    await observation(other, otherRunId, 'strength');
    await insertTicket(other, {
      createdAt: '2026-02-10T15:00:00Z',
      priority: 'urgent',
      category: 'drills',
      status: 'open',
      respondedAfterH: null,
      resolvedAfterH: null,
      firstDueH: 1,
      resolutionDueH: 2,
    });
    await ratedChat(other, '2026-02-05T12:00:00Z', 1, null);
  });

  afterAll(async () => {
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  const drills = async (o: Org, query = PERIOD) => json<DrillAnalytics>(await o.client.get(`/api/analytics/drills?${query}`), 200);
  const tickets = async (o: Org, query = PERIOD) => json<TicketAnalytics>(await o.client.get(`/api/analytics/tickets?${query}`), 200);

  it('counts runs by month in the organisation’s zone (23:30 on the last day stays in its month), empty months as zeros', async () => {
    const a = await drills(org);
    expect(a).toMatchObject({ from: '2026-01', to: '2026-04', months: MONTHS, timeZone: ZONE });
    expect(a.locations).toEqual(['Berth 4', 'Terminal B']);
    expect(a.charts.runsByMonth).toEqual({
      columns: ['key', 'completed', 'planned', 'cancelled'],
      rows: [
        { key: '2026-01', completed: 1, planned: 0, cancelled: 0 },
        { key: '2026-02', completed: 2, planned: 0, cancelled: 1 },
        { key: '2026-03', completed: 0, planned: 1, cancelled: 0 },
        { key: '2026-04', completed: 0, planned: 0, cancelled: 0 },
      ],
    });
    expect(a.charts.runsByScenario.rows).toEqual([
      { key: 'fire', runs: 2 },
      { key: 'oil_spill', runs: 1 },
    ]);
  });

  it('computes on-time rate against cadence, attendance, time to muster p50/p90, steps, observations and actions', async () => {
    const { charts } = await drills(org);
    // R1 completed 1 Feb (local), due 15 Jan after 15 Dec: late. R2 and R3 within a month of the run before.
    expect(charts.onTime.rows).toEqual([
      { key: '2026-01', onTime: 0, late: 1, rate: 0 },
      { key: '2026-02', onTime: 2, late: 0, rate: 100 },
      { key: '2026-03', onTime: 0, late: 0, rate: null },
      { key: '2026-04', onTime: 0, late: 0, rate: null },
    ]);
    expect(charts.attendance.rows).toEqual([
      { key: '2026-01', rostered: 3, checkedIn: 2, rate: 66.7 },
      { key: '2026-02', rostered: 6, checkedIn: 3, rate: 50 },
      { key: '2026-03', rostered: 0, checkedIn: 0, rate: null },
      { key: '2026-04', rostered: 0, checkedIn: 0, rate: null },
    ]);
    // February: 6 and 10 minutes → p50 8, p90 6 + 0.9 × 4 = 9.6; targets 5 and 8 → 6.5.
    expect(charts.muster.rows).toEqual([
      { key: '2026-01', runs: 1, p50Minutes: 4, p90Minutes: 4, targetMinutes: 5 },
      { key: '2026-02', runs: 2, p50Minutes: 8, p90Minutes: 9.6, targetMinutes: 6.5 },
      { key: '2026-03', runs: 0, p50Minutes: null, p90Minutes: null, targetMinutes: null },
      { key: '2026-04', runs: 0, p50Minutes: null, p90Minutes: null, targetMinutes: null },
    ]);
    // Raise the alarm took 3, 1 and 5 minutes (expected 2, 2, 4): median 3, p90 3 + 0.8 × 2 = 4.6, expected 2.7.
    expect(charts.steps.rows).toEqual([
      { key: 'Raise the alarm', runs: 3, medianMinutes: 3, p90Minutes: 4.6, expectedMinutes: 2.7 },
      { key: 'Muster at the point', runs: 1, medianMinutes: 5, p90Minutes: 5, expectedMinutes: 5 },
    ]);
    expect(charts.observations.rows).toEqual([
      { key: '2026-01', strength: 1, improvement: 1 },
      { key: '2026-02', strength: 0, improvement: 2 },
      { key: '2026-03', strength: 0, improvement: 0 },
      { key: '2026-04', strength: 0, improvement: 0 },
    ]);
    expect(charts.actions.rows).toEqual([
      { key: '2026-01', opened: 1, closed: 0 },
      { key: '2026-02', opened: 1, closed: 1 },
      { key: '2026-03', opened: 0, closed: 0 },
      { key: '2026-04', opened: 0, closed: 0 },
    ]);
  });

  it('filters by facility and scenario', async () => {
    const berth = await drills(org, `${PERIOD}&location=${encodeURIComponent('Terminal B')}`);
    expect(berth.charts.runsByMonth.rows.map((r) => r.completed)).toEqual([0, 1, 0, 0]);
    expect(berth.charts.muster.rows[1]).toEqual({ key: '2026-02', runs: 1, p50Minutes: 6, p90Minutes: 6, targetMinutes: 5 });
    const spill = await drills(org, `${PERIOD}&scenario=oil_spill`);
    expect(spill.charts.runsByMonth.rows.map((r) => [r.completed, r.cancelled])).toEqual([
      [0, 0],
      [1, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(spill.charts.steps.rows).toEqual([{ key: 'Raise the alarm', runs: 1, medianMinutes: 5, p90Minutes: 5, expectedMinutes: 4 }]);
  });

  it('computes backlog, its age, response and resolution times, SLA breaches, CSAT, by priority and category', async () => {
    const { charts, months } = await tickets(org);
    expect(months).toEqual(MONTHS);
    // T1 (opened 23:30 on 31 January, local) is open at January's end; T3 from February; T4 from March.
    expect(charts.backlog.rows).toEqual([
      { key: '2026-01', open: 1 },
      { key: '2026-02', open: 1 },
      { key: '2026-03', open: 2 },
      { key: '2026-04', open: 2 },
    ]);
    expect(charts.backlogAge.rows).toEqual([
      { key: 'd0_1', low: 0, normal: 0, high: 0, urgent: 0 },
      { key: 'd1_3', low: 0, normal: 0, high: 0, urgent: 0 },
      { key: 'd3_7', low: 0, normal: 0, high: 0, urgent: 0 },
      { key: 'd7_30', low: 0, normal: 0, high: 0, urgent: 0 },
      { key: 'd30_plus', low: 1, normal: 0, high: 0, urgent: 1 },
    ]);
    expect(charts.responseTimes.rows).toEqual([
      { key: '2026-01', firstResponseP50Hours: 2, firstResponseP90Hours: 2, resolutionP50Hours: 10, resolutionP90Hours: 10 },
      { key: '2026-02', firstResponseP50Hours: 2.5, firstResponseP90Hours: 3.7, resolutionP50Hours: 48, resolutionP90Hours: 48 },
      { key: '2026-03', firstResponseP50Hours: null, firstResponseP90Hours: null, resolutionP50Hours: null, resolutionP90Hours: null },
      { key: '2026-04', firstResponseP50Hours: null, firstResponseP90Hours: null, resolutionP50Hours: null, resolutionP90Hours: null },
    ]);
    expect(charts.slaBreaches.rows).toEqual([
      { key: '2026-01', opened: 1, firstResponse: 1, resolution: 0 },
      { key: '2026-02', opened: 2, firstResponse: 0, resolution: 2 },
      { key: '2026-03', opened: 1, firstResponse: 1, resolution: 1 },
      { key: '2026-04', opened: 0, firstResponse: 0, resolution: 0 },
    ]);
    expect(charts.csat.rows).toEqual([
      { key: '2026-01', ratings: 0, average: null, satisfied: 0 },
      { key: '2026-02', ratings: 2, average: 3.5, satisfied: 1 },
      { key: '2026-03', ratings: 0, average: null, satisfied: 0 },
      { key: '2026-04', ratings: 0, average: null, satisfied: 0 },
    ]);
    expect(charts.byPriority.rows).toEqual([
      { key: '2026-01', low: 0, normal: 0, high: 1, urgent: 0 },
      { key: '2026-02', low: 0, normal: 1, high: 0, urgent: 1 },
      { key: '2026-03', low: 1, normal: 0, high: 0, urgent: 0 },
      { key: '2026-04', low: 0, normal: 0, high: 0, urgent: 0 },
    ]);
    expect(charts.byCategory.rows).toEqual([
      { key: 'drills', opened: 2, open: 1 },
      { key: 'billing', opened: 1, open: 0 },
      { key: 'other', opened: 1, open: 1 },
    ]);
    const urgent = await tickets(org, `${PERIOD}&priority=urgent`);
    expect(urgent.charts.backlog.rows.map((r) => r.open)).toEqual([0, 1, 1, 1]);
  });

  it("serves each chart's CSV as exactly the chart's rows", async () => {
    const a = await drills(org);
    for (const chart of DRILL_CHARTS) {
      const res = await org.client.get(`/api/analytics/drills/${chart}/csv?${PERIOD}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(parseCsv(await res.text())).toEqual(asCsvRows(a.charts[chart]));
    }
    const t = await tickets(org);
    for (const chart of TICKET_CHARTS) {
      const res = await org.client.get(`/api/analytics/tickets/${chart}/csv?${PERIOD}`);
      expect(parseCsv(await res.text())).toEqual(asCsvRows(t.charts[chart]));
    }
    const [audited] = await sql<{ n: string }>(
      db.url,
      `SELECT count(*) AS n FROM audit_events WHERE org_id = $1 AND action = 'analytics.export'`,
      [org.orgId],
    );
    expect(Number(audited!.n)).toBe(DRILL_CHARTS.length + TICKET_CHARTS.length);
  });

  it('lists the runs and tickets behind a point', async () => {
    const runsOf = async (chart: string, key: string, query = PERIOD) =>
      (
        await json<AnalyticsRunList>(
          await org.client.get(`/api/analytics/drills/${chart}/runs?${query}&key=${encodeURIComponent(key)}`),
          200,
        )
      ).items.map((r) => r.id);
    expect(await runsOf('runsByMonth', '2026-01')).toEqual([run.r1]);
    expect(await runsOf('runsByMonth', '2026-02')).toEqual([run.r4, run.r3, run.r2]);
    expect(await runsOf('runsByMonth', '2026-04')).toEqual([]);
    expect(await runsOf('runsByScenario', 'fire')).toEqual([run.r2, run.r1]);
    expect(await runsOf('onTime', '2026-01')).toEqual([run.r1]);
    expect(await runsOf('steps', 'Raise the alarm')).toEqual([run.r3, run.r2, run.r1]);
    expect(await runsOf('actions', '2026-02')).toEqual([run.r3, run.r1]);
    expect(await runsOf('muster', '2026-02', `${PERIOD}&location=Terminal%20B`)).toEqual([run.r2]);

    const ticketsOf = async (chart: string, key: string) =>
      (
        await json<AnalyticsTicketList>(await org.client.get(`/api/analytics/tickets/${chart}/tickets?${PERIOD}&key=${key}`), 200)
      ).items.map((t) => t.id);
    expect(await ticketsOf('backlog', '2026-03')).toEqual([ticket.t4, ticket.t3]);
    expect(await ticketsOf('slaBreaches', '2026-02')).toEqual([ticket.t3, ticket.t2]);
    expect(await ticketsOf('byCategory', 'drills')).toEqual([ticket.t3, ticket.t1]);
    expect(await ticketsOf('csat', '2026-02')).toEqual([ticket.t2]);

    expect((await org.client.get(`/api/analytics/drills/nonsense/runs?${PERIOD}&key=2026-01`)).status).toBe(404);
  });

  it("never counts another organisation's data, and its runs are not found", async () => {
    const theirs = await drills(other);
    expect(theirs.charts.runsByMonth.rows[1]).toEqual({ key: '2026-02', completed: 1, planned: 0, cancelled: 0 });
    expect(theirs.charts.attendance.rows[1]).toEqual({ key: '2026-02', rostered: 5, checkedIn: 0, rate: 0 });
    expect(theirs.locations).toEqual(['Berth 4']);
    const theirTickets = await tickets(other);
    expect(theirTickets.charts.byPriority.rows[1]).toEqual({ key: '2026-02', low: 0, normal: 0, high: 0, urgent: 1 });
    expect(theirTickets.charts.csat.rows[1]).toEqual({ key: '2026-02', ratings: 1, average: 1, satisfied: 0 });

    // Ours (asserted above by hand) leaves theirs out; their run is not found from here.
    const feb = await json<AnalyticsRunList>(await org.client.get(`/api/analytics/drills/runsByMonth/runs?${PERIOD}&key=2026-02`), 200);
    expect(feb.items.map((r) => r.id)).not.toContain(otherRunId);
    expect((await org.client.get(`/api/drills/runs/${otherRunId}`)).status).toBe(404);
    expect((await org.client.get(`/api/drills/runs/${otherRunId}/summary`)).status).toBe(404);
  });

  it('refuses members below MANAGER, and a period that ends before it starts', async () => {
    const user = await signIn(api.url!, 'user@harborpoint.example');
    expect((await user.get(`/api/analytics/drills?${PERIOD}`)).status).toBe(403);
    expect((await user.get(`/api/analytics/tickets/backlog/csv?${PERIOD}`)).status).toBe(403);
    expect((await user.get(`/api/analytics/drills/runsByMonth/runs?${PERIOD}&key=2026-01`)).status).toBe(403);
    const manager = await signIn(api.url!, 'manager@harborpoint.example');
    expect((await manager.get(`/api/analytics/drills?${PERIOD}`)).status).toBe(200);

    const bad = await org.client.get('/api/analytics/drills?from=2026-05&to=2026-01');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('validation.periodOrder');
    const long = await org.client.get('/api/analytics/tickets?from=2024-01&to=2026-04');
    expect(long.status).toBe(400);
    expect(JSON.stringify(await long.json())).toContain('validation.periodMax');
  });
});
