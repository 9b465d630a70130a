import { randomUUID } from 'node:crypto';
import type { Ack, ChatMessage, ErrorBody, StartChatResult } from '@muster/contracts';
import { DEMO_PASSWORD, signIn } from './support/accounts.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, subscribe, type ChatSocket } from './support/chat.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { sql } from './support/db.js';
import { expectJson as json } from './support/http.js';
import { TcpProxy } from './support/tcp-proxy.js';

/**
 * PostgreSQL or Redis unreachable for a while, through a proxy in the test process (the shared
 * servers keep running): requests that need the store answer 503 with the store's reason and
 * Retry-After, never 500; sockets stay connected; everything works again once the store is back,
 * with no restart.
 */
describe('A store that cannot be reached', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pgProxy: TcpProxy;
  let redisProxy: TcpProxy;
  /** Its database through `pgProxy`. */
  let apiDb: ServerProcess;
  /** Its Redis through `redisProxy`. */
  let apiRedis: ServerProcess;
  const prefix = uniquePrefix();
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const target = (url: string) => ({ host: new URL(url).hostname, port: Number(new URL(url).port) });
    pgProxy = await TcpProxy.start(target(db.url));
    redisProxy = await TcpProxy.start(target(REDIS_URL));
    const env = { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000', CHATS_PER_HOUR: '1000' };
    apiDb = await startServer({ databaseUrl: pgProxy.urlFor(db.url), prefix, env });
    apiRedis = await startServer({ databaseUrl: db.url, prefix, role: 'api', env: { ...env, REDIS_URL: redisProxy.urlFor(REDIS_URL) } });
    // Two servers, the first seeding its database through the proxy: slow on a busy machine.
  }, 180_000);

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([pgProxy?.up(), redisProxy?.up()]);
    await Promise.all([apiDb?.stop(), apiRedis?.stop()]);
    await Promise.all([pgProxy?.down(), redisProxy?.down()]);
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  async function unavailable(res: Response, reason: string): Promise<void> {
    expect({ status: res.status, retryAfter: res.headers.get('retry-after') }).toEqual({ status: 503, retryAfter: '5' });
    expect((await res.json()) as ErrorBody).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: expect.stringContaining('cannot be reached right now'),
      code: 'SERVICE_UNAVAILABLE',
      reason,
      params: {},
      requestId: expect.any(String),
    });
  }

  it('answers 503 while PostgreSQL is down, keeps the sockets connected, and serves again once it is back', async () => {
    const member = await signIn(apiDb.url!, 'user@harborpoint.example');
    expect((await member.get('/api/tickets')).status).toBe(200);
    const socket = await chatSocket(apiDb.url!, member);
    sockets.push(socket);
    const disconnects: string[] = [];
    socket.on('disconnect', (why) => disconnects.push(why));

    await pgProxy.down();
    // Reads and changes, one and many at once (the pool's cut connections, then refused ones).
    await unavailable(await member.get('/api/tickets'), 'common.databaseUnavailable');
    const burst = await Promise.all(Array.from({ length: 12 }, () => member.get('/api/tickets')));
    expect(burst.map((r) => r.status)).toEqual(Array.from({ length: 12 }, () => 503));
    await unavailable(
      await member.post('/api/tickets', { subject: 'Printer', description: 'The muster list does not print', category: 'other' }),
      'common.databaseUnavailable',
    );
    // A socket request that needs the database is answered the same way, through its acknowledgement.
    expect(await socket.emitWithAck('chat:subscribe', { chatId: randomUUID() })).toMatchObject({
      ok: false,
      code: 'SERVICE_UNAVAILABLE',
      reason: 'common.databaseUnavailable',
    });
    expect((await member.get('/api/health')).status).toBe(503);

    await pgProxy.up();
    expect((await member.get('/api/tickets')).status).toBe(200);
    expect(await socket.emitWithAck('chat:subscribe', { chatId: randomUUID() })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect({ connected: socket.connected, disconnects }).toEqual({ connected: true, disconnects: [] });
    // An outage is not a bug: logged as a warning, never as an unexpected error.
    expect(apiDb.logs.filter((l) => l.context === 'Errors' && l.level === 50)).toEqual([]);
    expect(apiDb.logs.filter((l) => l.context === 'Errors' && l.level === 40).length).toBeGreaterThan(0);
  });

  it('loses no acknowledged chat message when PostgreSQL goes away under load, and stores each message once', async () => {
    const startedAt = Date.now();
    const CONVERSATIONS = 8;
    /** Messages each customer has acknowledged before the outage, and after it. */
    const BEFORE = 20;
    const AFTER = 20;
    const operator = await signIn(apiDb.url!, 'sysops@muster.example');
    await json(await operator.request('PATCH', '/api/chat/operators/me', { presence: 'online', capacity: 20 }), 200);
    const chats: { id: string; token: string }[] = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      const visitor = await new TestClient(apiDb.url!).init();
      const started = await json<StartChatResult>(
        await visitor.post('/api/chats', {
          message: `Outage ${String(i)} begins`,
          language: 'en',
          name: `Visitor ${String(i)}`,
          email: `v${String(i)}@outage.example`,
        }),
        201,
      );
      if (started.outcome !== 'chat') throw new Error('expected a chat with an operator');
      chats.push({ id: started.chat.id, token: started.visitorToken! });
    }
    const waiters = new Set<() => void>();
    const progress = () => waiters.forEach((w) => w());
    const until = (check: () => boolean) =>
      new Promise<void>((done) => {
        const test = () => {
          if (!check()) return;
          waiters.delete(test);
          done();
        };
        waiters.add(test);
        test();
      });
    const operatorSocket = await chatSocket(apiDb.url!, operator);
    sockets.push(operatorSocket);
    for (const chat of chats) expect((await subscribe(operatorSocket, chat.id)).ok).toBe(true);
    const pushed = new Set<string>();
    operatorSocket.on('chat:message', (message) => {
      pushed.add(message.id);
      progress();
    });
    const disconnects: string[] = [];

    // Each customer sends without a pause; a refused message is sent again (same clientId) until it
    // is acknowledged, as the web's retry does. `progress` wakes the test after every answer.
    const acked = new Map<string, ChatMessage>();
    const refusals: string[] = [];
    let phase: 'before' | 'outage' | 'after' = 'before';
    const counts = chats.map(() => ({ before: 0, refused: 0, after: 0 }));
    const talk = async (index: number) => {
      const chat = chats[index]!;
      const socket = await chatSocket(apiDb.url!);
      sockets.push(socket);
      socket.on('disconnect', (why) => disconnects.push(why));
      expect((await subscribe(socket, chat.id, chat.token)).ok).toBe(true);
      for (let n = 0; phase !== 'after' || counts[index]!.after < AFTER; n++) {
        for (;;) {
          const answer: Ack<{ message: ChatMessage }> = await socket.emitWithAck('chat:send', {
            chatId: chat.id,
            clientId: `outage-${String(index)}-${String(n)}`,
            body: `Customer ${String(index)} line ${String(n)}`,
          });
          if (answer.ok) {
            acked.set(answer.message.id, answer.message);
            if (phase === 'before') counts[index]!.before++;
            if (phase === 'after') counts[index]!.after++;
            progress();
            break;
          }
          refusals.push(`${answer.code} ${answer.reason ?? ''}`);
          if (phase === 'outage') counts[index]!.refused++;
          progress();
          // Sent again once the outage is over (a client waiting on its retry timer).
          await until(() => phase === 'after');
        }
      }
    };
    const talking = Promise.all(chats.map((_, i) => talk(i)));
    await until(() => counts.every((c) => c.before >= BEFORE));
    await pgProxy.down();
    phase = 'outage';
    progress();
    await until(() => counts.every((c) => c.refused >= 1));
    await pgProxy.up();
    phase = 'after';
    progress();
    await talking;

    // Every refusal named the database; every message the customers sent was in the end
    // acknowledged, and is stored exactly once.
    expect(new Set(refusals)).toEqual(new Set(['SERVICE_UNAVAILABLE common.databaseUnavailable']));
    const stored = await sql<{ id: string; client_id: string }>(
      db.url,
      `SELECT id, client_id FROM chat_messages WHERE chat_id = ANY($1) AND client_id LIKE 'outage-%'`,
      [chats.map((c) => c.id)],
    );
    expect(stored.map((r) => r.id).sort()).toEqual([...acked.keys()].sort());
    expect(new Set(stored.map((r) => r.client_id)).size).toBe(stored.length);
    // The operator's console, connected all along, was pushed every one of them.
    await Promise.race([until(() => stored.every((r) => pushed.has(r.id))), new Promise((done) => setTimeout(done, 5_000))]);
    expect(stored.filter((r) => !pushed.has(r.id))).toEqual([]);
    expect({ connected: operatorSocket.connected, disconnects }).toEqual({ connected: true, disconnects: [] });
    // A connection cut under a query (read ECONNRESET) is the outage too, never an unexpected error.
    expect(apiDb.logs.filter((l) => Number(l.level) >= 50 && Number(l.time) >= startedAt)).toEqual([]);
  });

  it('answers 503 while Redis is down and serves again once it is back', async () => {
    const visitor = await new TestClient(apiRedis.url!).init();
    const member = await signIn(apiRedis.url!, 'user@harborpoint.example');
    const socket = await chatSocket(apiRedis.url!, member);
    sockets.push(socket);
    const disconnects: string[] = [];
    socket.on('disconnect', (why) => disconnects.push(why));

    await redisProxy.down();
    await unavailable(
      await visitor.post('/api/auth/login', { email: 'user@harborpoint.example', password: DEMO_PASSWORD }),
      'common.redisUnavailable',
    );
    const health = await member.get('/api/health');
    expect(health.status).toBe(503);
    await redisProxy.up();
    expect((await visitor.post('/api/auth/login', { email: 'user@harborpoint.example', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await visitor.get('/api/tickets')).status).toBe(200);
    expect((await member.get('/api/health')).status).toBe(200);
    expect(await socket.emitWithAck('chat:subscribe', { chatId: randomUUID() })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect({ connected: socket.connected, disconnects }).toEqual({ connected: true, disconnects: [] });
  });
});
