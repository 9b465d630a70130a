import { z } from 'zod';
import { timelineQuerySchema } from './audit.js';
import { defineEndpoint } from './http.js';
import { LANGUAGE_CODES, type LanguageCode } from './i18n.js';
import { reason } from './reasons.js';

/**
 * The documents engine's renders: long outputs (PDFs, CSVs) made by a worker of the `render`
 * queue. A request answers the render at once (202); its progress is pushed to the requester
 * (`documents:render`, room `user:<id>`); the file is kept for the requester to download for
 * RENDER_KEEP_HOURS.
 */
export const RENDER_KINDS = [
  'drill-summary-pdf',
  'security-timeline-csv',
  'map-posters-pdf',
  'compliance-packet',
  'compliance-packet-copy',
  'sop-pdf',
  'executive-summary-pdf',
  /** A snapshot of a Muster object added to the evidence vault: its result is a record, not a download. */
  'evidence-snapshot',
] as const;
export type RenderKind = (typeof RENDER_KINDS)[number];

export const RENDER_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

/** Where a render is: waiting, reading what it shows, writing the file, keeping it, finished. */
export const RENDER_STAGES = ['queued', 'reading', 'rendering', 'storing', 'done', 'failed'] as const;
export type RenderStage = (typeof RENDER_STAGES)[number];

/** How long a finished file stays downloadable. */
export const RENDER_KEEP_HOURS = 24;

const languageSchema = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: reason('validation.language') });

export const renderRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('drill-summary-pdf'),
      runId: z.uuid(reason('validation.runNotFound')),
      /** The language of the PDF's texts (the reader's). */
      language: languageSchema.default('en'),
    }),
    z.object({
      kind: z.literal('security-timeline-csv'),
      /** The organisation timeline's filters (ADMIN; platform staff name the organisation). */
      filters: timelineQuerySchema.default({ page: 1, pageSize: 25 }),
    }),
    z.object({
      /** An emergency map's posters: one page per posting location, legend and validity. */
      kind: z.literal('map-posters-pdf'),
      mapId: z.uuid(reason('maps.notFound')),
      /** A version of the map (its newest when left out). */
      version: z.number().int().min(1).optional(),
      language: languageSchema.default('en'),
    }),
    z.object({
      /** Issues a compliance packet (MANAGER+, waiver accepted) and makes the requester's stamped copy. */
      kind: z.literal('compliance-packet'),
      profileId: z.uuid(reason('packets.chooseProfile')),
      from: z.iso.date(reason('packets.chooseFrom')),
      to: z.iso.date(reason('packets.chooseTo')),
      language: languageSchema.default('en'),
    }),
    z.object({
      /** A download of an issued packet: a copy stamped with the requester and the moment (waiver accepted). */
      kind: z.literal('compliance-packet-copy'),
      packetId: z.uuid(reason('packets.notFound')),
      language: languageSchema.default('en'),
    }),
    z.object({
      /** The organisation's one-page compliance and readiness summary (ADMIN). */
      kind: z.literal('executive-summary-pdf'),
      language: languageSchema.default('en'),
    }),
    z.object({
      kind: z.literal('sop-pdf'),
      sopId: z.uuid(reason('sops.chooseVersion')),
      versionId: z.uuid(reason('sops.chooseVersion')),
      /** The language of the PDF's fixed texts (the reader's); the SOP's own text stays as written. */
      language: languageSchema.default('en'),
    }),
  ],
  { error: reason('validation.chooseOneOf') },
);
export type RenderRequest = z.input<typeof renderRequestSchema>;

export const renderSchema = z.object({
  id: z.uuid(),
  kind: z.enum(RENDER_KINDS),
  status: z.enum(RENDER_STATUSES),
  stage: z.enum(RENDER_STAGES),
  /** 0–100. */
  percent: z.number().int(),
  fileName: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When a finished file stops being downloadable. */
  expiresAt: z.string().nullable(),
  /** Why it failed (a reason of contracts' reasons.ts), when it did. */
  reason: z.string().nullable(),
  /** Where to download the file, once done and until it expires. */
  downloadUrl: z.string().nullable(),
  /** The evidence record an `evidence-snapshot` render added, once done (null for every other kind). */
  recordId: z.uuid().nullable(),
});
export type RenderView = z.infer<typeof renderSchema>;

export const documentEndpoints = {
  startRender: defineEndpoint({
    method: 'POST',
    path: '/api/documents/renders',
    tag: 'documents',
    summary: 'Starts a render (a drill summary PDF, a security timeline CSV); answers it at once, progress follows over the socket',
    status: 202,
    body: renderRequestSchema,
    response: renderSchema,
  }),
  render: defineEndpoint({
    method: 'GET',
    path: '/api/documents/renders/:id',
    tag: 'documents',
    summary: 'One of your renders: its stage, percent and, once done, where to download it',
    response: renderSchema,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/documents/renders/:id/download',
    tag: 'documents',
    summary: 'The file of one of your finished renders, for RENDER_KEEP_HOURS after it was made',
  }),
};
