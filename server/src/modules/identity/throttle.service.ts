import { Inject, Injectable } from '@nestjs/common';
import { AUTH_LIMITS } from '@muster/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { LimiterService, type Limit, type LimitRule } from '../../platform/limits/limiter.service.js';

export type ThrottleName =
  'signInIp' | 'failuresPerAccount' | 'magicPerEmail' | 'magicPerIp' | 'resetPerEmail' | 'resetPerIp' | 'verifyPassword';

/**
 * The rate limits of the identity flows (the platform's LimiterService). A limit that is hit
 * answers 429 with Retry-After. `failuresPerAccount` is the lockout: 10 failed sign-ins for one
 * email within 15 minutes block it for 15 minutes — counted for any email, so the answer tells
 * nothing about whether an account exists.
 */
@Injectable()
export class ThrottleService {
  private readonly rules: Record<ThrottleName, LimitRule>;

  constructor(
    private readonly limiter: LimiterService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const minutes15 = 15 * 60;
    this.rules = {
      signInIp: { points: config.AUTH_ATTEMPTS_PER_IP, durationSeconds: minutes15 },
      failuresPerAccount: {
        points: AUTH_LIMITS.lockoutFailures,
        durationSeconds: AUTH_LIMITS.lockoutWindowSeconds,
        blockSeconds: AUTH_LIMITS.lockoutSeconds,
      },
      magicPerEmail: { points: 5, durationSeconds: minutes15 },
      magicPerIp: { points: 20, durationSeconds: minutes15 },
      resetPerEmail: { points: 3, durationSeconds: 60 * 60 },
      resetPerIp: { points: 10, durationSeconds: 60 * 60 },
      verifyPassword: { points: 10, durationSeconds: minutes15 },
    };
  }

  private limit(name: ThrottleName): Limit {
    return this.limiter.limit(name, this.rules[name]);
  }

  /** Counts one attempt; throws 429 when the limit is used up. */
  consume(name: ThrottleName, key: string): Promise<void> {
    return this.limit(name).consume(key, 'auth.tooMany');
  }

  /** Throws 429 while `key` is blocked, without counting an attempt. */
  assertOpen(name: ThrottleName, key: string): Promise<void> {
    return this.limit(name).assertOpen(key, 'auth.tooMany');
  }

  /** Counts a failure; returns true when this failure used up the limit and started the block. */
  fail(name: ThrottleName, key: string): Promise<boolean> {
    return this.limit(name).fail(key);
  }

  reset(name: ThrottleName, key: string): Promise<void> {
    return this.limit(name).reset(key);
  }
}
