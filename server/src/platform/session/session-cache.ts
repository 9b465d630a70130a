import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { redisConnection } from '../redis/redis.module.js';
import type { SessionRecord } from './session.store.js';

/** Redis' channel of invalidation messages for tracked keys (RESP2 redirect mode). */
const INVALIDATE = '__redis__:invalidate';

/** How many sessions a process keeps; the oldest go first. */
const CACHED_MAX = 10_000;

/**
 * Sessions this process may answer without asking Redis, kept correct by Redis itself: the
 * cache's own connection turns on server-assisted client-side caching in broadcast mode for the
 * prefix of session keys (`CLIENT TRACKING ON REDIRECT <own id> BCAST PREFIX <prefix>:session:`)
 * and subscribes to the invalidation channel, so Redis tells every api instance about every
 * write, delete and expiry of any session the moment it happens.
 *
 * - An entry is kept only when no invalidation of its session arrived while it was being read
 *   (a ticket per read), so a reply that crossed a newer write is never kept.
 * - `SessionService` forgets a session itself right after writing it, so the instance that signs
 *   someone out or rewrites a profile sees it at its very next request without waiting for the
 *   message; other instances see it when the message arrives (Redis sends it while executing the
 *   write).
 * - An entry past its idle or absolute end is not answered, whether or not Redis has expired the
 *   key yet.
 * - Without its connection (not yet tracking, reconnecting, closed) the cache is empty and every
 *   read goes to Redis: a lost message cannot leave a stale session behind.
 *
 * `SESSION_CACHE=false` turns it off.
 */
@Injectable()
export class SessionCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SessionCache.name);
  private connection: Redis | null = null;
  private live = false;
  private readonly entries = new Map<string, SessionRecord>();
  /** Per session being read from Redis: the ticket of the latest read; an invalidation removes it. */
  private readonly reading = new Map<string, number>();
  private tickets = 0;
  /** `invalidated` (session ids, or null for all) and `live` (boolean): for tests and logs. */
  readonly events = new EventEmitter();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private get prefix(): string {
    return `${this.config.REDIS_PREFIX}:session:`;
  }

  private get idleMs(): number {
    return this.config.SESSION_IDLE_HOURS * 3_600_000;
  }

  onModuleInit(): void {
    if (!this.config.SESSION_CACHE) return;
    const connection = redisConnection(this.config, { name: 'session-cache' });
    // Tracking is turned on again (before subscribing) at every connect; ioredis must not
    // resubscribe on its own first.
    connection.options.autoResubscribe = false;
    connection.on('ready', () => void this.track(connection));
    connection.on('close', () => this.setLive(false));
    connection.on('error', () => this.setLive(false));
    connection.on('messageBuffer', (_channel: Buffer, message: unknown) => this.invalidate(message));
    this.connection = connection;
  }

  async onApplicationShutdown(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    this.setLive(false);
    if (connection) await connection.quit().catch(() => connection.disconnect());
  }

  /** Whether entries are answered now: resolves once tracking is on (at once when it is). */
  whenLive(): Promise<void> {
    if (this.live) return Promise.resolve();
    return new Promise((resolve) => {
      const check = (live: boolean): void => {
        if (!live) return;
        this.events.off('live', check);
        resolve();
      };
      this.events.on('live', check);
    });
  }

  /** The kept record of a session still within its idle and absolute ends, if any. */
  get(sessionId: string, now: number): SessionRecord | undefined {
    if (!this.live) return undefined;
    const record = this.entries.get(sessionId);
    if (!record) return undefined;
    if (Math.min(record.lastActivityAt + this.idleMs, record.expiresAt) > now) return record;
    this.entries.delete(sessionId);
    return undefined;
  }

  /** Starts a read of the session from Redis; its ticket is handed back to `keep`. */
  ticket(sessionId: string): number {
    if (!this.live) return 0;
    const ticket = ++this.tickets;
    this.reading.set(sessionId, ticket);
    return ticket;
  }

  /** Keeps what a read answered, unless the session changed (or the cache stopped) meanwhile. */
  keep(sessionId: string, ticket: number, record: SessionRecord): void {
    if (!ticket || !this.live || this.reading.get(sessionId) !== ticket) return;
    this.reading.delete(sessionId);
    if (this.entries.size >= CACHED_MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(sessionId, record);
  }

  /** Drops a session this process has just written or deleted. */
  forget(sessionId: string): void {
    this.entries.delete(sessionId);
    this.reading.delete(sessionId);
  }

  private async track(connection: Redis): Promise<void> {
    try {
      const id = await connection.client('ID');
      await connection.call('CLIENT', 'TRACKING', 'ON', 'REDIRECT', String(id), 'BCAST', 'PREFIX', this.prefix);
      await connection.subscribe(INVALIDATE);
      if (this.connection === connection) this.setLive(true);
    } catch (error) {
      this.setLive(false);
      this.logger.warn(`session cache off until Redis reconnects: ${(error as Error).message}`);
    }
  }

  private setLive(live: boolean): void {
    if (!live) {
      this.entries.clear();
      this.reading.clear();
    }
    if (this.live === live) return;
    this.live = live;
    this.events.emit('live', live);
  }

  /** An invalidation message: the keys written, deleted or expired; null when Redis was flushed. */
  private invalidate(message: unknown): void {
    const keys = Array.isArray(message) ? message : message == null ? null : [message];
    if (!keys) {
      this.entries.clear();
      this.reading.clear();
      this.events.emit('invalidated', null);
      return;
    }
    const ids: string[] = [];
    for (const key of keys) {
      const text = String(key);
      if (!text.startsWith(this.prefix)) continue;
      const id = text.slice(this.prefix.length);
      this.entries.delete(id);
      this.reading.delete(id);
      ids.push(id);
    }
    this.events.emit('invalidated', ids);
  }
}
