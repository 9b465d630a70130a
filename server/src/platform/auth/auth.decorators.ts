import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { ErrorReason, MemberPrincipal, OrgPrincipal, Principal, Role, SessionInfo } from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.js';
import type { SessionRecord } from '../session/session.store.js';
import { asMember, inOrg } from './principal.js';

export const IS_PUBLIC = 'muster:public';
export const MIN_ROLE = 'muster:min-role';

/** The endpoint needs no session (sign-in, health, …). Every other endpoint does. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

/** The endpoint needs a session whose role ranks at least `role` (spec §6 ranks). */
export const MinRole = (role: Role): MethodDecorator & ClassDecorator => SetMetadata(MIN_ROLE, role);

/** What the request tells about its client, for audit and rate limits. */
export interface ClientContext {
  ip: string;
  userAgent: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who acts, resolved by the AccessGuard from the session (null without one). */
    principal?: Principal | null;
    /** The session record behind the principal (the guard's, for the session's own endpoints). */
    session?: SessionRecord | null;
  }
}

function principalOfRequest(ctx: ExecutionContext): Principal {
  const principal = ctx.switchToHttp().getRequest<FastifyRequest>().principal;
  if (!principal) throw new DomainError('UNAUTHENTICATED', 'auth.notSignedIn');
  return principal;
}

/** The principal of a guarded endpoint (throws 401 on a public one without a session). */
export const Auth = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => principalOfRequest(ctx));

/**
 * The principal inside its organisation: a 403 with `reason` (default `auth.noOrganization`) for
 * platform staff, who have none.
 */
export const OrgAuth = createParamDecorator((reason: ErrorReason | undefined, ctx: ExecutionContext): OrgPrincipal =>
  inOrg(principalOfRequest(ctx), reason),
);

/** A member acting inside their organisation (403 for platform staff with `reason`, and for guest auditors). */
export const MemberAuth = createParamDecorator((reason: ErrorReason | undefined, ctx: ExecutionContext): MemberPrincipal =>
  asMember(principalOfRequest(ctx), reason),
);

/** What `GET /api/auth/me` answers: the session's profile, kept in the session (no database read). */
export const Me = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionInfo => {
  const me = ctx.switchToHttp().getRequest<FastifyRequest>().session?.profile?.me;
  if (!me) throw new DomainError('UNAUTHENTICATED', 'auth.notSignedIn');
  return me;
});

/** The principal if there is one (public endpoints such as logout). */
export const OptionalAuth = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal | null => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().principal ?? null;
});

export function clientOf(request: FastifyRequest): ClientContext {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}

export const Client = createParamDecorator((_: unknown, ctx: ExecutionContext): ClientContext =>
  clientOf(ctx.switchToHttp().getRequest<FastifyRequest>()),
);
