import { Inject, Injectable } from '@nestjs/common';
import type { LanguageCode, Role, SessionInfo } from '@muster/contracts';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from '../redis/redis.tokens.js';

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
}

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** Reads sessions; `SessionService` issues and destroys them. Keys: `<prefix>:session:<id>`. */
@Injectable()
export class SessionStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  key(sessionId: string): string {
    return `${this.config.REDIS_PREFIX}:session:${sessionId}`;
  }

  principalKey(principalId: string): string {
    return `${this.config.REDIS_PREFIX}:principal-sessions:${principalId}`;
  }

  async get(sessionId: string | undefined | null): Promise<SessionRecord | null> {
    if (!sessionId || !SESSION_ID.test(sessionId)) return null;
    const raw = await this.redis.get(this.key(sessionId));
    if (!raw) return null;
    let record: SessionRecord;
    try {
      record = JSON.parse(raw) as SessionRecord;
    } catch {
      return null;
    }
    return record.expiresAt > Date.now() ? record : null;
  }
}
