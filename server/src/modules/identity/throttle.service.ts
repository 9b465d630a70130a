import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AUTH_LIMITS, AUTH_MESSAGES } from '@muster/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DomainError, RateLimitedError } from '../../platform/errors/domain-error.js';
import { REDIS } from '../../platform/redis/redis.tokens.js';

export type ThrottleName =
  'signInIp' | 'failuresPerAccount' | 'magicPerEmail' | 'magicPerIp' | 'resetPerEmail' | 'resetPerIp' | 'verifyPassword';

/**
 * The rate limits of the identity flows (rate-limiter-flexible over Redis). A limit that is
 * hit answers 429 with Retry-After. `failuresPerAccount` is the lockout: 10 failed sign-ins
 * for one email within 15 minutes block it for 15 minutes — counted for any email, so the
 * answer tells nothing about whether an account exists.
 */
@Injectable()
export class ThrottleService implements OnModuleInit {
  private limiters = new Map<ThrottleName, RateLimiterRedis>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const make = (name: ThrottleName, points: number, duration: number, blockDuration = 0) =>
      this.limiters.set(
        name,
        new RateLimiterRedis({
          storeClient: this.redis,
          keyPrefix: `${this.config.REDIS_PREFIX}:throttle:${name}`,
          points,
          duration,
          blockDuration,
        }),
      );
    make('signInIp', this.config.AUTH_ATTEMPTS_PER_IP, 15 * 60);
    make('failuresPerAccount', AUTH_LIMITS.lockoutFailures, AUTH_LIMITS.lockoutWindowSeconds, AUTH_LIMITS.lockoutSeconds);
    make('magicPerEmail', 5, 15 * 60);
    make('magicPerIp', 20, 15 * 60);
    make('resetPerEmail', 3, 60 * 60);
    make('resetPerIp', 10, 60 * 60);
    make('verifyPassword', 10, 15 * 60);
  }

  private limiter(name: ThrottleName): RateLimiterRedis {
    const limiter = this.limiters.get(name);
    if (!limiter) throw new Error(`Unknown throttle ${name}`);
    return limiter;
  }

  private tooMany(res: RateLimiterRes): DomainError {
    return new RateLimitedError(AUTH_MESSAGES.tooMany, res.msBeforeNext);
  }

  /** Counts one attempt; throws 429 when the limit is used up. */
  async consume(name: ThrottleName, key: string): Promise<void> {
    try {
      await this.limiter(name).consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw this.tooMany(err);
      throw err;
    }
  }

  /** Throws 429 while `key` is blocked, without counting an attempt. */
  async assertOpen(name: ThrottleName, key: string): Promise<void> {
    const limiter = this.limiter(name);
    const res = await limiter.get(key);
    if (res && res.consumedPoints >= limiter.points) throw this.tooMany(res);
  }

  /** Counts a failure; returns true when this failure used up the limit and started the block. */
  async fail(name: ThrottleName, key: string): Promise<boolean> {
    const limiter = this.limiter(name);
    try {
      const res = await limiter.consume(key);
      if (res.remainingPoints > 0) return false;
      if (limiter.blockDuration > 0) await limiter.block(key, limiter.blockDuration);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }

  async reset(name: ThrottleName, key: string): Promise<void> {
    await this.limiter(name).delete(key);
  }
}
