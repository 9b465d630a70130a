import { z } from 'zod';

/**
 * Every error code the API can answer with, and the HTTP status it maps to.
 * Services throw a DomainError with one of these codes; one global filter writes the body.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  BAD_REQUEST: 400,
  /** An upload without a file. */
  FILE_REQUIRED: 400,
  /** An upload whose content (read from its first bytes) is not an accepted type. */
  FILE_TYPE_NOT_ALLOWED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_MAGIC_CODE: 401,
  /** A plan's limit is reached (drill runs, storage); the answer links to the subscription page. */
  USAGE_LIMIT_REACHED: 402,
  FORBIDDEN: 403,
  CSRF_FAILED: 403,
  /** A webhook whose signature is missing or does not verify (Stripe). */
  WEBHOOK_SIGNATURE_INVALID: 400,
  SSO_REQUIRED: 403,
  AUDITOR_SCOPE: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  CHAT_CLOSED: 409,
  /** Another change of the same item won: the client has been sent the current state. */
  VERSION_CONFLICT: 409,
  /** An approved drill run: it only takes dated addenda. */
  RUN_LOCKED: 409,
  /** A drill run that is not in a state for this change (not started, paused, finished, cancelled). */
  RUN_STATE: 409,
  /** "Everyone mustered" recorded while not everyone on the drill run's roster has checked in. */
  MUSTER_INCOMPLETE: 400,
  CHAT_BANNED: 403,
  INVALID_RESET_LINK: 410,
  /** Sign-in refused: the user or their organisation is suspended (the reason carries support's message and end date). */
  ACCOUNT_SUSPENDED: 403,
  /** Sign-in with a password refused until the user sets a new one (support forced a reset). */
  PASSWORD_RESET_REQUIRED: 403,
  /** A change refused: the account or its organisation is frozen (read-only). */
  ACCOUNT_FROZEN: 423,
  PAYLOAD_TOO_LARGE: 413,
  /** An upload over the size limit. */
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** The payment provider (Stripe) failed or could not be reached; nothing was charged. */
  PAYMENT_PROVIDER_ERROR: 502,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

const reasonParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * The body of every error answer. `code` is the class of refusal (it decides the HTTP status);
 * `reason` says exactly why (see reasons.ts) with the `params` its text shows; `message` is its
 * English text for API users. `fields` names each invalid input field with its English message,
 * `fieldReasons` with its reason and parameters.
 */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  reason: z.string(),
  params: reasonParamsSchema,
  requestId: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  fieldReasons: z.record(z.string(), z.object({ reason: z.string(), params: reasonParamsSchema })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
