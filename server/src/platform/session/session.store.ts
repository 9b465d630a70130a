import { Inject, Injectable } from '@nestjs/common';
import type { LanguageCode, Role, SessionInfo } from '@muster/contracts';
import DataLoader from 'dataloader';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from '../redis/redis.tokens.js';
import { SessionCache } from './session-cache.js';

/**
 * Who the session's principal is, as of the last sign-in or refresh: what `GET /api/auth/me`
 * answers and what the request's `Principal` is made of, read from the session without the
 * database. Rewritten in every session of the principal when their name, role, language or
 * organisation (or its time zone) changes (`SessionService.refreshProfile`).
 */
export interface SessionProfile {
  me: SessionInfo;
  language: LanguageCode;
  /** The organisation's IANA time zone (UTC without one). */
  timeZone: string;
}

/** What a server-side session holds (DESIGN.md §4). The browser holds only the opaque id. */
export type SessionMethod = 'password' | 'magic_code' | 'sso' | 'invite';

/** A session opened by a SAML sign-in: what single logout needs. */
export interface SessionSso {
  providerId: string;
  nameId: string;
  nameIdFormat: string | null;
  sessionIndex: string | null;
}

export interface SessionRecord {
  kind: 'user' | 'auditor';
  /** The user's id, or the invite's id for a guest auditor: the key of "all sessions of". */
  principalId: string;
  userId: string | null;
  inviteId: string | null;
  orgId: string | null;
  role: Role;
  createdAt: number;
  lastActivityAt: number;
  /** Absolute end (ms since epoch), whatever the activity. */
  expiresAt: number;
  /** Sessions issued before profiles were complete lack it: they are not accepted (sign in again). */
  profile?: SessionProfile;
  method?: SessionMethod;
  sso?: SessionSso;
}

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** How many sessions' parsed records a process keeps (see `SessionStore.get`); the oldest go first. */
const PARSED_MAX = 10_000;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Reads sessions; `SessionService` issues and destroys them. Keys: `<prefix>:session:<id>`. */
@Injectable()
export class SessionStore {
  /** Per session id: the last text Redis answered and its parsed, frozen record. */
  private readonly parsed = new Map<string, { raw: string; record: SessionRecord }>();

  /**
   * Session reads issued together go to Redis as one MGET: the requests read in the same turn of
   * the event loop (what ioredis' automatic pipelining would have put in one write) share one
   * command, one reply and one promise chain instead of one each. Sessions kept by the
   * `SessionCache` are not read at all.
   */
  private readonly texts = new DataLoader<string, string | null>((ids) => this.redis.mget(ids.map((id) => this.key(id))), {
    cache: false,
    maxBatchSize: 500,
    batchScheduleFn: (run) => setImmediate(run),
  });

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: SessionCache,
  ) {}

  key(sessionId: string): string {
    return `${this.config.REDIS_PREFIX}:session:${sessionId}`;
  }

  principalKey(principalId: string): string {
    return `${this.config.REDIS_PREFIX}:principal-sessions:${principalId}`;
  }

  /**
   * The session as Redis holds it now: from the `SessionCache` when it keeps the session (Redis
   * tells it of every change), otherwise read from Redis, so a destroyed, expired, touched or
   * rewritten session is seen at once. The record is frozen (deeply) and may be shared: when Redis
   * answers the same text as at the previous read of this session, the record parsed then is
   * returned instead of parsing the text again.
   */
  async get(sessionId: string | undefined | null): Promise<SessionRecord | null> {
    if (!sessionId || !SESSION_ID.test(sessionId)) return null;
    const cached = this.cache.get(sessionId, Date.now());
    if (cached) return cached;
    const ticket = this.cache.ticket(sessionId);
    const raw = await this.texts.load(sessionId);
    if (!raw) {
      this.parsed.delete(sessionId);
      return null;
    }
    const record = this.parse(sessionId, raw);
    if (!record || record.expiresAt <= Date.now()) return null;
    this.cache.keep(sessionId, ticket, record);
    return record;
  }

  /**
   * The session when the `SessionCache` keeps it, without a promise: `undefined` when this process
   * does not know it (then `get` reads it), `null` for no usable session id.
   */
  peek(sessionId: string | undefined | null): SessionRecord | null | undefined {
    if (!sessionId || !SESSION_ID.test(sessionId)) return null;
    return this.cache.get(sessionId, Date.now());
  }

  /** After this process wrote or deleted the session: its next read goes to Redis. */
  forget(sessionId: string): void {
    this.cache.forget(sessionId);
  }

  private parse(sessionId: string, raw: string): SessionRecord | null {
    const known = this.parsed.get(sessionId);
    if (known?.raw === raw) return known.record;
    let record: SessionRecord;
    try {
      record = deepFreeze(JSON.parse(raw) as SessionRecord);
    } catch {
      return null;
    }
    if (known) this.parsed.delete(sessionId);
    else if (this.parsed.size >= PARSED_MAX) this.parsed.delete(this.parsed.keys().next().value!);
    this.parsed.set(sessionId, { raw, record });
    return record;
  }
}
