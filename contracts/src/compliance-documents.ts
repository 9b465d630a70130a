import { reason } from './reasons.js';
import { z } from 'zod';
import { attachmentSchema } from './attachments.js';
import { defineEndpoint } from './http.js';

/**
 * The compliance document library: uploaded files (plans, certificates, inspection reports) with
 * versions. Each version is stored through platform/storage and counts against the
 * organisation's storage (402 past the plan's limit); a file over the attachment limit is 413.
 * A document has an owner, an effective date (separate from the upload date; each version has its
 * own), a review or expiry date (reminded ahead by the daily job), tags and links to profile rules.
 * Metadata of an upload travels in the query string beside the multipart `file`.
 */
export const DOCUMENT_KINDS = ['plan', 'certificate', 'inspection_report', 'procedure', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const REVIEW_KINDS = ['review', 'expiry'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const DOCUMENT_LIMITS = {
  titleMax: 200,
  tagsMax: 10,
  tagMax: 40,
  rulesMax: 20,
  noteMax: 500,
  /** Days before the review or expiry date the owner and managers are reminded. */
  remindDaysAhead: 30,
} as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, reason('validation.invalidFormat'));
const required = reason('validation.required');

/** A comma-separated list in a query string (`a,b`), or an array when sent as JSON. */
const list = (max: number, itemMax: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().max(itemMax, reason('validation.maxLength'))).max(max, reason('validation.tooManyItems')))
    .transform((items) => [...new Set(items)]);
const ruleList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(80)).max(DOCUMENT_LIMITS.rulesMax, reason('validation.tooManyItems')))
  .transform((items) => [...new Set(items)]);

export const documentMetaSchema = z
  .object({
    title: z.string({ error: required }).trim().min(1, required).max(DOCUMENT_LIMITS.titleMax, reason('validation.maxLength')),
    kind: z.enum(DOCUMENT_KINDS, { error: reason('validation.chooseOneOf') }),
    tags: list(DOCUMENT_LIMITS.tagsMax, DOCUMENT_LIMITS.tagMax).default([]),
    ruleIds: ruleList.default([]),
    reviewKind: z.enum(REVIEW_KINDS).default('review'),
    /** The next review, or the expiry (certificates). */
    reviewDate: isoDay.nullish(),
  })
  .strip();

/** `POST /api/compliance/documents?…` — the first version's file in the multipart body. */
export const createDocumentQuerySchema = documentMetaSchema
  .extend({
    effectiveDate: isoDay,
    note: z.string().trim().max(DOCUMENT_LIMITS.noteMax, reason('validation.maxLength')).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.reviewDate && v.reviewDate < v.effectiveDate) {
      ctx.addIssue({ code: 'custom', path: ['reviewDate'], message: reason('complianceDocuments.reviewBeforeEffective') });
    }
  });
export type CreateDocumentQuery = z.input<typeof createDocumentQuerySchema>;

/** `POST /api/compliance/documents/:id/versions?…` — the new version's file in the multipart body. */
export const newVersionQuerySchema = z.object({
  effectiveDate: isoDay,
  note: z.string().trim().max(DOCUMENT_LIMITS.noteMax, reason('validation.maxLength')).optional(),
  reviewDate: isoDay.nullish(),
});
export type NewVersionQuery = z.input<typeof newVersionQuerySchema>;

export const updateDocumentSchema = documentMetaSchema;
export type UpdateDocumentRequest = z.input<typeof updateDocumentSchema>;

export const documentVersionSchema = attachmentSchema.extend({
  version: z.number().int(),
  effectiveDate: z.string(),
  sha256: z.string(),
  note: z.string().nullable(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const complianceDocumentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  owner: z.object({ id: z.uuid().nullable(), name: z.string() }),
  tags: z.array(z.string()),
  ruleIds: z.array(z.string()),
  reviewKind: z.enum(REVIEW_KINDS),
  reviewDate: z.string().nullable(),
  /** The current (latest) version. */
  current: documentVersionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ComplianceDocument = z.infer<typeof complianceDocumentSchema>;

export const documentDetailSchema = complianceDocumentSchema.extend({
  /** Newest first. */
  versions: z.array(documentVersionSchema),
});
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

export const documentListQuerySchema = z.object({
  tag: z.string().trim().toLowerCase().max(DOCUMENT_LIMITS.tagMax).optional(),
  ruleId: z.string().max(80).optional(),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;

export const documentListSchema = z.object({
  items: z.array(complianceDocumentSchema),
  /** Every tag in use, for the filter. */
  tags: z.array(z.string()),
  editable: z.boolean(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

/** What a compliance packet lists of the library: each document's current version. */
export interface CurrentDocument {
  id: string;
  title: string;
  version: number;
  effectiveDate: string;
  sha256: string;
}

export const complianceDocumentEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/compliance/documents',
    tag: 'compliance',
    summary: "The organisation's compliance documents, filtered by ?tag and ?ruleId",
    query: documentListQuerySchema,
    response: documentListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/compliance/documents',
    tag: 'compliance',
    status: 201,
    summary:
      'Uploads a new document (ADMIN, MANAGER): multipart field "file" (PDF or image, at most 10 MB), metadata in the query; counts against storage (402 past the limit)',
    query: createDocumentQuerySchema,
    response: documentDetailSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/compliance/documents/:id',
    tag: 'compliance',
    summary: 'One document with its version history',
    response: documentDetailSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/compliance/documents/:id',
    tag: 'compliance',
    summary: "Changes a document's title, kind, tags, rules and review date (ADMIN, MANAGER)",
    body: updateDocumentSchema,
    response: documentDetailSchema,
  }),
  addVersion: defineEndpoint({
    method: 'POST',
    path: '/api/compliance/documents/:id/versions',
    tag: 'compliance',
    status: 201,
    summary: 'Uploads a new version (ADMIN, MANAGER): multipart field "file", effective date in the query',
    query: newVersionQuerySchema,
    response: documentDetailSchema,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/compliance/documents/:id/versions/:versionId/download',
    tag: 'compliance',
    summary: 'Downloads one version of a document (audited)',
  }),
};
