import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { COOKIES, type LanguageCode } from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from './public-pages.js';

/**
 * The language the person making a request reads: the web app's language cookie (set whenever a
 * page is shown in a language), else the browser's preferred language, else English. Emails
 * answering a request of someone without a stored language (a sign-up, a sign-in code, a reset
 * link) are written in it.
 */
export function readerLanguageOf(request: FastifyRequest): LanguageCode {
  return requestLanguage({ cookie: request.cookies[COOKIES.language], acceptLanguage: request.headers['accept-language'] });
}

export const ReaderLanguage = createParamDecorator((_: unknown, ctx: ExecutionContext): LanguageCode =>
  readerLanguageOf(ctx.switchToHttp().getRequest<FastifyRequest>()),
);
