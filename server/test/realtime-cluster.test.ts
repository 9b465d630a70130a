import type { ClientToServerEvents, ProbeResult, ServerToClientEvents } from '@muster/contracts';
import { io, type Socket } from 'socket.io-client';
import { signUpElsewhere } from './support/accounts.js';
import { chatSocket, expectOk, nextEvent } from './support/chat.js';
import { TestClient } from './support/client.js';
import { joinConsole, libraryTemplate, membersByRole, scheduleRun } from './support/drills.js';
import { expectJson, json } from './support/http.js';
import { createTestDatabase } from './support/databases.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

function connect(baseUrl: string, origin = 'http://localhost:5173'): Promise<ClientSocket> {
  const socket: ClientSocket = io(baseUrl, { transports: ['websocket'], extraHeaders: { origin }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/**
 * Two api instances and one worker share PostgreSQL and Redis, as in production. A POST to
 * instance A enqueues a job; the worker handles it and emits through the Redis streams
 * adapter; the client connected to instance B receives it.
 */
describe('Realtime across instances', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let apiA: ServerProcess;
  let apiB: ServerProcess;
  let worker: ServerProcess;
  const prefix = uniquePrefix();
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    [apiA, apiB, worker] = await Promise.all([
      startServer({ databaseUrl: db.url, prefix, role: 'api' }),
      startServer({ databaseUrl: db.url, prefix, role: 'api' }),
      startServer({ databaseUrl: db.url, prefix, role: 'worker' }),
    ]);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([apiA, apiB, worker].map((m) => m?.stop()));
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('runs the worker without an HTTP listener and the api instances without workers', async () => {
    expect(worker.url).toBeNull();
    const health = await json(await fetch(`${apiA.url}/api/health`));
    expect(health.role).toBe('api');
  });

  it.each([
    ['B', 'A'],
    ['A', 'B'],
  ])('delivers a job-emitted event to a client on instance %s after a POST to instance %s', async (clientOn, postTo) => {
    const byName = { A: apiA, B: apiB } as Record<string, ServerProcess>;
    const client = await connect(byName[clientOn]!.url!);
    sockets.push(client);
    const received = new Promise<ProbeResult>((resolve) => client.once('health:probe-result', resolve));

    const res = await (await new TestClient(byName[postTo]!.url!).init()).post('/api/health/probe', { socketId: client.id });
    expect(res.status).toBe(202);
    const { probeId } = await json(res);

    const result = await received;
    expect(result.probeId).toBe(probeId);
    // Only the worker process runs jobs; the api instances run none.
    expect(result.handledBy).toBe(worker.node);
    expect([apiA.node, apiB.node]).not.toContain(worker.node);
    expect(result.handledAt).toBeGreaterThanOrEqual(result.enqueuedAt);
  });

  it('answers a ping with an acknowledgement carrying the server time', async () => {
    const client = await connect(apiA.url!);
    sockets.push(client);
    const sentAt = Date.now();
    const ack = await client.timeout(5000).emitWithAck('system:ping', { sentAt });
    expect(ack).toMatchObject({ ok: true, sentAt, node: apiA.node });
    const bad = await client.timeout(5000).emitWithAck('system:ping', { sentAt: 'soon' as unknown as number });
    expect(bad).toEqual({
      ok: false,
      code: 'VALIDATION_FAILED',
      reason: 'common.sentAtNumber',
      params: {},
      message: 'sentAt must be a number',
    });
  });

  it('follows a changed profile on every instance: a socket on B acts under the name changed through A, and hears session:updated', async () => {
    const admin = await signUpElsewhere(apiA.url!);
    const me = (await membersByRole(admin)).ADMIN!;
    const run = await scheduleRun(admin, { templateId: (await libraryTemplate(admin, 'fire')).id, leadUserId: me.id });
    const socket = await chatSocket(apiB.url!, admin);
    sockets.push(socket);
    await joinConsole(socket, run.id);

    const updated = nextEvent(socket, 'session:updated');
    await expectJson(await admin.patch('/api/auth/profile', { firstName: 'Ines', lastName: 'Okafor' }), 200);
    // The event follows the principal's refresh on the same adapter stream: B already acts as the new principal.
    expect((await updated).user).toMatchObject({ firstName: 'Ines', lastName: 'Okafor' });
    const { log } = expectOk(await socket.emitWithAck('console:control', { runId: run.id, action: 'start' }));
    expect(log.actor).toMatchObject({ name: 'Ines Okafor' });
    // And B's HTTP answers the new profile from the session, without a reconnect or sign-in.
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const onB = await expectJson<{ user: { firstName: string } }>(await fetch(`${apiB.url!}/api/auth/me`, { headers: { cookie } }), 200);
    expect(onB.user.firstName).toBe('Ines');
  });

  it('ends a session on every instance: signed out through A, B (which keeps the session) answers 401 within a second', async () => {
    const admin = await signUpElsewhere(apiA.url!);
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const meOnB = (): Promise<Response> => fetch(`${apiB.url!}/api/auth/me`, { headers: { cookie } });
    await expectJson(await meOnB(), 200);
    await expectJson(await meOnB(), 200);
    await expectJson(await admin.post('/api/auth/logout'), 200);
    // B learns it from Redis' invalidation message, sent while the session was deleted.
    const deadline = Date.now() + 1000;
    let status = (await meOnB()).status;
    while (status === 200 && Date.now() < deadline) status = (await meOnB()).status;
    expect(status).toBe(401);
  });

  it('refuses a socket whose Origin is not configured', async () => {
    await expect(connect(apiA.url!, 'https://evil.example')).rejects.toThrow();
  });
});
