import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id with OWASP's recommended memory cost (19 MiB, 2 passes). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordService {
  /** Verified against when no account matches, so a miss costs the same time as a hit. */
  private readonly decoy = argon2.hash('muster-decoy-password', OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await this.decoy), password);
    } catch {
      return false;
    }
  }
}
