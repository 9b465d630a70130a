import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import { ERROR_STATUS, reasonText, type ErrorBody, type ErrorCode, type ErrorReason, type ReasonParams } from '@muster/contracts';
import { DomainError } from './domain-error.js';
import { OUTAGE_ANSWER, outageOf, type Outage } from './outage.js';

export interface NormalisedError {
  body: ErrorBody;
  headers: Record<string, string>;
  /** True when the error is ours to hide (unknown error → 500, logged with its stack). */
  unexpected: boolean;
  /** The store that could not be reached (503 with Retry-After), logged without a stack. */
  outage?: Outage;
}

const STATUS_TO_CODE: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** The reason of a refusal that carries none of its own (Nest's and Fastify's), by its code. */
const CODE_REASON: Partial<Record<ErrorCode, ErrorReason>> = {
  BAD_REQUEST: 'common.badRequest',
  MALFORMED_JSON: 'common.malformedJson',
  UNAUTHENTICATED: 'common.unauthenticated',
  FORBIDDEN: 'common.forbidden',
  NOT_FOUND: 'notFound.resource',
  ROUTE_NOT_FOUND: 'common.routeNotFound',
  METHOD_NOT_ALLOWED: 'common.methodNotAllowed',
  CONFLICT: 'common.conflict',
  PAYLOAD_TOO_LARGE: 'common.payloadTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'common.unsupportedMediaType',
  RATE_LIMITED: 'common.rateLimited',
  SERVICE_UNAVAILABLE: 'common.serviceUnavailable',
  INTERNAL: 'common.internal',
};

interface BodyParts {
  reason: ErrorReason;
  params?: ReasonParams;
  /** The English message, when it is not the reason's own text (a Nest or Fastify message, a field's path). */
  message?: string;
  fields?: DomainError['fields'];
}

function body(status: number, code: ErrorCode, requestId: string, parts: BodyParts): ErrorBody {
  const params = parts.params ?? {};
  return {
    statusCode: status,
    error: STATUS_CODES[status] ?? 'Error',
    message: parts.message ?? reasonText(parts.reason, params),
    code,
    reason: parts.reason,
    params,
    requestId,
    ...(parts.fields
      ? {
          fields: Object.fromEntries(Object.entries(parts.fields).map(([path, f]) => [path, reasonText(f.reason, f.params)])),
          fieldReasons: parts.fields,
        }
      : {}),
  };
}

/** A refusal of Nest or Fastify (no reason of its own): the reason of its code, its own words. */
function byCode(status: number, code: ErrorCode, requestId: string, message: string): ErrorBody {
  return body(status, code, requestId, { reason: CODE_REASON[code] ?? 'common.badRequest', message });
}

/** Fastify's own errors (body parsing, size limits, content types) carry a code and a status. */
interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message: string;
}

function isFastifyError(e: unknown): e is FastifyLikeError {
  return e instanceof Error && typeof (e as FastifyLikeError).code === 'string' && (e as FastifyLikeError).code!.startsWith('FST_');
}

/** Turns anything thrown into the one error body shape. */
/**
 * PostgreSQL's answers to values it cannot take (a NUL character in text, a malformed uuid or
 * number): the request's fault, so a 400, never a 500.
 */
const BAD_INPUT_SQLSTATES = new Set(['22021', '22P02', '22P05', '54000']);

function isBadDatabaseInput(exception: unknown): boolean {
  const driverError = (exception as { driverError?: { code?: unknown } } | null)?.driverError;
  return typeof driverError?.code === 'string' && BAD_INPUT_SQLSTATES.has(driverError.code);
}

export function normaliseError(exception: unknown, requestId: string): NormalisedError {
  const outage = outageOf(exception);
  if (outage) {
    const { reason, retryAfterSeconds } = OUTAGE_ANSWER[outage];
    return {
      body: body(503, 'SERVICE_UNAVAILABLE', requestId, { reason }),
      headers: { 'Retry-After': String(retryAfterSeconds) },
      unexpected: false,
      outage,
    };
  }
  if (isBadDatabaseInput(exception)) {
    return {
      body: body(400, 'BAD_REQUEST', requestId, { reason: 'common.badValue' }),
      headers: {},
      unexpected: false,
    };
  }
  if (exception instanceof DomainError) {
    return {
      body: body(exception.status, exception.code, requestId, {
        reason: exception.reason,
        params: exception.params,
        message: exception.message,
        fields: exception.fields,
      }),
      headers: exception.headers ?? {},
      unexpected: false,
    };
  }
  if (isFastifyError(exception)) {
    const status = exception.statusCode ?? 500;
    switch (exception.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return { body: body(400, 'MALFORMED_JSON', requestId, { reason: 'common.malformedJson' }), headers: {}, unexpected: false };
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return { body: body(413, 'PAYLOAD_TOO_LARGE', requestId, { reason: 'common.payloadTooLarge' }), headers: {}, unexpected: false };
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return {
          body: body(415, 'UNSUPPORTED_MEDIA_TYPE', requestId, { reason: 'common.unsupportedMediaType' }),
          headers: {},
          unexpected: false,
        };
      default:
        if (status < 500) {
          return {
            body: byCode(status, STATUS_TO_CODE[status] ?? 'BAD_REQUEST', requestId, exception.message),
            headers: {},
            unexpected: false,
          };
        }
    }
  }
  if (exception instanceof HttpException && isFastifyError(exception.cause)) {
    // Nest wraps Fastify's own 4xx errors (parsing, limits); answer by the original code.
    return normaliseError(exception.cause, requestId);
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? (response as { message: string }).message
          : exception.message;
    const code = STATUS_TO_CODE[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
    return { body: byCode(status, code, requestId, message), headers: {}, unexpected: status >= 500 };
  }
  return {
    body: body(ERROR_STATUS.INTERNAL, 'INTERNAL', requestId, { reason: 'common.internal' }),
    headers: {},
    unexpected: true,
  };
}

export function routeNotFoundBody(method: string, url: string, requestId: string): ErrorBody {
  return body(404, 'ROUTE_NOT_FOUND', requestId, { reason: 'common.routeNotFound', params: { method, path: url.split('?')[0]! } });
}
