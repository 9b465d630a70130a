import { createPublicKey, verify } from 'node:crypto';

/** The SPKI DER prefix of an Ed25519 public key (the raw 32 bytes follow). */
export const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Verifies an Ed25519 signature with a raw public key (base64url), as any holder of the published key can. */
export function verifyWithPublicKey(publicKey: string, data: Buffer | string, signature: string): boolean {
  try {
    const key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, Buffer.from(publicKey, 'base64url')]), format: 'der', type: 'spki' });
    return verify(null, Buffer.from(data), key, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}
