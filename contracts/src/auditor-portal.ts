import { z } from 'zod';
import { auditorScopeSchema } from './auditor.js';
import {
  EVIDENCE_KINDS,
  evidenceDetailSchema,
  evidenceFileQuerySchema,
  evidenceListQuerySchema,
  evidenceListSchema,
  evidenceRecordSchema,
  isoDaySchema,
} from './evidence.js';
import { defineEndpoint } from './http.js';
import { reason } from './reasons.js';

/**
 * The guest-auditor portal's API (issue 20). A guest auditor reads only the evidence records in
 * their invite's scope (others answer 404), reviews them (accepted or flagged with a comment),
 * asks for missing evidence (requests), draws reproducible samples and builds signed audit
 * bundles. Every view and download is a custody event with the auditor as actor.
 *
 * "Preview as auditor": an ADMIN of the organisation calls the same GET endpoints with
 * `?preview=<invite id>` and sees exactly what that auditor sees; writes are refused in a preview
 * (403 `auditor.previewReadOnly`).
 */
export const previewQuerySchema = z.object({
  /** An invite of the ADMIN's organisation, to see the portal as its auditor. */
  preview: z.uuid(reason('auditor.inviteNotFound')).optional(),
});

export const auditorEvidenceQuerySchema = evidenceListQuerySchema.extend(previewQuerySchema.shape);
export const auditorFileQuerySchema = evidenceFileQuerySchema.extend(previewQuerySchema.shape);

export const REVIEW_VERDICTS = ['accepted', 'flagged'] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];

export const AUDITOR_PORTAL_LIMITS = {
  commentMax: 2000,
  requestTextMax: 2000,
  /** A request's due date is at most this many days ahead. */
  requestDueMaxDays: 365,
  sampleMax: 500,
  seedMax: 64,
  bundleRecordsMax: 100_000,
} as const;

/** `POST /api/auditor/evidence/:id/review`: a flag needs a comment. */
export const reviewEvidenceSchema = z
  .object({
    state: z.enum(REVIEW_VERDICTS, { error: reason('validation.chooseOneOf') }),
    comment: z
      .string()
      .trim()
      .max(AUDITOR_PORTAL_LIMITS.commentMax, reason('validation.maxLength'))
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (v.state === 'flagged' && !v.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: reason('auditor.flagNeedsComment') });
  });
export type ReviewEvidenceRequest = z.input<typeof reviewEvidenceSchema>;

export const auditorDashboardSchema = z.object({
  invite: z.object({ id: z.string(), auditorName: z.string(), firm: z.string().nullable(), expiresAt: z.string() }),
  scope: auditorScopeSchema,
  /** Records in scope by the auditor's review state. */
  records: z.object({ total: z.number().int(), pending: z.number().int(), accepted: z.number().int(), flagged: z.number().int() }),
  /** Records in scope by kind. */
  byKind: z.record(z.enum(EVIDENCE_KINDS), z.number().int()),
  requests: z.object({ open: z.number().int(), submitted: z.number().int(), accepted: z.number().int(), flagged: z.number().int() }),
  preview: z.boolean(),
});
export type AuditorDashboard = z.infer<typeof auditorDashboardSchema>;

// ---------------------------------------------------------------------------------------------
// Evidence requests: open → submitted → accepted | flagged (a flagged request may be submitted again)

export const EVIDENCE_REQUEST_STATES = ['open', 'submitted', 'accepted', 'flagged'] as const;
export type EvidenceRequestState = (typeof EVIDENCE_REQUEST_STATES)[number];

export const createEvidenceRequestSchema = z.object({
  text: z
    .string({ error: reason('validation.required') })
    .trim()
    .min(3, reason('auditor.requestText'))
    .max(AUDITOR_PORTAL_LIMITS.requestTextMax, reason('validation.maxLength')),
  /** The rule the missing evidence supports (one of the scope's profiles' rules). */
  ruleId: z.string().max(80).optional(),
  dueDate: isoDaySchema,
});
export type CreateEvidenceRequest = z.input<typeof createEvidenceRequestSchema>;

export const submitEvidenceRequestSchema = z.object({
  evidenceIds: z
    .array(z.uuid(reason('auditor.evidenceNotFound')))
    .min(1, reason('auditor.attachEvidence'))
    .max(50, reason('validation.tooManyItems')),
  note: z
    .string()
    .trim()
    .max(AUDITOR_PORTAL_LIMITS.commentMax, reason('validation.maxLength'))
    .optional()
    .transform((v) => (v ? v : null)),
});
export type SubmitEvidenceRequest = z.input<typeof submitEvidenceRequestSchema>;

export const evidenceRequestSchema = z.object({
  id: z.uuid(),
  inviteId: z.uuid(),
  auditor: z.object({ name: z.string(), firm: z.string().nullable() }),
  text: z.string(),
  ruleId: z.string().nullable(),
  dueDate: z.string(),
  state: z.enum(EVIDENCE_REQUEST_STATES),
  createdAt: z.string(),
  /** The last submission: who, when, the note and the records attached. */
  submittedAt: z.string().nullable(),
  submittedBy: z.string().nullable(),
  note: z.string().nullable(),
  evidence: z.array(evidenceRecordSchema),
  /** The auditor's last verdict. */
  reviewedAt: z.string().nullable(),
  reviewComment: z.string().nullable(),
  overdue: z.boolean(),
});
export type EvidenceRequestView = z.infer<typeof evidenceRequestSchema>;
export const evidenceRequestListSchema = z.object({ items: z.array(evidenceRequestSchema) });

export const evidenceRequestListQuerySchema = previewQuerySchema.extend({
  state: z.enum(EVIDENCE_REQUEST_STATES, { error: reason('validation.chooseOneOf') }).optional(),
});

// ---------------------------------------------------------------------------------------------
// Sampling: N records drawn from a population with a seed anyone can reuse

export const samplePopulationSchema = z.object({
  kind: z.enum(EVIDENCE_KINDS, { error: reason('validation.chooseOneOf') }).optional(),
  ruleId: z.string().max(80).optional(),
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
});
export type SamplePopulation = z.infer<typeof samplePopulationSchema>;

export const drawSampleSchema = z.object({
  population: samplePopulationSchema.default({}),
  size: z.coerce
    .number()
    .int(reason('validation.mustBeWholeNumber'))
    .min(1, reason('validation.oneOrMore'))
    .max(AUDITOR_PORTAL_LIMITS.sampleMax, reason('auditor.sampleTooLarge')),
  /** Leave out for a fresh random seed; give one to reproduce a sample. */
  seed: z
    .string()
    .trim()
    .min(1, reason('validation.required'))
    .max(AUDITOR_PORTAL_LIMITS.seedMax, reason('validation.maxLength'))
    .regex(/^[A-Za-z0-9_-]+$/, reason('auditor.seedFormat'))
    .optional(),
});
export type DrawSampleRequest = z.input<typeof drawSampleSchema>;

export const sampleSchema = z.object({
  id: z.uuid(),
  seed: z.string(),
  population: samplePopulationSchema,
  /** How many records the population held when drawn. */
  populationSize: z.number().int(),
  size: z.number().int(),
  /** The drawn records' ids in draw order. */
  recordIds: z.array(z.string()),
  /** The algorithm, so anyone can redo the draw (see docs). */
  method: z.string(),
  createdAt: z.string(),
});
export type SampleView = z.infer<typeof sampleSchema>;
export const sampleListSchema = z.object({ items: z.array(sampleSchema) });

export const auditorPortalEndpoints = {
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/api/auditor/dashboard',
    tag: 'auditor',
    summary: "The guest auditor's scope, period, records by state, open requests and the invite's expiry",
    query: previewQuerySchema,
    response: auditorDashboardSchema,
  }),
  evidence: defineEndpoint({
    method: 'GET',
    path: '/api/auditor/evidence',
    tag: 'auditor',
    summary: 'The evidence records in the invite’s scope, with search and filters',
    query: auditorEvidenceQuerySchema,
    response: evidenceListSchema,
  }),
  record: defineEndpoint({
    method: 'GET',
    path: '/api/auditor/evidence/:id',
    tag: 'auditor',
    summary: 'One record in scope with its hash and custody log (404 outside the scope)',
    query: previewQuerySchema,
    response: evidenceDetailSchema,
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/auditor/evidence/:id/file',
    tag: 'auditor',
    summary: "A record's file: inline to view, or a download stamped with the auditor's name and the time; both are audited",
    query: auditorFileQuerySchema,
  }),
  review: defineEndpoint({
    method: 'POST',
    path: '/api/auditor/evidence/:id/review',
    tag: 'auditor',
    summary: 'Marks a record accepted, or flagged with a comment (refused in a preview)',
    query: previewQuerySchema,
    body: reviewEvidenceSchema,
    response: evidenceDetailSchema,
  }),
  requests: defineEndpoint({
    method: 'GET',
    path: '/api/auditor/requests',
    tag: 'auditor',
    summary: "The auditor's evidence requests",
    query: evidenceRequestListQuerySchema,
    response: evidenceRequestListSchema,
  }),
  createRequest: defineEndpoint({
    method: 'POST',
    path: '/api/auditor/requests',
    tag: 'auditor',
    status: 201,
    summary: 'Asks the organisation for missing evidence; its admins are notified',
    body: createEvidenceRequestSchema,
    response: evidenceRequestSchema,
  }),
  reviewRequest: defineEndpoint({
    method: 'POST',
    path: '/api/auditor/requests/:id/review',
    tag: 'auditor',
    summary: 'Accepts a submitted request, or flags it again with a comment',
    body: reviewEvidenceSchema,
    response: evidenceRequestSchema,
  }),
  samples: defineEndpoint({
    method: 'GET',
    path: '/api/auditor/samples',
    tag: 'auditor',
    summary: "The auditor's drawn samples",
    query: previewQuerySchema,
    response: sampleListSchema,
  }),
  drawSample: defineEndpoint({
    method: 'POST',
    path: '/api/auditor/samples',
    tag: 'auditor',
    status: 201,
    summary: 'Draws N records from a population in scope with a shown seed (the same seed draws the same sample)',
    body: drawSampleSchema,
    response: sampleSchema,
  }),
  orgRequests: defineEndpoint({
    method: 'GET',
    path: '/api/evidence-requests',
    tag: 'evidence',
    summary: "Auditors' evidence requests to the organisation (ADMIN)",
    query: evidenceRequestListQuerySchema,
    response: evidenceRequestListSchema,
  }),
  submitRequest: defineEndpoint({
    method: 'POST',
    path: '/api/evidence-requests/:id/submit',
    tag: 'evidence',
    summary: 'Answers a request with evidence records (ADMIN); the auditor is notified',
    body: submitEvidenceRequestSchema,
    response: evidenceRequestSchema,
  }),
};
