import { QueueName, type DrillTemplateSummary, type SimulationRun, type SimulationRunSummary } from '@muster/contracts';
import { Queue } from 'bullmq';
import { signIn } from './support/accounts.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, nextEvent, type ChatSocket } from './support/chat.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';

/** One simulated minute is 100 ms of wall time at 1× here. */
const SCALE = 600;

describe('Drill simulation sandbox', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  const prefix = uniquePrefix();
  let sysops: TestClient;
  let admin: TestClient;
  let socket: ChatSocket;
  let template: DrillTemplateSummary;

  /** Reads the run at each `simulation:updated` of it until `done` holds. */
  async function until(id: string, done: (run: SimulationRun) => boolean): Promise<SimulationRun> {
    for (;;) {
      const pushed = nextEvent(socket, 'simulation:updated', (run) => run.id === id);
      const run = await json<SimulationRun>(await sysops.get(`/api/simulations/${id}`), 200);
      if (done(run)) return run;
      await pushed;
    }
  }

  const control = (id: string, action: string) => sysops.post(`/api/simulations/${id}/control`, { action });

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({
      databaseUrl: db.url,
      prefix,
      env: { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000', SIMULATION_TIME_SCALE: String(SCALE) },
    });
    sysops = await signIn(api.url!, 'sysops@muster.example');
    admin = await signIn(api.url!, 'admin@harborpoint.example');
    socket = await chatSocket(api.url!, sysops);
    const templates = await json<{ items: DrillTemplateSummary[] }>(await sysops.get('/api/simulations/templates'), 200);
    template = templates.items.find((t) => t.scenario === 'fire')!;
  });

  afterAll(async () => {
    socket?.close();
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('is for SYSOPS and above: lower roles are refused', async () => {
    const anonymous = await new TestClient(api.url!).init();
    expect((await anonymous.get('/api/simulations')).status).toBe(401);
    for (const email of ['admin@harborpoint.example', 'manager@harborpoint.example', 'user@harborpoint.example']) {
      const c = await signIn(api.url!, email);
      expect((await c.get('/api/simulations')).status).toBe(403);
      expect((await c.post('/api/simulations', { templateId: template.id, participants: 3 })).status).toBe(403);
    }
    for (const email of ['deputy@muster.example', 'root@muster.example']) {
      const c = await signIn(api.url!, email);
      expect((await c.get('/api/simulations')).status).toBe(200);
    }
  });

  it('refuses an unknown template, a bad number of participants and a bad speed with their reasons', async () => {
    const unknown = await json<{ reason: string }>(
      await sysops.post('/api/simulations', { templateId: '00000000-0000-4000-8000-000000000000', participants: 3 }),
      400,
    );
    expect(unknown.reason).toBe('simulation.unknownTemplate');
    const none = await json<{ reason: string }>(await sysops.post('/api/simulations', { templateId: template.id, participants: 0 }), 400);
    expect(none.reason).toBe('validation.peopleMin');
    const speed = await json<{ reason: string }>(
      await sysops.post('/api/simulations', { templateId: template.id, participants: 3, speed: 3 }),
      400,
    );
    expect(speed.reason).toBe('simulation.unknownSpeed');
    expect((await sysops.get('/api/simulations/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('plays with virtual participants who check in, acknowledge injects and complete steps; pauses, speeds up and resets', async () => {
    const runsBefore = await sql<{ n: string }>(db.url, 'SELECT count(*)::text AS n FROM drill_runs');
    const created = await json<SimulationRun>(await sysops.post('/api/simulations', { templateId: template.id, participants: 4 }), 201);
    expect(created).toMatchObject({ simulated: true, status: 'ready', speed: 1, rate: SCALE, elapsedMs: 0, events: [], participants: 4 });
    const list = await json<{ items: SimulationRunSummary[] }>(await sysops.get('/api/simulations'), 200);
    expect(list.items[0]).toMatchObject({ id: created.id, status: 'ready' });

    // Play: the first step starts at once; the participants check in within the muster window.
    const playing = await json<SimulationRun>(await control(created.id, 'play'), 200);
    expect(playing.status).toBe('playing');
    const checkedIn = await until(created.id, (run) => run.events.filter((e) => e.kind === 'check_in').length === 4);
    expect(checkedIn.events.filter((e) => e.kind === 'check_in').map((e) => e.participant)).toEqual([1, 2, 3, 4]);
    expect(checkedIn.events[0]).toMatchObject({ kind: 'step_started', atMs: 0 });

    // Pause: the clock stops where it was, and stays there.
    const paused = await json<SimulationRun>(await control(created.id, 'pause'), 200);
    expect(paused.status).toBe('paused');
    expect(paused.anchorAt).toBeNull();
    const later = await json<SimulationRun>(await sysops.get(`/api/simulations/${created.id}`), 200);
    expect(later.elapsedMs).toBe(paused.elapsedMs);
    expect(later.events.length).toBe(paused.events.length);
    expect((await json<{ reason: string }>(await control(created.id, 'pause'), 409)).reason).toBe('simulation.notPlaying');

    // 10×, then play to the end: every planned event happens.
    const fast = await json<SimulationRun>(await sysops.post(`/api/simulations/${created.id}/speed`, { speed: 10 }), 200);
    expect(fast).toMatchObject({ speed: 10, rate: 10 * SCALE, status: 'paused', elapsedMs: paused.elapsedMs });
    await json(await control(created.id, 'play'), 200);
    const done = await until(created.id, (run) => run.status === 'finished');
    expect(done.reachedMs).toBe(done.durationMs);
    expect(done.events.length).toBe(done.plannedEvents);
    const kinds = (kind: string) => done.events.filter((e) => e.kind === kind).length;
    expect(kinds('step_completed')).toBe(template.stepCount);
    expect(kinds('inject_acknowledged')).toBe(template.injectCount);
    expect(kinds('check_in')).toBe(4);
    expect(done.events.at(-1)).toMatchObject({ kind: 'finished' });
    expect((await json<{ reason: string }>(await control(created.id, 'play'), 409)).reason).toBe('simulation.finished');

    // Reset: back to the start, ready to play again.
    const reset = await json<SimulationRun>(await control(created.id, 'reset'), 200);
    expect(reset).toMatchObject({ status: 'ready', elapsedMs: 0, reachedMs: 0, events: [] });
    // Never a drill run.
    const runsAfter = await sql<{ n: string }>(db.url, 'SELECT count(*)::text AS n FROM drill_runs');
    expect(runsAfter[0]!.n).toBe(runsBefore[0]!.n);
  });

  it('changes the speed while playing without losing the time run so far', async () => {
    const created = await json<SimulationRun>(await sysops.post('/api/simulations', { templateId: template.id, participants: 2 }), 201);
    await json(await control(created.id, 'play'), 200);
    await until(created.id, (run) => run.events.some((e) => e.kind === 'check_in'));
    const faster = await json<SimulationRun>(await sysops.post(`/api/simulations/${created.id}/speed`, { speed: 5 }), 200);
    expect(faster).toMatchObject({ status: 'playing', speed: 5, rate: 5 * SCALE });
    expect(faster.elapsedMs).toBeGreaterThan(0);
    const done = await until(created.id, (run) => run.status === 'finished');
    expect(done.events.length).toBe(done.plannedEvents);
    expect((await sysops.delete(`/api/simulations/${created.id}`)).status).toBe(204);
    expect((await sysops.get(`/api/simulations/${created.id}`)).status).toBe(404);
  });

  it('never appears in drill runs, usage, cadences or packets', async () => {
    const read = async () => ({
      runs: await json<{ items: { id: string }[]; total?: number }>(await admin.get('/api/drills/runs?pageSize=100'), 200),
      usage: await json<Record<string, unknown>>(await admin.get('/api/usage'), 200),
      cadence: await json<Record<string, unknown>>(await admin.get('/api/drills/cadence'), 200),
      packets: await json<Record<string, unknown>>(await admin.get('/api/compliance/packets'), 200),
      usageRows: await sql<{ n: string }>(db.url, `SELECT count(*)::text AS n FROM usage_records`),
    });
    const before = await read();
    const created = await json<SimulationRun>(
      await sysops.post('/api/simulations', { templateId: template.id, participants: 3, speed: 10 }),
      201,
    );
    await json(await control(created.id, 'play'), 200);
    await until(created.id, (run) => run.status === 'finished');
    const after = await read();
    expect(after.runs.items.map((r) => r.id)).not.toContain(created.id);
    expect(after.runs.items.map((r) => r.id)).toEqual(before.runs.items.map((r) => r.id));
    expect(after.usage).toEqual(before.usage);
    expect(after.cadence).toEqual(before.cadence);
    expect(after.packets).toEqual(before.packets);
    expect(after.usageRows).toEqual(before.usageRows);
  });
});

/**
 * The simulated clock lives in the database, not in a worker: a worker that stops (and a tick job
 * Redis lost with it) does not stop a playing simulation. The next worker queues the tick again at
 * its start and plays the run to its end.
 */
describe('Drill simulation sandbox across a worker restart', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  let worker: ServerProcess | null = null;
  const prefix = uniquePrefix();
  const env = { AUTH_ATTEMPTS_PER_IP: '10000', SIMULATION_TIME_SCALE: String(SCALE) };

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await startServer({ databaseUrl: db.url, prefix, role: 'api', env: { ...env, SEED_ON_EMPTY: 'true' } });
    worker = await startServer({ databaseUrl: db.url, prefix, role: 'worker', env });
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('goes on playing from the stored clock after the worker restarts, even with its tick job lost', async () => {
    const sysops = await signIn(api.url!, 'sysops@muster.example');
    const socket = await chatSocket(api.url!, sysops);
    try {
      const templates = await json<{ items: DrillTemplateSummary[] }>(await sysops.get('/api/simulations/templates'), 200);
      const fire = templates.items.find((t) => t.scenario === 'fire')!;
      const created = await json<SimulationRun>(await sysops.post('/api/simulations', { templateId: fire.id, participants: 2 }), 201);
      const checkedIn = nextEvent(
        socket,
        'simulation:updated',
        (run) => run.id === created.id && run.events.some((e) => e.kind === 'check_in'),
      );
      await json(await sysops.post(`/api/simulations/${created.id}/control`, { action: 'play' }), 200);
      await checkedIn;

      // The worker stops; the queued tick is lost with Redis' delayed jobs.
      expect(await worker!.stop()).toBe(0);
      worker = null;
      const drills = new Queue(QueueName.Drills, { connection: { url: REDIS_URL }, prefix });
      try {
        await drills.drain(true);
        expect(await drills.getDelayedCount()).toBe(0);
      } finally {
        await drills.close();
      }
      const stalled = await json<SimulationRun>(await sysops.get(`/api/simulations/${created.id}`), 200);
      expect(stalled.status).toBe('playing');

      // A new worker picks the clock up from the database (no tick is queued anywhere now) and plays the run to its end.
      const finished = nextEvent(socket, 'simulation:updated', (run) => run.id === created.id && run.status === 'finished');
      worker = await startServer({ databaseUrl: db.url, prefix, role: 'worker', env });
      const done = await finished;
      expect(done.reachedMs).toBe(done.durationMs);
      expect(done.events.length).toBe(done.plannedEvents);
      expect(done.events.filter((e) => e.kind === 'check_in')).toHaveLength(2);
      // Each event happened once, in the order of the clock.
      const times = done.events.map((e) => e.atMs);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    } finally {
      socket.close();
    }
  });
});
