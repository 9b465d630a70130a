import { Global, Module } from '@nestjs/common';
import { SessionCache } from './session-cache.js';
import { SessionService } from './session.service.js';
import { SessionStore } from './session.store.js';

@Global()
@Module({ providers: [SessionCache, SessionStore, SessionService], exports: [SessionStore, SessionService] })
export class SessionModule {}
