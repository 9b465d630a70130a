import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/config.js';
import { SessionCache } from './session-cache.js';
import { SessionStore, type SessionRecord } from './session.store.js';

const ID = 'a'.repeat(43);

function record(overrides: Partial<SessionRecord> = {}): SessionRecord {
  const now = Date.now();
  return {
    kind: 'user',
    principalId: 'u1',
    userId: 'u1',
    inviteId: null,
    orgId: 'o1',
    role: 'MANAGER',
    createdAt: now,
    lastActivityAt: now,
    expiresAt: now + 60_000,
    profile: { me: { authenticated: true, role: 'MANAGER' } as never, language: 'en', timeZone: 'UTC' },
    ...overrides,
  };
}

/** A store over a fake Redis whose one session holds `text` (null: no such key). */
function storeWith(): { store: SessionStore; set: (text: string | null) => void; reads: () => number; commands: () => number } {
  let text: string | null = null;
  let reads = 0;
  let commands = 0;
  const redis = {
    mget: (keys: string[]) => {
      commands++;
      reads += keys.length;
      return Promise.resolve(keys.map((key) => (key === `p:session:${ID}` ? text : null)));
    },
  };
  const store = new SessionStore(
    redis as unknown as Redis,
    { REDIS_PREFIX: 'p' } as AppConfig,
    new SessionCache({ SESSION_CACHE: false } as AppConfig),
  );
  return { store, set: (t) => (text = t), reads: () => reads, commands: () => commands };
}

describe('SessionStore.get', () => {
  it('reads Redis at every call and parses a text once: the same text gives the same frozen record', async () => {
    const { store, set, reads } = storeWith();
    set(JSON.stringify(record()));
    const first = await store.get(ID);
    const second = await store.get(ID);
    expect(reads()).toBe(2);
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first!.profile!.me)).toBe(true);
    expect(() => {
      (first as { role: string }).role = 'ADMIN';
    }).toThrow(TypeError);
  });

  it('reads the sessions asked for together with one MGET, each caller getting its own answer', async () => {
    const { store, set, reads, commands } = storeWith();
    set(JSON.stringify(record()));
    const [a, b, other] = await Promise.all([store.get(ID), store.get(ID), store.get('b'.repeat(43))]);
    expect(commands()).toBe(1);
    expect(reads()).toBe(3);
    expect(a).toBe(b);
    expect(a!.role).toBe('MANAGER');
    expect(other).toBeNull();
    await store.get(ID);
    expect(commands()).toBe(2);
  });

  it('sees a rewritten, destroyed or expired session at the next call', async () => {
    const { store, set } = storeWith();
    set(JSON.stringify(record()));
    const before = await store.get(ID);
    set(JSON.stringify(record({ role: 'ADMIN' })));
    const rewritten = await store.get(ID);
    expect(rewritten).not.toBe(before);
    expect(rewritten!.role).toBe('ADMIN');
    set(null);
    expect(await store.get(ID)).toBeNull();
    set(JSON.stringify(record({ expiresAt: Date.now() - 1 })));
    expect(await store.get(ID)).toBeNull();
  });

  it('answers null for a malformed id or record without reading or failing', async () => {
    const { store, set, reads } = storeWith();
    expect(await store.get('short')).toBeNull();
    expect(await store.get(undefined)).toBeNull();
    expect(reads()).toBe(0);
    set('{not json');
    expect(await store.get(ID)).toBeNull();
    set('null');
    expect(await store.get(ID)).toBeNull();
  });
});
