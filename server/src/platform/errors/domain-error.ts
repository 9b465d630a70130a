import { ERROR_STATUS, type ErrorCode } from '@muster/contracts';

/**
 * The error services throw. The code comes from contracts; the global filter maps it
 * to its HTTP status and writes `{ statusCode, error, message, code, requestId }`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra headers for the answer, such as Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export class NotFoundError extends DomainError {
  constructor(what = 'Resource') {
    super('NOT_FOUND', `${what} not found`);
  }
}

/** 429 with Retry-After: a rate limit is used up, for `msBeforeNext` more milliseconds. */
export class RateLimitedError extends DomainError {
  constructor(message: string, msBeforeNext: number) {
    super('RATE_LIMITED', message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) });
  }
}
