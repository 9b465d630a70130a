import { Global, Module } from '@nestjs/common';
import { SessionService } from './session.service.js';
import { SessionStore } from './session.store.js';

@Global()
@Module({ providers: [SessionStore, SessionService], exports: [SessionStore, SessionService] })
export class SessionModule {}
