import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { clientOf } from '../../platform/auth/auth.decorators.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { LimiterService } from '../../platform/limits/limiter.service.js';
import { ScimService, type ScimCaller } from './scim.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The SCIM token a protocol request authenticated with. */
    scimCaller?: ScimCaller;
  }
}

/**
 * The protocol's own authentication: `Authorization: Bearer <SCIM token>` (no session, no CSRF),
 * then the token's rate limit (Redis, shared by every instance) and one `scim_calls` unit.
 */
@Injectable()
export class ScimTokenGuard implements CanActivate {
  constructor(
    private readonly scim: ScimService,
    private readonly limiter: LimiterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    const token = match ? await this.scim.authenticate(match[1]!) : null;
    if (!token)
      throw new DomainError('UNAUTHENTICATED', 'scim.unauthenticated', {}, { headers: { 'WWW-Authenticate': 'Bearer realm="SCIM"' } });
    const client = clientOf(request);
    request.scimCaller = { orgId: token.orgId, tokenId: token.id, tokenName: token.name, ip: client.ip, userAgent: client.userAgent };
    await this.limiter
      .limit('scim', { points: this.config.SCIM_REQUESTS_PER_MINUTE, durationSeconds: 60 })
      .consume(token.id, 'scim.rateLimited');
    await this.scim.meter(token.orgId);
    return true;
  }
}
