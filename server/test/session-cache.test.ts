import { once } from 'node:events';
import { Redis } from 'ioredis';
import { parseConfig, type AppConfig } from '../src/config/config.js';
import type { RealtimeService } from '../src/platform/realtime/realtime.service.js';
import { SessionCache } from '../src/platform/session/session-cache.js';
import { SessionService } from '../src/platform/session/session.service.js';
import { SessionStore, type SessionProfile } from '../src/platform/session/session.store.js';
import { clearRedisPrefix, REDIS_URL, uniquePrefix } from './support/app.js';

/**
 * The session cache against the real Redis: two "instances" (each its own cache, store and
 * commands connection) and a writer. What one instance keeps, Redis' invalidation messages
 * take away when anyone writes, deletes or expires the session.
 */
describe('SessionCache (Redis client-side caching of sessions)', () => {
  const prefix = uniquePrefix();
  const config: AppConfig = parseConfig({ REDIS_URL, REDIS_PREFIX: prefix });
  const connections: Redis[] = [];
  const caches: SessionCache[] = [];

  /** An instance: its store counts the session reads that reach Redis. */
  async function instance(): Promise<{ store: SessionStore; service: SessionService; cache: SessionCache; reads: () => number }> {
    const redis = new Redis(REDIS_URL);
    connections.push(redis);
    let reads = 0;
    const counting = new Proxy(redis, {
      get(target, name, receiver) {
        if (name === 'mget')
          return (keys: string[]) => {
            reads += keys.length;
            return target.mget(keys);
          };
        const value: unknown = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const cache = new SessionCache(config);
    caches.push(cache);
    cache.onModuleInit();
    await cache.whenLive();
    const store = new SessionStore(counting, config, cache);
    const realtime = { disconnect: () => undefined, refreshPrincipal: () => undefined } as unknown as RealtimeService;
    return { store, service: new SessionService(counting, config, store, realtime), cache, reads: () => reads };
  }

  function profile(name: string): SessionProfile {
    return {
      me: { authenticated: true, user: { firstName: name } as never, org: null, role: 'MANAGER' } as never,
      language: 'en',
      timeZone: 'UTC',
    };
  }

  async function issue(service: SessionService): Promise<string> {
    const { id } = await service.issue({
      kind: 'user',
      principalId: `user-${Math.random()}`,
      userId: 'u',
      inviteId: null,
      orgId: null,
      role: 'MANAGER',
      profile: profile('Ada'),
    });
    return id;
  }

  function invalidationOf(cache: SessionCache, id: string): Promise<void> {
    return new Promise((resolve) => {
      const seen = (ids: string[] | null): void => {
        if (ids && !ids.includes(id)) return;
        cache.events.off('invalidated', seen);
        resolve();
      };
      cache.events.on('invalidated', seen);
    });
  }

  afterAll(async () => {
    await Promise.all(caches.map((c) => c.onApplicationShutdown()));
    await Promise.all(connections.map((c) => c.quit()));
    await clearRedisPrefix(prefix);
  });

  it('answers a kept session without Redis, and the writer of a change reads it again at once', async () => {
    const a = await instance();
    const id = await issue(a.service);
    const first = await a.store.get(id);
    expect(first?.profile?.me.user?.firstName).toBe('Ada');
    expect(await a.store.get(id)).toBe(first);
    expect(a.reads()).toBe(1);

    await a.service.rewrite(id, first!, profile('Grace'));
    expect((await a.store.get(id))?.profile?.me.user?.firstName).toBe('Grace');
    await a.service.destroy(id);
    expect(await a.store.get(id)).toBeNull();
  });

  it('drops what another instance changed, deleted, or Redis expired, when the message arrives', async () => {
    const a = await instance();
    const b = await instance();
    const id = await issue(b.service);
    const kept = await a.store.get(id);
    expect(kept).not.toBeNull();

    const rewritten = invalidationOf(a.cache, id);
    await b.service.rewrite(id, kept!, profile('Grace'));
    await rewritten;
    expect((await a.store.get(id))?.profile?.me.user?.firstName).toBe('Grace');

    const destroyed = invalidationOf(a.cache, id);
    await b.service.destroy(id);
    await destroyed;
    expect(await a.store.get(id)).toBeNull();

    const other = await issue(b.service);
    expect(await a.store.get(other)).not.toBeNull();
    const writer = new Redis(REDIS_URL);
    connections.push(writer);
    // Setting the expiry is a change (one message); the key's removal when it expires is another.
    const expiring = invalidationOf(a.cache, other);
    await writer.pexpire(b.store.key(other), 1);
    await expiring;
    const expired = invalidationOf(a.cache, other);
    while ((await writer.exists(b.store.key(other))) === 1); // the key goes at its first read past 1 ms
    await expired;
    expect(await a.store.get(other)).toBeNull();
  });

  it('never keeps a reply that crossed a newer write of the session', async () => {
    const a = await instance();
    const id = await issue(a.service);
    const writer = new Redis(REDIS_URL);
    connections.push(writer);
    const old = await writer.get(a.store.key(id));
    // The read starts, then another process rewrites the session before the reply is kept.
    const invalidated = invalidationOf(a.cache, id);
    const reading = a.store.get(id);
    await writer.set(a.store.key(id), old!.replace('"Ada"', '"Grace"'), 'KEEPTTL');
    await Promise.all([reading, invalidated]);
    expect((await a.store.get(id))?.profile?.me.user?.firstName).toBe('Grace');
  });

  it('reads Redis for every request while its connection is down, and keeps again once it is back', async () => {
    const a = await instance();
    const id = await issue(a.service);
    await a.store.get(id);
    const tracking = (a.cache as unknown as { connection: Redis }).connection;
    const down = once(a.cache.events, 'live');
    tracking.disconnect(false);
    expect(await down).toEqual([false]);
    const before = a.reads();
    await a.store.get(id);
    await a.store.get(id);
    expect(a.reads()).toBe(before + 2);

    await tracking.connect();
    await a.cache.whenLive();
    await a.store.get(id);
    await a.store.get(id);
    expect(a.reads()).toBe(before + 3);
  });

  it('is off with SESSION_CACHE=false: every read goes to Redis', async () => {
    const redis = new Redis(REDIS_URL);
    connections.push(redis);
    const off = new SessionCache({ ...config, SESSION_CACHE: false });
    off.onModuleInit();
    const store = new SessionStore(redis, config, off);
    const service = new SessionService(redis, config, store, {} as RealtimeService);
    const id = await issue(service);
    await store.get(id);
    expect(off.get(id, Date.now())).toBeUndefined();
  });
});
