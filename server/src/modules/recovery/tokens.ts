import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit link token; only its SHA-256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `YYYY-MM-DD` of an instant (UTC): the purge date people are told. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
