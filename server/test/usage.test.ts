import { randomUUID } from 'node:crypto';
import type { DrillMember, UsageAlert, UsageOverview } from '@muster/contracts';
import { signIn, signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, collect, nextEvent, type ChatSocket } from './support/chat.js';
import { fileForm, type TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { libraryTemplate, membersByRole, scheduleRun } from './support/drills.js';
import { expectJson as json } from './support/http.js';

/**
 * Usage metering, limits and alerts against real PostgreSQL, Redis and Socket.IO clients, driven
 * through the product's own metered path (starting drill runs): alerts pushed once to every member
 * socket of the organisation and to no other, per-member dismissal, enforcement at the Basic limit
 * with and without overage billing, and concurrent starts that add up exactly.
 */
describe('Usage', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  const prefix = uniquePrefix();
  const sockets: ChatSocket[] = [];
  let admin: TestClient;
  let manager: TestClient;
  let user: TestClient;
  let people: Record<string, DrillMember>;
  let templateId: string;

  async function socketOf(client: TestClient): Promise<ChatSocket> {
    const socket = await chatSocket(api.url!, client);
    sockets.push(socket);
    return socket;
  }

  /** Schedules a run of a library template led by `leadId` and starts it from the console; answers the ack. */
  async function startRun(client: TestClient, socket: ChatSocket, leadId: string) {
    const run = await scheduleRun(client, { templateId, leadUserId: leadId });
    return socket.emitWithAck('console:control', { runId: run.id, action: 'start' });
  }

  async function overview(client: TestClient): Promise<UsageOverview> {
    return json<UsageOverview>(await client.get('/api/usage'), 200);
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({ databaseUrl: db.url, prefix, env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' } });
    [admin, manager, user] = await Promise.all([
      signIn(api.url!, 'admin@harborpoint.example'),
      signIn(api.url!, 'manager@harborpoint.example'),
      signIn(api.url!, 'user@harborpoint.example'),
    ]);
    people = await membersByRole(admin);
    templateId = (await libraryTemplate(manager, 'evacuation')).id;
    // The demo organisation is on Standard; this file needs it on Basic (10 runs a month).
    await sql(db.url, `UPDATE subscriptions SET plan = 'basic'`);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('pushes each crossed threshold once to every member socket of the organisation, refuses the 11th run, and bills it with overage on', async () => {
    const lead = await socketOf(manager);
    const members = [lead, await socketOf(admin), await socketOf(user), await socketOf(user)];
    const outsider = await socketOf(await signUpElsewhere(api.url!));
    const received = members.map((s) => collect(s, 'usage:alert'));
    const leaked = collect(outsider, 'usage:alert');

    for (let i = 0; i < 8; i += 1) expect(await startRun(manager, lead, people.MANAGER!.id)).toMatchObject({ ok: true });
    expect((await overview(user)).resources.find((r) => r.resourceType === 'drill')).toMatchObject({
      used: 8,
      limit: 10,
      percent: 80,
      enforced: true,
    });

    // The 9th run reaches 90 %, the 10th 100 %: each member socket gets each alert once.
    const at90 = members.map((s) => nextEvent(s, 'usage:alert', (a) => a.threshold === 90));
    expect(await startRun(manager, lead, people.MANAGER!.id)).toMatchObject({ ok: true });
    const [urgent] = await Promise.all(at90);
    expect(urgent).toEqual({ id: expect.any(String), threshold: 90, resourceType: 'drill' });
    const at100 = members.map((s) => nextEvent(s, 'usage:alert', (a) => a.threshold === 100));
    expect(await startRun(manager, lead, people.MANAGER!.id)).toMatchObject({ ok: true });
    const [critical] = await Promise.all(at100);
    for (const list of received) expect(list).toEqual([urgent, critical]);

    // The 11th is refused with a message that says what to do; nothing is counted.
    const refused = await startRun(manager, lead, people.MANAGER!.id);
    expect(refused).toEqual({
      ok: false,
      code: 'USAGE_LIMIT_REACHED',
      reason: 'usage.drillLimitReached',
      params: { limit: 10 },
      message:
        "Your plan's limit of 10 drill runs this month is reached. Upgrade your plan, or ask an administrator to turn on overage billing.",
    });
    expect((await overview(user)).resources.find((r) => r.resourceType === 'drill')!.used).toBe(10);

    // Listed most severe first; dismissing is per member and takes the lower threshold with it.
    const expected: UsageAlert[] = [critical!, urgent!];
    expect(await json(await user.get('/api/usage/alerts'), 200)).toEqual(expected);
    expect((await user.request('PATCH', `/api/usage/alerts/${critical!.id}/dismiss`)).status).toBe(204);
    expect(await json(await user.get('/api/usage/alerts'), 200)).toEqual([]);
    expect(await json(await manager.get('/api/usage/alerts'), 200)).toEqual(expected);

    // Overage billing: only an ADMIN turns it on; then the 11th and 12th runs go through and accrue one block.
    expect((await manager.request('PUT', '/api/usage/overage', { enabled: true })).status).toBe(403);
    const withOverage = await json<UsageOverview>(await admin.request('PUT', '/api/usage/overage', { enabled: true }), 200);
    expect(withOverage).toMatchObject({ plan: 'basic', overageEnabled: true, overageOffered: true });
    expect(await startRun(manager, lead, people.MANAGER!.id)).toMatchObject({ ok: true });
    expect(await startRun(manager, lead, people.MANAGER!.id)).toMatchObject({ ok: true });
    const billed = await overview(admin);
    expect(billed.resources.find((r) => r.resourceType === 'drill')).toMatchObject({ used: 12, percent: 120, enforced: false });
    expect(billed.charges).toMatchObject({ runsOverLimit: 2, runBlocks: 1, runCents: 5000, totalCents: 5000 });

    // A new threshold is alerted at once when usage is already past it; no threshold was alerted twice.
    const at50 = nextEvent(lead, 'usage:alert', (a) => a.threshold === 50);
    await json(await admin.request('PUT', '/api/usage/thresholds', { resourceType: 'drill', thresholds: [100, 50, 90] }), 200);
    const half = await at50;
    expect(received[0]).toEqual([urgent, critical, half]);
    expect(leaked).toEqual([]);
    const audit = await sql<{ action: string }>(
      db.url,
      `SELECT action FROM audit_events WHERE action LIKE 'billing.%' OR action LIKE 'usage.%'`,
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['billing.overage.enable', 'usage.thresholds.change']);
  });

  it('meters storage as the stored level, carried from month to month, counts every file and every mail of the organisation', async () => {
    const storageOf = (o: UsageOverview) => o.resources.find((r) => r.resourceType === 'storage')!.used;
    const emailsOf = (o: UsageOverview) => o.resources.find((r) => r.resourceType === 'email')!.used;
    // The seeded history ends at 2.63 GB last month; this month the seed stored only the document
    // library's files: the level carries last month's and adds them.
    const before = await overview(admin);
    const lastMonth = before.history.at(-2)!.usage.storage;
    expect(lastMonth).toBe(2_630_000_000);
    const [{ bytes }] = (await sql<{ bytes: string }>(
      db.url,
      `SELECT COALESCE(SUM(v.size), 0)::text AS bytes FROM compliance_document_versions v JOIN organizations o ON o.id = v.org_id WHERE o.name = 'Harbor Point Port Authority'`,
    )) as [{ bytes: string }];
    expect(Number(bytes)).toBeGreaterThan(0);
    expect(storageOf(before)).toBe(lastMonth + Number(bytes));
    expect(before.history.at(-1)!.usage.storage).toBe(storageOf(before));

    // A ticket file and a live-chat file add to the level.
    const ticket = await json<{ id: string }>(
      await user.post('/api/tickets', {
        subject: 'Evacuation map',
        description: 'The map of berth 4.',
        category: 'question',
        priority: 'normal',
      }),
      201,
    );
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1_000, 7)]);
    await json(await user.postForm(`/api/tickets/${ticket.id}/attachments`, fileForm(png, 'map.png', 'image/png')), 201);
    expect(storageOf(await overview(admin))).toBe(storageOf(before) + png.length);

    const sysops = await signIn(api.url!, 'sysops@muster.example');
    expect((await sysops.patch('/api/chat/operators/me', { presence: 'online', capacity: 3 })).status).toBe(200);
    const started = await json<{ outcome: string; chat: { id: string } }>(
      await user.post('/api/chats', { message: 'Here is the photo of the muster point.', language: 'en' }),
      201,
    );
    expect(started.outcome).toBe('chat');
    await json(await user.postForm(`/api/chats/${started.chat.id}/attachments`, fileForm(png, 'muster.png', 'image/png')), 201);
    expect(storageOf(await overview(admin))).toBe(storageOf(before) + 2 * png.length);
    await sysops.patch('/api/chat/operators/me', { presence: 'offline', capacity: 3 });

    // Support's reply is mailed to the customer: one more email of the organisation once it is sent.
    const emailsBefore = emailsOf(await overview(admin));
    await json(await sysops.post(`/api/tickets/${ticket.id}/comments`, { body: 'Thank you: the map is on file.' }), 201);
    const deadline = Date.now() + 15_000;
    let emails = emailsBefore;
    while (emails === emailsBefore && Date.now() < deadline) emails = emailsOf(await overview(admin));
    expect(emails).toBeGreaterThanOrEqual(emailsBefore + 1);
  });

  it('lets concurrent starts add up exactly, and never past the limit without overage', async () => {
    // A new organisation: a Basic trial, nothing used yet.
    const owner = await signUpElsewhere(api.url!);
    const socket = await socketOf(owner);
    const { items } = await json<{ items: DrillMember[] }>(await owner.get('/api/drills/members'), 200);
    const runs = await Promise.all(Array.from({ length: 14 }, () => scheduleRun(owner, { templateId, leadUserId: items[0]!.id })));
    const answers = await Promise.all(runs.map((run) => socket.emitWithAck('console:control', { runId: run.id, action: 'start' })));
    expect(answers.filter((a) => a.ok)).toHaveLength(10);
    expect(answers.filter((a) => !a.ok).map((a) => !a.ok && a.code)).toEqual(Array(4).fill('USAGE_LIMIT_REACHED'));
    expect((await overview(owner)).resources.find((r) => r.resourceType === 'drill')!.used).toBe(10);
    const started = await sql<{ n: number }>(
      db.url,
      `SELECT count(*)::int AS n FROM drill_runs WHERE id = ANY($1) AND status = 'in_progress'`,
      [runs.map((r) => r.id)],
    );
    expect(started[0]!.n).toBe(10);

    // With overage on, every concurrent start counts once.
    await json(await owner.request('PUT', '/api/usage/overage', { enabled: true }), 200);
    const more = await Promise.all(Array.from({ length: 20 }, () => scheduleRun(owner, { templateId, leadUserId: items[0]!.id })));
    const all = await Promise.all(more.map((run) => socket.emitWithAck('console:control', { runId: run.id, action: 'start' })));
    expect(all.every((a) => a.ok)).toBe(true);
    expect((await overview(owner)).resources.find((r) => r.resourceType === 'drill')!.used).toBe(30);
  });

  it('refuses bad input and other organisations’ alerts with clear answers, never a 500', async () => {
    const bad = async (body: unknown) =>
      (await json<{ fields: Record<string, string> }>(await admin.request('PUT', '/api/usage/thresholds', body), 400)).fields;
    expect(await bad({ resourceType: 'bandwidth', thresholds: [90, 100] })).toHaveProperty('resourceType');
    expect(await bad({ resourceType: 'email', thresholds: [-5, 90, 100] })).toEqual({ 'thresholds.0': 'Must be at least 1' });
    expect(await bad({ resourceType: 'email', thresholds: [50] })).toEqual({ thresholds: 'Thresholds 90 and 100 cannot be removed' });
    expect(await bad({ resourceType: 'email', thresholds: [10, 20, 30, 40, 50, 90, 100] })).toEqual({ thresholds: 'At most 6 thresholds' });
    expect((await admin.request('PUT', '/api/usage/overage', { enabled: 'yes' })).status).toBe(400);
    expect((await user.request('PUT', '/api/usage/thresholds', { resourceType: 'email', thresholds: [90, 100] })).status).toBe(403);

    // Another organisation's alert, an unknown one and a malformed id are all not found.
    const outsider = await signUpElsewhere(api.url!);
    const [alert] = await json<UsageAlert[]>(await manager.get('/api/usage/alerts'), 200);
    for (const id of [alert!.id, randomUUID(), 'not-an-id']) {
      expect((await outsider.request('PATCH', `/api/usage/alerts/${id}/dismiss`)).status).toBe(404);
    }
    // Platform staff have no organisation: no alerts, and no usage of their own.
    const staff = await signIn(api.url!, 'sysops@muster.example');
    expect(await json(await staff.get('/api/usage/alerts'), 200)).toEqual([]);
    expect((await staff.get('/api/usage')).status).toBe(403);
    expect(api.logs.filter((l) => l.level === 50)).toEqual([]);
  });
});
