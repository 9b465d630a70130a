import { z } from 'zod';
import { BUNDLE_MANIFEST_VERIFY_MAX, verifyBundleResultSchema } from './audit-bundles.js';
import { defineEndpoint } from './http.js';
import { reason } from './reasons.js';

/**
 * Compliance packets (issue 19): for a compliance profile and a period, a signed PDF an auditor
 * can verify without signing in. A packet's content is frozen when it is issued; its manifest
 * (SHA-256 of every item and section) is signed with the platform's Ed25519 key; the PDF carries a
 * QR code (a signed token) and a short code. Re-issuing makes version N+1 and supersedes the
 * earlier one; an ADMIN may revoke one. Every download is a copy stamped with who downloaded it
 * and when, after the member accepted the waiver.
 */

export const PACKET_STATES = ['issued', 'superseded', 'revoked'] as const;
export type PacketState = (typeof PACKET_STATES)[number];

/** The longest period a packet covers. */
export const PACKET_MAX_PERIOD_YEARS = 3;

/**
 * The waiver (spec §1) a member accepts before any packet download; its text is in the web's
 * `packets` namespace (`waiver.text`). A new wording gets a new version, accepted again.
 */
export const WAIVER_VERSION = '2026-11';

/** Short codes: 10 characters of an alphabet without look-alikes (no 0/O, 1/I/L, U/V), written `XXXXX-XXXXX`. */
export const SHORT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const SHORT_CODE_LENGTH = 10;

/** A typed short code, normalised (upper case, no dashes or spaces), or null when it is not well formed. */
export function normaliseShortCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== SHORT_CODE_LENGTH) return null;
  for (const c of code) if (!SHORT_CODE_ALPHABET.includes(c)) return null;
  return code;
}

/** `ABCDE-FGHJK`. */
export function formatShortCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Whole days between two `YYYY-MM-DD` days. */
function isoDay(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The period's refusals: backwards, or longer than PACKET_MAX_PERIOD_YEARS. */
export function periodProblem(from: string, to: string): 'packets.periodBackwards' | 'packets.periodTooLong' | null {
  if (isoDay(to) < isoDay(from)) return 'packets.periodBackwards';
  const limit = new Date(isoDay(from));
  limit.setUTCFullYear(limit.getUTCFullYear() + PACKET_MAX_PERIOD_YEARS);
  if (isoDay(to) > limit.getTime()) return 'packets.periodTooLong';
  return null;
}

const day = (why: 'packets.chooseFrom' | 'packets.chooseTo') => z.iso.date(reason(why));

/** A profile and a period (days on the organisation's calendar, both included). */
export const packetPeriodSchema = z
  .object({
    profileId: z.uuid(reason('packets.chooseProfile')),
    from: day('packets.chooseFrom'),
    to: day('packets.chooseTo'),
  })
  .superRefine((value, ctx) => {
    const problem = periodProblem(value.from, value.to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem, params: { years: PACKET_MAX_PERIOD_YEARS } });
  });
export type PacketPeriodInput = z.input<typeof packetPeriodSchema>;

// ---------------------------------------------------------------------------------------------
// The frozen content of a packet (what its PDF shows, and what its manifest hashes)

export const packetRuleSchema = z.object({
  ruleId: z.string(),
  /** The English title (built-in rules) or the organisation's own. */
  title: z.string(),
  source: z.string(),
  /** The evaluator's verdict for the period: passing, due_soon, failing. */
  state: z.string(),
  /** The evaluator's reason: a key of the compliance texts with its parameters. */
  reason: z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }),
  lastSatisfiedAt: z.string().nullable(),
  nextDueAt: z.string().nullable(),
  /** The drill runs that satisfy it (each one is in the packet). */
  runIds: z.array(z.string()),
});
export type PacketRule = z.infer<typeof packetRuleSchema>;

export const packetRunSchema = z.object({
  id: z.string(),
  title: z.string(),
  scenario: z.string(),
  type: z.string(),
  location: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  lead: z.string(),
  participants: z.array(z.object({ name: z.string(), present: z.boolean() })),
  musterMs: z.number().nullable(),
  musterTargetMs: z.number().nullable(),
  observations: z.array(z.object({ kind: z.enum(['strength', 'improvement']), note: z.string(), author: z.string() })),
  actions: z.array(z.object({ title: z.string(), owner: z.string(), dueDate: z.string(), status: z.string() })),
  approval: z.object({ by: z.string(), at: z.string() }).nullable(),
});
export type PacketRun = z.infer<typeof packetRunSchema>;

/** An SOP or a document of the organisation's library, as the packet lists it (an input of its own). */
export const packetDocumentSchema = z.object({
  kind: z.enum(['sop', 'document']),
  title: z.string(),
  version: z.string(),
  /** YYYY-MM-DD. */
  effectiveDate: z.string(),
  sha256: z.string(),
});
export type PacketDocument = z.infer<typeof packetDocumentSchema>;

export const packetContentSchema = z.object({
  organisation: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  profile: z.object({ id: z.string(), name: z.string() }),
  period: z.object({ from: z.string(), to: z.string() }),
  rules: z.array(packetRuleSchema),
  runs: z.array(packetRunSchema),
  documents: z.array(packetDocumentSchema),
});
export type PacketContent = z.infer<typeof packetContentSchema>;

/** What is hashed and signed: every item and section of the frozen content. */
export const packetManifestSchema = z.object({
  v: z.literal(1),
  packetId: z.string(),
  version: z.number().int(),
  organisationId: z.string(),
  profileId: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  issuedAt: z.string(),
  kid: z.string(),
  items: z.array(z.object({ kind: z.enum(['run', 'rule', 'document']), id: z.string(), sha256: z.string() })),
  sections: z.array(z.object({ name: z.enum(['cover', 'rules', 'runs', 'documents']), sha256: z.string() })),
});
export type PacketManifest = z.infer<typeof packetManifestSchema>;

/** The QR code's token payload (signed): packet id, manifest hash, issue date, key id. */
export interface PacketTokenPayload {
  v: 1;
  p: string;
  m: string;
  d: string;
  k: string;
}

// ---------------------------------------------------------------------------------------------
// Views

export const packetViewSchema = z.object({
  id: z.uuid(),
  version: z.number().int(),
  state: z.enum(PACKET_STATES),
  profileId: z.string(),
  profileName: z.string(),
  from: z.string(),
  to: z.string(),
  issuedAt: z.string(),
  issuedBy: z.string(),
  shortCode: z.string(),
  kid: z.string(),
  manifestSha256: z.string(),
  pdfSha256: z.string(),
  verifyUrl: z.string(),
  supersededById: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  downloads: z.number().int(),
});
export type PacketView = z.infer<typeof packetViewSchema>;

export const packetListSchema = z.object({ packets: z.array(packetViewSchema) });
export type PacketList = z.infer<typeof packetListSchema>;

/** A packet's manifest with its signatures (for tools that verify a packet themselves). */
export const packetManifestViewSchema = z.object({
  manifest: packetManifestSchema,
  manifestSha256: z.string(),
  /** Ed25519 over the canonical JSON of `manifest`, base64url. */
  signature: z.string(),
  pdfSha256: z.string(),
  /** Ed25519 over the canonical JSON of `{ packetId, manifestSha256, pdfSha256 }` (the PDF cannot hold its own hash), base64url. */
  fileSignature: z.string(),
  kid: z.string(),
  token: z.string(),
});
export type PacketManifestView = z.infer<typeof packetManifestViewSchema>;

export const revokePacketSchema = z.object({
  reason: z.string().trim().min(3, reason('packets.revokeReason')).max(500, reason('validation.maxLength')),
});

export const waiverStateSchema = z.object({
  version: z.string(),
  acceptedAt: z.string().nullable(),
});
export type WaiverState = z.infer<typeof waiverStateSchema>;

export const acceptWaiverSchema = z.object({ version: z.string().min(1).max(40) });

// ---------------------------------------------------------------------------------------------
// Public verification

export const verifyPacketSchema = z
  .object({
    /** The short code printed on the packet. */
    code: z.string().max(40).optional(),
    /** The QR code's token. */
    token: z.string().max(1000).optional(),
    /** The SHA-256 (hex) of a file the visitor chose, computed in their browser. */
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, reason('packets.malformedHash'))
      .optional(),
    /**
     * An audit bundle's manifest.json, as text (issue 20): answered with `verifyBundleResultSchema`
     * instead of a packet's status. The other fields are then ignored.
     */
    bundleManifest: z.string().max(BUNDLE_MANIFEST_VERIFY_MAX, reason('auditor.bundleManifestMalformed')).optional(),
  })
  .refine((v) => v.code !== undefined || v.token !== undefined || v.sha256 !== undefined || v.bundleManifest !== undefined, {
    message: reason('packets.nothingToVerify'),
  });
export type VerifyPacketInput = z.input<typeof verifyPacketSchema>;

export const VERIFY_STATUSES = ['valid', 'superseded', 'revoked'] as const;

export const verifyPacketResultSchema = z.object({
  status: z.enum(VERIFY_STATUSES),
  organisation: z.string(),
  profile: z.string(),
  from: z.string(),
  to: z.string(),
  issuedAt: z.string(),
  version: z.number().int(),
  shortCode: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  /** The current version's short code, when superseded. */
  currentShortCode: z.string().nullable(),
  /** Whether the chosen file's hash is one the server knows for this packet (the issued file or a stamped download); null when no hash was sent. */
  fileMatch: z.boolean().nullable(),
});
export type VerifyPacketResult = z.infer<typeof verifyPacketResultSchema>;

export const packetKeySchema = z.object({
  kid: z.string(),
  alg: z.literal('Ed25519'),
  /** The raw 32-byte public key, base64url. */
  publicKey: z.string(),
  jwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string(), kid: z.string(), use: z.literal('sig') }),
  validFrom: z.string(),
  /** Null while it is the active key. */
  validTo: z.string().nullable(),
});
export type PacketKey = z.infer<typeof packetKeySchema>;
export const packetKeysSchema = z.object({ keys: z.array(packetKeySchema) });
export type PacketKeys = z.infer<typeof packetKeysSchema>;

/** Where the platform's packet signing keys are published (no sign-in, cacheable). */
export const PACKET_KEYS_PATH = '/.well-known/muster-packet-keys.json';

export const packetEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/compliance/packets',
    tag: 'compliance',
    summary: "The organisation's compliance packets, newest first",
    response: packetListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/compliance/packets/:id',
    tag: 'compliance',
    summary: 'One compliance packet',
    response: packetViewSchema,
  }),
  manifest: defineEndpoint({
    method: 'GET',
    path: '/api/compliance/packets/:id/manifest',
    tag: 'compliance',
    summary: "A packet's signed manifest",
    response: packetManifestViewSchema,
  }),
  revoke: defineEndpoint({
    method: 'POST',
    path: '/api/compliance/packets/:id/revoke',
    tag: 'compliance',
    summary: 'Revokes an issued packet, with a reason (ADMIN)',
    body: revokePacketSchema,
    response: packetViewSchema,
  }),
  waiver: defineEndpoint({
    method: 'GET',
    path: '/api/compliance/waiver',
    tag: 'compliance',
    summary: 'The current waiver version and whether you accepted it',
    response: waiverStateSchema,
  }),
  acceptWaiver: defineEndpoint({
    method: 'POST',
    path: '/api/compliance/waiver/accept',
    tag: 'compliance',
    summary: 'Accepts the current waiver (recorded once per version)',
    body: acceptWaiverSchema,
    response: waiverStateSchema,
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/api/verify-packet',
    tag: 'compliance',
    summary: "A packet's live status by short code, QR token or file hash (public, rate-limited)",
    body: verifyPacketSchema,
    response: z.union([verifyPacketResultSchema, verifyBundleResultSchema]),
  }),
  rotateKeys: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/packet-keys/rotate',
    tag: 'compliance',
    summary:
      'Refused with 409 approvals.required: rotating the signing key needs a second platform admin (POST /api/approvals, kind signing_key_rotate). Once approved, a new key is active and the previous one still verifies what it signed',
    response: z.object({ active: z.string(), retired: z.array(z.string()) }),
  }),
  keys: defineEndpoint({
    method: 'GET',
    path: PACKET_KEYS_PATH,
    tag: 'compliance',
    summary: "The platform's packet signing keys with their validity (public, cacheable)",
    response: packetKeysSchema,
  }),
};
