import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks v1 signatures (https://www.standardwebhooks.com): the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`, signed with HMAC-SHA256 under the secret's
 * base64-decoded key (the part after `whsec_`), and sent base64 as `v1,<signature>`. During a
 * rotation the header carries one signature per live secret, separated by spaces; a receiver
 * accepts the message when any of them verifies.
 */
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 24 random bytes in base64 (as Svix makes them). */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** One `v1,<base64>` signature of a message. `timestamp` is in whole seconds since the epoch. */
export function signature(secret: string, webhookId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret))
    .update(`${webhookId}.${String(timestamp)}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header: a signature under each secret, space-separated. */
export function signatureHeader(secrets: readonly string[], webhookId: string, timestamp: number, body: string): string {
  return secrets.map((secret) => signature(secret, webhookId, timestamp, body)).join(' ');
}

/** What the delivery log shows of a secret: its first characters. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, SECRET_PREFIX.length + 4)}…`;
}
