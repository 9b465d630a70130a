import { Global, Module } from '@nestjs/common';
import { MutationChecks } from '../auth/mutation-checks.js';
import { SessionCache } from './session-cache.js';
import { SessionService } from './session.service.js';
import { SessionStore } from './session.store.js';

@Global()
/** Sessions, and the checks the access guard runs on a session's changes (global: every module may register one). */
@Module({
  providers: [SessionCache, SessionStore, SessionService, MutationChecks],
  exports: [SessionStore, SessionService, MutationChecks],
})
export class SessionModule {}
