import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { api } from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { from, switchMap, type Observable } from 'rxjs';
import { RestrictionsService } from './restrictions.service.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a frozen account may still send: signing in and out, the session lock's password check,
 * and the password reset flow (none of them changes the account's data). Everything else that
 * mutates answers 423. Listed by endpoint, so a moved path moves here too.
 */
export const FREEZE_EXEMPT_PATHS: ReadonlySet<string> = new Set(
  [
    api.auth.login,
    api.auth.logout,
    api.auth.register,
    api.auth.requestMagic,
    api.auth.verifyMagic,
    api.auth.verifyPassword,
    api.auth.forgotPassword,
    api.auth.resetPassword,
    api.auditor.requestCode,
    api.auditor.verifyCode,
  ].map((e) => e.path),
);

/**
 * The read-only state of a frozen account or organisation: after the AccessGuard has resolved the
 * principal, every mutating request of a principal whose account or organisation is frozen
 * answers 423 `ACCOUNT_FROZEN` with support's message (one indexed query per mutating request of
 * a signed-in principal; reads are never checked).
 */
@Injectable()
export class FrozenInterceptor implements NestInterceptor {
  constructor(private readonly restrictions: RestrictionsService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const principal = request.principal;
    if (!principal || !MUTATING.has(request.method)) return next.handle();
    const route = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    if (FREEZE_EXEMPT_PATHS.has(route)) return next.handle();
    return from(this.restrictions.frozenRefusal(principal.userId, principal.orgId)).pipe(
      switchMap((refusal) => {
        if (refusal) throw refusal;
        return next.handle();
      }),
    );
  }
}
