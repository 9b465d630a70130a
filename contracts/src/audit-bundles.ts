import { z } from 'zod';
import { previewQuerySchema, AUDITOR_PORTAL_LIMITS } from './auditor-portal.js';
import { RENDER_STAGES, RENDER_STATUSES } from './documents.js';
import { defineEndpoint } from './http.js';
import { reason } from './reasons.js';

/**
 * Audit bundles (issue 20): a zip of the evidence records in a guest auditor's scope (or a chosen
 * subset) with `manifest.json` (path, size and SHA-256 of every file, and what each record is),
 * `manifest.sig` (Ed25519 over the bytes of manifest.json, by the platform key published at
 * `/.well-known/muster-packet-keys.json`), the records' custody logs (`custody.json`,
 * `custody.csv`) and `README.txt` (how to verify). A bundle is built by a worker of the `render`
 * queue; its progress is pushed to the auditor (`auditor:bundle`, room `user:<invite id>`). It is
 * kept until the invite expires.
 */
export const AUDIT_BUNDLE_FORMAT = 'muster-audit-bundle/1';

/** The files of a bundle beside the records. */
export const AUDIT_BUNDLE_FILES = {
  manifest: 'manifest.json',
  signature: 'manifest.sig',
  custodyJson: 'custody.json',
  custodyCsv: 'custody.csv',
  readme: 'README.txt',
} as const;

/** `POST /api/auditor/bundles`: the records to bundle; none named = every record in scope. */
export const createAuditBundleSchema = z.object({
  recordIds: z
    .array(z.uuid(reason('auditor.evidenceNotFound')))
    .max(AUDITOR_PORTAL_LIMITS.bundleRecordsMax, reason('validation.tooManyItems'))
    .optional(),
});
export type CreateAuditBundleRequest = z.input<typeof createAuditBundleSchema>;

export const auditBundleSchema = z.object({
  id: z.uuid(),
  status: z.enum(RENDER_STATUSES),
  stage: z.enum(RENDER_STAGES),
  /** 0–100. */
  percent: z.number().int(),
  recordCount: z.number().int(),
  /** The zip's size, once built. */
  sizeBytes: z.number().int().nullable(),
  /** SHA-256 (hex) of manifest.json, once built. */
  manifestSha256: z.string().nullable(),
  /** The signing key's id (see `/.well-known/muster-packet-keys.json`), once built. */
  kid: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The invite's expiry: the bundle is kept until then. */
  expiresAt: z.string(),
  /** Why it failed (a reason of contracts' reasons.ts), when it did. */
  reason: z.string().nullable(),
  /** Where to download the zip, once built and until it expires. */
  downloadUrl: z.string().nullable(),
});
export type AuditBundleView = z.infer<typeof auditBundleSchema>;
export const auditBundleListSchema = z.object({ items: z.array(auditBundleSchema) });

/** One file of a bundle's manifest. */
export const auditBundleManifestFileSchema = z.object({
  path: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  record: z
    .object({
      id: z.string(),
      kind: z.string(),
      title: z.string(),
      from: z.string(),
      to: z.string(),
      ruleIds: z.array(z.string()),
      facility: z.string().nullable(),
      fileName: z.string(),
      addedAt: z.string(),
    })
    .nullable(),
});
export type AuditBundleManifestFile = z.infer<typeof auditBundleManifestFileSchema>;

/** What manifest.json holds (its bytes are canonical JSON: keys sorted, no whitespace). */
export const auditBundleManifestSchema = z.object({
  format: z.literal(AUDIT_BUNDLE_FORMAT),
  bundleId: z.string(),
  organisation: z.object({ id: z.string(), name: z.string() }),
  auditor: z.object({ inviteId: z.string(), name: z.string(), firm: z.string().nullable(), email: z.string() }),
  scope: z.object({
    profiles: z.array(z.object({ id: z.string(), name: z.string() })),
    facilities: z.array(z.string()),
    from: z.string(),
    to: z.string(),
  }),
  createdAt: z.string(),
  signature: z.object({ alg: z.literal('Ed25519'), kid: z.string(), keys: z.string(), file: z.string() }),
  files: z.array(auditBundleManifestFileSchema),
});
export type AuditBundleManifest = z.infer<typeof auditBundleManifestSchema>;

/** The largest manifest.json /verify-packet takes (the request body limit is 1 MB). */
export const BUNDLE_MANIFEST_VERIFY_MAX = 900_000;

/** `POST /api/verify-packet` with `bundleManifest`: what is told of an audit bundle. */
export const verifyBundleResultSchema = z.object({
  kind: z.literal('bundle'),
  bundleId: z.string(),
  /** Whether the manifest's bytes are exactly the ones the bundle was built with (SHA-256). */
  manifestMatch: z.boolean(),
  /** Whether the bundle's Ed25519 signature verifies over these bytes with the published key `kid`. */
  signatureValid: z.boolean(),
  kid: z.string(),
  organisation: z.string(),
  auditor: z.string(),
  firm: z.string().nullable(),
  createdAt: z.string(),
  fileCount: z.number().int(),
  recordCount: z.number().int(),
});
export type VerifyBundleResult = z.infer<typeof verifyBundleResultSchema>;

export const auditBundleEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/auditor/bundles',
    tag: 'auditor',
    summary: "The invite's audit bundles, newest first",
    query: previewQuerySchema,
    response: auditBundleListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/auditor/bundles',
    tag: 'auditor',
    status: 202,
    summary:
      'Builds a signed zip of the records in scope (or the chosen ones); progress follows over the socket (`auditor:bundle`). Refused in a preview (403)',
    query: previewQuerySchema,
    body: createAuditBundleSchema,
    response: auditBundleSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/auditor/bundles/:id',
    tag: 'auditor',
    summary: 'One audit bundle: its stage, percent and, once built, its manifest hash and where to download it',
    query: previewQuerySchema,
    response: auditBundleSchema,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/auditor/bundles/:id/download',
    tag: 'auditor',
    summary: "The bundle's zip (audited); kept until the invite expires",
    query: previewQuerySchema,
  }),
};
