import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@muster/contracts';
import { DomainError } from './domain-error.js';

export interface NormalisedError {
  body: ErrorBody;
  headers: Record<string, string>;
  /** True when the error is ours to hide (unknown error → 500, logged with its stack). */
  unexpected: boolean;
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

function body(status: number, code: ErrorCode, message: string, requestId: string, fields?: Record<string, string>): ErrorBody {
  return {
    statusCode: status,
    error: STATUS_CODES[status] ?? 'Error',
    message,
    code,
    requestId,
    ...(fields ? { fields } : {}),
  };
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
  if (isBadDatabaseInput(exception)) {
    return {
      body: body(400, 'BAD_REQUEST', 'The request contains characters or values that cannot be stored', requestId),
      headers: {},
      unexpected: false,
    };
  }
  if (exception instanceof DomainError) {
    return {
      body: body(exception.status, exception.code, exception.message, requestId, exception.fields),
      headers: exception.headers ?? {},
      unexpected: false,
    };
  }
  if (isFastifyError(exception)) {
    const status = exception.statusCode ?? 500;
    switch (exception.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return { body: body(400, 'MALFORMED_JSON', 'The request body is not valid JSON', requestId), headers: {}, unexpected: false };
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return { body: body(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large', requestId), headers: {}, unexpected: false };
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return { body: body(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type', requestId), headers: {}, unexpected: false };
      default:
        if (status < 500) {
          return {
            body: body(status, STATUS_TO_CODE[status] ?? 'BAD_REQUEST', exception.message, requestId),
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
    return { body: body(status, code, message, requestId), headers: {}, unexpected: status >= 500 };
  }
  return {
    body: body(ERROR_STATUS.INTERNAL, 'INTERNAL', 'An unexpected error occurred', requestId),
    headers: {},
    unexpected: true,
  };
}

export function routeNotFoundBody(method: string, url: string, requestId: string): ErrorBody {
  return body(404, 'ROUTE_NOT_FOUND', `No API route ${method} ${url.split('?')[0]}`, requestId);
}
