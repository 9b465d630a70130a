import { Injectable, type OnModuleInit } from '@nestjs/common';
import { api } from '@muster/contracts';
import { MutationChecks } from '../../platform/auth/mutation-checks.js';
import { RestrictionsService } from './restrictions.service.js';

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
 * The read-only state of a frozen account or organisation: registered with the access guard's
 * `MutationChecks`, so every mutating request of a principal whose account or organisation is
 * frozen answers 423 `ACCOUNT_FROZEN` with support's message (one indexed query per mutating
 * request of a signed-in principal; reads are never checked).
 */
@Injectable()
export class FrozenCheck implements OnModuleInit {
  constructor(
    private readonly restrictions: RestrictionsService,
    private readonly mutationChecks: MutationChecks,
  ) {}

  onModuleInit(): void {
    this.mutationChecks.register(async (principal, route) => {
      if (FREEZE_EXEMPT_PATHS.has(route)) return;
      const refusal = await this.restrictions.frozenRefusal(principal.userId, principal.orgId);
      if (refusal) throw refusal;
    });
  }
}
