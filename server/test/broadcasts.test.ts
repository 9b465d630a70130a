import {
  JobName,
  jobIds,
  QueueName,
  type Broadcast,
  type BroadcastAcks,
  type MyBroadcast,
  type MyBroadcastList,
  type PlatformOverview,
} from '@muster/contracts';
import { Queue, type QueueEvents } from 'bullmq';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, collect, nextEvent, type ChatSocket } from './support/chat.js';
import type { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';
import { queueEventsFromNow } from './support/jobs.js';

const HOUR = 3_600_000;
const texts = (en: string, extra: Record<string, { title: string; body: string }> = {}) => ({
  en: { title: en, body: `${en} body` },
  ...extra,
});

describe('Platform broadcasts', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let root: TestClient;
  let manager: TestClient;
  let user: TestClient;
  let outsider: TestClient;
  let sockets: Record<'manager' | 'user' | 'outsider', ChatSocket>;
  let orgId: string;
  let queue: Queue;
  let events: QueueEvents;
  const prefix = uniquePrefix();

  async function create(body: Record<string, unknown>): Promise<Broadcast> {
    const broadcast = await json<Broadcast>(await root.post('/api/broadcasts', body), 201);
    ours.add(broadcast.id);
    return broadcast;
  }
  const window = () => ({ startsAt: new Date(Date.now() - 1000).toISOString(), endsAt: new Date(Date.now() + HOUR).toISOString() });
  /** The test's own broadcasts that `c` reads now (the seed has its own for the demo platform). */
  const ours = new Set<string>();
  const mine = async (c: TestClient) =>
    (await json<MyBroadcastList>(await c.get('/api/broadcasts/active'), 200)).items.filter((b) => ours.has(b.id));

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    const [org] = await sql<{ id: string }>(db.url, `SELECT id FROM organizations WHERE name = 'Harbor Point Port Authority'`);
    orgId = org!.id;
    // The demo organisation on Enterprise; its manager reads Spanish.
    await sql(db.url, `UPDATE subscriptions SET plan = 'enterprise' WHERE org_id = $1`, [orgId]);
    await sql(db.url, `UPDATE users SET language = 'es' WHERE email = 'manager@harborpoint.example'`);
    root = await signIn(server.url!, 'root@muster.example');
    manager = await signIn(server.url!, 'manager@harborpoint.example');
    user = await signIn(server.url!, 'user@harborpoint.example');
    outsider = await signUpElsewhere(server.url!);
    sockets = {
      manager: await chatSocket(server.url!, manager),
      user: await chatSocket(server.url!, user),
      outsider: await chatSocket(server.url!, outsider),
    };
    queue = new Queue(QueueName.System, { connection: { url: REDIS_URL }, prefix });
    events = await queueEventsFromNow(QueueName.System, prefix);
    await events.waitUntilReady();
  });

  afterAll(async () => {
    for (const s of Object.values(sockets ?? {})) s.disconnect();
    await events?.close();
    await queue?.close();
    await server?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('only root admins write broadcasts; the end comes after the start; the English title is required', async () => {
    const deputy = await signIn(server.url!, 'deputy@muster.example');
    expect((await deputy.get('/api/broadcasts')).status).toBe(403);
    expect((await manager.post('/api/broadcasts', { texts: texts('x'), target: {}, ...window() })).status).toBe(403);
    expect(
      await json(
        await root.post('/api/broadcasts', { texts: texts('Bad'), target: {}, startsAt: window().endsAt, endsAt: window().startsAt }),
        400,
      ),
    ).toMatchObject({ fieldReasons: { endsAt: { reason: 'broadcasts.endBeforeStart' } } });
    expect(
      await json(await root.post('/api/broadcasts', { texts: { en: { title: '', body: '' } }, target: {}, ...window() }), 400),
    ).toMatchObject({
      fieldReasons: { 'texts.en.title': { reason: 'broadcasts.titleRequired' } },
    });
  });

  it("reaches one organisation's managers live, in their language, and no one else; late joiners read it; acknowledgements are listed per organisation", async () => {
    const seenByUser = collect(sockets.user, 'broadcast:started');
    const seenByOutsider = collect(sockets.outsider, 'broadcast:started');
    const arrived = nextEvent(sockets.manager, 'broadcast:started');
    const made = await create({
      texts: texts('Maintenance tonight', { es: { title: 'Mantenimiento esta noche', body: 'De 22:00 a 23:00' } }),
      severity: 'warning',
      display: 'banner',
      requiresAck: true,
      target: { orgIds: [orgId], roles: ['MANAGER'] },
      ...window(),
    });
    expect(made).toMatchObject({ state: 'active', acknowledgements: 0, target: { orgIds: [orgId], roles: ['MANAGER'], plans: [] } });
    const live = await arrived;
    expect(live).toMatchObject({ id: made.id, title: 'Mantenimiento esta noche', language: 'es', requiresAck: true, acknowledgedAt: null });

    // Late joiners: the manager reads it, the others do not have it.
    expect((await mine(manager)).map((b) => b.id)).toEqual([made.id]);
    expect(await mine(user)).toEqual([]);
    expect(await mine(outsider)).toEqual([]);
    // Someone outside the target cannot acknowledge it (it is not theirs to see).
    expect((await user.post(`/api/broadcasts/${made.id}/acknowledge`)).status).toBe(404);

    const gone = nextEvent(sockets.manager, 'broadcast:ended', (p) => p.id === made.id);
    const ack = await json<MyBroadcast>(await manager.post(`/api/broadcasts/${made.id}/acknowledge`), 200);
    expect(ack.acknowledgedAt).not.toBeNull();
    await gone;
    // Twice is once.
    await json(await manager.post(`/api/broadcasts/${made.id}/acknowledge`), 200);
    const acks = await json<BroadcastAcks>(await root.get(`/api/broadcasts/${made.id}/acknowledgements`), 200);
    expect(acks.organizations).toEqual([
      expect.objectContaining({
        orgId,
        orgName: 'Harbor Point Port Authority',
        count: 1,
        people: [expect.objectContaining({ email: 'manager@harborpoint.example' })],
      }),
    ]);
    const listed = await json<{ items: Broadcast[] }>(await root.get('/api/broadcasts'), 200);
    expect(listed.items.find((b) => b.id === made.id)?.acknowledgements).toBe(1);
    expect(seenByUser).toEqual([]);
    expect(seenByOutsider).toEqual([]);
  });

  it('targets by plan: members of organisations on the plan, in English when their language has no text', async () => {
    const seenByOutsider = collect(sockets.outsider, 'broadcast:started');
    const toUser = nextEvent(sockets.user, 'broadcast:started');
    const toManager = nextEvent(sockets.manager, 'broadcast:started');
    const made = await create({
      texts: texts('Enterprise webinar', { zh: { title: '企业网络研讨会', body: '' } }),
      display: 'notification',
      target: { plans: ['enterprise'] },
      ...window(),
    });
    expect(await toUser).toMatchObject({ id: made.id, title: 'Enterprise webinar', language: 'en' });
    // The manager reads Spanish, which has no text: English.
    expect(await toManager).toMatchObject({ id: made.id, title: 'Enterprise webinar', language: 'en' });
    expect(await mine(outsider)).toEqual([]);
    expect(seenByOutsider).toEqual([]);
    const [n] = await sql<{ n: string }>(
      db.url,
      `SELECT count(*) AS n FROM notifications WHERE kind = 'broadcast' AND data->>'broadcastId' = $1`,
      [made.id],
    );
    expect(Number(n!.n)).toBeGreaterThanOrEqual(2);
  });

  it('a scheduled broadcast is pushed by its delayed job at the start; ending it takes it off the screens live', async () => {
    const startsAt = new Date(Date.now() + HOUR);
    const made = await create({
      texts: texts('Everyone: new terms'),
      target: {},
      startsAt: startsAt.toISOString(),
      endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    expect(made.state).toBe('scheduled');
    expect(await mine(outsider)).toEqual([]);
    // Bring the start forward and run the job now, as the clock would.
    await sql(db.url, `UPDATE broadcasts SET starts_at = now() - interval '1 second' WHERE id = $1`, [made.id]);
    const jobId = jobIds.broadcastStarts(made.id, startsAt);
    const job = await queue.getJob(jobId);
    expect(job?.name).toBe(JobName.BroadcastStarts);
    const toOutsider = nextEvent(sockets.outsider, 'broadcast:started', (b) => b.id === made.id);
    const toUser = nextEvent(sockets.user, 'broadcast:started', (b) => b.id === made.id);
    await job!.promote();
    await Promise.all([toOutsider, toUser]);
    expect((await mine(outsider)).map((b) => b.id)).toContain(made.id);

    const ended = nextEvent(sockets.outsider, 'broadcast:ended', (p) => p.id === made.id);
    expect(await json<Broadcast>(await root.post(`/api/broadcasts/${made.id}/end`), 200)).toMatchObject({ state: 'ended' });
    await ended;
    expect((await mine(outsider)).map((b) => b.id)).not.toContain(made.id);
    expect(await json(await root.post(`/api/broadcasts/${made.id}/end`), 409)).toMatchObject({ reason: 'broadcasts.ended' });
  });

  it("gives the platform's overview to root and deputy admins", async () => {
    const deputy = await signIn(server.url!, 'deputy@muster.example');
    expect((await manager.get('/api/platform/overview')).status).toBe(403);
    const overview = await json<PlatformOverview>(await deputy.get('/api/platform/overview'), 200);
    const [counts] = await sql<{ n: string }>(
      db.url,
      `SELECT count(*) AS n FROM organizations o WHERE NOT EXISTS (SELECT 1 FROM organization_terminations t WHERE t.org_id = o.id AND t.status = 'terminated')`,
    );
    expect(overview.organizations).toBe(Number(counts!.n));
    expect(overview.organizationsByPlan.find((p) => p.plan === 'enterprise')?.count).toBeGreaterThanOrEqual(1);
    expect(overview.growth).toHaveLength(12);
    const thisMonth = new Date().toISOString().slice(0, 7);
    const [created] = await sql<{ n: string }>(
      db.url,
      `SELECT count(*) AS n FROM organizations WHERE to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') = $1`,
      [thisMonth],
    );
    expect(overview.growth.at(-1)).toEqual({ month: thisMonth, count: Number(created!.n) });
    const [paid] = await sql<{ cents: string }>(
      db.url,
      `SELECT COALESCE(sum(total_cents), 0) AS cents FROM invoices WHERE provider = 'builtin' AND status = 'paid' AND paid_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    );
    expect(overview.revenueThisMonthCents).toBe(Number(paid!.cents));
    expect(overview.queues.map((q) => q.name)).toContain(QueueName.System);
    const [active] = await sql<{ n: string }>(db.url, `SELECT count(*) AS n FROM broadcasts WHERE starts_at <= now() AND ends_at > now()`);
    expect(overview.activeBroadcasts).toBe(Number(active!.n));
    expect(overview.scheduledBroadcasts).toBeGreaterThanOrEqual(1);
    const [pending] = await sql<{ n: string }>(
      db.url,
      `SELECT count(*) AS n FROM approval_requests WHERE status = 'pending' AND NOT break_glass`,
    );
    expect(overview.pendingApprovals).toBe(Number(pending!.n));
  });
});
