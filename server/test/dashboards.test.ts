import { randomUUID } from 'node:crypto';
import type {
  AdminDashboard,
  ExecutiveSummary,
  InternalAuditorDashboard,
  ManagerDashboard,
  Onboarding,
  RenderView,
  SessionInfo,
  SysopsDashboard,
  UserDashboard,
} from '@muster/contracts';
import { comparable, extractText } from '../src/platform/documents/pdf-reading.js';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { chatSocket } from './support/chat.js';
import { watchRenders } from './support/renders.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import type { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';

const DAY = 86_400_000;

/**
 * The role dashboards against real PostgreSQL: an empty organisation answers zeros and an open
 * checklist, fixed rows give the hand-computed figures (in the organisation's time zone), another
 * organisation's rows never count, and each dashboard refuses the roles below it.
 */
describe('Dashboards', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  const prefix = uniquePrefix();
  let demoOrgId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({ databaseUrl: db.url, prefix, env: { AUTH_ATTEMPTS_PER_IP: '10000', SEED_ON_EMPTY: 'true' } });
    const [org] = await sql<{ org_id: string }>(
      db.url,
      `SELECT m.org_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = 'admin@harborpoint.example'`,
    );
    demoOrgId = org!.org_id;
  });

  afterAll(async () => {
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  /** Copies one row of `table` (the first matching `where` in the demo organisation) with `overrides`. */
  async function clone(table: string, where: string, overrides: Record<string, unknown>): Promise<string> {
    const id = randomUUID();
    await sql(
      db.url,
      `INSERT INTO ${table}
       SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(x) || $1::jsonb)).*
         FROM (SELECT * FROM ${table} WHERE org_id = $2 AND ${where} LIMIT 1) x`,
      [JSON.stringify({ id, ...overrides }), demoOrgId],
    );
    return id;
  }

  async function newOrganisation(): Promise<{ client: TestClient; me: SessionInfo; orgId: string }> {
    const client = await signUpElsewhere(api.url!);
    const me = await json<SessionInfo>(await client.get('/api/auth/me'), 200);
    return { client, me, orgId: me.org!.id };
  }

  it('answers zeros and an open checklist for a new organisation', async () => {
    const { client } = await newOrganisation();
    const onboarding = await json<Onboarding>(await client.get('/api/dashboards/onboarding'), 200);
    expect(onboarding).toEqual({
      done: false,
      items: [
        { id: 'timeZone', done: false },
        { id: 'inviteTeam', done: false },
        { id: 'complianceProfile', done: false },
        { id: 'firstDrill', done: false },
      ],
    });
    const admin = await json<AdminDashboard>(await client.get('/api/dashboards/admin'), 200);
    expect(admin.seats).toMatchObject({ used: 1, activeMembers: 1, pendingInvites: 0 });
    expect(admin.compliance).toEqual([]);
    expect(admin.evidenceRequests).toEqual({ open: 0, overdue: 0 });
    expect(admin.security.siem).toEqual({ destinations: 0, unhealthy: 0, delivered: 0, failed: 0, pending: 0 });
    expect(admin.security.sso).toMatchObject({ providers: 0, signIns: 0, failures: 0 });
    const manager = await json<ManagerDashboard>(await client.get('/api/dashboards/manager'), 200);
    expect(manager.week).toMatchObject({ scheduled: 0, live: 0, completed: 0, items: [] });
    expect(manager.correctiveActions).toEqual({ open: 0, overdue: 0 });
    expect(manager.trend).toHaveLength(6);
    expect(manager.trend.every((m) => m.runs === 0 && m.attendancePercent === null && m.musterMedianMinutes === null)).toBe(true);
    expect(manager.sopAcknowledgements).toEqual({ missing: 0, items: [] });
    // A cadence never met is overdue from the start.
    expect(manager.cadences.overdue).toBe(manager.cadences.items.length);
    const mine = await json<UserDashboard>(await client.get('/api/dashboards/me'), 200);
    expect(mine).toMatchObject({
      nextDrills: [],
      checkIns: { attended: 0, missed: 0, last: [] },
      tickets: { open: 0, items: [] },
      sopsToAcknowledge: [],
      verification: { state: null },
    });
    const auditor = await json<InternalAuditorDashboard>(await client.get('/api/dashboards/internal-auditor'), 200);
    expect(auditor).toMatchObject({
      compliance: [],
      evidence: { total: 0, fresh: 0, stale: 0, lastAddedAt: null },
      flagged: { records: 0, requests: 0 },
      chain: { lastVerifiedAt: null, ok: null },
    });
  });

  it('ticks the checklist from real data: time zone, an invitation, a profile, a run', async () => {
    const { client, orgId } = await newOrganisation();
    expect((await client.patch('/api/organization/settings', { timeZone: 'Asia/Tokyo' })).status).toBe(200);
    expect((await client.post('/api/members/invites', { email: `crew-${Date.now()}@elsewhere.example`, role: 'USER' })).status).toBe(201);
    await clone('compliance_profiles', 'true', { org_id: orgId, name: 'Harbour profile' });
    const onboarding = await json<Onboarding>(await client.get('/api/dashboards/onboarding'), 200);
    expect(onboarding.items.filter((i) => i.done).map((i) => i.id)).toEqual(['timeZone', 'inviteTeam', 'complianceProfile']);
    expect(onboarding.done).toBe(false);
    await sql(db.url, `UPDATE subscriptions SET plan = 'enterprise' WHERE org_id = $1`, [orgId]);
    const enterprise = await json<Onboarding>(await client.get('/api/dashboards/onboarding'), 200);
    expect(enterprise.items.map((i) => i.id)).toContain('siemDestination');
  });

  it('computes the manager figures from fixed rows, in the organisation time zone, and keeps them to it', async () => {
    const { client, orgId, me } = await newOrganisation();
    // Auckland: the week and "today" are the organisation's, not UTC's.
    const zone = 'Pacific/Auckland';
    expect((await client.patch('/api/organization/settings', { timeZone: zone })).status).toBe(200);
    // Every member's session sees the organisation's new zone.
    const signedIn = client;
    const now = Date.now();
    const run = (over: Record<string, unknown>) =>
      clone('drill_runs', `status IN ('completed', 'approved')`, { org_id: orgId, lead_user_id: me.user.id, ...over });

    // Two finished runs this month: muster 4 and 6 minutes (median 5), 3 of 4 participants present.
    const done1 = await run({ status: 'completed', completed_at: new Date(now - 60_000).toISOString(), muster_elapsed_ms: 240_000 });
    const done2 = await run({ status: 'approved', completed_at: new Date(now - 120_000).toISOString(), muster_elapsed_ms: 360_000 });
    const participant = (runId: string, present: boolean, userId: string | null = null) =>
      clone('drill_run_participants', 'true', {
        org_id: orgId,
        run_id: runId,
        user_id: userId,
        name: `Crew ${randomUUID().slice(0, 4)}`,
        position_id: null,
        checked_in_at: present ? new Date(now - 100_000).toISOString() : null,
      });
    await participant(done1, true, me.user.id);
    await participant(done1, false);
    await participant(done2, true);
    await participant(done2, true);
    // A run scheduled in one hour (this week unless the week ends within the hour) and a cancelled one.
    const upcoming = await run({
      status: 'scheduled',
      scheduled_at: new Date(now + 3_600_000).toISOString(),
      completed_at: null,
      started_at: null,
      approved_at: null,
    });
    await participant(upcoming, false, me.user.id);
    await run({ status: 'cancelled', scheduled_at: new Date(now + 3_600_000).toISOString(), completed_at: null });
    // Corrective actions: open (due in 10 days), in progress (due 2 days ago: overdue), done (overdue but closed).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(now));
    const shift = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(now + days * DAY));
    await clone('drill_corrective_actions', 'true', { org_id: orgId, run_id: done1, status: 'open', due_date: shift(10) });
    await clone('drill_corrective_actions', 'true', { org_id: orgId, run_id: done1, status: 'in_progress', due_date: shift(-2) });
    await clone('drill_corrective_actions', 'true', { org_id: orgId, run_id: done1, status: 'done', due_date: shift(-2) });
    // Due today is not overdue.
    await clone('drill_corrective_actions', 'true', { org_id: orgId, run_id: done2, status: 'open', due_date: today });

    // Another organisation's rows never count here.
    await clone('drill_corrective_actions', 'true', { status: 'open', due_date: shift(-5) });

    const dash = await json<ManagerDashboard>(await signedIn.get('/api/dashboards/manager'), 200);
    expect(dash.timeZone).toBe(zone);
    expect(dash.correctiveActions).toEqual({ open: 3, overdue: 1 });
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' }).format(new Date(now - 60_000));
    const current = dash.trend.find((t) => t.month === month.slice(0, 7));
    expect(current).toEqual({ month: month.slice(0, 7), runs: 2, attendancePercent: 75, musterMedianMinutes: 5 });
    expect(dash.trend.filter((t) => t !== current).every((t) => t.runs === 0)).toBe(true);
    const weekStart = Date.parse(`${dash.week.from}T00:00:00Z`);
    expect(new Date(weekStart).getUTCDay()).toBe(1);
    expect(dash.week.items.map((r) => r.id)).toContain(upcoming);
    expect(dash.week.items.every((r) => r.status !== 'cancelled')).toBe(true);
    expect(dash.week.scheduled).toBe(1);
    // Both finished runs count toward the cadences: none is overdue.
    expect(dash.cadences.overdue).toBe(0);

    // The executive summary reads the same figures over the six months.
    const executive = await json<ExecutiveSummary>(await signedIn.get('/api/dashboards/executive'), 200);
    expect(executive.readiness).toMatchObject({
      runs: 2,
      attendancePercent: 75,
      musterMedianMinutes: 5,
      actionsOpen: 3,
      actionsOverdue: 1,
      cadencesOverdue: 0,
    });
    expect(executive.organization).toBe('Elsewhere Docks');

    const mine = await json<UserDashboard>(await signedIn.get('/api/dashboards/me'), 200);
    expect(mine.nextDrills.map((r) => [r.id, r.checkedIn])).toEqual([[upcoming, false]]);
    expect(mine.checkIns).toMatchObject({ attended: 1, missed: 0 });
    expect(mine.checkIns.last.map((c) => c.runId)).toEqual([done1]);
  });

  it('counts the SOP acknowledgements missing per effective version', async () => {
    const { client, orgId, me } = await newOrganisation();
    const sopId = await clone('sop_documents', 'true', { org_id: orgId });
    const versionId = await clone('sop_versions', `status = 'effective'`, { org_id: orgId, sop_id: sopId, number: 1 });
    await clone('sop_versions', `status = 'draft'`, { org_id: orgId, sop_id: sopId, number: 2 });
    const [sop] = await sql<{ title: string }>(db.url, `SELECT content->>'title' AS title FROM sop_versions WHERE id = $1`, [versionId]);
    const before = await json<ManagerDashboard>(await client.get('/api/dashboards/manager'), 200);
    expect(before.sopAcknowledgements).toEqual({ missing: 1, items: [{ sopId, title: sop!.title, version: 1, missing: 1 }] });
    const mine = await json<UserDashboard>(await client.get('/api/dashboards/me'), 200);
    expect(mine.sopsToAcknowledge).toEqual([{ sopId, title: sop!.title, version: 1 }]);
    await sql(
      db.url,
      `INSERT INTO sop_acknowledgements (id, org_id, sop_id, version_id, user_id, user_name) VALUES ($1, $2, $3, $4, $5, 'Me')`,
      [randomUUID(), orgId, sopId, versionId, me.user.id],
    );
    const after = await json<ManagerDashboard>(await client.get('/api/dashboards/manager'), 200);
    expect(after.sopAcknowledgements).toEqual({ missing: 0, items: [] });
  });

  it('reports the auditor figures: evidence freshness, flags and the last chain check', async () => {
    const { client } = await newOrganisation();
    expect((await client.get('/api/audit/verify')).status).toBe(200);
    const dash = await json<InternalAuditorDashboard>(await client.get('/api/dashboards/internal-auditor'), 200);
    expect(dash.chain.ok).toBe(true);
    expect(dash.chain.checked).toBeGreaterThan(0);
    expect(dash.chain.lastVerifiedAt).not.toBeNull();
  });

  it('shows the demo organisation to each of its roles, and refuses the roles below each dashboard', async () => {
    const as = (email: string) => signIn(api.url!, email);
    const [admin, manager, auditor, user, sysops] = await Promise.all([
      as('admin@harborpoint.example'),
      as('manager@harborpoint.example'),
      as('auditor@harborpoint.example'),
      as('user@harborpoint.example'),
      as('sysops@muster.example'),
    ]);
    const adminDash = await json<AdminDashboard>(await admin.get('/api/dashboards/admin'), 200);
    const [members] = await sql<{ n: string }>(
      db.url,
      `SELECT count(*) AS n FROM memberships WHERE org_id = $1 AND status = 'active' AND role <> 'GUEST_AUDITOR'`,
      [demoOrgId],
    );
    expect(adminDash.seats.activeMembers).toBe(Number(members!.n));
    expect(adminDash.recentAudit.length).toBeGreaterThan(0);
    await json<ManagerDashboard>(await manager.get('/api/dashboards/manager'), 200);
    await json<InternalAuditorDashboard>(await auditor.get('/api/dashboards/internal-auditor'), 200);
    await json<UserDashboard>(await user.get('/api/dashboards/me'), 200);
    const support = await json<SysopsDashboard>(await sysops.get('/api/dashboards/sysops'), 200);
    const [articles] = await sql<{ n: string }>(db.url, `SELECT count(*) AS n FROM knowledge_articles WHERE status = 'in_review'`);
    expect(support.knowledgeInReview).toBe(Number(articles!.n));

    for (const [client, path] of [
      [user, '/api/dashboards/admin'],
      [user, '/api/dashboards/manager'],
      [user, '/api/dashboards/onboarding'],
      [user, '/api/dashboards/internal-auditor'],
      [user, '/api/dashboards/sysops'],
      [auditor, '/api/dashboards/manager'],
      [manager, '/api/dashboards/admin'],
      [manager, '/api/dashboards/executive'],
      [admin, '/api/dashboards/sysops'],
      [sysops, '/api/dashboards/admin'],
    ] as const) {
      expect([path, (await client.get(path)).status]).toEqual([path, 403]);
    }
  });

  it('exports the executive summary as a PDF in the reader’s language, with the figures of its page, and audits the export', async () => {
    const admin = await signIn(api.url!, 'admin@harborpoint.example');
    const manager = await signIn(api.url!, 'manager@harborpoint.example');
    const socket = await chatSocket(api.url!, admin);
    const renders = watchRenders(socket);
    try {
      expect((await manager.post('/api/documents/renders', { kind: 'executive-summary-pdf', language: 'en' })).status).toBe(403);
      const summary = await json<ExecutiveSummary>(await admin.get('/api/dashboards/executive'), 200);
      const exported = async (language: string): Promise<string> => {
        const started = await json<RenderView>(
          await admin.post('/api/documents/renders', { kind: 'executive-summary-pdf', language }),
          202,
        );
        const done = await renders.until((r) => r.id === started.id && (r.status === 'done' || r.status === 'failed'));
        expect(done).toMatchObject({ status: 'done', percent: 100 });
        const file = await admin.get(done.downloadUrl!);
        expect(file.headers.get('content-type')).toContain('application/pdf');
        return extractText(Buffer.from(await file.arrayBuffer()));
      };
      const english = comparable(await exported('en'));
      expect(english).toContain(comparable(summary.organization));
      const n = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value);
      expect(english).toContain(`${n(summary.seats.used)} of ${n(summary.seats.limit)}`);
      expect(english).toContain(String(summary.readiness.runs));
      // Arabic text is drawn with its glyphs (not dropped to boxes or question marks).
      const arabic = await exported('ar');
      expect(arabic).toMatch(/[\u0600-\u06FF]{3,}/);
      expect(arabic).not.toContain('?????');
      const [audited] = await sql<{ n: string }>(
        db.url,
        `SELECT count(*) AS n FROM audit_events WHERE org_id = $1 AND action = 'executive.summary.export'`,
        [demoOrgId],
      );
      expect(Number(audited!.n)).toBeGreaterThanOrEqual(2);
    } finally {
      socket.disconnect();
    }
  });
});
