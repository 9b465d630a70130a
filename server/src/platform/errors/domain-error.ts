import {
  ERROR_STATUS,
  reasonText,
  type ErrorCode,
  type ErrorReason,
  type FieldReason,
  type NotFoundThing,
  type ReasonParams,
} from '@muster/contracts';

export interface DomainErrorOptions {
  /** Each invalid input field (a dotted path, `_` for the whole input) with its reason. */
  fields?: Record<string, FieldReason>;
  /** Extra headers for the answer, such as Retry-After or Link. */
  headers?: Record<string, string>;
  /** The English message, when it says more than the reason's text (the field's path). */
  message?: string;
}

/**
 * A refusal: a `code` (the class, which decides the HTTP status) and a `reason` from the
 * contracts' enumeration with its parameters. The message is the reason's English text.
 */
export class DomainError extends Error {
  readonly fields?: Record<string, FieldReason>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    readonly reason: ErrorReason,
    readonly params: ReasonParams = {},
    options: DomainErrorOptions = {},
  ) {
    super(options.message ?? reasonText(reason, params));
    this.name = 'DomainError';
    this.fields = options.fields;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** The English text of each invalid field, for API users. */
  fieldMessages(): Record<string, string> | undefined {
    if (!this.fields) return undefined;
    return Object.fromEntries(Object.entries(this.fields).map(([path, f]) => [path, reasonText(f.reason, f.params)]));
  }
}

/** 400 for one invalid input field: its reason is the error's reason. */
export class InvalidFieldError extends DomainError {
  constructor(path: string, reason: ErrorReason, params: ReasonParams = {}) {
    super('VALIDATION_FAILED', reason, params, { fields: { [path]: { reason, params } } });
  }
}

export class NotFoundError extends DomainError {
  constructor(thing: NotFoundThing = 'resource') {
    super('NOT_FOUND', `notFound.${thing}`);
  }
}

/** 429 with Retry-After: a rate limit is used up, for `msBeforeNext` more milliseconds. */
export class RateLimitedError extends DomainError {
  constructor(reason: ErrorReason, msBeforeNext: number) {
    super('RATE_LIMITED', reason, {}, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) } });
  }
}
