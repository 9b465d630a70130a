import { createHash } from 'node:crypto';
import type { PacketContent, PacketManifest, PacketTokenPayload } from '@muster/contracts';
import { canonicalJson, sha256Hex } from '../../platform/signing/canonical-json.js';

/**
 * The manifest of a packet's frozen content: the SHA-256 of each item's canonical JSON (each drill
 * run, each rule's evaluation, each SOP or document) and of each section (cover, rules, runs,
 * documents). Anyone holding the content recomputes it; the signature covers its canonical JSON.
 */
export function buildManifest(
  content: PacketContent,
  head: Pick<PacketManifest, 'packetId' | 'version' | 'issuedAt' | 'kid'>,
): PacketManifest {
  const hash = (value: unknown) => sha256Hex(canonicalJson(value));
  return {
    v: 1,
    packetId: head.packetId,
    version: head.version,
    organisationId: content.organisation.id,
    profileId: content.profile.id,
    period: content.period,
    issuedAt: head.issuedAt,
    kid: head.kid,
    items: [
      ...content.rules.map((r) => ({ kind: 'rule' as const, id: r.ruleId, sha256: hash(r) })),
      ...content.runs.map((r) => ({ kind: 'run' as const, id: r.id, sha256: hash(r) })),
      ...content.documents.map((d) => ({ kind: 'document' as const, id: `${d.kind}:${d.title}:${d.version}`, sha256: hash(d) })),
    ],
    sections: [
      { name: 'cover', sha256: hash({ organisation: content.organisation, profile: content.profile, period: content.period }) },
      { name: 'rules', sha256: hash(content.rules) },
      { name: 'runs', sha256: hash(content.runs) },
      { name: 'documents', sha256: hash(content.documents) },
    ],
  };
}

export function manifestSha256(manifest: PacketManifest): string {
  return sha256Hex(canonicalJson(manifest));
}

/** What the file signature covers: the issued PDF bound to its manifest (the PDF cannot hold its own hash). */
export function fileStatement(packetId: string, manifestHash: string, pdfSha256: string): string {
  return canonicalJson({ packetId, manifestSha256: manifestHash, pdfSha256 });
}

/** The QR code's token: base64url(canonical payload) "." base64url(Ed25519 signature of those payload bytes). */
export function tokenPayloadBytes(payload: PacketTokenPayload): string {
  return canonicalJson(payload);
}

export function encodeToken(payload: PacketTokenPayload, signature: string): string {
  return `${Buffer.from(tokenPayloadBytes(payload)).toString('base64url')}.${signature}`;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/** A token's payload and signature, or null when it is not well formed. */
export function decodeToken(token: string): { payload: PacketTokenPayload; bytes: string; signature: string } | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !B64URL.test(parts[0]!) || !B64URL.test(parts[1]!)) return null;
  try {
    const bytes = Buffer.from(parts[0]!, 'base64url').toString('utf8');
    const payload = JSON.parse(bytes) as Partial<PacketTokenPayload>;
    const ok =
      payload.v === 1 &&
      typeof payload.p === 'string' &&
      /^[0-9a-f-]{36}$/.test(payload.p) &&
      typeof payload.m === 'string' &&
      /^[0-9a-f]{64}$/.test(payload.m) &&
      typeof payload.d === 'string' &&
      typeof payload.k === 'string' &&
      payload.k.length <= 40;
    if (!ok) return null;
    if (Buffer.from(parts[1]!, 'base64url').length !== 64) return null;
    return { payload: payload as PacketTokenPayload, bytes, signature: parts[1]! };
  } catch {
    return null;
  }
}

export function fileSha256(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}
