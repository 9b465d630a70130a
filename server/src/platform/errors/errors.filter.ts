import { Catch, Logger, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normaliseError, routeNotFoundBody } from './error-body.js';

/**
 * The one global filter: every error leaves as `{ statusCode, error, message, code, requestId }`.
 * Unknown errors answer 500 without details and are logged with their stack and request id; a
 * store that cannot be reached (PostgreSQL, Redis) answers 503 with its reason and Retry-After.
 */
@Catch()
export class ErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    writeError(exception, request, reply, this.logger);
  }
}

export function writeError(exception: unknown, request: FastifyRequest, reply: FastifyReply, logger: Pick<Logger, 'error' | 'warn'>): void {
  // Nest answers unmatched routes with a NotFoundException from its not-found handler.
  const unmatched = exception instanceof NotFoundException && !request.routeOptions.url;
  const { body, headers, unexpected, outage } = unmatched
    ? { body: routeNotFoundBody(request.method, request.url, request.id), headers: {}, unexpected: false, outage: undefined }
    : normaliseError(exception, request.id);
  if (outage) {
    logger.warn(
      `Answered 503 to ${request.method} ${request.url} (request ${request.id}): the ${outage} is unreachable: ${String(exception)}`,
    );
  }
  if (unexpected) {
    logger.error({ err: exception, method: request.method, url: request.url }, exception instanceof Error ? exception.stack : undefined);
  }
  if (reply.sent) return;
  void reply.status(body.statusCode).headers(headers).type('application/json; charset=utf-8').send(body);
}
