import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AUTH_LIMITS } from '@muster/contracts';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from '../../platform/redis/redis.tokens.js';

export type MagicPurpose = 'login' | 'auditor';

interface StoredCode {
  salt: string;
  codeHash: string;
  nonceHash: string;
  tries: number;
  /** The user (login) or invite (auditor) the code signs in. */
  subjectId: string;
}

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * One-time sign-in codes: 6 digits from a CSPRNG, stored salted and hashed in Redis for
 * 10 minutes, bound to the browser that asked (a nonce cookie), single use, and spent after
 * 5 wrong tries. A new request replaces the previous code.
 */
@Injectable()
export class MagicCodeService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(purpose: MagicPurpose, email: string): string {
    return `${this.config.REDIS_PREFIX}:magic:${purpose}:${sha256(email)}`;
  }

  /** A browser nonce for the cookie; sent whatever the email, so nothing is revealed. */
  newNonce(): string {
    return randomBytes(24).toString('base64url');
  }

  /** Stores a new code for `email` bound to `nonce`, and returns it (to be emailed). */
  async issue(purpose: MagicPurpose, email: string, subjectId: string, nonce: string): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = randomBytes(16).toString('hex');
    const stored: StoredCode = { salt, codeHash: sha256(salt + code), nonceHash: sha256(nonce), tries: 0, subjectId };
    await this.redis.set(this.key(purpose, email), JSON.stringify(stored), 'EX', AUTH_LIMITS.magicCodeTtlSeconds);
    return code;
  }

  /**
   * Checks a code. Returns the subject id when the code is right, from the browser that asked,
   * and not expired or spent; the code is then gone. A wrong try counts; the fifth spends it.
   */
  async verify(
    purpose: MagicPurpose,
    email: string,
    code: string,
    nonce: string | undefined,
  ): Promise<{ subjectId: string } | { failure: 'expired' | 'wrong_browser' | 'wrong_code' | 'too_many_tries' }> {
    const key = this.key(purpose, email);
    const raw = await this.redis.get(key);
    if (!raw) return { failure: 'expired' };
    const stored = JSON.parse(raw) as StoredCode;
    const browserOk = nonce !== undefined && sameHash(sha256(nonce), stored.nonceHash);
    const codeOk = sameHash(sha256(stored.salt + code), stored.codeHash);
    if (browserOk && codeOk) {
      // GETDEL makes the use single even when two verifications race.
      const taken = await this.redis.getdel(key);
      return taken ? { subjectId: stored.subjectId } : { failure: 'expired' };
    }
    const tries = stored.tries + 1;
    if (tries >= AUTH_LIMITS.magicCodeMaxTries) await this.redis.del(key);
    else await this.redis.set(key, JSON.stringify({ ...stored, tries }), 'KEEPTTL', 'XX');
    if (tries >= AUTH_LIMITS.magicCodeMaxTries) return { failure: 'too_many_tries' };
    return { failure: browserOk ? 'wrong_code' : 'wrong_browser' };
  }

  /** Removes the pending code of `email` (support revokes it); 1 when there was one. */
  revoke(purpose: MagicPurpose, email: string): Promise<number> {
    return this.redis.del(this.key(purpose, email));
  }
}
