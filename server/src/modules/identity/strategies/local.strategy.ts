import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-local';
import { clientOf } from '../../../platform/auth/auth.decorators.js';
import type { Account } from '../accounts.js';
import { AuthService } from '../auth.service.js';

/** Email and password. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true });
  }

  validate(request: FastifyRequest, email: string, password: string): Promise<Account> {
    return this.auth.loginWithPassword(email, password, clientOf(request));
  }
}
