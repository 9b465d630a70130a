/**
 * Offline verification of a packet's QR token in the browser: the token is
 * base64url(canonical JSON payload) "." base64url(Ed25519 signature of those bytes); the key is
 * one of the platform's published keys (/.well-known/muster-packet-keys.json). WebCrypto's
 * Ed25519 checks the signature; no server call decides the verdict.
 */
export interface TokenPayload {
  v: 1;
  /** Packet id. */
  p: string;
  /** Manifest SHA-256. */
  m: string;
  /** Issue date. */
  d: string;
  /** Key id. */
  k: string;
}

export interface PublishedKey {
  kid: string;
  alg: 'Ed25519';
  publicKey: string;
  validFrom: string;
  validTo: string | null;
}

export const KEYS_PATH = '/.well-known/muster-packet-keys.json';

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(b64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The token's payload and the bytes signed, or null when it is not a token. */
export function decodeToken(
  token: string,
): { payload: TokenPayload; signed: Uint8Array<ArrayBuffer>; signature: Uint8Array<ArrayBuffer> } | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[\w-]+$/.test(parts[0]!) || !/^[\w-]+$/.test(parts[1]!)) return null;
  try {
    const signed = fromBase64Url(parts[0]!);
    const payload = JSON.parse(new TextDecoder().decode(signed)) as Partial<TokenPayload>;
    if (
      payload.v !== 1 ||
      typeof payload.p !== 'string' ||
      typeof payload.m !== 'string' ||
      typeof payload.d !== 'string' ||
      typeof payload.k !== 'string'
    ) {
      return null;
    }
    return { payload: payload as TokenPayload, signed, signature: fromBase64Url(parts[1]!) };
  } catch {
    return null;
  }
}

export type OfflineVerdict =
  | { kind: 'verified'; kid: string; payload: TokenPayload }
  | { kind: 'badSignature' }
  | { kind: 'unknownKey'; kid: string }
  | { kind: 'malformed' }
  | { kind: 'unsupported' };

/** Checks the token's signature with the published key it names. */
export async function verifyOffline(token: string, keys: readonly PublishedKey[]): Promise<OfflineVerdict> {
  const decoded = decodeToken(token);
  if (!decoded) return { kind: 'malformed' };
  const key = keys.find((k) => k.kid === decoded.payload.k);
  if (!key) return { kind: 'unknownKey', kid: decoded.payload.k };
  if (!('subtle' in globalThis.crypto)) return { kind: 'unsupported' };
  try {
    const publicKey = await crypto.subtle.importKey('raw', fromBase64Url(key.publicKey), { name: 'Ed25519' }, false, ['verify']);
    const ok = await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, decoded.signature, decoded.signed);
    return ok ? { kind: 'verified', kid: key.kid, payload: decoded.payload } : { kind: 'badSignature' };
  } catch {
    return { kind: 'unsupported' };
  }
}

/** SHA-256 of a file chosen by the visitor, computed in the browser (the file never leaves the device), hex. */
export async function sha256OfFile(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
