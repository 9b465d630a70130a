import { Injectable, mixin, type CanActivate, type ExecutionContext, type Type } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { validate } from '../../../platform/http/endpoint.decorator.js';

/**
 * Runs a passport strategy on a body validated first with the endpoint's zod schema, so bad
 * input answers 400 with field messages and the strategy sees normalised values (emails
 * trimmed and lower-cased). The strategy's own errors (invalid credentials, rate limits)
 * pass through unchanged.
 */
export function CredentialsGuard(strategy: string, schema: z.ZodType): Type<CanActivate> {
  @Injectable()
  class ValidatedCredentialsGuard extends AuthGuard(strategy) {
    override async canActivate(context: ExecutionContext): Promise<boolean> {
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      request.body = validate(schema, request.body ?? {});
      return (await super.canActivate(context)) as boolean;
    }

    override handleRequest<T>(err: unknown, user: T): T {
      if (err instanceof Error) throw err;
      if (err) throw new Error('Authentication strategy failed');
      return user;
    }
  }
  return mixin(ValidatedCredentialsGuard);
}
