import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { COOKIES, type VerifyMagicRequest } from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import { clientOf } from '../../../platform/auth/auth.decorators.js';
import type { Account } from '../accounts.js';
import { AuthService } from '../auth.service.js';
import { AuditorService } from '../auditor.service.js';

/** An emailed 6-digit code, from the browser that asked for it. */
@Injectable()
export class MagicStrategy extends PassportStrategy(Strategy, 'magic') {
  constructor(private readonly auth: AuthService) {
    super();
  }

  validate(request: FastifyRequest): Promise<Account> {
    const body = request.body as VerifyMagicRequest;
    return this.auth.verifyMagic(body.email, body.code, request.cookies[COOKIES.magicNonce], clientOf(request));
  }
}

/** A guest auditor's emailed code. */
@Injectable()
export class AuditorMagicStrategy extends PassportStrategy(Strategy, 'auditor-magic') {
  constructor(private readonly auditors: AuditorService) {
    super();
  }

  validate(request: FastifyRequest): ReturnType<AuditorService['verifyCode']> {
    const body = request.body as VerifyMagicRequest;
    return this.auditors.verifyCode(body.email, body.code, request.cookies[COOKIES.magicNonce], clientOf(request));
  }
}
