import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { rooms, type Role } from '@muster/contracts';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { RealtimeService } from '../realtime/realtime.service.js';
import { REDIS } from '../redis/redis.tokens.js';
import { principalOf } from '../auth/principal.js';
import { SessionStore, type SessionMethod, type SessionProfile, type SessionRecord, type SessionSso } from './session.store.js';

/** What a new session is issued for (a checked sign-in). */
export interface NewSession {
  kind: 'user' | 'auditor';
  principalId: string;
  userId: string | null;
  inviteId: string | null;
  orgId: string | null;
  role: Role;
  /** An absolute end earlier than the default (a guest auditor's invite expiry). */
  notAfter?: Date;
  profile: SessionProfile;
  /** How the principal signed in (the session-lock unlock refuses a password for an SSO session). */
  method?: SessionMethod;
  /** The SAML session, for single logout. */
  sso?: SessionSso;
}

/** Activity is written back at most this often per session. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Issues, refreshes and destroys sessions in Redis: 256-bit random ids, a sliding idle
 * lifetime within an absolute one, and an index per principal so that all of a user's
 * sessions (and their sockets) can be ended at once.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: SessionStore,
    private readonly realtime: RealtimeService,
  ) {}

  private get idleMs(): number {
    return this.config.SESSION_IDLE_HOURS * 3_600_000;
  }

  private ttlSeconds(record: SessionRecord, now: number): number {
    return Math.max(1, Math.ceil(Math.min(this.idleMs, record.expiresAt - now) / 1000));
  }

  /** A new session (the caller destroys any previous one: the id rotates at every sign-in). */
  async issue(principal: NewSession): Promise<{ id: string; record: SessionRecord; maxAgeSeconds: number }> {
    const now = Date.now();
    const max = now + this.config.SESSION_MAX_DAYS * 86_400_000;
    const record: SessionRecord = {
      kind: principal.kind,
      principalId: principal.principalId,
      userId: principal.userId,
      inviteId: principal.inviteId,
      orgId: principal.orgId,
      role: principal.role,
      createdAt: now,
      lastActivityAt: now,
      expiresAt: Math.min(max, principal.notAfter?.getTime() ?? max),
      profile: principal.profile,
      ...(principal.method ? { method: principal.method } : {}),
      ...(principal.sso ? { sso: principal.sso } : {}),
    };
    const id = randomBytes(32).toString('base64url');
    const ttl = this.ttlSeconds(record, now);
    const index = this.store.principalKey(principal.principalId);
    await this.redis
      .multi()
      .set(this.store.key(id), JSON.stringify(record), 'EX', ttl)
      .sadd(index, id)
      .expire(index, Math.ceil((record.expiresAt - now) / 1000), 'GT')
      .expire(index, Math.ceil((record.expiresAt - now) / 1000), 'NX')
      .exec();
    return { id, record, maxAgeSeconds: Math.ceil((record.expiresAt - now) / 1000) };
  }

  /** The session as stored (null when it ended). */
  record(id: string): Promise<SessionRecord | null> {
    return this.store.get(id);
  }

  /** Whether `touch` would write now (at most once a minute per session). */
  needsTouch(record: SessionRecord, now = Date.now()): boolean {
    return now - record.lastActivityAt >= TOUCH_EVERY_MS;
  }

  /** Records activity, extending the idle lifetime (written at most once a minute). */
  async touch(id: string, record: SessionRecord): Promise<void> {
    const now = Date.now();
    if (!this.needsTouch(record, now)) return;
    const next = { ...record, lastActivityAt: now };
    await this.redis.set(this.store.key(id), JSON.stringify(next), 'EX', this.ttlSeconds(next, now), 'XX');
    this.store.forget(id);
  }

  /**
   * Writes the principal's current profile (and role and organisation, which the profile states)
   * into every one of their sessions, keeping each session's lifetime. Sessions live in Redis, so
   * every instance reads the new profile at its next request.
   */
  async refreshProfile(principalId: string, profile: SessionProfile): Promise<void> {
    const index = this.store.principalKey(principalId);
    for (const id of await this.redis.smembers(index)) {
      const record = await this.store.get(id);
      if (record) await this.rewrite(id, record, profile);
      else await this.redis.srem(index, id);
    }
  }

  /**
   * Writes the profile into one session, and brings its sockets (on every api instance) along: a
   * new role or organisation changes which rooms the socket may be in, so those sockets are
   * disconnected and reconnect with the new principal; any other change (name, language, time
   * zone) is written into the sockets' principal in place.
   */
  async rewrite(id: string, record: SessionRecord, profile: SessionProfile): Promise<void> {
    const next: SessionRecord = { ...record, role: profile.me.role, orgId: profile.me.org?.id ?? null, profile };
    await this.redis.set(this.store.key(id), JSON.stringify(next), 'KEEPTTL', 'XX');
    this.store.forget(id);
    const principal = principalOf(next, id);
    if (!principal || next.role !== record.role || next.orgId !== record.orgId) this.realtime.disconnect(rooms.session(id));
    else this.realtime.refreshPrincipal(principal, profile.me);
  }

  async destroy(id: string): Promise<void> {
    const record = await this.store.get(id);
    await this.redis.del(this.store.key(id));
    this.store.forget(id);
    if (record) await this.redis.srem(this.store.principalKey(record.principalId), id);
    this.realtime.disconnect(rooms.session(id));
  }

  /** Ends every session of a user or invite, but `exceptId` when given. Returns how many ended. */
  async destroyAllFor(principalId: string, exceptId?: string): Promise<number> {
    const index = this.store.principalKey(principalId);
    const ids = (await this.redis.smembers(index)).filter((id) => id !== exceptId);
    if (!ids.length) return 0;
    await this.redis
      .multi()
      .del(...ids.map((id) => this.store.key(id)))
      .srem(index, ...ids)
      .exec();
    for (const id of ids) {
      this.store.forget(id);
      this.realtime.disconnect(rooms.session(id));
    }
    return ids.length;
  }
}
