import { jest } from '@jest/globals';
import type { Redis } from 'ioredis';
import { parseConfig } from '../../config/config.js';
import type { RealtimeService } from '../realtime/realtime.service.js';
import { SessionService } from './session.service.js';
import { SessionCache } from './session-cache.js';
import { SessionStore, type SessionRecord } from './session.store.js';

const ID = 'a'.repeat(43);
const IDLE_HOURS = 2;
const IDLE_MS = IDLE_HOURS * 3_600_000;

/** A session service over a fake Redis that records its SETs. */
function service(): { sessions: SessionService; sets: unknown[][] } {
  const sets: unknown[][] = [];
  const redis = {
    set: (...args: unknown[]) => {
      sets.push(args);
      return Promise.resolve('OK');
    },
  } as unknown as Redis;
  const config = parseConfig({ SESSION_IDLE_HOURS: String(IDLE_HOURS), REDIS_PREFIX: 'p' });
  return {
    sessions: new SessionService(redis, config, new SessionStore(redis, config, new SessionCache(config)), {} as RealtimeService),
    sets,
  };
}

function record(lastActivityAt: number, expiresAt: number): SessionRecord {
  return {
    kind: 'user',
    principalId: 'u',
    userId: 'u',
    inviteId: null,
    orgId: 'o',
    role: 'MANAGER',
    createdAt: 0,
    lastActivityAt,
    expiresAt,
  };
}

describe('SessionService.touch (the idle timeout)', () => {
  const now = 1_800_000_000_000;
  beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(now));
  afterEach(() => jest.restoreAllMocks());

  it('writes nothing while the last recorded activity is less than a minute old', async () => {
    const { sessions, sets } = service();
    await sessions.touch(ID, record(now - 59_999, now + 86_400_000));
    expect(sets).toEqual([]);
  });

  it('records the activity once it is a minute old, the key living a whole idle period from now', async () => {
    const { sessions, sets } = service();
    const touched = record(now - 60_000, now + 86_400_000);
    await sessions.touch(ID, touched);
    expect(sets).toHaveLength(1);
    const [key, text, ex, seconds, xx] = sets[0]!;
    expect([key, ex, xx]).toEqual([`p:session:${ID}`, 'EX', 'XX']);
    expect(seconds).toBe(IDLE_MS / 1000);
    expect(JSON.parse(text as string)).toEqual({ ...touched, lastActivityAt: now });
  });

  it('never extends a session past its absolute end', async () => {
    const { sessions, sets } = service();
    await sessions.touch(ID, record(now - 3_600_000, now + 90_500));
    expect(sets[0]![3]).toBe(91);
  });
});
