import { randomUUID } from 'node:crypto';
import type { ErrorBody } from '@muster/contracts';
import { DEMO_PASSWORD, signIn } from './support/accounts.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { chatSocket, type ChatSocket } from './support/chat.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
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
    const env = { SEED_ON_EMPTY: 'true', AUTH_ATTEMPTS_PER_IP: '10000' };
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

  it('answers 503 while Redis is down and serves again once it is back', async () => {
    const visitor = await new TestClient(apiRedis.url!).init();
    await redisProxy.down();
    await unavailable(
      await visitor.post('/api/auth/login', { email: 'user@harborpoint.example', password: DEMO_PASSWORD }),
      'common.redisUnavailable',
    );
    await redisProxy.up();
    expect((await visitor.post('/api/auth/login', { email: 'user@harborpoint.example', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await visitor.get('/api/tickets')).status).toBe(200);
  });
});
