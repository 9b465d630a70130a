import type { ErrorReason } from '@muster/contracts';
import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { clientOf } from '../auth/auth.decorators.js';
import { LimiterService, type LimitRule } from './limiter.service.js';

const RATE_LIMIT = 'muster:rate-limit';

interface RouteLimit extends LimitRule {
  name: string;
  reason: ErrorReason;
}

/** Limits an endpoint per client address (429 with Retry-After and `reason` once used up). */
export const RateLimit = (limit: RouteLimit): MethodDecorator => SetMetadata(RATE_LIMIT, limit);

/** The global guard behind `@RateLimit`. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: LimiterService,
  ) {}

  /**
   * Synchronous for the endpoints without a limit (nearly all): Nest awaits a guard's promise with
   * two more of its own, and each promise costs its async-hooks propagation.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const limit = this.reflector.get<RouteLimit | undefined>(RATE_LIMIT, context.getHandler());
    if (!limit) return true;
    return this.consume(context.switchToHttp().getRequest<FastifyRequest>(), limit);
  }

  private async consume(request: FastifyRequest, limit: RouteLimit): Promise<boolean> {
    await this.limiter.limit(limit.name, limit).consume(clientOf(request).ip, limit.reason);
    return true;
  }
}
