import { reason } from './reasons.js';
import { z } from 'zod';
import { OCSF_CLASS_UIDS, OCSF_SEVERITY_IDS } from './audit.js';
import { defineEndpoint } from './http.js';

/**
 * The SIEM webhook stream: an organisation's audit events delivered to its SIEM destinations as
 * signed webhooks (Standard Webhooks v1 signatures on every format), at least once, retried for
 * more than a day, replayable from the delivery log.
 */

/**
 * - `standard_webhooks`: `{type, timestamp, data}` with an OCSF-shaped event as `data`.
 * - `splunk_hec`: Splunk HTTP Event Collector's `{time, host, source, sourcetype, event}`.
 * - `elastic_json`: a JSON array of OCSF-shaped events (Elastic's HTTP endpoint input splits it).
 */
export const SIEM_FORMATS = ['standard_webhooks', 'splunk_hec', 'elastic_json'] as const;
export type SiemFormat = (typeof SIEM_FORMATS)[number];

export const SIEM_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type SiemDeliveryStatus = (typeof SIEM_DELIVERY_STATUSES)[number];

/** Why a destination is disabled: by an admin, the receiver answered 410 Gone, or 5 days of failures. */
export const SIEM_DISABLED_REASONS = ['manual', 'gone', 'failing'] as const;
export type SiemDisabledReason = (typeof SIEM_DISABLED_REASONS)[number];

/**
 * Delivery rules (Standard Webhooks' retry guidance, Svix's schedule): an attempt at once, then
 * after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, each with ±10 % jitter; a `Retry-After`
 * longer than the next delay is honoured. 15 s per request; redirects are not followed.
 */
export const SIEM_DELIVERY = {
  retryScheduleMs: [0, 5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000],
  jitter: 0.1,
  timeoutMs: 15_000,
  /** Answers that throttle the destination: its other deliveries wait too. */
  throttleStatuses: [429, 502, 504],
  /** The longest `Retry-After` honoured (1 day). */
  maxRetryAfterMs: 24 * 3_600_000,
  /** A destination failing this long without one success is disabled, and the admins are emailed. */
  disableAfterFailingMs: 5 * 24 * 3_600_000,
  /** Bytes of a receiver's answer kept in the delivery log. */
  responseSnippetBytes: 1_024,
} as const;

export const SIEM_LIMITS = {
  destinationsPerOrg: 10,
  nameMax: 80,
  urlMax: 2_000,
  /** Event classes one destination may filter on (every OCSF class the trail uses). */
  classFilterMax: OCSF_CLASS_UIDS.length,
  authorizationMax: 2_000,
  /** How long a rotated-out secret keeps signing beside the new one (default 24 h, at most 7 days). */
  rotationOverlapHoursDefault: 24,
  rotationOverlapHoursMax: 168,
} as const;

const classFilter = z
  .array(
    z.coerce.number().refine((v) => (OCSF_CLASS_UIDS as number[]).includes(v), {
      message: reason('validation.unknownEventClass'),
      params: { list: OCSF_CLASS_UIDS.join(', ') },
    }),
    { error: reason('validation.eventClassList') },
  )
  .max(SIEM_LIMITS.classFilterMax, reason('validation.maxEventClasses'));

const destinationFields = {
  name: z
    .string({ error: reason('validation.enterName') })
    .trim()
    .min(1, reason('validation.enterName'))
    .max(SIEM_LIMITS.nameMax, reason('validation.atMostCharacters')),
  url: z
    .string({ error: reason('siem.invalidUrl') })
    .trim()
    .max(SIEM_LIMITS.urlMax, reason('validation.atMostCharacters'))
    .pipe(z.url({ protocol: /^https?$/, error: reason('siem.invalidUrl') })),
  format: z.enum(SIEM_FORMATS, { error: reason('validation.chooseOneOf') }),
  /** Only these event classes (empty: all). */
  classUids: classFilter,
  /** Only events at least this severe (1 Informational … 5 Critical). */
  minSeverityId: z.coerce
    .number()
    .int(reason('validation.severityRange'))
    .refine((v) => (OCSF_SEVERITY_IDS as readonly number[]).includes(v), { message: reason('validation.severityRange') }),
  /** Sent as the Authorization header (`Splunk <token>` for a HEC, `ApiKey …`/`Basic …` for Elastic). */
  authorization: z
    .string()
    .trim()
    .max(SIEM_LIMITS.authorizationMax, reason('validation.atMostCharacters'))
    .regex(/^[\x20-\x7e]*$/, reason('validation.printableAscii')),
};

export const createSiemDestinationSchema = z.object({
  name: destinationFields.name,
  url: destinationFields.url,
  format: destinationFields.format.default('standard_webhooks'),
  classUids: destinationFields.classUids.default([]),
  minSeverityId: destinationFields.minSeverityId.default(1),
  authorization: destinationFields.authorization.optional(),
});
export type CreateSiemDestinationInput = z.input<typeof createSiemDestinationSchema>;

export const updateSiemDestinationSchema = z
  .object({
    name: destinationFields.name.optional(),
    url: destinationFields.url.optional(),
    format: destinationFields.format.optional(),
    classUids: destinationFields.classUids.optional(),
    minSeverityId: destinationFields.minSeverityId.optional(),
    /** An empty string removes the header. */
    authorization: destinationFields.authorization.optional(),
    enabled: z.boolean({ error: reason('validation.trueOrFalse') }).optional(),
  })
  .refine((b) => Object.values(b as Record<string, unknown>).some((v) => v !== undefined), {
    message: reason('validation.nothingToChange'),
  });
export type UpdateSiemDestinationInput = z.input<typeof updateSiemDestinationSchema>;

export const rotateSiemSecretSchema = z.object({
  overlapHours: z.coerce
    .number()
    .int(reason('validation.wholeHours'))
    .min(0, reason('validation.overlapHours'))
    .max(SIEM_LIMITS.rotationOverlapHoursMax, reason('validation.overlapHours'))
    .default(SIEM_LIMITS.rotationOverlapHoursDefault),
});
export type RotateSiemSecretInput = z.input<typeof rotateSiemSecretSchema>;

export const siemSecretSchema = z.object({
  id: z.uuid(),
  /** The first characters (`whsec_MfKQ…`); the whole secret is shown once. */
  hint: z.string(),
  createdAt: z.string(),
  /** When a rotated-out secret stops signing (null: current). */
  expiresAt: z.string().nullable(),
});

export const siemDestinationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  format: z.enum(SIEM_FORMATS),
  classUids: z.array(z.number().int()),
  minSeverityId: z.number().int(),
  hasAuthorization: z.boolean(),
  enabled: z.boolean(),
  disabledReason: z.enum(SIEM_DISABLED_REASONS).nullable(),
  disabledAt: z.string().nullable(),
  /** Deliveries wait until then: the receiver asked to slow down (429/502/504, Retry-After). */
  throttledUntil: z.string().nullable(),
  /** Failing without a success since then (null: healthy). */
  failingSince: z.string().nullable(),
  lastDeliveredAt: z.string().nullable(),
  secrets: z.array(siemSecretSchema),
  counts: z.object({ pending: z.number().int(), delivered: z.number().int(), failed: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SiemDestination = z.infer<typeof siemDestinationSchema>;

export const siemDestinationListSchema = z.object({ items: z.array(siemDestinationSchema) });

/** A new destination or a rotation: the signing secret, shown this once. */
export const siemSecretRevealSchema = z.object({ destination: siemDestinationSchema, secret: z.string() });
export type SiemSecretReveal = z.infer<typeof siemSecretRevealSchema>;

export const siemAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  error: z.string().nullable(),
  responseSnippet: z.string().nullable(),
});

export const siemDeliverySchema = z.object({
  id: z.uuid(),
  destinationId: z.uuid(),
  /** The audit event delivered (null for a test event). */
  eventId: z.uuid().nullable(),
  /** `webhook-id`: the same on every attempt and replay. */
  webhookId: z.string(),
  test: z.boolean(),
  action: z.string(),
  status: z.enum(SIEM_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastLatencyMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SiemDelivery = z.infer<typeof siemDeliverySchema>;

export const siemDeliveryDetailSchema = siemDeliverySchema.extend({ attemptLog: z.array(siemAttemptSchema) });
export type SiemDeliveryDetail = z.infer<typeof siemDeliveryDetailSchema>;

export const siemDeliveryQuerySchema = z.object({
  status: z.enum(SIEM_DELIVERY_STATUSES, { error: reason('validation.chooseOneOf') }).optional(),
  page: z.coerce.number().int(reason('validation.mustBeWholeNumber')).min(1, reason('validation.oneOrMore')).default(1),
  pageSize: z.coerce
    .number()
    .int(reason('validation.mustBeWholeNumber'))
    .min(1, reason('validation.oneOrMore'))
    .max(100, reason('validation.rowsPerPage'))
    .default(25),
});
export type SiemDeliveryQuery = z.input<typeof siemDeliveryQuerySchema>;

export const siemDeliveryPageSchema = z.object({
  items: z.array(siemDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SiemDeliveryPage = z.infer<typeof siemDeliveryPageSchema>;

export const siemReplaySchema = z.object({ replayed: z.number().int() });

/** Pushed to `org:<orgId>` when a delivery's state changes (ids only: the page refetches). */
export const siemDeliveryChangedSchema = z.object({
  destinationId: z.uuid(),
  deliveryId: z.uuid(),
  status: z.enum(SIEM_DELIVERY_STATUSES),
});
export type SiemDeliveryChanged = z.infer<typeof siemDeliveryChangedSchema>;

export const siemEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/siem/destinations',
    summary: "The organisation's SIEM destinations",
    tag: 'siem',
    response: siemDestinationListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/siem/destinations',
    summary: 'Adds a SIEM destination; the answer carries its signing secret, shown this once',
    tag: 'siem',
    status: 201,
    body: createSiemDestinationSchema,
    response: siemSecretRevealSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/siem/destinations/:id',
    summary: 'Changes a destination, or enables or disables it',
    tag: 'siem',
    body: updateSiemDestinationSchema,
    response: siemDestinationSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/siem/destinations/:id',
    summary: 'Removes a destination and its delivery log',
    tag: 'siem',
    status: 204,
  }),
  rotate: defineEndpoint({
    method: 'POST',
    path: '/api/siem/destinations/:id/rotate',
    summary: 'A new signing secret; the old one keeps signing beside it for the overlap',
    tag: 'siem',
    body: rotateSiemSecretSchema,
    response: siemSecretRevealSchema,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/api/siem/destinations/:id/test',
    summary: 'Sends a test event (it appears in the delivery log)',
    tag: 'siem',
    status: 202,
    response: siemDeliverySchema,
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/api/siem/destinations/:id/deliveries',
    summary: "A destination's delivery log, newest first",
    tag: 'siem',
    query: siemDeliveryQuerySchema,
    response: siemDeliveryPageSchema,
  }),
  delivery: defineEndpoint({
    method: 'GET',
    path: '/api/siem/destinations/:id/deliveries/:deliveryId',
    summary: 'One delivery with every attempt',
    tag: 'siem',
    response: siemDeliveryDetailSchema,
  }),
  replay: defineEndpoint({
    method: 'POST',
    path: '/api/siem/destinations/:id/deliveries/:deliveryId/replay',
    summary: 'Delivers a failed delivery again (same webhook-id), on a fresh retry schedule',
    tag: 'siem',
    status: 202,
    response: siemDeliverySchema,
  }),
  replayFailed: defineEndpoint({
    method: 'POST',
    path: '/api/siem/destinations/:id/replay-failed',
    summary: 'Delivers every failed delivery of the destination again',
    tag: 'siem',
    status: 202,
    response: siemReplaySchema,
  }),
} as const;
