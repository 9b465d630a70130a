import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { hasRank, type Role } from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.js';
import { sessionIdFrom } from '../session/session-cookie.js';
import { SessionService } from '../session/session.service.js';
import { SessionStore, type SessionRecord } from '../session/session.store.js';
import { IS_PUBLIC, MIN_ROLE } from './auth.decorators.js';
import { MutationChecks } from './mutation-checks.js';
import { principalOf } from './principal.js';

/** Paths a guest-auditor session may call: the auditor portal's API and sign-in/out. */
const AUDITOR_PATHS = ['/api/auditor/', '/api/auth/'];
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What an endpoint's decorators ask of the caller, read once per handler. */
interface AccessRule {
  isPublic: boolean;
  minRole: Role | undefined;
}

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

  /**
   * Reflect metadata does not change after boot: each endpoint's rule is read once, not per
   * request. Keyed by class, then handler (an inherited handler may sit in classes with different rules).
   */
  private readonly rules = new WeakMap<object, WeakMap<object, AccessRule>>();

  private ruleOf(context: ExecutionContext): AccessRule {
    const handler = context.getHandler();
    const controller = context.getClass();
    let byHandler = this.rules.get(controller);
    if (!byHandler) this.rules.set(controller, (byHandler = new WeakMap()));
    let rule = byHandler.get(handler);
    if (!rule) {
      const targets = [handler, controller];
      rule = {
        isPublic: this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, targets) ?? false,
        minRole: this.reflector.getAllAndOverride<Role | undefined>(MIN_ROLE, targets),
      };
      byHandler.set(handler, rule);
    }
    return rule;
  }

  /**
   * Synchronous when this process keeps the session and nothing needs writing (a read of a signed-in
   * page, nearly every request): Nest awaits a guard's promise with more of its own, and every
   * promise costs its async-hooks propagation.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const sessionId = sessionIdFrom(request.headers.cookie);
    const kept = this.store.peek(sessionId);
    if (kept !== undefined) return this.admit(context, request, sessionId, kept);
    return this.store.get(sessionId).then((record) => this.admit(context, request, sessionId, record));
  }

  private admit(
    context: ExecutionContext,
    request: FastifyRequest,
    sessionId: string | null | undefined,
    record: SessionRecord | null,
  ): boolean | Promise<boolean> {
    const principal = record && sessionId ? principalOf(record, sessionId) : null;
    request.principal = principal;
    request.session = principal ? record : null;

    const { isPublic, minRole } = this.ruleOf(context);

    if (principal?.role === 'GUEST_AUDITOR') {
      const path = request.url.split('?')[0] ?? '';
      if (!AUDITOR_PATHS.some((p) => path.startsWith(p))) throw new DomainError('AUDITOR_SCOPE', 'auth.auditorOnly');
    }
    if (!record || !principal) {
      if (isPublic) return true;
      throw new DomainError('UNAUTHENTICATED', 'auth.notSignedIn');
    }
    if (minRole && !hasRank(principal.role, minRole)) throw new DomainError('FORBIDDEN', 'auth.forbidden');
    if (MUTATING.has(request.method)) {
      return this.mutationChecks
        .run(principal, request.routeOptions.url ?? request.url.split('?')[0] ?? '')
        .then(() => this.sessions.touch(principal.sessionId, record))
        .then(() => true);
    }
    if (!this.sessions.needsTouch(record)) return true;
    return this.sessions.touch(principal.sessionId, record).then(() => true);
  }
}
