import { Inject, Injectable } from '@nestjs/common';
import type { Role } from '@muster/contracts';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from '../redis/redis.tokens.js';

/** What a server-side session holds (DESIGN.md §4). */
export interface SessionRecord {
  userId: string;
  orgId: string | null;
  role: Role;
  createdAt: number;
  lastActivityAt: number;
}

/**
 * Sessions live in Redis under `<prefix>:session:<id>`; the browser holds only the opaque id.
 * The identity module issues and destroys them; the HTTP guards and the socket handshake read them.
 */
@Injectable()
export class SessionStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  key(sessionId: string): string {
    return `${this.config.REDIS_PREFIX}:session:${sessionId}`;
  }

  async get(sessionId: string | undefined | null): Promise<SessionRecord | null> {
    if (!sessionId || !/^[A-Za-z0-9_-]{22,128}$/.test(sessionId)) return null;
    const raw = await this.redis.get(this.key(sessionId));
    if (!raw) return null;
    try {
      return JSON.parse(raw) as SessionRecord;
    } catch {
      return null;
    }
  }
}
