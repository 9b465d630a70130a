import type { ErrorReason } from '@muster/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { RateLimitedError } from '../errors/domain-error.js';
import { REDIS } from '../redis/redis.tokens.js';

/** How many times a key may act within a window; once used up, optionally blocked for a while. */
export interface LimitRule {
  points: number;
  durationSeconds: number;
  /** Seconds the key stays refused once the points are used up (default: until the window ends). */
  blockSeconds?: number;
}

/**
 * One named limit (Redis-backed, shared by every instance). Its keys live under
 * `<REDIS_PREFIX>:throttle:<name>:`.
 */
export class Limit {
  constructor(private readonly limiter: RateLimiterRedis) {}

  get points(): number {
    return this.limiter.points;
  }

  /** Counts one for `key`; throws 429 with Retry-After and `reason` when the limit is used up. */
  async consume(key: string, reason: ErrorReason): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new RateLimitedError(reason, err.msBeforeNext);
      throw err;
    }
  }

  /** Counts one for `key`; false (nothing thrown) when the limit is used up. */
  async tryConsume(key: string): Promise<boolean> {
    try {
      await this.limiter.consume(key);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }

  /**
   * Counts a failure; true when this one used the limit up (and started the block, if the rule has
   * one). A key already refused stays refused and answers false.
   */
  async fail(key: string): Promise<boolean> {
    try {
      const res = await this.limiter.consume(key);
      if (res.remainingPoints > 0) return false;
      if (this.limiter.blockDuration > 0) await this.limiter.block(key, this.limiter.blockDuration);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }

  /** Throws 429 while `key` has used up the limit, without counting anything. */
  async assertOpen(key: string, reason: ErrorReason): Promise<void> {
    const res = await this.limiter.get(key);
    if (res && res.consumedPoints >= this.limiter.points) throw new RateLimitedError(reason, res.msBeforeNext);
  }

  /** Forgets what `key` has used (a successful sign-in clears its failures). */
  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** The one rate-limit service of Muster (rate-limiter-flexible over the shared Redis). */
@Injectable()
export class LimiterService {
  private readonly limits = new Map<string, Limit>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The limit called `name` (created at its first use; the same name always gets the same rule). */
  limit(name: string, rule: LimitRule): Limit {
    let limit = this.limits.get(name);
    if (!limit) {
      limit = new Limit(
        new RateLimiterRedis({
          storeClient: this.redis,
          keyPrefix: `${this.config.REDIS_PREFIX}:throttle:${name}`,
          points: rule.points,
          duration: rule.durationSeconds,
          blockDuration: rule.blockSeconds ?? 0,
        }),
      );
      this.limits.set(name, limit);
    }
    return limit;
  }
}
