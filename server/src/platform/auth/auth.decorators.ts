import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { type Role } from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error.js';
import type { SessionRecord } from '../session/session.store.js';

export const IS_PUBLIC = 'muster:public';
export const MIN_ROLE = 'muster:min-role';

/** The endpoint needs no session (sign-in, health, …). Every other endpoint does. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

/** The endpoint needs a session whose role ranks at least `role` (spec §6 ranks). */
export const MinRole = (role: Role): MethodDecorator & ClassDecorator => SetMetadata(MIN_ROLE, role);

/** The signed-in session, resolved by the AuthGuard. */
export interface AuthContext extends SessionRecord {
  sessionId: string;
}

/** What the request tells about its client, for audit and rate limits. */
export interface ClientContext {
  ip: string;
  userAgent: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext | null;
  }
}

/** The session of a guarded endpoint (throws 401 on a public one without a session). */
export const Auth = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthContext => {
  const auth = ctx.switchToHttp().getRequest<FastifyRequest>().auth;
  if (!auth) throw new DomainError('UNAUTHENTICATED', 'auth.notSignedIn');
  return auth;
});

/** The session if there is one (public endpoints such as logout). */
export const OptionalAuth = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthContext | null => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().auth ?? null;
});

export function clientOf(request: FastifyRequest): ClientContext {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}

export const Client = createParamDecorator((_: unknown, ctx: ExecutionContext): ClientContext =>
  clientOf(ctx.switchToHttp().getRequest<FastifyRequest>()),
);
