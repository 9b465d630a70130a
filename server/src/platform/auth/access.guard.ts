import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { hasRank, type Role } from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.js';
import { sessionIdFrom } from '../session/session-cookie.js';
import { SessionService } from '../session/session.service.js';
import { SessionStore } from '../session/session.store.js';
import { IS_PUBLIC, MIN_ROLE } from './auth.decorators.js';
import { MutationChecks } from './mutation-checks.js';
import { principalOf } from './principal.js';

/** Paths a guest-auditor session may call: the auditor portal's API and sign-in/out. */
const AUDITOR_PATHS = ['/api/auditor/', '/api/auth/'];
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The global guard: resolves the session from its cookie into the request's `Principal` (from
 * Redis alone), keeps guest auditors inside the
 * auditor API, requires a session unless the endpoint is @Public(), and enforces @MinRole
 * with the ranks of contracts (the same ranks the web routes use), then runs the registered
 * `MutationChecks` on a signed-in principal's changes.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly store: SessionStore,
    private readonly sessions: SessionService,
    private readonly mutationChecks: MutationChecks,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const sessionId = sessionIdFrom(request.headers.cookie);
    const record = await this.store.get(sessionId);
    const principal = record && sessionId ? principalOf(record, sessionId) : null;
    request.principal = principal;
    request.session = principal ? record : null;

    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, targets) ?? false;
    const minRole = this.reflector.getAllAndOverride<Role | undefined>(MIN_ROLE, targets);

    if (principal?.role === 'GUEST_AUDITOR') {
      const path = request.url.split('?')[0] ?? '';
      if (!AUDITOR_PATHS.some((p) => path.startsWith(p))) throw new DomainError('AUDITOR_SCOPE', 'auth.auditorOnly');
    }
    if (!record || !principal) {
      if (isPublic) return true;
      throw new DomainError('UNAUTHENTICATED', 'auth.notSignedIn');
    }
    if (minRole && !hasRank(principal.role, minRole)) throw new DomainError('FORBIDDEN', 'auth.forbidden');
    if (MUTATING.has(request.method)) await this.mutationChecks.run(principal, request.routeOptions.url ?? request.url.split('?')[0] ?? '');
    await this.sessions.touch(principal.sessionId, record);
    return true;
  }
}
