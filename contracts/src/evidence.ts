import { z } from 'zod';
import { renderSchema } from './documents.js';
import { defineEndpoint } from './http.js';
import { reason } from './reasons.js';

/**
 * The evidence vault (issue 20): immutable evidence records an organisation keeps for its
 * auditors. A record is a file (uploaded) or a snapshot of a Muster object (an approved drill
 * run's report, an issued compliance packet, an SOP version, a document version, an audit-chain
 * export) taken when it is added: the bytes are stored once, hashed (SHA-256) on ingest and
 * checked against that hash on every read. A record cannot be changed or deleted while it is
 * retained (EVIDENCE_RETENTION_YEARS from its creation, longer under a legal hold): the database
 * refuses UPDATE and DELETE, the storage driver refuses overwrites. Every view, download, share
 * with an auditor and hold change is a custody event, appended to the organisation's audit chain
 * (target `evidence_record`).
 *
 * Metadata of an upload travels in the query string beside the multipart `file`, as for the
 * document library.
 */
export const EVIDENCE_KINDS = ['file', 'drill_run', 'packet', 'sop_version', 'document_version', 'audit_export'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];
/** The kinds made from a Muster object (everything but an uploaded file). */
export const EVIDENCE_LINK_KINDS = ['drill_run', 'packet', 'sop_version', 'document_version', 'audit_export'] as const;
export type EvidenceLinkKind = (typeof EVIDENCE_LINK_KINDS)[number];

/** An auditor's verdict on a record (per invite); `pending` until they give one. */
export const EVIDENCE_REVIEW_STATES = ['pending', 'accepted', 'flagged'] as const;
export type EvidenceReviewState = (typeof EVIDENCE_REVIEW_STATES)[number];

/** Files an evidence record may hold (uploads): PDFs and PNG/JPEG images, shown inline in the browser. */
export const EVIDENCE_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const EVIDENCE_ACCEPT = [...EVIDENCE_FILE_TYPES, '.pdf', '.png', '.jpg', '.jpeg'].join(',');

export const EVIDENCE_LIMITS = {
  /** Spec §9: compliance records are kept 7 years. */
  retentionYears: 7,
  titleMax: 200,
  descriptionMax: 2000,
  rulesMax: 20,
  facilityMax: 200,
  holdReasonMax: 500,
  /** Largest uploaded file (413 above). */
  maxFileMb: 10,
  /** A record's period is at most this long. */
  periodMaxYears: 7,
  pageSizeMax: 100,
} as const;
export const EVIDENCE_RETENTION_YEARS = EVIDENCE_LIMITS.retentionYears;

export const isoDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, reason('validation.invalidFormat'));
const required = reason('validation.required');

/** A comma-separated list in a query string (`a,b`), or an array when sent as JSON. */
export const ruleIdListSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(80, reason('validation.maxLength'))).max(EVIDENCE_LIMITS.rulesMax, reason('validation.tooManyItems')))
  .transform((items) => [...new Set(items)]);

/** What every new record says about itself: title, description, the rules it supports, the period it covers, its facility. */
export const evidenceMetaSchema = z
  .object({
    title: z.string({ error: required }).trim().min(1, required).max(EVIDENCE_LIMITS.titleMax, reason('validation.maxLength')),
    description: z.string().trim().max(EVIDENCE_LIMITS.descriptionMax, reason('validation.maxLength')).default(''),
    ruleIds: ruleIdListSchema.default([]).refine((ids) => ids.length > 0, reason('evidence.noRules')),
    from: isoDaySchema,
    to: isoDaySchema,
    /** The facility it concerns (a compliance profile's facility name); null for the whole organisation. */
    facility: z
      .string()
      .trim()
      .max(EVIDENCE_LIMITS.facilityMax, reason('validation.maxLength'))
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: reason('evidence.periodBackwards') });
  });
export type EvidenceMetaInput = z.input<typeof evidenceMetaSchema>;

/** `POST /api/evidence?…` — the file in the multipart body (field `file`). */
export const createEvidenceFileQuerySchema = evidenceMetaSchema;
export type CreateEvidenceFileQuery = z.input<typeof createEvidenceFileQuerySchema>;

/** `POST /api/evidence/links` — a snapshot of a Muster object. */
export const createEvidenceLinkSchema = z
  .object({
    title: z.string({ error: required }).trim().min(1, required).max(EVIDENCE_LIMITS.titleMax, reason('validation.maxLength')),
    description: z.string().trim().max(EVIDENCE_LIMITS.descriptionMax, reason('validation.maxLength')).default(''),
    ruleIds: ruleIdListSchema.default([]).refine((ids) => ids.length > 0, reason('evidence.noRules')),
    from: isoDaySchema,
    to: isoDaySchema,
    facility: z
      .string()
      .trim()
      .max(EVIDENCE_LIMITS.facilityMax, reason('validation.maxLength'))
      .optional()
      .transform((v) => (v ? v : null)),
    kind: z.enum(EVIDENCE_LINK_KINDS, { error: reason('validation.chooseOneOf') }),
    /**
     * The object: a drill run id (approved), a packet id (issued), an SOP id, a compliance
     * document id; unused for `audit_export` (the chain of the record's period).
     */
    objectId: z.uuid(reason('evidence.chooseObject')).optional(),
    /** The SOP version id or the document version id, for those kinds. */
    versionId: z.uuid(reason('evidence.chooseVersion')).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: reason('evidence.periodBackwards') });
    if (v.kind !== 'audit_export' && !v.objectId)
      ctx.addIssue({ code: 'custom', path: ['objectId'], message: reason('evidence.chooseObject') });
    if ((v.kind === 'sop_version' || v.kind === 'document_version') && !v.versionId) {
      ctx.addIssue({ code: 'custom', path: ['versionId'], message: reason('evidence.chooseVersion') });
    }
  });
export type CreateEvidenceLinkRequest = z.input<typeof createEvidenceLinkSchema>;

export const evidenceListQuerySchema = z.object({
  /** Words of the title or description. */
  q: z.string().trim().max(200, reason('validation.maxLength')).optional(),
  ruleId: z.string().max(80).optional(),
  kind: z.enum(EVIDENCE_KINDS, { error: reason('validation.chooseOneOf') }).optional(),
  /** Records whose period overlaps [from, to]. */
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  /** The auditor's review state (auditor portal and preview only). */
  state: z.enum(EVIDENCE_REVIEW_STATES, { error: reason('validation.chooseOneOf') }).optional(),
  page: z.coerce.number().int(reason('validation.mustBeWholeNumber')).min(1, reason('validation.oneOrMore')).default(1),
  pageSize: z.coerce
    .number()
    .int(reason('validation.mustBeWholeNumber'))
    .min(1, reason('validation.oneOrMore'))
    .max(EVIDENCE_LIMITS.pageSizeMax, reason('validation.rowsPerPage'))
    .default(25),
});
export type EvidenceListQuery = z.input<typeof evidenceListQuerySchema>;

export const evidencePersonSchema = z.object({ id: z.string().nullable(), name: z.string() });

export const legalHoldSchema = z.object({
  id: z.uuid(),
  reason: z.string(),
  placedAt: z.string(),
  placedBy: evidencePersonSchema,
  releasedAt: z.string().nullable(),
  releasedBy: evidencePersonSchema.nullable(),
});
export type LegalHold = z.infer<typeof legalHoldSchema>;

export const evidenceRecordSchema = z.object({
  id: z.uuid(),
  kind: z.enum(EVIDENCE_KINDS),
  title: z.string(),
  description: z.string(),
  ruleIds: z.array(z.string()),
  from: z.string(),
  to: z.string(),
  facility: z.string().nullable(),
  /** The Muster object it is a snapshot of (null for an uploaded file). */
  source: z.object({ type: z.enum(EVIDENCE_LINK_KINDS), id: z.string().nullable(), label: z.string() }).nullable(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** SHA-256 (hex) of the file as ingested. */
  sha256: z.string(),
  addedBy: evidencePersonSchema,
  createdAt: z.string(),
  /** Creation + 7 years; the record may be purged after it unless a hold is active. */
  retainUntil: z.string(),
  /** The active legal hold, if any. */
  hold: legalHoldSchema.nullable(),
  /** In the auditor portal and the preview: the auditor's review of it. */
  review: z.object({ state: z.enum(EVIDENCE_REVIEW_STATES), comment: z.string().nullable(), at: z.string().nullable() }).nullable(),
});
export type EvidenceRecord = z.infer<typeof evidenceRecordSchema>;

export const evidenceListSchema = z.object({
  items: z.array(evidenceRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Whether the reader may add records and change holds (ADMIN). */
  editable: z.boolean(),
});
export type EvidenceList = z.infer<typeof evidenceListSchema>;

/** One custody event of a record (from the audit chain). */
export const CUSTODY_ACTIONS = [
  'added',
  'viewed',
  'downloaded',
  'shared',
  'hold_placed',
  'hold_released',
  'reviewed',
  'integrity_failed',
] as const;
export type CustodyAction = (typeof CUSTODY_ACTIONS)[number];

export const custodyEventSchema = z.object({
  id: z.uuid(),
  at: z.string(),
  action: z.enum(CUSTODY_ACTIONS),
  /** The member's or the auditor's name (with the firm for an auditor). */
  actor: z.string(),
  actorKind: z.enum(['member', 'auditor', 'system']),
  /** Extra detail: the hold's reason, the bundle id, the review state. */
  detail: z.string().nullable(),
  /** The event's position and hash in the organisation's audit chain. */
  seq: z.number().int(),
  hash: z.string(),
});
export type CustodyEvent = z.infer<typeof custodyEventSchema>;

export const evidenceDetailSchema = evidenceRecordSchema.extend({
  custody: z.array(custodyEventSchema),
  holds: z.array(legalHoldSchema),
});
export type EvidenceDetail = z.infer<typeof evidenceDetailSchema>;

export const placeHoldSchema = z.object({
  reason: z
    .string({ error: required })
    .trim()
    .min(3, reason('evidence.holdReason'))
    .max(EVIDENCE_LIMITS.holdReasonMax, reason('validation.maxLength')),
});
export type PlaceHoldRequest = z.input<typeof placeHoldSchema>;

/** `?disposition=inline` to view in the browser, `attachment` (default) to download. */
export const evidenceFileQuerySchema = z.object({
  disposition: z.enum(['inline', 'attachment'], { error: reason('validation.chooseOneOf') }).default('attachment'),
});

/** What can be linked: the organisation's objects of each kind, for the "Add from Muster" dialog. */
export const evidenceSourceSchema = z.object({
  kind: z.enum(EVIDENCE_LINK_KINDS),
  id: z.string(),
  label: z.string(),
  /** Versions to choose from (SOPs, documents): newest first. */
  versions: z.array(z.object({ id: z.string(), label: z.string() })),
  /** A suggested period (the run's day, the packet's period). */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type EvidenceSource = z.infer<typeof evidenceSourceSchema>;
export const evidenceSourceListSchema = z.object({ items: z.array(evidenceSourceSchema) });
export const evidenceSourceQuerySchema = z.object({ kind: z.enum(EVIDENCE_LINK_KINDS, { error: reason('validation.chooseOneOf') }) });

export const evidenceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/evidence',
    tag: 'evidence',
    summary: "The organisation's evidence records (ADMIN; INTERNAL_AUDITOR reads)",
    query: evidenceListQuerySchema,
    response: evidenceListSchema,
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/evidence',
    tag: 'evidence',
    status: 201,
    summary: 'Adds an uploaded file as an evidence record (ADMIN); metadata in the query string, the file in the multipart body',
    query: createEvidenceFileQuerySchema,
    response: evidenceDetailSchema,
  }),
  link: defineEndpoint({
    method: 'POST',
    path: '/api/evidence/links',
    tag: 'evidence',
    status: 202,
    summary:
      'Starts a snapshot of a Muster object (approved run, packet, SOP version, document version, audit export) as an evidence record (ADMIN): the object is checked at once, the snapshot is made by the render queue (an `evidence-snapshot` render, progress over the socket) and the render names the record once done',
    body: createEvidenceLinkSchema,
    response: renderSchema,
  }),
  sources: defineEndpoint({
    method: 'GET',
    path: '/api/evidence/sources',
    tag: 'evidence',
    summary: 'The objects of one kind that can be added as evidence (ADMIN)',
    query: evidenceSourceQuerySchema,
    response: evidenceSourceListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/evidence/:id',
    tag: 'evidence',
    summary: 'One evidence record with its holds and custody log',
    response: evidenceDetailSchema,
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/evidence/:id/file',
    tag: 'evidence',
    summary: "A record's file, checked against its hash; viewing and downloading are custody events",
    query: evidenceFileQuerySchema,
  }),
  placeHold: defineEndpoint({
    method: 'POST',
    path: '/api/evidence/:id/hold',
    tag: 'evidence',
    summary: 'Places a legal hold on a record (ADMIN): it cannot be purged while held',
    body: placeHoldSchema,
    response: evidenceDetailSchema,
  }),
  releaseHold: defineEndpoint({
    method: 'DELETE',
    path: '/api/evidence/:id/hold',
    tag: 'evidence',
    summary: "Releases a record's legal hold (ADMIN)",
    response: evidenceDetailSchema,
  }),
};
